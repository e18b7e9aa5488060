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

const EVENT_COLUMNS = 14;

function eventValues(e: EventRow): unknown[] {
  return [
    e.signature,
    e.eventIndex,
    e.program,
    e.programAddress,
    e.status,
    e.name,
    e.version,
    e.reason,
    e.instructionIndex,
    e.depth,
    e.sku,
    e.slot.toString(),
    e.blockTime,
    JSON.stringify(e.payload),
  ];
}

/**
 * Writes the rows of one transaction, once: a transaction already known (same signature)
 * keeps its rows and its commitment. Returns how many events were new.
 */
export async function writeRows(
  client: pg.PoolClient,
  rows: Extract<ItemRows, { kind: 'rows' }>,
): Promise<number> {
  const t = rows.transaction;
  await client.query(
    `insert into transactions (signature, slot, block_time, commitment)
     values ($1, $2, $3, 'confirmed') on conflict (signature) do nothing`,
    [t.signature, t.slot.toString(), t.blockTime],
  );
  if (rows.events.length === 0) return 0;
  const placeholders = rows.events
    .map(
      (_, i) =>
        `(${Array.from({ length: EVENT_COLUMNS }, (_, j) => `$${i * EVENT_COLUMNS + j + 1}`).join(', ')})`,
    )
    .join(', ');
  const result = await client.query(
    `insert into events (signature, event_index, program, program_address, status, name, version,
       reason, instruction_index, depth, sku, slot, block_time, payload)
     values ${placeholders} on conflict (signature, event_index) do nothing`,
    rows.events.flatMap(eventValues),
  );
  return result.rowCount ?? 0;
}

/** Marks a delivery processed (its rows are written). */
export async function markProcessed(client: pg.PoolClient, id: bigint): Promise<void> {
  await client.query('update deliveries set processed_at = now() where id = $1', [id.toString()]);
}
