// A local world for the keeper's end-to-end suites: the validator with the product, the API
// simulator backed by that chain, a test database, and keeper configurations for replicas.
import { join } from 'node:path';
import { startTestDatabase } from '@basket/postgres-server';
import { createLogger, createMetrics } from '@basket/service-kit';
import type { Clock } from '@basket/tokenized-api';
import { DEFAULT_SIM_CONFIG, startSimulator } from '@basket/tokenized-api-sim';
import { MANIFEST_FILE, startWorld, type TestWorld } from '@basket/world';
import { type Keeper, startKeeper } from '../../src/keeper.ts';
import type { KeeperConfig } from '../../src/service/config.ts';

export type KeeperWorld = Readonly<{
  world: TestWorld;
  databaseUrl: string;
  apiUrl: string;
  config: (replicaId: string, over?: Partial<KeeperConfig>) => KeeperConfig;
  keeper: (
    replicaId: string,
    over?: Partial<KeeperConfig>,
    options?: { apiClock?: Clock; serve?: boolean },
  ) => Promise<Keeper>;
  /** Another simulator on the same chain answering every request with 503. */
  failingApi: () => Promise<{ url: string; close: () => Promise<void> }>;
  stop: () => Promise<void>;
}>;

export async function startKeeperWorld(): Promise<KeeperWorld> {
  const world = await startWorld();
  const db = await startTestDatabase('keeper');
  const sim = await startSimulator({
    ...DEFAULT_SIM_CONFIG,
    port: 0,
    logRequests: false,
    world: {
      manifestPath: join(world.dir, MANIFEST_FILE),
      rpcUrl: world.localnet.rpcUrl,
      wsUrl: world.localnet.wsUrl,
    },
  });
  const m = world.manifest;
  const mintOf = new Map(m.stocks.map((s) => [s.symbol, s.mint]));
  const config = (replicaId: string, over: Partial<KeeperConfig> = {}): KeeperConfig => ({
    rpcUrl: world.localnet.rpcUrl,
    wsUrl: world.localnet.wsUrl,
    databaseUrl: db.url,
    dataDir: join(world.dir, 'unused-pg'),
    tokenizedApiUrl: sim.baseUrl,
    host: '127.0.0.1',
    port: 0,
    replicaId,
    programs: { oracle: m.programs.oracle, vault: m.programs.vault, rewards: m.programs.rewards },
    skus: m.skus.map((s) => ({
      skuId: s.skuId,
      vault: s.vault,
      snapshot: s.snapshot,
      assets: s.assets.map((a) => ({ symbol: a.symbol, mint: mintOf.get(a.symbol) ?? a.mint })),
    })),
    signer: { kind: 'keypair-file', path: m.keys.keeper },
    leaseTtlMs: 2_000,
    txPerMinutePerJob: 60,
    rpcPerSecond: 50,
    txPerSecond: 5,
    assetIndexPerSecond: 10,
    minTradeUsd: '50',
    driftThresholdBps: 100,
    workerConcurrency: 1,
    dryRun: false,
    ...over,
  });
  const logger = createLogger({
    name: 'keeper-test',
    level: process.env.KEEPER_TEST_LOG ?? 'silent',
  });
  let n = 0;
  return {
    world,
    databaseUrl: db.url,
    apiUrl: sim.baseUrl,
    config,
    keeper: (replicaId, over, options = {}) =>
      startKeeper(config(replicaId, over), logger, createMetrics(`keeper_t${n++}`), {
        ...options,
        serve: options.serve ?? false,
      }),
    failingApi: async () => {
      const failing = await startSimulator({
        ...DEFAULT_SIM_CONFIG,
        port: 0,
        logRequests: false,
        faults: { ...DEFAULT_SIM_CONFIG.faults, serverErrorEvery: 1, serverErrorBurst: 1 },
      });
      return { url: failing.baseUrl, close: () => failing.close() };
    },
    stop: async () => {
      await sim.close();
      await db.close();
      await world.stop();
    },
  };
}
