// The indexer beside a local world, for the world suites: its configuration (the world's RPC
// and programs, reconciliation off: the suites run rounds themselves), a webhook emitter that
// posts the world's oracle and vault transactions to it, and a wait for its ingest queue.
import { join } from 'node:path';
import { waitFor } from '@basket/localnet';
import { createLogger, createMetrics } from '@basket/service-kit';
import { createEmitter } from '@basket/webhook-emitter';
import { programAddressesOf, type TestWorld } from '@basket/world';
import type { IndexerConfig } from '../../src/config.ts';
import type { Indexer } from '../../src/start-indexer.ts';

export const SECRET = 'indexer-test-secret-0123456789';

export function indexerConfig(world: TestWorld, databaseUrl: string): IndexerConfig {
  return {
    databaseUrl,
    dataDir: join(world.dir, 'unused-pg'),
    host: '127.0.0.1',
    port: 0,
    adminHost: '127.0.0.1',
    adminPort: 0,
    webhookSecret: SECRET,
    rpcUrl: world.localnet.rpcUrl,
    programs: programAddressesOf(world.manifest),
    bodyLimitBytes: 256 * 1024,
    finalityIntervalMs: 200,
    dropAfterMs: 2_000,
    rpcPerSecond: 50,
    workerConcurrency: 2,
    rateLimitPerMinute: 600,
    rpcQueueMax: 200,
    reconcileIntervalMs: 0,
  };
}

export function emitterFor(world: TestWorld, indexerUrl: string, stateDir: string) {
  const programs = programAddressesOf(world.manifest);
  return createEmitter({
    config: {
      rpcUrl: world.localnet.rpcUrl,
      port: 0,
      stateDir,
      pollMs: 100,
      batchSize: 20,
      duplicateEvery: 0,
      delayMs: 0,
      reorder: false,
      webhooks: (['oracle', 'vault'] as const).map((p) => ({
        name: p,
        url: `${indexerUrl}/webhooks/${p}`,
        authorization: 'env:WEBHOOK_SECRET',
        authorizationValue: SECRET,
        programs: [programs[p]],
        commitment: 'confirmed' as const,
      })),
    },
    rpc: world.chain.rpc,
    logger: createLogger({ name: 'test-emitter', level: 'silent' }),
    metrics: createMetrics(`emitter_${Math.random().toString(36).slice(2, 8)}`),
  });
}

export async function drained(indexer: Indexer): Promise<void> {
  await waitFor(
    'deliveries were not all ingested',
    async () => {
      const { rows } = await indexer.writePool.query<{ n: number }>(
        'select count(*)::int as n from deliveries where processed_at is null',
      );
      return rows[0]?.n === 0 ? true : null;
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
}
