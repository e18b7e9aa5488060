// The durable job queue: graphile-worker on Postgres (schema keeper_worker). Cadences come from
// the market calendar and the spec: nav-push re-schedules itself at the calendar's next push
// time (15 s in market hours, 60 s off-hours, never later than the open), decided at the
// chain's time (jobs/nav-cadence.ts), with a cron kick every minute that re-creates it if the
// chain of jobs broke; the rest are crontab lines (UTC, on the wall clock: each job reads the
// chain's Clock for what it decides).
// Unique job keys make every (SKU) push and every (vault, asset) rebalance exist once; the
// runner runs only while this replica leads, so the follower never takes a job.
import {
  type Logger,
  type ReadinessPart,
  type SupervisedQueue,
  startSupervisedQueue,
} from '@basket/service-kit';
import { type TaskList, Logger as WorkerLogger, type WorkerUtils } from 'graphile-worker';
import type pg from 'pg';
import type { KeeperSku } from '../service/config.ts';
import { QUEUE_SCHEMA } from '../service/schema.ts';
import type { JobResult, KeeperContext } from './context.ts';
import { MIN_CHECK_MS, readNavTick } from './nav-cadence.ts';
import { JOBS, type JobName } from './registry.ts';

/**
 * Cron lines (UTC): minute hour day-of-month month day-of-week task [?fill=window]. `fill` is
 * graphile-worker's backfill: when a runner starts (a restart, or a failover to the other
 * replica) it runs each tick of the window that no runner ran, so an hour's watch, a day's
 * fees or a Sunday's epoch missed while no replica led are run late rather than dropped. The
 * window is one period of the job: the next tick covers anything older (the epoch distributor
 * itself pays every unpaid closed epoch since the last paid one). Each job is idempotent by its
 * action keys, so a backfilled tick after a run that did happen repeats nothing. The
 * every-minute jobs need none: the next minute does the same work.
 */
export const CRONTAB = [
  '* * * * * nav-push-kick',
  '* * * * * drift-scan',
  '* * * * * withdrawal-router',
  '* * * * * deposit-router',
  // Every 5 minutes: what it waits for (a thaw, an unpause) is an issuer's act, rare and not
  // urgent to the second, and each run is one getProgramAccounts per vault; the owner can pay
  // at once from the dapp. No fill: the next tick does the same work.
  '*/5 * * * * redemption-payer',
  '0 * * * * corp-action-watch ?fill=1h',
  '0 0 * * * collect-fees ?fill=1d',
  // Five minutes after the Sunday boundary: the window is taken in the chain's time, which
  // may trail the wall clock by seconds.
  '5 0 * * 0 epoch-distributor ?fill=7d',
].join('\n');

/**
 * nav-push runs before any other queued job (graphile-worker takes lower numbers first): a
 * queue full of rebalance legs retrying off-hours otherwise delayed pushes by a minute and more
 * (seen on the attached trading day: 102 s between two pushes at a 60 s cadence).
 */
const NAV_PUSH_PRIORITY = -10;

/** A failed nav-push tick is tried again within the market-hours cadence. */
const FAILED_TICK_RETRY_MS = 15_000;

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

/**
 * One nav-push tick of one SKU: the queue's timer fires on the wall clock, the decision is the
 * chain's (`navPushTick`): push when due at the chain's time (or at once when `force`d), then
 * check again one cadence later (a wall-clock wait, less what the push took); when not due,
 * check again when it is.
 */
async function navPushTask(ctx: KeeperContext, sku: KeeperSku, force: boolean): Promise<number> {
  const firedAt = Date.now();
  let waitMs = FAILED_TICK_RETRY_MS;
  await timedJob(ctx, 'nav-push', async () => {
    const tick = await readNavTick(ctx, sku);
    waitMs = tick.due || force ? tick.afterPushInMs : tick.nextCheckInMs;
    if (!tick.due && !force) {
      return {
        job: 'nav-push',
        summary: `${sku.skuId}: not due (age ${tick.ageSecs} s of a ${tick.cadenceSecs} s cadence at the chain's time)`,
      };
    }
    return JOBS['nav-push'].runFor(ctx, sku);
  });
  return Math.max(MIN_CHECK_MS, waitMs - (Date.now() - firedAt));
}

function taskList(ctx: KeeperContext): TaskList {
  const tasks: TaskList = {
    'nav-push': async (payload, helpers) => {
      const skuId = (payload as { skuId: string }).skuId;
      const sku = ctx.skus.find((s) => s.skuId === skuId);
      if (!sku) return;
      let waitMs = FAILED_TICK_RETRY_MS;
      // The cadence's own tick (`nav-push:<sku>`) pushes when due; any other nav-push job (the
      // corporate-action watch's freeze push, keyed `freeze:...`) pushes at once.
      const force = helpers.job.key !== `nav-push:${skuId}`;
      try {
        waitMs = await navPushTask(ctx, sku, force);
      } finally {
        await helpers.addJob(
          'nav-push',
          { skuId },
          {
            jobKey: `nav-push:${skuId}`,
            jobKeyMode: 'replace',
            runAt: new Date(Date.now() + waitMs),
            maxAttempts: 1,
            priority: NAV_PUSH_PRIORITY,
          },
        );
      }
    },
    'nav-push-kick': async (_payload, helpers) => {
      for (const sku of ctx.skus) {
        await helpers.addJob(
          'nav-push',
          { skuId: sku.skuId },
          {
            jobKey: `nav-push:${sku.skuId}`,
            jobKeyMode: 'preserve_run_at',
            maxAttempts: 1,
            priority: NAV_PUSH_PRIORITY,
          },
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
 * Starts the queue's runner (call when this replica becomes leader; stop when it is not),
 * supervised: every queue schema migrated first (a migration never stops another service's
 * runner), and a runner that stops by itself started again with backoff, `part` down
 * meanwhile (service-kit's startSupervisedQueue).
 *
 * @example
 * const queue = startQueue(ctx, pool, logger, 4, readiness.part('queue'));
 * await queue.started;
 * await queue.stop();
 */
export function startQueue(
  ctx: KeeperContext,
  pool: pg.Pool,
  logger: Logger,
  concurrency: number,
  part?: ReadinessPart,
): SupervisedQueue {
  return startSupervisedQueue(
    {
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
    },
    {
      logger,
      ...(part ? { part } : {}),
      // A new leader (or a restarted runner) ticks at once rather than at the next minute's
      // kick: it pushes if a push is due at the chain's time (a failover never waits past the
      // cadence, never pushes early).
      onStart: async (runner) => {
        for (const sku of ctx.skus) {
          await runner.addJob(
            'nav-push',
            { skuId: sku.skuId },
            {
              jobKey: `nav-push:${sku.skuId}`,
              jobKeyMode: 'preserve_run_at',
              maxAttempts: 1,
              priority: NAV_PUSH_PRIORITY,
            },
          );
        }
      },
    },
  );
}

/**
 * Queues `job` to run now on whichever replica leads (`keeper enqueue`, and the trading-day
 * demo attached to `npm start`, so a step need not wait for the job's next cron minute). A
 * nav-push replaces its SKU's scheduled tick (it re-schedules itself after running); any other
 * job is keyed per (job, SKU) so repeated calls queue it once.
 *
 * @example
 * await enqueueNow(workerUtils, 'drift-scan');
 */
export async function enqueueNow(
  utils: Pick<WorkerUtils, 'addJob'>,
  job: JobName,
  skuId?: string,
): Promise<void> {
  const payload = skuId ? { skuId } : {};
  const jobKey = job === 'nav-push' ? `nav-push:${skuId}` : `now:${job}:${skuId ?? '*'}`;
  if (job === 'nav-push' && !skuId) throw new Error('enqueue nav-push: name a SKU');
  await utils.addJob(job, payload, {
    jobKey,
    jobKeyMode: 'replace',
    runAt: new Date(),
    maxAttempts: 1,
    ...(job === 'nav-push' ? { priority: NAV_PUSH_PRIORITY } : {}),
  });
}
