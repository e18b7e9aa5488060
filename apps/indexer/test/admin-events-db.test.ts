// The vault's admin events and its performance fee on a real Postgres, from real LiteSVM
// transactions: share metadata, asset status, target weights queued / cancelled / applied
// land in the operator's audit feed with the values the vault account recorded, and the
// performance fee in the fees view with the shares the treasury received.
import { startTestDatabase } from '@basket/postgres-server';
import { ASSET_STATUS } from '@basket/sdk';
import { createMetrics } from '@basket/service-kit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestDelivery, ingestMetrics } from '../src/ingest.ts';
import { migrate } from '../src/migrate.ts';
import { INDEXER_SCHEMA } from '../src/start-indexer.ts';
import type { TransactionItem } from '../src/webhook-body.ts';
import { type AdminScenario, adminScenario } from './support/admin-scenario.ts';
import { LIVE_SKU, PROGRAMS } from './support/live-scenario.ts';

describe('vault admin and performance-fee rows on Postgres from real transactions', () => {
  let db: Awaited<ReturnType<typeof startTestDatabase>>;
  let pool: pg.Pool;
  let s: AdminScenario;
  const counters = ingestMetrics(createMetrics('admin_events_test'));

  beforeAll(async () => {
    [db, s] = await Promise.all([startTestDatabase('admin_events'), adminScenario()]);
    pool = new pg.Pool({ connectionString: db.url, options: `-c search_path=${INDEXER_SCHEMA}` });
    await migrate(pool);
  }, 180_000);

  afterAll(async () => {
    await pool?.end();
    await db?.close();
  });

  async function deliver(items: TransactionItem[]): Promise<void> {
    const { rows } = await pool.query<{ id: string }>(
      `insert into deliveries (endpoint, source, item_count, body) values ('vault', 'webhook', $1, $2) returning id`,
      [items.length, JSON.stringify(items)],
    );
    await ingestDelivery(pool, BigInt(rows[0]?.id as string), PROGRAMS, counters);
  }
  const rows = async (sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows;

  it('writes every admin action with the values the vault recorded', async () => {
    // Given the transactions delivered backwards one by one, then again as one batch
    for (const item of [...s.items].reverse()) await deliver([item]);
    await deliver(s.items);
    // Then the audit feed holds each action once, in the vault's event order
    const actions = await rows(
      `select signature, name, sku, payload from admin_actions
       where program = 'vault' order by (payload ->> 'eventSequence')::numeric`,
    );
    const byName = (n: string) => actions.filter((a) => a.name === n);
    expect(actions.map((a) => a.name)).toEqual([
      'shareMetadataSet',
      'assetStatusSet',
      'assetStatusSet',
      'weightsQueued',
      'weightsCancelled',
      'weightsQueued',
      'weightsApplied',
    ]);
    expect(actions.every((a) => a.sku === LIVE_SKU)).toBe(true);
    expect(byName('shareMetadataSet')[0]?.signature).toBe(s.sig.shareMetadata);
    expect(byName('assetStatusSet').map((a) => [a.payload.assetIndex, a.payload.status])).toEqual([
      [2, ASSET_STATUS.Frozen],
      [2, ASSET_STATUS.Active],
    ]);
    const [first, second] = s.measured.queued as [
      { nonce: bigint; eta: bigint },
      { nonce: bigint; eta: bigint },
    ];
    const nonceEta = (a: { payload: { nonce: string; eta: string } }) => [
      a.payload.nonce,
      a.payload.eta,
    ];
    expect(byName('weightsQueued').map(nonceEta)).toEqual([
      [first.nonce.toString(), first.eta.toString()],
      [second.nonce.toString(), second.eta.toString()],
    ]);
    expect(byName('weightsCancelled').map(nonceEta)).toEqual([
      [first.nonce.toString(), first.eta.toString()],
    ]);
    expect(byName('weightsApplied').map(nonceEta)).toEqual([
      [second.nonce.toString(), second.eta.toString()],
    ]);
    expect(s.measured.appliedWeights).toEqual([3_400, 3_300, 3_300]);
    expect(await rows('select * from unread_events')).toEqual([]);
  });

  it('writes the performance fee with the shares the treasury received', async () => {
    const fees = await rows(
      `select signature, kind, shares, sku from vault_fees where kind = 'performance'`,
    );
    expect(s.measured.perfFeeShares).toBeGreaterThan(0n);
    expect(fees).toEqual([
      {
        signature: s.sig.perfFee,
        kind: 'performance',
        shares: s.measured.perfFeeShares.toString(),
        sku: LIVE_SKU,
      },
    ]);
    const [event] = await rows(
      `select payload from events where name = 'perfFeeCrystallized' and signature = $1`,
      [s.sig.perfFee],
    );
    expect(event?.payload.newHwmPps).toBe(s.measured.hwmAfter.toString());
  });
});
