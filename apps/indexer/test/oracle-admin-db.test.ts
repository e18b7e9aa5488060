// The oracle's admin events on a real Postgres, from real LiteSVM transactions: the
// configuration, the snapshot created, the deviation approved and the keepers rotated land in
// the operator's audit feed once each, with the values the oracle's accounts hold.
import { startTestDatabase } from '@basket/postgres-server';
import { createMetrics } from '@basket/service-kit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestDelivery, ingestMetrics } from '../src/ingest.ts';
import { migrate } from '../src/migrate.ts';
import { INDEXER_SCHEMA } from '../src/start-indexer.ts';
import type { TransactionItem } from '../src/webhook-body.ts';
import { PROGRAMS } from './support/live-scenario.ts';
import {
  ORACLE_SKU,
  type OracleAdminScenario,
  oracleAdminScenario,
} from './support/oracle-admin-scenario.ts';

describe('oracle admin rows on Postgres from real transactions', () => {
  let db: Awaited<ReturnType<typeof startTestDatabase>>;
  let pool: pg.Pool;
  let s: OracleAdminScenario;
  const counters = ingestMetrics(createMetrics('oracle_admin_test'));

  beforeAll(async () => {
    [db, s] = await Promise.all([startTestDatabase('oracle_admin'), oracleAdminScenario()]);
    pool = new pg.Pool({ connectionString: db.url, options: `-c search_path=${INDEXER_SCHEMA}` });
    await migrate(pool);
  }, 180_000);

  afterAll(async () => {
    await pool?.end();
    await db?.close();
  });

  async function deliver(items: TransactionItem[]): Promise<void> {
    const { rows } = await pool.query<{ id: string }>(
      `insert into deliveries (endpoint, source, item_count, body) values ('oracle', 'webhook', $1, $2) returning id`,
      [items.length, JSON.stringify(items)],
    );
    await ingestDelivery(pool, BigInt(rows[0]?.id as string), PROGRAMS, counters);
  }

  it('writes each admin action once with the values the oracle recorded', async () => {
    // Given the transactions delivered out of order, one of them twice
    await deliver([...s.items].reverse());
    await deliver(s.items.slice(1, 2));
    // Then each is one row of the audit feed, in chain order
    const { rows } = await pool.query(
      `select signature, name, sku, payload from admin_actions where program = 'oracle'
       order by slot, event_index`,
    );
    const m = s.measured;
    expect(rows).toEqual([
      {
        signature: s.sig.initialize,
        name: 'configInitialized',
        sku: null,
        payload: { keeperCount: 1, threshold: m.threshold },
      },
      {
        signature: s.sig.createSnapshot,
        name: 'snapshotCreated',
        sku: ORACLE_SKU,
        payload: { skuId: ORACLE_SKU, mintCount: m.snapshotMints.length },
      },
      {
        signature: s.sig.approveDeviation,
        name: 'deviationApproved',
        sku: ORACLE_SKU,
        payload: { skuId: ORACLE_SKU, sequence: m.approvedSequence.toString() },
      },
      {
        signature: s.sig.rotateKeepers,
        name: 'keepersRotated',
        sku: null,
        payload: {
          keeperCount: m.keeperCountAfter,
          keeperSetVersion: m.keeperSetVersionAfter.toString(),
        },
      },
    ]);
    expect(m.threshold).toBe(3);
    expect(m.keeperCountAfter).toBe(2);
    const { rows: unread } = await pool.query('select * from unread_events');
    expect(unread).toEqual([]);
  });
});
