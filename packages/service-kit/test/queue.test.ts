// The services' queues against a real Postgres: a runner of one schema is never stopped by
// another schema's migration (issue 32's first-start race), and a runner that stops by itself
// is started again with its readiness part down meanwhile.
import { EventEmitter, once } from 'node:events';
import { Writable } from 'node:stream';
import { createDatabase, startTestDatabase } from '@basket/postgres-server';
import {
  type Runner,
  run,
  type Task,
  type WorkerEvents,
  Logger as WorkerLogger,
} from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLogger,
  createReadiness,
  QUEUE_SCHEMAS,
  type QueueSchema,
  startSupervisedQueue,
  UnknownQueueSchema,
} from '../src/index.ts';

const quiet = createLogger({
  name: 'queue-test',
  level: 'silent',
  destination: new Writable({ write: (_c, _e, done) => done() }),
});
const noLogs = { logger: quiet };
const silentWorkerLogger = new WorkerLogger(() => () => {});

let server: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  server = await startTestDatabase('queue');
}, 120_000);
afterAll(() => server?.close());

/** A fresh database on the test server, with a pool; `drop()` ends both. */
async function freshDatabase() {
  const db = await createDatabase(server.server.url, 'queue_race');
  const pool = new pg.Pool({ connectionString: db.url, max: 6 });
  pool.on('error', () => {});
  return {
    pool,
    drop: async () => {
      await pool.end();
      await db.drop();
    },
  };
}

/** A task list whose one task resolves `done` (the runner is alive and takes jobs). */
function probeTask() {
  let done!: () => void;
  const ran = new Promise<void>((r) => {
    done = r;
  });
  const task: Task = async () => done();
  return { taskList: { probe: task }, ran };
}

/**
 * Proves a runner alive after every start: it takes a job. The race settles on whichever
 * comes first, the job run or the runner's own end, so a stopped runner fails at once.
 */
async function aliveAfter(runner: Runner, ran: Promise<void>): Promise<'alive' | 'stopped'> {
  await runner.addJob('probe', {});
  return Promise.race([
    ran.then(() => 'alive' as const),
    runner.promise.then(
      () => 'stopped' as const,
      () => 'stopped' as const,
    ),
  ]);
}

describe('queue schemas and runners', () => {
  it('lists every schema a service starts a runner for', () => {
    expect(QUEUE_SCHEMAS).toEqual(['keeper_worker', 'indexer_worker']);
    expect(() =>
      startSupervisedQueue({ pgPool: {} as pg.Pool, schema: 'other' as QueueSchema }, noLogs),
    ).toThrow(UnknownQueueSchema);
  });

  it('without the common migration, a second schema migrating stops the first runner (the bug)', async () => {
    // Given a keeper runner started alone on a fresh database, as graphile-worker's run() does,
    // and listening for notices
    const db = await freshDatabase();
    try {
      const events: WorkerEvents = new EventEmitter();
      const listening = once(events, 'pool:listen:success');
      const keeper = await run({
        pgPool: db.pool,
        schema: 'keeper_worker',
        noHandleSignals: true,
        pollInterval: 1_000,
        logger: silentWorkerLogger,
        taskList: {},
        events,
      });
      await listening;
      // When the indexer's schema migrates beside it
      const indexer = await run({
        pgPool: db.pool,
        schema: 'indexer_worker',
        noHandleSignals: true,
        pollInterval: 1_000,
        logger: silentWorkerLogger,
        taskList: {},
      });
      // Then the keeper's runner has shut itself down (what issue 32 saw on a first start)
      await expect(keeper.promise.then(() => 'stopped')).resolves.toBe('stopped');
      await indexer.stop();
      process.exitCode = undefined;
    } finally {
      await db.drop();
    }
  }, 60_000);

  it('one service started after the other leaves the first running', async () => {
    const db = await freshDatabase();
    try {
      const a = probeTask();
      const keeper = startSupervisedQueue(
        { pgPool: db.pool, schema: 'keeper_worker', noHandleSignals: true, taskList: a.taskList },
        noLogs,
      );
      await keeper.started;
      const b = probeTask();
      const indexer = startSupervisedQueue(
        { pgPool: db.pool, schema: 'indexer_worker', noHandleSignals: true, taskList: b.taskList },
        noLogs,
      );
      await indexer.started;
      const [ka, ia] = [keeper.runner(), indexer.runner()];
      expect(await aliveAfter(ka as Runner, a.ran)).toBe('alive');
      expect(await aliveAfter(ia as Runner, b.ran)).toBe('alive');
      expect(keeper.restarts()).toBe(0);
      await Promise.all([keeper.stop(), indexer.stop()]);
    } finally {
      await db.drop();
    }
  }, 60_000);

  it('both services starting at the same instant on a fresh database, 12 times: none stops', async () => {
    for (let round = 0; round < 12; round++) {
      const db = await freshDatabase();
      try {
        const probes = QUEUE_SCHEMAS.map(() => probeTask());
        const queues = QUEUE_SCHEMAS.map((schema, i) =>
          startSupervisedQueue(
            {
              pgPool: db.pool,
              schema,
              noHandleSignals: true,
              taskList: (probes[i] as ReturnType<typeof probeTask>).taskList,
            },
            { logger: quiet, initialDelayMs: 1, maxDelayMs: 5 },
          ),
        );
        await Promise.all(queues.map((q) => q.started));
        const states = await Promise.all(
          queues.map((q, i) =>
            aliveAfter(q.runner() as Runner, (probes[i] as ReturnType<typeof probeTask>).ran),
          ),
        );
        // Every runner took a job and none had to be restarted: no migration stopped one.
        expect(states).toEqual(['alive', 'alive']);
        expect(queues.map((q) => q.restarts())).toEqual([0, 0]);
        await Promise.all(queues.map((q) => q.stop()));
      } finally {
        await db.drop();
      }
    }
  }, 240_000);

  it('a runner that stops by itself is restarted with backoff, readiness down meanwhile', async () => {
    const db = await freshDatabase();
    try {
      const readiness = createReadiness();
      const part = readiness.part('queue');
      const transitions: string[] = [];
      const watched = {
        name: part.name,
        up: () => {
          transitions.push('up');
          part.up();
        },
        down: (reason: string) => {
          transitions.push(`down: ${reason}`);
          part.down(reason);
        },
      };
      let restarted!: () => void;
      const secondStart = new Promise<void>((r) => {
        restarted = r;
      });
      let starts = 0;
      const probe = probeTask();
      const events: WorkerEvents = new EventEmitter();
      const listening = once(events, 'pool:listen:success');
      const queue = startSupervisedQueue(
        {
          pgPool: db.pool,
          schema: 'indexer_worker',
          noHandleSignals: true,
          taskList: probe.taskList,
          events,
        },
        {
          logger: quiet,
          part: watched,
          initialDelayMs: 1,
          maxDelayMs: 5,
          onStart: async () => {
            starts += 1;
            if (starts === 2) restarted();
          },
        },
      );
      await queue.started;
      await listening;
      expect(readiness.report().ready).toBe(true);
      const first = queue.runner() as Runner;
      // When another deployment announces a breaking migration, the runner shuts itself down
      await db.pool.query(`select pg_notify('worker:migrate', $1)`, [
        JSON.stringify({ migrationNumber: 999, breaking: true }),
      ]);
      await first.promise;
      // Then it is started again, and the part went down with the reason before coming back up
      await secondStart;
      // And the new runner takes jobs
      expect(await aliveAfter(queue.runner() as Runner, probe.ran)).toBe('alive');
      expect(queue.restarts()).toBe(1);
      expect(transitions[0]).toBe('up');
      expect(transitions.some((t) => /^down: queue runner stopped by itself/.test(t))).toBe(true);
      expect(transitions.at(-1)).toBe('up');
      expect(readiness.report().ready).toBe(true);
      expect(process.exitCode).toBeUndefined();
      await queue.stop();
      expect(readiness.report().failing).toEqual(['queue']);
    } finally {
      await db.drop();
    }
  }, 60_000);
});
