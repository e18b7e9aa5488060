// The ingest task: a stored delivery becomes rows in one database transaction, so a crash
// halfway leaves nothing half-written and the queue's retry writes it whole.
import type { ProgramAddresses } from '@basket/sdk';
import type { Logger, Metrics } from '@basket/service-kit';
import type { Task } from 'graphile-worker';
import type pg from 'pg';
import { rowsOfItem } from './event-rows.ts';
import { loadDelivery, markProcessed, writeRows } from './store.ts';

export type IngestMetrics = ReturnType<typeof ingestMetrics>;

export function ingestMetrics(metrics: Metrics) {
  return {
    events: metrics.counter(
      'events_processed_total',
      'Event fields processed (a repeat delivery counts again)',
      ['program', 'status'],
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
  const client = await pool.connect();
  let newEvents = 0;
  let failed = 0;
  try {
    const batch: Extract<ReturnType<typeof rowsOfItem>, { kind: 'rows' }>[] = [];
    for (const item of delivery.items) {
      const rows = rowsOfItem(item, programs);
      if (rows.kind === 'failed') failed += 1;
      else batch.push(rows);
    }
    await client.query('begin');
    newEvents = await writeRows(client, batch);
    let top = 0n;
    for (const b of batch) if (b.transaction.slot > top) top = b.transaction.slot;
    if (top > 0n) counters.lastIngestSlot.set(Number(top));
    await markProcessed(client, id);
    await client.query('commit');
    for (const b of batch) {
      for (const e of b.events)
        counters.events.inc({ program: e.program ?? 'unknown', status: e.status });
    }
    counters.newEvents.inc(newEvents);
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  counters.failedTransactions.inc(failed);
  counters.transactions.inc(delivery.items.length - failed);
  return { transactions: delivery.items.length - failed, newEvents, failed };
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
