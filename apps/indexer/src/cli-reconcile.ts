// `indexer reconcile`: one reconciliation round on demand, its repair ingested inline (so it
// works without the service running), then a second round to show what is left. Prints a
// table per vault; exits 0 when every vault is clean, 1 when a difference remains.
import { parseArgs } from 'node:util';
import type { ProgramAddresses } from '@basket/sdk';
import { createLogger, createMetrics } from '@basket/service-kit';
import { runMigrations } from 'graphile-worker';
import type { IndexerConfig } from './config.ts';
import { ingestDelivery, ingestMetrics } from './ingest.ts';
import { migrate } from './migrate.ts';
import { comparedFields, differences, type SkuReconciliation } from './reconcile.ts';
import { reconcileRound } from './reconcile-job.ts';
import { createIndexerRpc } from './rpc-client.ts';
import { indexerPool, QUEUE_SCHEMA } from './start-indexer.ts';

export const RECONCILE_HELP = `usage: indexer reconcile [--no-repair]

Compares, for every vault on chain, what the indexer's rows say with the chain's accounts at
the same point of the vault's history (its event sequence): the events indexed, the open
withdrawal requests and the shares they escrow, the open redemption claims, the effective
share supply (minted + fee shares owed + escrowed), the cash book and each asset's book.
Missing events are repaired by backfilling the vault program from the RPC (--no-repair:
report only), then the comparison runs again. Prints a table; exit status 0 when every vault is clean, 1 when a
difference remains, 2 on bad arguments. Needs DATABASE_URL and SOLANA_RPC_URL (and
WORLD_MANIFEST or INDEXER_PROGRAM_IDS), as the service.`;

/** The round as a table: one row per vault and field, chain beside rows. */
export function reconcileTable(compared: readonly SkuReconciliation[]): string {
  const lines = [
    '| sku | event sequence | field | chain | rows | difference |',
    '|---|---:|---|---:|---:|---:|',
  ];
  for (const s of compared)
    for (const { field, chain, rows } of comparedFields(s))
      lines.push(
        `| ${s.sku} | ${s.eventSequence} | ${field} | ${chain} | ${rows} | ${chain - rows} |`,
      );
  return lines.join('\n');
}

export async function runReconcileCli(
  argv: readonly string[],
  config: IndexerConfig,
): Promise<number> {
  let repair = true;
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { 'no-repair': { type: 'boolean' } },
      strict: true,
    });
    repair = !values['no-repair'];
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${RECONCILE_HELP}\n`);
    return 2;
  }
  if (!config.databaseUrl) {
    process.stderr.write('DATABASE_URL: required for a reconciliation (the service database)\n');
    return 2;
  }
  const logger = createLogger({ name: 'indexer-reconcile', secrets: [config.webhookSecret] });
  const pool = indexerPool(config.databaseUrl, 5, logger);
  try {
    await migrate(pool);
    await runMigrations({ pgPool: pool, schema: QUEUE_SCHEMA });
    const programs = config.programs as ProgramAddresses;
    const rpc = createIndexerRpc(config.rpcUrl, config.rpcPerSecond, config.rpcQueueMax);
    let round = await reconcileRound({ pool, rpc, programs, repair });
    if (round.repaired > 0) {
      const { rows } = await pool.query<{ id: string }>(
        `select id from deliveries where source = 'backfill' and processed_at is null order by id`,
      );
      const counters = ingestMetrics(createMetrics('indexer_reconcile'));
      for (const r of rows) await ingestDelivery(pool, BigInt(r.id), programs, counters);
      round = await reconcileRound({ pool, rpc, programs, repair: false });
    }
    process.stdout.write(`${reconcileTable(round.compared)}\n`);
    if (round.moving.length > 0)
      process.stdout.write(`moving during the reads (compare again): ${round.moving.join(', ')}\n`);
    const left = differences(round.compared);
    process.stdout.write(left.length === 0 ? 'clean\n' : `${left.length} difference(s)\n`);
    return left.length === 0 ? 0 : 1;
  } catch (error) {
    logger.error({ err: error }, 'reconciliation failed');
    return 1;
  } finally {
    await pool.end();
  }
}
