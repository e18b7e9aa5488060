// The keeper's crontab on a real Postgres with graphile-worker: a runner that starts after
// the replicas were down (or failed over) runs the missed hourly, daily and weekly ticks late
// (backfill) instead of dropping them; the every-minute jobs are not backfilled.
import { startTestDatabase } from '@basket/postgres-server';
import { Logger, makeWorkerUtils, parseCrontab, type Runner, run } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRONTAB } from '../src/jobs/queue.ts';

let db: Awaited<ReturnType<typeof startTestDatabase>>;
let pool: pg.Pool;
const SCHEMA = 'keeper_worker_cron_test';

beforeAll(async () => {
  db = await startTestDatabase('keeper-cron');
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await db?.close();
});

const HOUR = 3_600_000;

describe('keeper crontab', () => {
  it('backfills one period of each hourly, daily and weekly job, and nothing every minute', () => {
    const fill = Object.fromEntries(
      parseCrontab(CRONTAB).map((i) => [i.task, i.options.backfillPeriod]),
    );
    expect(fill).toEqual({
      'nav-push-kick': 0,
      'drift-scan': 0,
      'withdrawal-router': 0,
      'deposit-router': 0,
      'redemption-payer': 0,
      'corp-action-watch': HOUR,
      'collect-fees': 24 * HOUR,
      'epoch-distributor': 7 * 24 * HOUR,
    });
  });

  it('a runner started after eight days without one runs the missed ticks, marked backfilled', async () => {
    const utils = await makeWorkerUtils({ pgPool: pool, schema: SCHEMA });
    await utils.migrate();
    await utils.release();
    // Every cron line was known and last ran eight days ago (the replicas were all down).
    const items = parseCrontab(CRONTAB);
    await pool.query(
      `insert into ${SCHEMA}._private_known_crontabs (identifier, known_since, last_execution)
       select unnest($1::text[]), now() - interval '30 days', now() - interval '8 days'`,
      [items.map((i) => i.identifier)],
    );
    const ran: { task: string; backfilled: boolean }[] = [];
    const record = (task: string) => async (payload: unknown) => {
      const cron = (payload as { _cron?: { backfilled?: boolean } })._cron;
      ran.push({ task, backfilled: cron?.backfilled === true });
    };
    const runner: Runner = await run({
      pgPool: pool,
      schema: SCHEMA,
      concurrency: 2,
      noHandleSignals: true,
      pollInterval: 200,
      crontab: CRONTAB,
      logger: new Logger(() => () => {}),
      taskList: Object.fromEntries(items.map((i) => [i.task, record(i.task)])),
    });
    try {
      const want = ['corp-action-watch', 'collect-fees', 'epoch-distributor'];
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline && !want.every((t) => ran.some((r) => r.task === t))) {
        await new Promise((r) => setTimeout(r, 200));
      }
      const backfilled = ran.filter((r) => r.backfilled).map((r) => r.task);
      // One tick each: the window is one period, older ticks are covered by the next run.
      expect(backfilled.sort()).toEqual([...want].sort());
    } finally {
      await runner.stop();
    }
  }, 60_000);
});
