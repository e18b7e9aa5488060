// The rewards program's rows on a real Postgres from real LiteSVM transactions: the stake and
// the unstake, the posted epoch with its root and totals, the claim with what the claimant
// received; repeated and reordered deliveries change nothing; the wallet answer carries them.
import { startTestDatabase } from '@basket/postgres-server';
import { createMetrics } from '@basket/service-kit';
import fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../src/api-routes.ts';
import { ingestDelivery, ingestMetrics } from '../src/ingest.ts';
import { migrate } from '../src/migrate.ts';
import { createReadCache } from '../src/read-cache.ts';
import { INDEXER_SCHEMA } from '../src/start-indexer.ts';
import type { TransactionItem } from '../src/webhook-body.ts';
import { PROGRAMS } from './support/live-scenario.ts';
import { type RewardsScenario, rewardsScenario } from './support/rewards-scenario.ts';

describe('rewards rows on Postgres from real transactions', () => {
  let db: Awaited<ReturnType<typeof startTestDatabase>>;
  let pool: pg.Pool;
  let s: RewardsScenario;
  const counters = ingestMetrics(createMetrics('rewards_events_test'));

  beforeAll(async () => {
    [db, s] = await Promise.all([startTestDatabase('rewards_events'), rewardsScenario()]);
    pool = new pg.Pool({ connectionString: db.url, options: `-c search_path=${INDEXER_SCHEMA}` });
    await migrate(pool);
  }, 180_000);

  afterAll(async () => {
    await pool?.end();
    await db?.close();
  });

  async function deliver(items: TransactionItem[]): Promise<void> {
    const { rows } = await pool.query<{ id: string }>(
      `insert into deliveries (endpoint, source, item_count, body) values ('rewards', 'webhook', $1, $2) returning id`,
      [items.length, JSON.stringify(items)],
    );
    await ingestDelivery(pool, BigInt(rows[0]?.id as string), PROGRAMS, counters);
  }
  const rows = async (sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows;

  it('writes stakes, the epoch and the claim as the chain made them, once whatever the deliveries', async () => {
    // Given the transactions delivered backwards, then all again in one batch
    for (const item of [...s.items].reverse()) await deliver([item]);
    await deliver(s.items);
    // Then each is a row once
    const stakes = await rows(
      'select kind, owner, stake_index, amount, tier_days from stakes order by slot',
    );
    expect(stakes).toEqual([
      {
        kind: 'stake',
        owner: s.staker,
        stake_index: '0',
        amount: s.stakeAmount.toString(),
        tier_days: 30,
      },
      {
        kind: 'unstake',
        owner: s.staker,
        stake_index: '0',
        amount: s.stakeAmount.toString(),
        tier_days: null,
      },
    ]);
    const epochs = await rows('select epoch_id, merkle_root, totals from reward_epochs');
    expect(epochs).toHaveLength(1);
    const epoch = epochs[0] as { epoch_id: string; merkle_root: string; totals: string[] };
    expect(epoch.epoch_id).toBe('1');
    expect(epoch.merkle_root).toBe(s.merkleRootHex);
    expect(epoch.totals.slice(0, 2)).toEqual(s.totals.map(String));
    const claims = await rows('select epoch_id, claimant, amounts from reward_claims');
    expect(claims).toHaveLength(1);
    const claim = claims[0] as { claimant: string; amounts: string[] };
    expect(claim.claimant).toBe(s.staker);
    expect(claim.amounts.slice(0, 2)).toEqual(s.claimed.map(String));
    expect(await rows('select * from unread_events')).toEqual([]);
  });

  it('serves the staker’s stakes and claims in the wallet answer', async () => {
    const app = fastify();
    app.register(apiRoutes(pool, createReadCache()));
    try {
      const r = await app.inject({ method: 'GET', url: `/api/wallets/${s.staker}` });
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body.stakes.map((x: { kind: string }) => x.kind)).toEqual(['stake', 'unstake']);
      expect(body.claims).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
