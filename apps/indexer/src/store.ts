// Writes: a delivery is stored durably and its ingest job queued in one transaction (so an
// acknowledged webhook is never lost), and ingest writes rows keyed by their identity (so a
// second delivery of anything writes nothing).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { copyLine } from './copy-text.ts';
import type { EventRow, ItemRows, TransactionRow } from './event-rows.ts';
import type { TransactionItem } from './webhook-body.ts';

/** The graphile-worker task that turns a delivery into rows. */
export const INGEST_TASK = 'ingest_delivery';

/**
 * Stores a delivery and queues its ingest; resolves once both are committed. One statement
 * (atomic on its own): the acknowledgement waits for one round trip to Postgres, not four.
 *
 * @example
 * const id = await storeDelivery(pool, { endpoint: 'vault', source: 'webhook', items });
 */
export async function storeDelivery(
  pool: pg.Pool,
  delivery: { endpoint: string; source: 'webhook' | 'backfill'; items: readonly TransactionItem[] },
): Promise<bigint> {
  const { rows } = await pool.query<{ id: string }>(
    `with d as (
       insert into deliveries (endpoint, source, item_count, body) values ($1, $2, $3, $4)
       returning id)
     select d.id, indexer_worker.add_job($5, json_build_object('deliveryId', d.id::text),
       job_key => 'delivery-' || d.id::text, max_attempts => 25)
     from d`,
    [
      delivery.endpoint,
      delivery.source,
      delivery.items.length,
      JSON.stringify(delivery.items),
      INGEST_TASK,
    ],
  );
  return BigInt(rows[0]?.id as string);
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
 * Claims the transactions of a delivery: inserts those not yet known and returns their
 * signatures. Only a claimed transaction's events are decoded and written, in the same
 * database transaction, so each is written exactly once: a concurrent ingest of the same
 * transaction waits on the key and then finds it taken; a rollback releases the claim.
 * Signatures are inserted in sorted order so two concurrent claims never deadlock.
 */
export async function claimTransactions(
  client: pg.PoolClient,
  txs: readonly TransactionRow[],
): Promise<Set<string>> {
  if (txs.length === 0) return new Set();
  const { rows } = await client.query<{ signature: string }>(
    `insert into transactions (signature, slot, block_time, commitment)
     select s, sl, bt, 'confirmed'
     from unnest($1::text[], $2::bigint[], $3::timestamptz[]) as u(s, sl, bt) order by s
     on conflict (signature) do nothing
     returning signature`,
    [txs.map((t) => t.signature), txs.map((t) => t.slot.toString()), txs.map((t) => t.blockTime)],
  );
  return new Set(rows.map((r) => r.signature));
}

const EVENT_COLUMNS =
  'signature, event_index, program, program_address, status, name, version, reason, instruction_index, depth, sku, slot, block_time, payload';

/**
 * Copies `rows` (each a list of column values) into `table` with one COPY, in the client's
 * current transaction. Returns how many rows were copied.
 */
export async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: string,
  rows: Iterable<readonly (string | number | bigint | Date | null)[]>,
): Promise<number> {
  let text = '';
  let n = 0;
  for (const row of rows) {
    text += copyLine(row);
    n += 1;
  }
  if (n === 0) return 0;
  const sink = client.query(copyFrom(`copy ${table} (${columns}) from stdin`));
  await pipeline(Readable.from([text]), sink);
  return n;
}

/**
 * Writes the events of claimed transactions with one COPY (no conflict is possible: their
 * transactions were inserted by this database transaction). Returns how many were written.
 */
export function copyEvents(client: pg.PoolClient, events: readonly EventRow[]): Promise<number> {
  return copyRows(
    client,
    'events',
    EVENT_COLUMNS,
    events.map((e) => [
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
      e.slot,
      e.blockTime,
      JSON.stringify(e.payload),
    ]),
  );
}

/**
 * Writes rows already decoded (backfill tests, tools): claims their transactions and copies
 * the events of those it claimed. Returns how many events were new.
 */
export async function writeRows(
  client: pg.PoolClient,
  batch: readonly Extract<ItemRows, { kind: 'rows' }>[],
): Promise<number> {
  const fresh = await claimTransactions(
    client,
    batch.map((b) => b.transaction),
  );
  const seen = new Set<string>();
  const events: EventRow[] = [];
  for (const b of batch) {
    const signature = b.transaction.signature;
    if (!fresh.has(signature) || seen.has(signature)) continue;
    seen.add(signature);
    events.push(...b.events);
  }
  const written = await copyEvents(client, events);
  await recordSkus(client, events);
  await recordWallets(client, events);
  return written;
}

/**
 * Records the vaults that `events` name (any decoded vault event names its SKU): the SKU list
 * is these rows, so it does not depend on any one event having been read. `do nothing`: a
 * known SKU takes no row lock, so concurrent ingests of one vault never wait on each other.
 */
export async function recordSkus(
  client: pg.PoolClient,
  events: readonly EventRow[],
): Promise<void> {
  const first = new Map<string, bigint>();
  for (const e of events) {
    if (e.program !== 'vault' || e.status !== 'decoded' || e.sku === null) continue;
    const seen = first.get(e.sku);
    if (seen === undefined || e.slot < seen) first.set(e.sku, e.slot);
  }
  if (first.size === 0) return;
  await client.query(
    `insert into skus (sku, first_slot, source)
     select s, sl, 'events' from unnest($1::text[], $2::bigint[]) as u(s, sl) order by s
     on conflict (sku) do nothing`,
    [[...first.keys()], [...first.values()].map(String)],
  );
}

/** The payload fields that name a wallet with rows (the wallet routes' keys). */
const WALLET_FIELDS = ['depositor', 'owner', 'claimant'] as const;

/**
 * Records the wallets that `events` name, so a wallet route can tell a made-up address by
 * one key lookup (`do nothing`: a known wallet takes no row lock).
 */
export async function recordWallets(
  client: pg.PoolClient,
  events: readonly EventRow[],
): Promise<void> {
  const wallets = new Set<string>();
  for (const e of events) {
    if (e.status !== 'decoded') continue;
    const payload = e.payload as Record<string, unknown>;
    for (const f of WALLET_FIELDS) {
      const a = payload[f];
      if (typeof a === 'string') wallets.add(a);
    }
  }
  if (wallets.size === 0) return;
  await client.query(
    `insert into wallets (address) select a from unnest($1::text[]) as u(a) order by a
     on conflict (address) do nothing`,
    [[...wallets]],
  );
}

/** Marks a delivery processed (its rows are written). */
export async function markProcessed(client: pg.PoolClient, id: bigint): Promise<void> {
  await client.query('update deliveries set processed_at = now() where id = $1', [id.toString()]);
}
