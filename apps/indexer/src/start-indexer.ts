// The indexer service: Postgres (its own local server unless DATABASE_URL), migrations, the
// ingest queue (graphile-worker), the webhook and analytics routes, the finality pass.
import { startPostgres } from '@basket/postgres-server';
import type { ProgramAddresses } from '@basket/sdk';
import {
  type Logger,
  type Metrics,
  periodic,
  queueReadiness,
  startSupervisedQueue,
} from '@basket/service-kit';
import type { FastifyInstance } from 'fastify';
import { Logger as WorkerLogger } from 'graphile-worker';
import pg from 'pg';
import type { IndexerConfig } from './config.ts';
import { finalityPass } from './finality.ts';
import { indexerServer } from './indexer-server.ts';
import { ingestMetrics, ingestTaskList } from './ingest.ts';
import { migrate } from './migrate.ts';
import { differences } from './reconcile.ts';
import { reconcileMetrics, reconcileRound } from './reconcile-job.ts';
import { createIndexerRpc } from './rpc-client.ts';

export type Indexer = Readonly<{
  server: FastifyInstance;
  url: string;
  databaseUrl: string;
  writePool: pg.Pool;
  close: () => Promise<void>;
}>;

/** The configured database, or a local server of the indexer's own under its data dir. */
async function database(config: IndexerConfig) {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => {} };
  const server = await startPostgres({ dataDir: config.dataDir, env: {} });
  return { url: server.url, stop: server.stop };
}

/**
 * The indexer's tables live in their own schema, and its queue in another, so it can share
 * a database with the keeper (the local world gives every service one server).
 */
export const INDEXER_SCHEMA = 'indexer';
export const QUEUE_SCHEMA = 'indexer_worker';

/**
 * A pool whose idle clients' errors are logged: a server restart or failover terminates them,
 * and pg reports that as an 'error' event which, unhandled, would end the process; the next
 * query opens a new connection (a query's own errors reject that query, as before).
 */
export function indexerPool(url: string, max: number, logger: Pick<Logger, 'warn'>): pg.Pool {
  const p = new pg.Pool({
    connectionString: url,
    max,
    options: `-c search_path=${INDEXER_SCHEMA}`,
  });
  p.on('error', (error) => logger.warn({ err: error }, 'postgres idle client error'));
  return p;
}

/**
 * Starts everything and listens; `close()` stops in reverse order.
 *
 * @example
 * const indexer = await startIndexer(config, logger, metrics);
 * await indexer.close();
 */
export async function startIndexer(
  config: IndexerConfig,
  logger: Logger,
  metrics: Metrics,
): Promise<Indexer> {
  const db = await database(config);
  const writePool = indexerPool(db.url, 10, logger);
  const readPool = indexerPool(db.url, 5, logger);
  // An idle client's connection error must not crash the process: the next query reconnects.
  for (const p of [writePool, readPool]) {
    p.on('error', (error) => logger.warn({ err: error }, 'postgres client error'));
    // And a checked-out client's (graphile-worker asks for both).
    p.on('connect', (client) =>
      client.on('error', (error) => logger.warn({ err: error }, 'postgres client error')),
    );
  }
  const stops: (() => Promise<unknown>)[] = [db.stop, () => writePool.end(), () => readPool.end()];
  try {
    const applied = await migrate(writePool);
    if (applied.length > 0) logger.info({ applied }, 'schema migrated');
    const counters = ingestMetrics(metrics);
    const programs = config.programs as ProgramAddresses;
    // Supervised (service-kit): every queue schema of the database migrated first, so the
    // keeper's first start beside it cannot stop this runner (issue 32); a runner that stops
    // by itself is started again with backoff (decision 0200).
    const queue = startSupervisedQueue(
      {
        pgPool: writePool,
        schema: QUEUE_SCHEMA,
        concurrency: config.workerConcurrency,
        noHandleSignals: true,
        pollInterval: 1_000,
        logger: new WorkerLogger(() => (level, message, meta) => {
          const log =
            level === 'error' ? logger.error : level === 'warning' ? logger.warn : logger.debug;
          log.call(logger, { component: 'queue', ...meta }, message);
        }),
        taskList: ingestTaskList({ pool: writePool, programs, counters, logger }),
      },
      { logger },
    );
    stops.unshift(() => queue.stop());
    await queue.started;

    const rpc = createIndexerRpc(config.rpcUrl, config.rpcPerSecond, config.rpcQueueMax);
    const lag = metrics.gauge(
      'finality_lag_seconds',
      'Age of the oldest confirmed, unfinalized row',
    );
    const headLag = metrics.gauge(
      'chain_head_lag_slots',
      'Slots between the cluster head and the newest indexed transaction',
    );
    const finalized = metrics.counter('transactions_finalized_total', 'Rows moved to finalized');
    const dropped = metrics.counter(
      'transactions_dropped_total',
      'Transactions that never finalized',
    );
    const finality = periodic(
      async () => {
        const r = await finalityPass(
          writePool,
          (s) => rpc.signatureStatuses(s),
          config.dropAfterMs,
        );
        finalized.inc(r.finalized);
        dropped.inc(r.dropped);
        lag.set(r.oldestPendingMs / 1000);
        // Lag to the chain head: how far the newest indexed transaction is behind the
        // cluster (one getSlot per pass, well inside the RPC budget).
        const [head, newest] = await Promise.all([
          rpc.headSlot(),
          writePool.query<{ slot: string | null }>(
            'select max(slot)::text as slot from transactions',
          ),
        ]);
        const indexed = newest.rows[0]?.slot;
        if (indexed) headLag.set(Number(head - BigInt(indexed)));
        if (r.dropped > 0)
          logger.warn({ dropped: r.dropped }, 'removed rows of transactions that never finalized');
      },
      config.finalityIntervalMs,
      (error) => logger.warn({ err: error }, 'finality pass failed'),
    );
    stops.unshift(() => finality.stop());

    if (config.reconcileIntervalMs > 0) {
      const reconcileCounters = reconcileMetrics(metrics);
      const reconciling = periodic(
        async () => {
          const round = await reconcileRound({
            pool: writePool,
            rpc,
            programs,
            metrics: reconcileCounters,
          });
          const left = differences(round.compared);
          if (left.length > 0)
            logger.warn(
              {
                differences: left.map((d) => ({ ...d, chain: `${d.chain}`, rows: `${d.rows}` })),
                repaired: round.repaired,
              },
              'rows differ from the chain',
            );
        },
        config.reconcileIntervalMs,
        (error) => logger.warn({ err: error }, 'reconciliation failed'),
      );
      stops.unshift(() => reconciling.stop());
    }

    const server = await indexerServer({
      config,
      logger,
      metrics,
      writePool,
      readPool,
      // Probed by the service kit every finality interval: /readyz answers from the last probe.
      readiness: [
        { name: 'postgres', check: async () => (await readPool.query('select 1')).rowCount === 1 },
        queueReadiness(queue),
      ],
      probeIntervalMs: config.finalityIntervalMs,
      accruedMgmtFee: (sku) => rpc.mgmtFeeAccruedShares(sku, programs),
    });
    const url = await server.listen({ host: config.host, port: config.port });
    logger.info({ url }, 'indexer listening');
    return {
      server,
      url,
      databaseUrl: db.url,
      writePool,
      close: async () => {
        await server.close();
        for (const stop of stops)
          await stop().catch((error) => logger.warn({ err: error }, 'stop failed'));
      },
    };
  } catch (error) {
    for (const stop of stops) await stop().catch(() => {});
    throw error;
  }
}
