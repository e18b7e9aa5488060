// A served keeper's readiness and listeners, on a real Postgres and an RPC that is not there:
// /readyz is 503 naming the RPC and why while Postgres, the election and (on the leader) the
// queue runner are up; a follower has no queue part; /metrics and /status answer only on the
// admin listener (127.0.0.1).
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestDatabase } from '@basket/postgres-server';
import { createLogger, createMetrics } from '@basket/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Keeper, startKeeper } from '../src/keeper.ts';
import { loadKeeperConfig } from '../src/service/config.ts';

const A = '11111111111111111111111111111111';
const B = 'So11111111111111111111111111111111111111112';
const dir = mkdtempSync(join(tmpdir(), 'keeper-readiness-'));

/** A Solana keypair file (64 bytes: the seed, then the public key). */
function keypairFile(name: string): string {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32);
  const pub = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify([...seed, ...pub]));
  return path;
}

type Ready = {
  status: string;
  failing?: string[];
  reasons?: Record<string, string>;
  parts?: string[];
};

describe('a served keeper', () => {
  let db: Awaited<ReturnType<typeof startTestDatabase>>;
  const keepers: Keeper[] = [];
  const start = async (replica: string) => {
    const configFile = join(dir, `${replica}.json`);
    writeFileSync(
      configFile,
      JSON.stringify({
        programs: { oracle: A, vault: A, rewards: A },
        skus: [{ skuId: 'TECH6', vault: B, snapshot: B, assets: [{ symbol: 'AAPLx', mint: B }] }],
        signer: { kind: 'keypair-file', path: keypairFile(`${replica}-keeper.json`) },
        tradeSigner: { kind: 'keypair-file', path: keypairFile(`${replica}-trade.json`) },
        navSigner: { kind: 'keypair-file', path: keypairFile(`${replica}-nav.json`) },
        distributorSigner: { kind: 'keypair-file', path: keypairFile(`${replica}-dist.json`) },
        feePayerSigner: { kind: 'keypair-file', path: keypairFile(`${replica}-fees.json`) },
      }),
    );
    const config = loadKeeperConfig({
      KEEPER_CONFIG: configFile,
      // Nothing listens there: the RPC part is down from the first probe.
      SOLANA_RPC_URL: 'http://127.0.0.1:9',
      SOLANA_WS_URL: 'ws://127.0.0.1:9',
      TOKENIZED_API_URL: 'http://127.0.0.1:9/api/v2',
      DATABASE_URL: db.url,
      KEEPER_PORT: '0',
      KEEPER_ADMIN_PORT: '0',
      KEEPER_REPLICA_ID: replica,
      KEEPER_DISTRIBUTIONS_DIR: join(dir, 'distributions'),
    });
    const keeper = await startKeeper(
      config,
      createLogger({ name: 'keeper-readiness', level: 'silent' }),
      createMetrics(`keeper_readiness_${replica.replace(/-/g, '_')}`),
      { serve: true },
    );
    keepers.push(keeper);
    return keeper;
  };
  const readyz = async (base: string | null) => {
    const res = await fetch(`${base}/readyz`);
    return { code: res.status, body: (await res.json()) as Ready };
  };

  beforeAll(async () => {
    db = await startTestDatabase('keeper_readiness');
  }, 120_000);
  afterAll(async () => {
    for (const k of keepers.reverse()) await k.close();
    await db?.close();
  });

  it('is not ready while the RPC is down, naming it; the leader has its queue part up', async () => {
    const leader = await start('replica-a');
    expect(leader.context.elector.lease()).not.toBeNull();
    const { code, body } = await readyz(leader.url);
    expect(code).toBe(503);
    expect(body.failing).toEqual(['rpc']);
    expect(body.reasons?.rpc).toBeTruthy();
    expect(body.parts?.sort()).toEqual(['leader-election', 'postgres', 'queue', 'rpc']);
    // The admin listener answers the same readiness, and the parts it knows include the queue
    const admin = await readyz(leader.adminUrl);
    expect(admin.body.failing).toEqual(['rpc']);
    expect((await fetch(`${leader.adminUrl}/metrics`)).status).toBe(200);
    expect(await (await fetch(`${leader.adminUrl}/metrics`)).text()).toContain('keeper_');
    // /status and /metrics are not on the public listener
    expect((await fetch(`${leader.url}/status`)).status).toBe(404);
    expect((await fetch(`${leader.url}/metrics`)).status).toBe(404);
    expect(new URL(leader.adminUrl as string).hostname).toBe('127.0.0.1');
  }, 120_000);

  it('a follower is not held back by a queue it does not run', async () => {
    const follower = await start('replica-b');
    expect(follower.context.elector.lease()).toBeNull();
    const { body } = await readyz(follower.url);
    // Only the RPC is down: no queue part on a follower, its election rounds succeed
    expect(body.failing).toEqual(['rpc']);
    expect(body.parts?.sort()).toEqual(['leader-election', 'postgres', 'rpc']);
  }, 120_000);
});
