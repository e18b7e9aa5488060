// One real Postgres per test file, migrated, with the ingest path the service runs: a suite
// stores deliveries and ingests them exactly as a webhook would, then reads the rows.
import { startTestDatabase } from '@basket/postgres-server';
import { createMetrics } from '@basket/service-kit';
import type pg from 'pg';
import { ingestDelivery, ingestMetrics } from '../../src/ingest.ts';
import { migrate } from '../../src/migrate.ts';
import { indexerPool } from '../../src/start-indexer.ts';
import type { TransactionItem } from '../../src/webhook-body.ts';
import { PROGRAMS } from './synthetic-items.ts';

export type IndexerDb = Readonly<{
  /** Starts the server and migrates (in `beforeAll`). */
  start: () => Promise<void>;
  /** Stops it (in `afterAll`). */
  stop: () => Promise<void>;
  pool: () => pg.Pool;
  /** Stores `items` as one delivery to `endpoint` and ingests it. */
  deliver: (endpoint: 'oracle' | 'vault' | 'rewards', items: TransactionItem[]) => Promise<void>;
  rows: (sql: string, params?: unknown[]) => Promise<pg.QueryResult['rows']>;
}>;

/**
 * @example
 * const t = indexerDb('admin_events');
 * beforeAll(() => t.start(), 180_000);
 * afterAll(() => t.stop());
 */
export function indexerDb(name: string): IndexerDb {
  let db: Awaited<ReturnType<typeof startTestDatabase>> | undefined;
  let pool: pg.Pool | undefined;
  const counters = ingestMetrics(createMetrics(`${name}_test`));
  const ready = () => {
    if (!pool) throw new Error(`${name}: the database is not started`);
    return pool;
  };
  return {
    start: async () => {
      db = await startTestDatabase(name);
      // Idle clients' errors (the database dropped under them at the end) are not a test's.
      pool = indexerPool(db.url, 10, { warn: () => {} });
      await migrate(pool);
    },
    stop: async () => {
      await pool?.end();
      await db?.close();
    },
    pool: ready,
    deliver: async (endpoint, items) => {
      const { rows } = await ready().query<{ id: string }>(
        `insert into deliveries (endpoint, source, item_count, body) values ($1, 'webhook', $2, $3) returning id`,
        [endpoint, items.length, JSON.stringify(items)],
      );
      await ingestDelivery(ready(), BigInt(rows[0]?.id as string), PROGRAMS, counters);
    },
    rows: async (sql, params = []) => (await ready().query(sql, params)).rows,
  };
}
