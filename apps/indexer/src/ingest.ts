// The ingest task: a stored delivery becomes rows in one database transaction, so a crash
// halfway leaves nothing half-written and the queue's retry writes it whole. Transactions are
// claimed by their signature first; only the claimed ones are decoded and their events
// copied in, so every row is written once whatever the deliveries.
import type { ProgramAddresses } from '@basket/sdk';
import type { Logger, Metrics } from '@basket/service-kit';
import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { type EventRow, eventRowsOf, type TransactionRow, transactionRowOf } from './event-rows.ts';
import { claimTransactions, copyEvents, loadDelivery, markProcessed } from './store.ts';
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
  };
}

/**
 * Ingests delivery `id`: every item's rows, then the delivery marked processed.
 *
 * @example
 * await ingestDelivery(pool, 42n, programs, counters);
 */
export async function ingestDelivery(
  pool: pg.Pool,
  id: bigint,
  programs: ProgramAddresses,
  counters: IngestMetrics,
): Promise<{ transactions: number; newEvents: number; failed: number }> {
  const delivery = await loadDelivery(pool, id);
  if (!delivery) throw new Error(`delivery ${id} does not exist`);
  // The first item of each landed transaction (a delivery may repeat one).
  const landed = new Map<string, { item: TransactionItem; row: TransactionRow }>();
  let failed = 0;
  for (const item of delivery.items) {
    const row = transactionRowOf(item);
    if (row === null) failed += 1;
    else if (!landed.has(row.signature)) landed.set(row.signature, { item, row });
  }
  const client = await pool.connect();
  const events: EventRow[] = [];
  try {
    await client.query('begin');
    // Rows are derived from a delivery already stored durably, and the queue marks the job
    // done in a later commit: the WAL keeps commits in order, so a crash can lose this commit
    // only together with the job's completion, and the job runs again. No fsync to wait for.
    await client.query('set local synchronous_commit = off');
    // Decoding is the costly part: only transactions this ingest claims are decoded, so a
    // repeated delivery costs one insert that finds every signature taken.
    const claimed = await claimTransactions(
      client,
      [...landed.values()].map((l) => l.row),
    );
    let top = 0n;
    let decoded = 0;
    for (const signature of claimed) {
      const { item, row } = landed.get(signature) as { item: TransactionItem; row: TransactionRow };
      for (const e of eventRowsOf(item, row, programs)) events.push(e);
      if (row.slot > top) top = row.slot;
      // Webhooks are answered on this thread: decoding a large delivery in one go would hold
      // their acknowledgements for its whole duration.
      decoded += 1;
      if (decoded % DECODE_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await copyEvents(client, events);
    await markProcessed(client, id);
    await client.query('commit');
    if (top > 0n) counters.lastIngestSlot.set(Number(top));
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
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
  counters.transactions.inc(delivery.items.length - failed);
  return { transactions: delivery.items.length - failed, newEvents: events.length, failed };
}

/** The graphile-worker task list of the indexer. */
export function ingestTaskList(input: {
  pool: pg.Pool;
  programs: ProgramAddresses;
  counters: IngestMetrics;
  logger: Logger;
}): Record<string, Task> {
  return {
    ingest_delivery: async (payload) => {
      const { deliveryId } = payload as { deliveryId: string };
      const result = await ingestDelivery(
        input.pool,
        BigInt(deliveryId),
        input.programs,
        input.counters,
      );
      input.logger.debug({ deliveryId, ...result }, 'delivery ingested');
    },
  };
}
