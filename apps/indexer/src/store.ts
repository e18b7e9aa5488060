// Writes: a delivery is stored durably and its ingest job queued in one transaction (so an
// acknowledged webhook is never lost), and ingest writes rows keyed by their identity (so a
// second delivery of anything writes nothing).
import type pg from 'pg';
import type { EventRow, ItemRows } from './event-rows.ts';
import type { TransactionItem } from './webhook-body.ts';

/** The graphile-worker task that turns a delivery into rows. */
export const INGEST_TASK = 'ingest_delivery';

/**
 * Stores a delivery and queues its ingest; resolves once both are committed.
 *
 * @example
 * const id = await storeDelivery(pool, { endpoint: 'vault', source: 'webhook', items });
 */
export async function storeDelivery(
  pool: pg.Pool,
  delivery: { endpoint: string; source: 'webhook' | 'backfill'; items: readonly TransactionItem[] },
): Promise<bigint> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ id: string }>(
      'insert into deliveries (endpoint, source, item_count, body) values ($1, $2, $3, $4) returning id',
      [delivery.endpoint, delivery.source, delivery.items.length, JSON.stringify(delivery.items)],
    );
    const id = rows[0]?.id as string;
    await client.query(
      `select indexer_worker.add_job($1, json_build_object('deliveryId', $2::text), job_key => $3, max_attempts => 25)`,
      [INGEST_TASK, id, `delivery-${id}`],
    );
    await client.query('commit');
    return BigInt(id);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The items of a stored delivery (null when it does not exist). */
export async function loadDelivery(
  pool: pg.Pool,
  id: bigint,
): Promise<{ endpoint: string; items: TransactionItem[] } | null> {
  const { rows } = await pool.query<{ endpoint: string; body: TransactionItem[] }>(
    'select endpoint, body from deliveries where id = $1',
    [id.toString()],
  );
  const row = rows[0];
  return row ? { endpoint: row.endpoint, items: row.body } : null;
}

/**
 * Writes the rows of a delivery's transactions, once: a transaction already known (same
 * signature) keeps its rows and its commitment; an event already written is skipped. Two
 * statements whatever the size (arrays unnested server-side). Returns how many events were new.
 */
export async function writeRows(
  client: pg.PoolClient,
  batch: readonly Extract<ItemRows, { kind: 'rows' }>[],
): Promise<number> {
  if (batch.length === 0) return 0;
  const txs = batch.map((b) => b.transaction);
  await client.query(
    `insert into transactions (signature, slot, block_time, commitment)
     select s, sl, bt, 'confirmed' from unnest($1::text[], $2::bigint[], $3::timestamptz[]) as u(s, sl, bt)
     on conflict (signature) do nothing`,
    [txs.map((t) => t.signature), txs.map((t) => t.slot.toString()), txs.map((t) => t.blockTime)],
  );
  const events: EventRow[] = batch.flatMap((b) => b.events);
  if (events.length === 0) return 0;
  const column = <T>(f: (e: EventRow) => T) => events.map(f);
  const result = await client.query(
    `insert into events (signature, event_index, program, program_address, status, name, version,
       reason, instruction_index, depth, sku, slot, block_time, payload)
     select * from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
       $7::int[], $8::text[], $9::int[], $10::int[], $11::text[], $12::bigint[],
       $13::timestamptz[], $14::jsonb[])
     on conflict (signature, event_index) do nothing`,
    [
      column((e) => e.signature),
      column((e) => e.eventIndex),
      column((e) => e.program),
      column((e) => e.programAddress),
      column((e) => e.status),
      column((e) => e.name),
      column((e) => e.version),
      column((e) => e.reason),
      column((e) => e.instructionIndex),
      column((e) => e.depth),
      column((e) => e.sku),
      column((e) => e.slot.toString()),
      column((e) => e.blockTime),
      column((e) => JSON.stringify(e.payload)),
    ],
  );
  return result.rowCount ?? 0;
}

/** Marks a delivery processed (its rows are written). */
export async function markProcessed(client: pg.PoolClient, id: bigint): Promise<void> {
  await client.query('update deliveries set processed_at = now() where id = $1', [id.toString()]);
}
