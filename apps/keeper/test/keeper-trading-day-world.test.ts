// "Two SKUs fresh and on target through a simulated trading day", shortened: the trading-day
// demo's own driver (pre-market, open, close) on a local world whose clock the simulator and
// the keeper follow; the verdict is asserted from the measured values, and the measured
// values are checked against the chain and against each other. The reward-purchase suite
// (support/epoch-purchase-cases.ts) then runs on the same world: one world start less.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTradingDay, type TradingDayResult } from '../src/demo/trading-day.ts';
import { dayVerdict } from '../src/demo/trading-day-report.ts';
import { scanVaults } from '../src/jobs/drift-scan.ts';
import type { Keeper } from '../src/keeper.ts';
import { describeEpochPurchase } from './support/epoch-purchase-cases.ts';
import { type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';
import { expectBooksMatch } from './support/vault-checks.ts';

let kw: KeeperWorld;
let keeper: Keeper;
let day: TradingDayResult;
const printed: string[] = [];
beforeAll(async () => {
  // 100 ms slots: every aggregator leg's `finalized` comes 4x sooner than at 400 ms.
  kw = await startKeeperWorld({ slotTimeMs: 100, followChainClock: true });
  keeper = await kw.keeper('day-a', { minTradeUsd: '50' });
  day = await runTradingDay(kw, keeper, { short: true, print: (l) => printed.push(l) });
}, 900_000);
afterAll(async () => {
  await keeper?.close();
  await kw?.stop();
});

describe('two SKUs through a simulated trading day (short)', () => {
  // The day's keeper leaves the lease to the reward-purchase suite's keepers below.
  afterAll(async () => {
    await keeper?.close();
  });

  it('measured every step for both SKUs, with a table each', () => {
    expect(day.rows.map((r) => `${r.step}:${r.skuId}`)).toEqual([
      'pre-market:TECH6',
      'pre-market:BROAD20',
      'open:TECH6',
      'open:BROAD20',
      'close:TECH6',
      'close:BROAD20',
    ]);
    expect(printed.filter((l) => l.startsWith('| step |')).length).toBe(3);
  });

  it('is fresh: every NAV age the keeper let happen is below the window of its moment', () => {
    for (const r of day.rows) {
      expect(r.navAgeMaxSecs, `${r.skuId} ${r.step}`).toBeGreaterThan(0);
      expect(r.navAgeMaxSecs, `${r.skuId} ${r.step}`).toBeLessThan(r.staleWindowSecs);
      expect([60, 300]).toContain(r.staleWindowSecs);
    }
    // The open's window is the market-hours one (60 s), pre-market's the off-hours one (300 s).
    for (const r of day.rows) expect(r.staleWindowSecs).toBe(r.step === 'open' ? 60 : 300);
    expect(day.verdict.fresh).toBe(true);
  });

  it('is on target after the open: the deposits were bought, drift below the threshold', () => {
    const threshold = keeper.context.config.driftThresholdBps;
    for (const skuId of ['TECH6', 'BROAD20']) {
      const [pre, open] = ['pre-market', 'open'].map((step) =>
        day.rows.find((r) => r.step === step && r.skuId === skuId),
      );
      if (!pre || !open) throw new Error(skuId);
      // The pre-market deposits left the vault in cash, far from its weights...
      expect(pre.driftBeforeBps, skuId).toBeGreaterThanOrEqual(threshold);
      // ...and by the end of the open's pass it was bought, the RFQ route taking its part.
      expect(open.marketOpen).toBe(true);
      expect(pre.legs.rfq + open.legs.rfq, skuId).toBeGreaterThan(0);
      expect(open.driftAfterBps, skuId).toBeLessThan(threshold);
    }
    expect(day.verdict.onTarget).toBe(true);
    expect(day.verdict).toEqual(dayVerdict(day.rows, { driftThresholdBps: threshold }));
  });

  it("the table's last drift is the chain's: the vaults' books match their balances", async () => {
    // What the verdict left out is only what the snapshot marks frozen or halted.
    for (const r of day.rows)
      if (r.frozen.length === 0) expect(r.driftAfterAllBps).toBe(r.driftAfterBps);
    const scanned = await scanVaults(
      keeper.context.rpc,
      keeper.context.skus,
      keeper.context.programs,
    );
    const close = new Map(day.rows.filter((r) => r.step === 'close').map((r) => [r.skuId, r]));
    for (const v of scanned) {
      expect(v.drift.maxAbsDriftBps, v.sku.skuId).toBe(close.get(v.sku.skuId)?.driftAfterAllBps);
      await expectBooksMatch(kw.world, keeper.context, v.sku.skuId);
    }
  });
});

// The epoch-distributor's reward purchase on this world, after the day (its clock only moves on).
describeEpochPurchase(() => kw);
