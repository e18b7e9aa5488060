// A poisoned delivery on a real Postgres: the one item Postgres cannot store is set aside as
// a dead letter with its reason (counted), every other transaction of the delivery is
// indexed, and the delivery is processed; a delivery no attempt can ingest ends as a dead
// letter of its own on its last attempt, never silently.
import { createMetrics } from '@basket/service-kit';
import type { JobHelpers } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestDelivery, ingestMetrics, ingestTaskList } from '../src/ingest.ts';
import { indexerDb } from './support/indexer-db.ts';
import { depositField, item, PROGRAMS, skuBytes } from './support/synthetic-items.ts';

describe('dead letters', () => {
  const t = indexerDb('dead_letters');
  const metrics = createMetrics('dead_letters_test');
  const counters = ingestMetrics(metrics);
  beforeAll(() => t.start(), 180_000);
  afterAll(() => t.stop());

  /** Stores `body` as one delivery as received (no validation: a backfill or an old row). */
  const store = async (body: unknown, count = 3) => {
    const rows = await t.rows(
      `insert into deliveries (endpoint, source, item_count, body) values ('vault', 'backfill', $1, $2) returning id`,
      [count, JSON.stringify(body)],
    );
    return BigInt(rows[0]?.id as string);
  };
  const deadLetterCount = async (scope: string) =>
    (await counters.deadLetters.get()).values.find((v) => v.labels.scope === scope)?.value ?? 0;

  it('sets aside the item no date can hold and indexes the others of its delivery', async () => {
    // Given a delivery of three landed transactions, the middle one with a blockTime past
    // any date Postgres (or JavaScript) can hold
    const first = item([depositField({ skuId: skuBytes('POISON1'), eventSequence: 1n })]);
    const poisoned = { ...item([depositField({ skuId: skuBytes('POISON1') })]), blockTime: 1e20 };
    const last = item([depositField({ skuId: skuBytes('POISON1'), eventSequence: 2n })]);
    const id = await store([first, poisoned, last]);
    const before = await deadLetterCount('item');

    // When it is ingested
    const result = await ingestDelivery(t.pool(), id, PROGRAMS, counters);

    // Then the two good transactions and their events are rows, the bad one a dead letter
    const signatures = [first, last].map((i) => i.transaction.signatures[0]);
    const indexed = await t.rows(
      'select signature from transactions where signature = any($1) order by signature',
      [signatures],
    );
    expect(indexed.map((r) => r.signature)).toEqual([...signatures].sort());
    expect(
      await t.rows('select count(*)::int as n from events where signature = any($1)', [signatures]),
    ).toEqual([{ n: 2 }]);
    const letters = await t.rows(
      'select item_index, signature, reason from dead_letters where delivery_id = $1',
      [id.toString()],
    );
    expect(letters).toHaveLength(1);
    expect(letters[0]).toMatchObject({
      item_index: 1,
      signature: poisoned.transaction.signatures[0],
    });
    expect(letters[0]?.reason).toBe('blockTime 100000000000000000000: no date can hold it');
    expect(result).toMatchObject({ transactions: 2, deadLetters: 1 });
    expect(await deadLetterCount('item')).toBe(before + 1);
    // And the delivery is processed: nothing acknowledged is left without a row saying why
    const [delivery] = await t.rows('select processed_at from deliveries where id = $1', [
      id.toString(),
    ]);
    expect(delivery?.processed_at).not.toBeNull();
    // And the SKU is known from the events that were written
    expect(await t.rows(`select source from skus where sku = 'POISON1'`)).toEqual([
      { source: 'events' },
    ]);
  });

  it('sets aside an item whose slot no bigint can hold', async () => {
    const good = item([depositField({ skuId: skuBytes('POISON2') })]);
    const huge = { ...item([]), slot: 2 ** 70 };
    const id = await store([huge, good], 2);
    await ingestDelivery(t.pool(), id, PROGRAMS, counters);
    expect(
      await t.rows('select 1 from transactions where signature = $1', [
        good.transaction.signatures[0],
      ]),
    ).toHaveLength(1);
    expect(
      await t.rows('select item_index from dead_letters where delivery_id = $1', [id.toString()]),
    ).toEqual([{ item_index: 0 }]);
  });

  it('on the last attempt sets a delivery no attempt can ingest aside whole', async () => {
    // Given a stored delivery whose body is not a list of items at all
    const id = await store({ not: 'a list' }, 1);
    const task = ingestTaskList({
      pool: t.pool(),
      programs: PROGRAMS,
      counters,
      logger: { debug: () => {}, error: () => {} } as never,
    }).ingest_delivery as (payload: unknown, helpers: JobHelpers) => Promise<void>;
    const helpers = (attempts: number) => ({ job: { attempts, max_attempts: 25 } }) as JobHelpers;
    const payload = { deliveryId: id.toString() };
    // When an attempt before the last fails, the queue retries it (nothing set aside yet)
    await expect(task(payload, helpers(3))).rejects.toThrow();
    expect(
      await t.rows('select 1 from dead_letters where delivery_id = $1', [id.toString()]),
    ).toHaveLength(0);
    const before = await deadLetterCount('delivery');
    // And on the last one it is a dead letter with the reason, and processed
    await task(payload, helpers(25));
    const letters = await t.rows(
      'select item_index, reason from dead_letters where delivery_id = $1',
      [id.toString()],
    );
    expect(letters).toHaveLength(1);
    expect(letters[0]?.item_index).toBeNull();
    expect(letters[0]?.reason).toMatch(/\S/);
    expect(await deadLetterCount('delivery')).toBe(before + 1);
    const [delivery] = await t.rows('select processed_at from deliveries where id = $1', [
      id.toString(),
    ]);
    expect(delivery?.processed_at).not.toBeNull();
  });
});
