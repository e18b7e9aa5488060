// The durable job queue: graphile-worker on Postgres (schema keeper_worker). Cadences come from
// the market calendar and the spec: nav-push re-schedules itself at the calendar's next push
// time (15 s in market hours, 60 s off-hours, never later than the open), with a cron kick
// every minute that re-creates it if the chain broke; the rest are crontab lines (UTC).
// Unique job keys make every (SKU) push and every (vault, asset) rebalance exist once; the
// runner runs only while this replica leads, so the follower never takes a job.
import { nextNavPushAt } from '@basket/market-calendar';
import type { Logger } from '@basket/service-kit';
import { type Runner, run, type TaskList, Logger as WorkerLogger } from 'graphile-worker';
import type pg from 'pg';
import { QUEUE_SCHEMA } from '../service/schema.ts';
import type { JobResult, KeeperContext } from './context.ts';
import { JOBS, type JobName } from './registry.ts';

/** Cron lines (UTC): minute hour day-of-month month day-of-week task. */
export const CRONTAB = [
  '* * * * * nav-push-kick',
  '* * * * * drift-scan',
  '* * * * * withdrawal-router',
  '* * * * * deposit-router',
  '0 * * * * corp-action-watch',
  '0 0 * * * collect-fees',
  // Five minutes after the Sunday boundary: the window is taken in the chain's time, which
  // may trail the wall clock by seconds.
  '5 0 * * 0 epoch-distributor',
].join('\n');

/** Runs one job with its metrics (runs, failures, latency, last success). */
export async function timedJob(
  ctx: KeeperContext,
  job: string,
  fn: () => Promise<JobResult | JobResult[]>,
): Promise<JobResult[]> {
  const end = ctx.metrics.jobLatency.startTimer({ job });
  try {
    const out = await fn();
    ctx.metrics.jobRuns.inc({ job, outcome: 'ok' });
    ctx.metrics.jobLastSuccess.set({ job }, Math.floor(Date.now() / 1000));
    const results = Array.isArray(out) ? out : [out];
    for (const r of results) ctx.logger.info({ job, details: r.details }, r.summary);
    return results;
  } catch (error) {
    ctx.metrics.jobRuns.inc({ job, outcome: 'failed' });
    ctx.logger.warn({ job, err: error }, `${job} failed`);
    throw error;
  } finally {
    end();
  }
}

function taskList(ctx: KeeperContext): TaskList {
  const tasks: TaskList = {
    'nav-push': async (payload, helpers) => {
      const skuId = (payload as { skuId: string }).skuId;
      const sku = ctx.skus.find((s) => s.skuId === skuId);
      if (!sku) return;
      try {
        await timedJob(ctx, 'nav-push', () => JOBS['nav-push'].runFor(ctx, sku));
      } finally {
        await helpers.addJob(
          'nav-push',
          { skuId },
          {
            jobKey: `nav-push:${skuId}`,
            jobKeyMode: 'replace',
            runAt: nextNavPushAt(ctx.now()),
            maxAttempts: 1,
          },
        );
      }
    },
    'nav-push-kick': async (_payload, helpers) => {
      for (const sku of ctx.skus) {
        await helpers.addJob(
          'nav-push',
          { skuId: sku.skuId },
          { jobKey: `nav-push:${sku.skuId}`, jobKeyMode: 'preserve_run_at', maxAttempts: 1 },
        );
      }
    },
  };
  for (const name of Object.keys(JOBS) as JobName[]) {
    if (name === 'nav-push') continue;
    tasks[name] = async (payload) => {
      await timedJob(ctx, name, () => JOBS[name].run(ctx, payload));
    };
  }
  return tasks;
}

/**
 * Starts the queue's runner (call when this replica becomes leader; stop when it is not).
 *
 * @example
 * const runner = await startQueue(ctx, pool, logger);
 * await runner.stop();
 */
export async function startQueue(
  ctx: KeeperContext,
  pool: pg.Pool,
  logger: Logger,
  concurrency: number,
): Promise<Runner> {
  const runner = await run({
    pgPool: pool,
    schema: QUEUE_SCHEMA,
    concurrency,
    noHandleSignals: true,
    pollInterval: 1_000,
    crontab: CRONTAB,
    logger: new WorkerLogger(() => (level, message, meta) => {
      const log =
        level === 'error' ? logger.error : level === 'warning' ? logger.warn : logger.debug;
      log.call(logger, { component: 'queue', ...meta }, message);
    }),
    taskList: taskList(ctx),
  });
  // A new leader pushes at once rather than at the next minute's kick.
  for (const sku of ctx.skus) {
    await runner.addJob(
      'nav-push',
      { skuId: sku.skuId },
      { jobKey: `nav-push:${sku.skuId}`, jobKeyMode: 'preserve_run_at', maxAttempts: 1 },
    );
  }
  return runner;
}
