// What the trading day attached to `npm start` reads of the served keeper replicas and their
// queue: their Prometheus counters (legs by route, rebalance failures, alerts, job runs),
// which replica leads (/status), whether the shared queue still holds rebalance legs, and a
// bounded wait with progress output. Read-only except `enqueue`, which puts a job on the
// replicas' own queue (the same call as `keeper enqueue`) for the leader to run.
import { waitFor } from '@basket/localnet';
import { makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import pg from 'pg';
import { enqueueNow } from '../jobs/queue.ts';
import type { JobName } from '../jobs/registry.ts';
import { QUEUE_SCHEMA } from '../service/schema.ts';
import type { Counts } from './trading-day-driver.ts';

export type Sample = Readonly<{ labels: Record<string, string>; value: number }>;

/**
 * The samples of metric `name` in a Prometheus text exposition.
 *
 * @example
 * samplesOf('keeper_rebalance_legs_total{sku="TECH6",route="rfq"} 3\n', 'keeper_rebalance_legs_total');
 * // [{ labels: { sku: 'TECH6', route: 'rfq' }, value: 3 }]
 */
export function samplesOf(text: string, name: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m || m[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[l[1] as string] = (l[2] as string).replace(/\\(.)/g, '$1');
    }
    out.push({ labels, value: Number(m[3]) });
  }
  return out;
}

/** Adds each sample under `key(labels)`. */
function sumBy(samples: readonly Sample[], key: (l: Record<string, string>) => string): Counts {
  const out: Counts = new Map();
  for (const s of samples) out.set(key(s.labels), (out.get(key(s.labels)) ?? 0) + s.value);
  return out;
}

/** The counters of every replica, summed (the leader may change during a run). */
export type ServedCounts = Readonly<{
  legs: Counts;
  failures: Counts;
  alerts: Counts;
  /** Runs of each job (ok and failed). */
  runs: Counts;
}>;

/** Reads and sums the replicas' /metrics (a replica that does not answer counts nothing). */
export async function servedCounts(keeperUrls: readonly string[]): Promise<ServedCounts> {
  const texts = await Promise.all(
    keeperUrls.map((u) =>
      fetch(`${u}/metrics`, { signal: AbortSignal.timeout(5_000) })
        .then((r) => (r.ok ? r.text() : ''))
        .catch(() => ''),
    ),
  );
  const all = (name: string) => texts.flatMap((t) => samplesOf(t, `keeper_${name}`));
  return {
    legs: sumBy(all('rebalance_legs_total'), (l) => `${l.sku}:${l.route}`),
    failures: sumBy(all('rebalance_failures_total'), (l) => `${l.sku}`),
    // By the alert's SKU; a keeper-wide alert (sku "", or a keeper without the label) counts
    // for every SKU ('').
    alerts: sumBy(all('alerts_total'), (l) => `${l.sku ?? ''}:${l.kind}`),
    runs: sumBy(all('job_runs_total'), (l) => `${l.job}`),
  };
}

/** Which replica leads, from each one's /status (null when none answers as leader). */
export async function leaderOf(keeperUrls: readonly string[]): Promise<string | null> {
  for (const u of keeperUrls) {
    const status = await fetch(`${u}/status`, { signal: AbortSignal.timeout(5_000) })
      .then((r) => (r.ok ? (r.json() as Promise<{ leading?: boolean; replica?: string }>) : null))
      .catch(() => null);
    if (status?.leading) return `${status.replica ?? '?'} (${u})`;
  }
  return null;
}

/** The replicas' shared queue: enqueue a job now, and how many rebalance legs it still holds. */
export async function servedQueue(databaseUrl: string) {
  const utils: WorkerUtils = await makeWorkerUtils({
    connectionString: databaseUrl,
    schema: QUEUE_SCHEMA,
  });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    enqueue: (job: JobName, skuId?: string) => enqueueNow(utils, job, skuId),
    /** Legs queued or running; failed-for-good ones (attempts used up) are not counted. */
    pendingLegs: async (): Promise<number> => {
      const { rows } = await pool.query<{ n: number }>(
        `select count(*)::int as n from ${QUEUE_SCHEMA}.jobs
          where task_identifier = 'rebalance-exec' and attempts < max_attempts`,
      );
      return rows[0]?.n ?? 0;
    },
    close: async () => {
      await utils.release();
      await pool.end();
    },
  };
}

/**
 * Waits until `probe` returns a value, printing `what` and the seconds waited every 10 s; on
 * timeout prints it and returns null (the step goes on, and its numbers show what was missed).
 */
export async function waitWithProgress<T>(
  what: string,
  probe: () => Promise<T | null>,
  options: { timeoutMs: number; print: (line: string) => void },
): Promise<T | null> {
  const started = Date.now();
  const progress = setInterval(
    () => options.print(`   ... ${what}: ${Math.round((Date.now() - started) / 1000)} s`),
    10_000,
  );
  try {
    return await waitFor(what, probe, { timeoutMs: options.timeoutMs, intervalMs: 1_000 });
  } catch (error) {
    options.print(`   !! ${what}: not within ${options.timeoutMs / 1000} s (${String(error)})`);
    return null;
  } finally {
    clearInterval(progress);
  }
}
