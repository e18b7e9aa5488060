// The ingest task: a stored delivery becomes rows in one database transaction, so a crash
// halfway leaves nothing half-written and the queue's retry writes it whole. Transactions are
// claimed by their signature first; only the claimed ones are decoded and their events
// copied in, so every row is written once whatever the deliveries.
import type { ProgramAddresses } from '@basket/sdk';
import type { Logger, Metrics } from '@basket/service-kit';
import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { type DeadLetter, reasonOf, recordDeadLetter } from './dead-letters.ts';
import { type EventRow, eventRowsOf, type TransactionRow, transactionRowOf } from './event-rows.ts';
import {
  claimTransactions,
  copyEvents,
  loadDelivery,
  markProcessed,
  recordSkus,
  recordWallets,
} from './store.ts';
import type { TransactionItem } from './webhook-body.ts';

export type IngestMetrics = ReturnType<typeof ingestMetrics>;

/** Transactions decoded between two turns of the event loop (about a millisecond of work). */
const DECODE_SLICE = 10;

export function ingestMetrics(metrics: Metrics) {
  return {
    events: metrics.counter(
      'events_processed_total',
      'Event fields decoded and written (a transaction already indexed is not decoded again)',
      ['program', 'status', 'name'],
    ),
    newEvents: metrics.counter('events_written_total', 'Event rows written for the first time'),
    failedTransactions: metrics.counter(
      'failed_transactions_ignored_total',
      'Delivered transactions that failed on chain (no rows)',
    ),
    transactions: metrics.counter('transactions_ingested_total', 'Transactions processed'),
    lastIngestSlot: metrics.gauge('last_ingested_slot', 'Highest slot ingested'),
    deadLetters: metrics.counter(
      'dead_letters_total',
      'Acknowledged items (scope item) or deliveries (scope delivery) set aside with a reason',
      ['scope'],
    ),
  };
}

type Landed = Readonly<{ index: number; item: TransactionItem; row: TransactionRow }>;
type Written = { events: EventRow[]; top: bigint; deadLetters: number };

/**
 * The first item of each landed transaction (a delivery may repeat one), how many failed on
 * chain, and the items whose row cannot even be formed (set aside with their reason).
 */
function landedOf(items: readonly TransactionItem[]) {
  const landed = new Map<string, Landed>();
  const refused: DeadLetter[] = [];
  let failed = 0;
  items.forEach((item, index) => {
    let row: TransactionRow | null;
    try {
      row = transactionRowOf(item);
    } catch (error) {
      refused.push({
        deliveryId: 0n,
        itemIndex: index,
        signature: item.transaction?.signatures?.[0] ?? null,
        item,
        reason: reasonOf(error),
      });
      return;
    }
    if (row === null) failed += 1;
    else if (!landed.has(row.signature)) landed.set(row.signature, { index, item, row });
  });
  return { landed, refused, failed };
}

/** Decodes the claimed transactions' events, yielding to the event loop every few. */
async function decodeClaimed(
  claimed: Iterable<string>,
  landed: ReadonlyMap<string, Landed>,
  programs: ProgramAddresses,
  into: Written,
): Promise<EventRow[]> {
  const events: EventRow[] = [];
  let decoded = 0;
  for (const signature of claimed) {
    const { item, row } = landed.get(signature) as Landed;
    for (const e of eventRowsOf(item, row, programs)) events.push(e);
    if (row.slot > into.top) into.top = row.slot;
    // Webhooks are answered on this thread: decoding a large delivery in one go would hold
    // their acknowledgements for its whole duration.
    decoded += 1;
    if (decoded % DECODE_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  return events;
}

/** The whole delivery in one go: one claim, one COPY (the path every good delivery takes). */
async function writeTogether(
  client: pg.PoolClient,
  landed: ReadonlyMap<string, Landed>,
  programs: ProgramAddresses,
): Promise<Written> {
  const out: Written = { events: [], top: 0n, deadLetters: 0 };
  // Decoding is the costly part: only transactions this ingest claims are decoded, so a
  // repeated delivery costs one insert that finds every signature taken.
  const claimed = await claimTransactions(
    client,
    [...landed.values()].map((l) => l.row),
  );
  out.events = await decodeClaimed(claimed, landed, programs, out);
  await copyEvents(client, out.events);
  await recordSkus(client, out.events);
  await recordWallets(client, out.events);
  return out;
}

/**
 * Each item alone under its own savepoint: an item Postgres refuses (or whose events cannot
 * be written) becomes a dead letter and the others are written. Taken only after the
 * delivery failed as a whole, so good deliveries pay nothing for it.
 */
async function writeEachAlone(
  client: pg.PoolClient,
  id: bigint,
  landed: ReadonlyMap<string, Landed>,
  programs: ProgramAddresses,
): Promise<Written> {
  const out: Written = { events: [], top: 0n, deadLetters: 0 };
  for (const one of landed.values()) {
    await client.query('savepoint item');
    try {
      const claimed = await claimTransactions(client, [one.row]);
      const events = await decodeClaimed(claimed, landed, programs, out);
      await copyEvents(client, events);
      await recordSkus(client, events);
      await recordWallets(client, events);
      out.events.push(...events);
      await client.query('release savepoint item');
    } catch (error) {
      await client.query('rollback to savepoint item');
      await recordDeadLetter(client, {
        deliveryId: id,
        itemIndex: one.index,
        signature: one.row.signature ?? null,
        reason: reasonOf(error),
        item: one.item,
      });
      out.deadLetters += 1;
    }
  }
  return out;
}

/** Runs `work` in one database transaction (committed, or rolled back and rethrown). */
async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    // Rows are derived from a delivery already stored durably, and the queue marks the job
    // done in a later commit: the WAL keeps commits in order, so a crash can lose this commit
    // only together with the job's completion, and the job runs again. No fsync to wait for.
    await client.query('set local synchronous_commit = off');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Ingests delivery `id`: every item's rows, then the delivery marked processed. An item that
 * cannot be written is set aside as a dead letter with its reason; the others are written.
 *
 * @example
 * await ingestDelivery(pool, 42n, programs, counters);
 */
export async function ingestDelivery(
  pool: pg.Pool,
  id: bigint,
  programs: ProgramAddresses,
  counters: IngestMetrics,
): Promise<{ transactions: number; newEvents: number; failed: number; deadLetters: number }> {
  const delivery = await loadDelivery(pool, id);
  if (!delivery) throw new Error(`delivery ${id} does not exist`);
  const { landed, refused, failed } = landedOf(delivery.items);
  const setAside = async (client: pg.PoolClient) => {
    for (const r of refused) await recordDeadLetter(client, { ...r, deliveryId: id });
  };
  let written: Written;
  try {
    written = await inTransaction(pool, async (client) => {
      const w = await writeTogether(client, landed, programs);
      await setAside(client);
      await markProcessed(client, id);
      return w;
    });
  } catch {
    // One item Postgres refuses rolls the whole delivery back: each item alone now.
    written = await inTransaction(pool, async (client) => {
      const w = await writeEachAlone(client, id, landed, programs);
      await setAside(client);
      await markProcessed(client, id);
      return w;
    });
  }
  const { events, top } = written;
  const deadLetters = written.deadLetters + refused.length;
  if (top > 0n) counters.lastIngestSlot.set(Number(top));
  if (deadLetters > 0) counters.deadLetters.inc({ scope: 'item' }, deadLetters);
  // Counted per kind once per delivery (a labelled inc per event costs more than the row).
  const kinds = new Map<string, { program: string; status: string; name: string; n: number }>();
  for (const e of events) {
    const key = `${e.program}/${e.status}/${e.name}`;
    const kind = kinds.get(key);
    if (kind) kind.n += 1;
    else
      kinds.set(key, {
        program: e.program ?? 'unknown',
        status: e.status,
        name: e.name ?? '',
        n: 1,
      });
  }
  for (const { n, ...labels } of kinds.values()) counters.events.inc(labels, n);
  counters.newEvents.inc(events.length);
  counters.failedTransactions.inc(failed);
  const transactions = delivery.items.length - failed - deadLetters;
  counters.transactions.inc(transactions);
  return { transactions, newEvents: events.length, failed, deadLetters };
}

/** The graphile-worker task list of the indexer. */
export function ingestTaskList(input: {
  pool: pg.Pool;
  programs: ProgramAddresses;
  counters: IngestMetrics;
  logger: Logger;
}): Record<string, Task> {
  return {
    ingest_delivery: async (payload, helpers) => {
      const { deliveryId } = payload as { deliveryId: string };
      const id = BigInt(deliveryId);
      try {
        const result = await ingestDelivery(input.pool, id, input.programs, input.counters);
        input.logger.debug({ deliveryId, ...result }, 'delivery ingested');
      } catch (error) {
        // Retried by the queue; on its last attempt the delivery is set aside with the reason
        // instead, so an acknowledged delivery never ends without a row saying why.
        if (helpers.job.attempts < helpers.job.max_attempts) throw error;
        await setDeliveryAside(input.pool, id, reasonOf(error));
        input.counters.deadLetters.inc({ scope: 'delivery' });
        input.logger.error({ deliveryId, err: error }, 'delivery set aside as a dead letter');
      }
    },
  };
}

/** A delivery its job could not ingest in any attempt: one dead letter, marked processed. */
export async function setDeliveryAside(pool: pg.Pool, id: bigint, reason: string): Promise<void> {
  await inTransaction(pool, async (client) => {
    await recordDeadLetter(client, {
      deliveryId: id,
      itemIndex: null,
      signature: null,
      reason,
      item: null,
    });
    await markProcessed(client, id);
  });
}
