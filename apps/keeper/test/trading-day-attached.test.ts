// The trading day attached to served keepers: what it reads of their /metrics, how it queues a
// job on their queue (as `keeper enqueue` does), and how it waits (bounded, with progress).
import { describe, expect, it } from 'vitest';
import { samplesOf, waitWithProgress } from '../src/demo/served-keepers.ts';
import { enqueueNow } from '../src/jobs/queue.ts';

const METRICS = `# HELP keeper_rebalance_legs_total Rebalance legs landed
# TYPE keeper_rebalance_legs_total counter
keeper_rebalance_legs_total{sku="TECH6",route="rfq"} 3
keeper_rebalance_legs_total{sku="BROAD20",route="aggregator"} 12
keeper_rebalance_legs_total_created{sku="TECH6",route="rfq"} 1796049000
keeper_alerts_total{kind="nav-stale",severity="critical"} 2
keeper_job_runs_total{job="drift-scan",outcome="ok"} 7
keeper_odd{note="a \\"quoted\\" value"} 1
keeper_leader 1
`;

describe("the served keepers' metrics", () => {
  it('reads the samples of one metric with their labels, nothing of a longer name', () => {
    expect(samplesOf(METRICS, 'keeper_rebalance_legs_total')).toEqual([
      { labels: { sku: 'TECH6', route: 'rfq' }, value: 3 },
      { labels: { sku: 'BROAD20', route: 'aggregator' }, value: 12 },
    ]);
    expect(samplesOf(METRICS, 'keeper_leader')).toEqual([{ labels: {}, value: 1 }]);
    expect(samplesOf(METRICS, 'keeper_odd')[0]?.labels.note).toBe('a "quoted" value');
    expect(samplesOf(METRICS, 'keeper_missing')).toEqual([]);
  });
});

describe('enqueueNow (keeper enqueue)', () => {
  const recorder = () => {
    const calls: { task: string; payload: unknown; spec: Record<string, unknown> }[] = [];
    return {
      calls,
      utils: {
        addJob: async (task: string, payload: unknown, spec: Record<string, unknown>) => {
          calls.push({ task, payload, spec });
          return {} as never;
        },
      } as never,
    };
  };

  it("a nav-push replaces its SKU's scheduled tick, to run now, ahead of queued legs", async () => {
    const { calls, utils } = recorder();
    const before = Date.now();
    await enqueueNow(utils, 'nav-push', 'TECH6');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      task: 'nav-push',
      payload: { skuId: 'TECH6' },
      spec: { jobKey: 'nav-push:TECH6', jobKeyMode: 'replace', maxAttempts: 1, priority: -10 },
    });
    const runAt = (calls[0]?.spec.runAt as Date | undefined)?.getTime() ?? 0;
    expect(runAt).toBeGreaterThanOrEqual(before);
    expect(runAt).toBeLessThanOrEqual(Date.now());
    await expect(enqueueNow(utils, 'nav-push')).rejects.toThrow(/name a SKU/);
  });

  it('any other job is keyed per (job, SKU): queued twice, it exists once', async () => {
    const { calls, utils } = recorder();
    await enqueueNow(utils, 'drift-scan');
    await enqueueNow(utils, 'withdrawal-router', 'BROAD20');
    expect(calls.map((c) => [c.task, c.payload, c.spec.jobKey])).toEqual([
      ['drift-scan', {}, 'now:drift-scan:*'],
      ['withdrawal-router', { skuId: 'BROAD20' }, 'now:withdrawal-router:BROAD20'],
    ]);
  });
});

describe('waitWithProgress', () => {
  it('returns the first value the probe gives', async () => {
    let n = 0;
    const printed: string[] = [];
    const got = await waitWithProgress('third poll', async () => (++n >= 3 ? n : null), {
      timeoutMs: 10_000,
      print: (l) => printed.push(l),
    });
    expect(got).toBe(3);
    expect(printed).toEqual([]);
  });

  it('gives up at its bound with a line saying what was missed (the step goes on)', async () => {
    const printed: string[] = [];
    const started = Date.now();
    const got = await waitWithProgress('never', async () => null, {
      timeoutMs: 2_000,
      print: (l) => printed.push(l),
    });
    expect(got).toBeNull();
    // It waited its whole bound (how much longer a loaded machine took is not this test's).
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(printed.at(-1)).toMatch(/^ {3}!! never: not within 2 s/);
  });
});
