// `indexer backfill --program vault --until <signature|slot>`: the backfill as a command, with
// a progress bar; the rows are written by the same ingest as the webhooks (inline here, so it
// works without the service running; the queued jobs find them written and add nothing).
import { parseArgs } from 'node:util';
import type { ProgramAddresses } from '@basket/sdk';
import { createLogger, createMetrics } from '@basket/service-kit';
import { SingleBar } from 'cli-progress';
import { runMigrations } from 'graphile-worker';
import { backfill, parseUntil } from './backfill.ts';
import type { IndexerConfig } from './config.ts';
import { ingestDelivery, ingestMetrics } from './ingest.ts';
import { migrate } from './migrate.ts';
import { createIndexerRpc } from './rpc-client.ts';
import { indexerPool, QUEUE_SCHEMA } from './start-indexer.ts';

export const BACKFILL_HELP = `usage: indexer backfill --program oracle|vault|rewards --until <signature|slot>

Indexes the program's transactions from the newest back to --until (exclusive: a signature
already indexed, or a slot), through getSignaturesForAddress pages and getTransaction, within
INDEXER_RPC_PER_SECOND (default 50). Transactions already indexed are not fetched again, so the
same command repairs gaps. Interrupted, it resumes where it stopped. Needs DATABASE_URL and
SOLANA_RPC_URL (and WORLD_MANIFEST or INDEXER_PROGRAM_IDS), as the service.`;

export async function runBackfillCli(
  argv: readonly string[],
  config: IndexerConfig,
): Promise<number> {
  let program: 'oracle' | 'vault' | 'rewards';
  let untilText: string;
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { program: { type: 'string' }, until: { type: 'string' } },
      strict: true,
    });
    if (values.program !== 'oracle' && values.program !== 'vault' && values.program !== 'rewards') {
      throw new Error('--program: one of oracle, vault, rewards');
    }
    if (!values.until) throw new Error('--until: a signature or a slot is required');
    program = values.program;
    untilText = values.until;
    parseUntil(untilText);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${BACKFILL_HELP}\n`);
    return 2;
  }
  if (!config.databaseUrl) {
    process.stderr.write('DATABASE_URL: required for a backfill (the service database)\n');
    return 2;
  }
  const logger = createLogger({ name: 'indexer-backfill', secrets: [config.webhookSecret] });
  const pool = indexerPool(config.databaseUrl, 5, logger);
  const bar = new SingleBar({
    format: 'backfill {program} | {value} stored of {listed} listed | oldest slot {slot}',
    hideCursor: true,
  });
  try {
    await migrate(pool);
    await runMigrations({ pgPool: pool, schema: QUEUE_SCHEMA });
    bar.start(0, 0, { program, listed: 0, slot: '-' });
    const programs = config.programs as ProgramAddresses;
    const result = await backfill({
      pool,
      rpc: createIndexerRpc(config.rpcUrl, config.rpcPerSecond),
      program,
      programAddress: programs[program],
      until: parseUntil(untilText),
      onProgress: (p) =>
        bar.update(p.stored, { listed: p.listed, slot: p.oldestSlot?.toString() ?? '-' }),
    });
    bar.stop();
    const { rows } = await pool.query<{ id: string }>(
      `select id from deliveries where source = 'backfill' and processed_at is null order by id`,
    );
    const counters = ingestMetrics(createMetrics('indexer_backfill'));
    for (const r of rows) await ingestDelivery(pool, BigInt(r.id), programs, counters);
    logger.info({ ...result, oldestSlot: result.oldestSlot?.toString() ?? null }, 'backfill done');
    return 0;
  } catch (error) {
    bar.stop();
    logger.error({ err: error }, 'backfill failed');
    return 1;
  } finally {
    await pool.end();
  }
}
