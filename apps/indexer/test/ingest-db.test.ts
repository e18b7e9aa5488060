// Ingest on a real Postgres: deliveries in any order, any of them repeated, give the same rows;
// the schema is migrated once and a newer one is refused.
import { startTestDatabase } from '@basket/postgres-server';
import { createMetrics } from '@basket/service-kit';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestDelivery, ingestMetrics } from '../src/ingest.ts';
import { bundledMigrations, migrate, SchemaTooNewError } from '../src/migrate.ts';
import { INDEXER_SCHEMA } from '../src/start-indexer.ts';
import { copyRows } from '../src/store.ts';
import type { TransactionItem } from '../src/webhook-body.ts';
import { depositField, item, navRefreshedField, PROGRAMS } from './support/synthetic-items.ts';

describe('ingest on Postgres', () => {
  let db: Awaited<ReturnType<typeof startTestDatabase>>;
  let pool: pg.Pool;
  const counters = ingestMetrics(createMetrics('ingest_db_test'));

  beforeAll(async () => {
    db = await startTestDatabase('ingest');
    pool = new pg.Pool({ connectionString: db.url, options: `-c search_path=${INDEXER_SCHEMA}` });
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await db?.close();
  });

  it('migrates an empty database once, then has nothing to apply', async () => {
    const versions = bundledMigrations().map((m) => m.version);
    expect(await migrate(pool)).toEqual(versions);
    expect(await migrate(pool)).toEqual([]);
  });

  it('refuses a database whose schema is newer than this build', async () => {
    await pool.query(`insert into schema_version (version, name) values (999, 'future')`);
    try {
      await expect(migrate(pool)).rejects.toBeInstanceOf(SchemaTooNewError);
    } finally {
      await pool.query('delete from schema_version where version = 999');
    }
  });

  /** Stores `items` as one delivery (as the webhook route does) and ingests it. */
  async function deliver(items: TransactionItem[]): Promise<void> {
    const { rows } = await pool.query<{ id: string }>(
      `insert into deliveries (endpoint, source, item_count, body) values ('vault', 'webhook', $1, $2) returning id`,
      [items.length, JSON.stringify(items)],
    );
    await ingestDelivery(pool, BigInt(rows[0]?.id as string), PROGRAMS, counters);
  }

  const snapshot = async () =>
    (
      await pool.query(
        'select signature, event_index, name, status, payload from events order by signature, event_index',
      )
    ).rows;

  it('writes the same rows whatever the order, the batching and the repeats of deliveries', async () => {
    const transactions = [
      item([depositField({ eventSequence: 1n })], { slot: 10 }),
      item([depositField({ eventSequence: 2n }), navRefreshedField({ eventSequence: 3n })], {
        slot: 11,
      }),
      item([navRefreshedField({ eventSequence: 4n })], { slot: 12 }),
      item([depositField()], { slot: 13, err: { InstructionError: [0, { Custom: 1 }] } }),
    ];
    await pool.query('truncate transactions, events');
    await deliver(transactions);
    const expected = await snapshot();
    expect(expected).toHaveLength(4);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...transactions), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 4 }),
        async (sequence, batch) => {
          // Given the rows start empty and every transaction is delivered at least once
          await pool.query('truncate transactions, events');
          const all = [...sequence, ...transactions];
          // When they arrive in this order, in batches of `batch`
          for (let i = 0; i < all.length; i += batch) await deliver(all.slice(i, i + batch));
          // Then the rows are exactly the once-delivered ones
          expect(await snapshot()).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);

  it('two ingests running at once with overlapping transactions write each row once', async () => {
    const [a, b, c, d] = [10, 11, 12, 13].map((slot, i) =>
      item([depositField({ eventSequence: BigInt(i) }), navRefreshedField()], { slot }),
    ) as [TransactionItem, TransactionItem, TransactionItem, TransactionItem];
    await pool.query('truncate transactions, events');
    await deliver([a, b, c, d]);
    const expected = await snapshot();
    for (let round = 0; round < 8; round += 1) {
      // Given empty rows, when two workers ingest deliveries sharing b and c, in opposite order
      await pool.query('truncate transactions, events');
      await Promise.all([deliver([a, b, c]), deliver([c, b, d])]);
      // Then the rows are the once-delivered ones (claims neither deadlock nor double-write)
      expect(await snapshot()).toEqual(expected);
    }
  }, 60_000);

  it('COPY text brings any text and null back unchanged', async () => {
    const client = await pool.connect();
    try {
      await client.query('create temp table copy_check (i int, t text, j jsonb)');
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.option(
              fc.string({ unit: 'binary', maxLength: 40 }).filter((t) => !t.includes('\u0000')),
            ),
            { maxLength: 20 },
          ),
          async (texts) => {
            await client.query('truncate copy_check');
            await copyRows(
              client,
              'copy_check',
              'i, t, j',
              texts.map((t, i) => [i, t, JSON.stringify({ t })]),
            );
            const { rows } = await client.query('select t, j from copy_check order by i');
            expect(rows.map((r) => r.t)).toEqual(texts);
            expect(rows.map((r) => r.j)).toEqual(texts.map((t) => ({ t })));
          },
        ),
        { numRuns: 100 },
      );
    } finally {
      client.release();
    }
  });
});
