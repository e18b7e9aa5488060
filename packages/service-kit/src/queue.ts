// The services' graphile-worker queues. Every migration of a queue schema sends NOTIFY on the
// database-wide channel `worker:migrate`, and every running runner of ANY schema in that
// database shuts itself down on a breaking one: the indexer's runner stopped when the keeper's
// schema migrated beside it on a first `npm start` (issue 32). So no runner starts before
// every queue schema of the project is migrated in its database, under one advisory lock
// (docs/decisions/0200-every-queue-schema-migrated-before-any-runner-starts.md); and a runner that still
// stops by itself is started again with backoff, its readiness part down meanwhile.
import { ExponentialBackoff, type IBackoff } from 'cockatiel';
import { type Runner, type RunnerOptions, run, runMigrations } from 'graphile-worker';
import type pg from 'pg';
import type { Logger } from './logger.ts';
import type { ReadinessCheck, ReadinessPart } from './readiness.ts';

/**
 * Every queue schema of the project. A database may hold any of them (the local world gives
 * all services one), so each service migrates all of them before its runner starts.
 */
export const QUEUE_SCHEMAS = ['keeper_worker', 'indexer_worker'] as const;
export type QueueSchema = (typeof QUEUE_SCHEMAS)[number];

/** A queue schema missing from {@link QUEUE_SCHEMAS}: its migration could stop the others. */
export class UnknownQueueSchema extends Error {
  override name = 'UnknownQueueSchema';
  constructor(schema: string) {
    super(`queue schema "${schema}" is not in QUEUE_SCHEMAS (service-kit/src/queue.ts)`);
  }
}

/** One lock for every queue migration of a database (hashtext of a fixed name, as a bigint). */
const MIGRATION_LOCK_SQL = "select pg_advisory_lock(hashtext('basket:queue-migrations'))";
const MIGRATION_UNLOCK_SQL = "select pg_advisory_unlock(hashtext('basket:queue-migrations'))";

/**
 * Migrates every schema of {@link QUEUE_SCHEMAS} in the pool's database, one caller at a time.
 * Afterwards a runner of any of them starts with nothing left to migrate, so it announces
 * nothing on `worker:migrate` and stops no other runner.
 *
 * @example
 * await migrateQueueSchemas(pool);
 */
export async function migrateQueueSchemas(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query(MIGRATION_LOCK_SQL);
    try {
      for (const schema of QUEUE_SCHEMAS) await runMigrations({ pgPool: pool, schema });
    } finally {
      await client.query(MIGRATION_UNLOCK_SQL);
    }
  } finally {
    client.release();
  }
}

export type SupervisedQueue = Readonly<{
  /** The runner while one runs, else null. */
  runner: () => Runner | null;
  /** Resolves when the first runner started (rejects only if stopped before). */
  started: Promise<void>;
  /** How many times a runner was started again after stopping by itself. */
  restarts: () => number;
  stop: () => Promise<void>;
}>;

/**
 * Starts a graphile-worker runner for `options.schema` after {@link migrateQueueSchemas}, and
 * keeps one running: a runner that stops by itself (a breaking-migration notice, a lost
 * connection it gives up on) marks `part` down with the reason, waits an exponential backoff
 * (cockatiel; reset after each successful start) and is started again. A start that fails is
 * retried the same way. `stop()` stops the current runner and any pending restart.
 *
 * @example
 * const queue = startSupervisedQueue({ pgPool: pool, schema: 'indexer_worker', taskList },
 *   { logger, part: readiness.part('queue') });
 * await queue.started;
 * await queue.stop();
 */
export function startSupervisedQueue(
  options: RunnerOptions & { pgPool: pg.Pool; schema: QueueSchema },
  supervision: {
    logger: Logger;
    part?: ReadinessPart;
    initialDelayMs?: number;
    maxDelayMs?: number;
    /** Called after each start (the first and every restart), e.g. to enqueue first ticks. */
    onStart?: (runner: Runner) => Promise<void>;
  },
): SupervisedQueue {
  if (!(QUEUE_SCHEMAS as readonly string[]).includes(options.schema))
    throw new UnknownQueueSchema(options.schema);
  const log = supervision.logger.child({ component: 'queue-supervisor', schema: options.schema });
  const backoff = restartBackoff({
    initialDelayMs: supervision.initialDelayMs ?? 1_000,
    maxDelayMs: supervision.maxDelayMs ?? 30_000,
  });
  let current: Runner | null = null;
  let stopping = false;
  let restarts = 0;
  let wake: (() => void) | undefined;
  let loopDone: Promise<void> = Promise.resolve();
  let resolveStarted!: () => void;
  let rejectStarted!: (error: Error) => void;
  const started = new Promise<void>((resolve, reject) => {
    resolveStarted = resolve;
    rejectStarted = reject;
  });
  // Never an unhandled rejection when nobody awaits `started`.
  started.catch(() => {});

  const sleep = async (ms: number) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wake = undefined;
  };

  const loop = async () => {
    let first = true;
    while (!stopping) {
      let runner: Runner;
      try {
        await migrateQueueSchemas(options.pgPool);
        runner = await run(options);
        if (process.exitCode === 57) {
          // graphile-worker marks a breaking-migration stop for the process; a new runner
          // that started cleanly clears it, so a later clean shutdown still exits 0.
          process.exitCode = undefined;
        }
        if (stopping) {
          await runner.stop();
          break;
        }
        current = runner;
        await supervision.onStart?.(runner);
      } catch (error) {
        // A runner whose start-up hook failed must not keep running beside the next one.
        const half = current as Runner | null;
        current = null;
        if (half) await half.stop().catch(() => {});
        supervision.part?.down(`queue runner could not start: ${(error as Error).message}`);
        const ms = backoff.next();
        log.warn({ err: error, retryInMs: ms }, 'queue runner failed to start; retrying');
        await sleep(ms);
        continue;
      }
      backoff.reset();
      supervision.part?.up();
      if (first) {
        first = false;
        resolveStarted();
      } else {
        restarts += 1;
        log.info({ restarts }, 'queue runner restarted');
      }
      let reason = 'stopped by itself';
      try {
        await runner.promise;
      } catch (error) {
        reason = `stopped by itself: ${(error as Error).message}`;
      }
      current = null;
      if (stopping) break;
      supervision.part?.down(`queue runner ${reason}; restarting`);
      const ms = backoff.next();
      log.warn({ reason, restartInMs: ms }, 'queue runner stopped by itself; restarting');
      await sleep(ms);
    }
    if (first) rejectStarted(new Error('queue stopped before its runner started'));
  };
  loopDone = loop().catch((error) => {
    log.error({ err: error }, 'queue supervisor failed');
  });

  return {
    runner: () => current,
    started,
    restarts: () => restarts,
    stop: async () => {
      stopping = true;
      wake?.();
      const r = current;
      current = null;
      if (r) await r.stop().catch(() => {});
      await loopDone;
      supervision.part?.down('stopped');
    },
  };
}

/**
 * A readiness check for a service that keeps its checks as a list: down while the supervised
 * queue has no runner (starting, or restarting after it stopped by itself).
 *
 * @example
 * createServiceServer({ logger, metrics, readiness: [queueReadiness(queue)] });
 */
export function queueReadiness(queue: SupervisedQueue): ReadinessCheck {
  return {
    name: 'queue',
    check: () => {
      if (queue.runner() === null) throw new Error('queue runner not running (restarting)');
      return true;
    },
  };
}

/**
 * Delays between restarts of something that keeps stopping (cockatiel's exponential backoff
 * with decorrelated jitter): `next()` the wait before the next restart, `reset()` once it ran
 * well again. For supervisors of processes as well as runners.
 *
 * @example
 * const backoff = restartBackoff({ initialDelayMs: 1_000, maxDelayMs: 30_000 });
 * setTimeout(restart, backoff.next());
 */
export function restartBackoff(options: { initialDelayMs: number; maxDelayMs: number }) {
  const factory = new ExponentialBackoff({
    initialDelay: options.initialDelayMs,
    maxDelay: options.maxDelayMs,
  });
  let current: IBackoff<unknown> | undefined;
  return {
    next: (): number => {
      current = current ? current.next(undefined) : factory.next();
      return current.duration;
    },
    reset: (): void => {
      current = undefined;
    },
  };
}
