import { describe, expect, it } from 'vitest';
import { tradingDayPlan } from '../src/demo/trading-day-plan.ts';
import { dayVerdict, formatStepTable, type SkuStepRow } from '../src/demo/trading-day-report.ts';

const row = (over: Partial<SkuStepRow>): SkuStepRow => ({
  step: 'open',
  wall: '2026-11-27 09:31 ET',
  skuId: 'TECH6',
  marketOpen: true,
  navAgeMaxSecs: 17,
  staleWindowSecs: 60,
  driftBeforeBps: 9_000,
  driftAfterBps: 12,
  driftAfterAllBps: 12,
  frozen: [],
  legs: { rfq: 6, aggregator: 0, skipped: 0, failed: 0 },
  alerts: [],
  ...over,
});

describe('trading-day verdict', () => {
  it('fresh and on target when every age is below its window and drift below the threshold', () => {
    const v = dayVerdict(
      [row({}), row({ step: 'pre-market', marketOpen: false, driftAfterBps: 5_000 })],
      {
        driftThresholdBps: 100,
      },
    );
    expect(v).toEqual({ fresh: true, onTarget: true, reasons: [] });
  });

  it('not fresh at an age equal to the window (the window is exclusive)', () => {
    const v = dayVerdict([row({ navAgeMaxSecs: 60 })], { driftThresholdBps: 100 });
    expect(v.fresh).toBe(false);
    expect(v.onTarget).toBe(true);
  });

  it('not on target when an in-hours pass ends at the threshold; off-hours drift does not count', () => {
    expect(dayVerdict([row({ driftAfterBps: 100 })], { driftThresholdBps: 100 }).onTarget).toBe(
      false,
    );
    expect(dayVerdict([row({ driftAfterBps: 99 })], { driftThresholdBps: 100 }).onTarget).toBe(
      true,
    );
    // No pass in market hours proves nothing about being on target.
    const off = dayVerdict([row({ marketOpen: false, driftAfterBps: 0 })], {
      driftThresholdBps: 100,
    });
    expect(off.onTarget).toBe(false);
  });

  it('judges the tradable assets only, and says which were frozen', () => {
    const v = dayVerdict([row({ driftAfterAllBps: 2_500, frozen: ['AAPLx'] })], {
      driftThresholdBps: 100,
    });
    expect(v.onTarget).toBe(true);
    expect(v.reasons).toEqual(['not judged (frozen or halted): TECH6 AAPLx']);
  });

  it('prints one line per SKU with ages, drift, legs and alerts', () => {
    const t = formatStepTable([row({ alerts: ['nav-stale'] })]);
    expect(t.split('\n')).toHaveLength(3);
    expect(t).toMatch(/\| 17 \/ 60 \| 9000 -> 12 \| 12 \| - \| 6 \/ 0 \/ 0 \/ 0 \| nav-stale \|/);
  });
});

describe('trading-day plan', () => {
  it('takes the next full trading day after the chain time, ET wall times', () => {
    // Wednesday 2026-11-25 18:00 UTC: Thanksgiving is closed, Friday closes at 13:00 ET, so
    // the day is Monday 2026-11-30.
    const plan = tradingDayPlan(Date.parse('2026-11-25T18:00:00Z'), { short: false });
    expect(plan.map((s) => s.name)).toEqual([
      'pre-market',
      'open',
      'session-am',
      'session-pm',
      'close',
      'after-hours',
    ]);
    expect(new Date(plan[1]?.ms ?? 0).toISOString()).toBe('2026-11-30T14:31:00.000Z');
    expect(
      tradingDayPlan(Date.parse('2026-11-25T18:00:00Z'), { short: true }).map((s) => s.name),
    ).toEqual(['pre-market', 'open', 'close']);
  });
});
