// The reconciliation job: a round of `reconcile`, its differences as gauges (alerted when not
// zero, ops/monitoring/alerts.yaml), and the repair of missing events by a backfill of the
// vault program from the RPC. Run on a schedule by the service and on demand by
// `indexer reconcile`.
import type { ProgramAddresses } from '@basket/sdk';
import type { Metrics } from '@basket/service-kit';
import type pg from 'pg';
import { backfill } from './backfill.ts';
import {
  comparedFields,
  differences,
  reconcile,
  repairBound,
  type SkuReconciliation,
} from './reconcile.ts';
import type { IndexerRpc } from './rpc-client.ts';

export type ReconcileMetrics = ReturnType<typeof reconcileMetrics>;

export function reconcileMetrics(metrics: Metrics) {
  return {
    difference: metrics.gauge(
      'reconcile_difference',
      'Rows against the chain at the same event sequence, absolute difference per vault and field',
      ['sku', 'field'],
    ),
    runs: metrics.counter('reconcile_runs_total', 'Reconciliation rounds', ['outcome']),
    repairs: metrics.counter(
      'reconcile_repairs_total',
      'Transactions backfilled from the RPC to fill missing events',
    ),
  };
}

export type ReconcileRound = Readonly<{
  compared: SkuReconciliation[];
  moving: string[];
  /** Transactions stored by the repair's backfill (their ingest follows). */
  repaired: number;
}>;

/**
 * One round: compares, sets the gauges, and backfills each vault with missing events.
 *
 * @example
 * const round = await reconcileRound({ pool, rpc, programs, metrics: reconcileMetrics(m) });
 */
export async function reconcileRound(input: {
  pool: pg.Pool;
  rpc: IndexerRpc;
  programs: ProgramAddresses;
  metrics?: ReconcileMetrics;
  repair?: boolean;
}): Promise<ReconcileRound> {
  const { compared, moving } = await reconcile(input.pool, input.rpc, input.programs);
  for (const s of compared)
    for (const { field, chain, rows } of comparedFields(s)) {
      input.metrics?.difference.set(
        { sku: s.sku, field },
        Number(chain > rows ? chain - rows : rows - chain),
      );
    }
  const gaps = compared.filter((s) => s.missing.length > 0);
  input.metrics?.runs.inc({
    outcome: differences(compared).length === 0 ? 'clean' : 'different',
  });
  let repaired = 0;
  if (input.repair !== false) {
    for (const s of gaps) {
      const until = await repairBound(input.pool, s);
      // A repair is a new run: a finished backfill to the same bound would not look again.
      await input.pool.query(
        `delete from backfill_runs where program = 'vault' and until_marker = $1`,
        [`slot:${until.slot}`],
      );
      const result = await backfill({
        pool: input.pool,
        rpc: input.rpc,
        program: 'vault',
        programAddress: input.programs.vault,
        until,
      });
      repaired += result.stored;
    }
    input.metrics?.repairs.inc(repaired);
  }
  return { compared, moving, repaired };
}
