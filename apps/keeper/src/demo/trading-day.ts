// A simulated trading day on the local world: at each step the chain's clock (and the
// simulator's market, which follows it) moves to the step's time, users deposit and ask for
// withdrawals, the keeper pushes NAV at the calendar's cadence and runs a rebalance pass. Who
// the keeper is varies: this process's own (`trading-day-inprocess.ts`, a world started for the
// run) or the served replicas of `npm start` (`trading-day-attached.ts`, `--rpc`). The step
// loop, the measurements (NAV ages, drift before and after, legs, alerts) and the table are the
// same for both: this module.
import { isOpen, maxStaleSecsAt } from '@basket/market-calendar';
import { navSnapshotAccount, readAccounts } from '@basket/sdk';
import type { AssetDrift, VaultDrift } from '../decisions/drift.ts';
import { decideCorrection } from '../decisions/drift-correction.ts';
import { legBlockedBy } from '../decisions/leg-block.ts';
import { scanVaults } from '../jobs/drift-scan.ts';
import type { Keeper } from '../keeper.ts';
import { demoDeposit, requestUsdcWithdrawal } from './demo-wallet.ts';
import type { KeeperWorld } from './local-world.ts';
import type { AgeLog, Counts, DayDriver, DayReader } from './trading-day-driver.ts';
import { inProcessDriver } from './trading-day-inprocess.ts';
import { type DayFlow, type DayStep, tradingDayPlan } from './trading-day-plan.ts';
import {
  type DayVerdict,
  dayVerdict,
  formatStepTable,
  type SkuStepRow,
} from './trading-day-report.ts';

export type TradingDayOptions = Readonly<{
  short: boolean;
  print: (line: string) => void;
}>;

export type TradingDayResult = Readonly<{ rows: readonly SkuStepRow[]; verdict: DayVerdict }>;

async function applyFlow(d: DayDriver, flow: DayFlow, nonce: bigint): Promise<string | null> {
  if (flow.kind === 'deposit') {
    await demoDeposit(d.world, flow.skuId, flow.usd);
    return null;
  }
  const r = await requestUsdcWithdrawal(
    d.world,
    d.reader,
    flow.skuId,
    { usdRaw: flow.usd * 1_000_000n },
    { nonce, toleranceBps: 200 },
  );
  return r.request;
}

/** The scan's reason for leaving an asset beyond the threshold (`: MinTradeExceedsCash`), if known. */
function reasonOf(
  vault: VaultDrift,
  asset: AssetDrift,
  thresholdBps: number,
  minTradeUsd1e8: bigint | undefined,
): string {
  if (minTradeUsd1e8 === undefined) return '';
  const c = decideCorrection(vault, asset, { thresholdBps, minTradeUsd1e8 });
  return c.action === 'leave' ? `: ${c.reason}` : '';
}

/**
 * Each vault's largest drift over the assets it can trade, the largest over all, and the
 * assets its snapshot marks frozen or halted (the vault refuses their legs on every route).
 */
async function driftOf(reader: DayReader, thresholdBps: number, minTradeUsd1e8?: bigint) {
  const scanned = await scanVaults(reader.rpc, reader.skus, reader.programs);
  const snaps = await readAccounts(
    reader.rpc,
    reader.skus.map((s) => navSnapshotAccount(s.snapshot as never, reader.programs)),
    { commitment: 'confirmed' },
  );
  const out = new Map<
    string,
    { tradable: number; all: number; frozen: string[]; beyond: string[] }
  >();
  scanned.forEach((v) => {
    const snap = snaps[reader.skus.indexOf(v.sku)];
    const blocked = new Set(
      snap?.exists
        ? snap.data.entries
            .slice(0, snap.data.entryCount)
            .filter((e) => legBlockedBy(e.flags) !== null)
            .map((e) => String(e.mint))
        : [],
    );
    const tradable = v.drift.assets.filter((a) => !blocked.has(a.mint));
    out.set(v.sku.skuId, {
      tradable: Math.max(0, ...tradable.map((a) => Math.abs(a.driftBps))),
      all: v.drift.maxAbsDriftBps,
      frozen: v.drift.assets.filter((a) => blocked.has(a.mint)).map((a) => a.symbol),
      // What keeps a vault off target, for the step's notes: asset, drift, value to trade.
      beyond: tradable
        .filter((a) => Math.abs(a.driftBps) >= thresholdBps)
        .map(
          (a) =>
            `${a.symbol} ${a.driftBps > 0 ? '+' : ''}${a.driftBps} bps (${a.deltaUsd1e8 > 0n ? 'buy' : 'sell'} $${(Number(a.deltaUsd1e8 < 0n ? -a.deltaUsd1e8 : a.deltaUsd1e8) / 1e8).toFixed(2)} of $${(Number(v.drift.investableUsd1e8) / 1e8).toFixed(0)} investable)${reasonOf(v.drift, a, thresholdBps, minTradeUsd1e8)}`,
        ),
    });
  });
  return out;
}

const delta = (after: Counts, before: Counts, key: string) =>
  (after.get(key) ?? 0) - (before.get(key) ?? 0);

/** The kinds of alerts raised for `skuId` (or for every SKU) between two counts. */
function alertsBetween(after: Counts, before: Counts, skuId: string): string[] {
  const out: string[] = [];
  for (const key of after.keys()) {
    const [sku, kind] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    if (sku !== skuId && sku !== '') continue;
    for (let i = 0; i < delta(after, before, key); i++) out.push(kind);
  }
  return out;
}

async function runStep(
  d: DayDriver,
  step: DayStep,
  nonce: () => bigint,
  print: (line: string) => void,
): Promise<SkuStepRow[]> {
  const { reader } = d;
  const ages: AgeLog = new Map(reader.skus.map((s) => [s.skuId, []]));
  await d.clock.travelTo(step.ms);
  const before0 = await d.counts();
  await d.afterJump(ages);
  const requests: string[] = [];
  for (const flow of step.flows) {
    const request = await applyFlow(d, flow, nonce());
    if (request) requests.push(request);
  }
  await d.ticks(step.ticks, ages);
  const before = await driftOf(reader, d.driftThresholdBps, d.minTradeUsd1e8);
  const { skipped, failed } = await d.pass(ages, requests);
  const after = await driftOf(reader, d.driftThresholdBps, d.minTradeUsd1e8);
  for (const [skuId, a] of after) {
    if (a.beyond.length > 0) print(`   ${skuId} after the pass: ${a.beyond.join(', ')}`);
  }
  await d.endStep?.(ages);
  const after0 = await d.counts();
  const marketOpen = isOpen('MarketHours', step.ms);
  return reader.skus.map((sku) => {
    const samples = ages.get(sku.skuId) ?? [];
    const worst = samples.reduce((w, s) => (s.age / s.window > w.age / w.window ? s : w), {
      age: 0,
      window: maxStaleSecsAt(step.ms),
    });
    return {
      step: step.name,
      wall: step.wall,
      skuId: sku.skuId,
      marketOpen,
      navAgeMaxSecs: worst.age,
      staleWindowSecs: worst.window,
      driftBeforeBps: before.get(sku.skuId)?.tradable ?? 0,
      driftAfterBps: after.get(sku.skuId)?.tradable ?? 0,
      driftAfterAllBps: after.get(sku.skuId)?.all ?? 0,
      frozen: after.get(sku.skuId)?.frozen ?? [],
      legs: {
        rfq: delta(after0.legs, before0.legs, `${sku.skuId}:rfq`),
        aggregator: delta(after0.legs, before0.legs, `${sku.skuId}:aggregator`),
        skipped: skipped === null ? null : (skipped.get(sku.skuId) ?? 0),
        failed: failed.get(sku.skuId) ?? 0,
      },
      alerts: alertsBetween(after0.alerts, before0.alerts, sku.skuId),
    };
  });
}

/**
 * Runs the day through `driver` (the chain's clock moved by it; the simulator follows it).
 *
 * @example
 * const { verdict } = await runDay(driver, { short: true, print: console.log });
 */
export async function runDay(
  driver: DayDriver,
  options: TradingDayOptions,
): Promise<TradingDayResult> {
  let nonce = BigInt(Date.now());
  const plan = tradingDayPlan(await driver.clock.sync(), { short: options.short });
  options.print(
    `trading day ${plan[0]?.wall.slice(0, 10)}: ${plan.map((s) => `${s.name} ${s.wall.slice(11)}`).join(', ')}`,
  );
  const rows: SkuStepRow[] = [];
  for (const step of plan) {
    options.print(`-- ${step.name} (${step.wall}): clock moved, flows ${step.flows.length}`);
    const stepRows = await runStep(driver, step, () => nonce++, options.print);
    rows.push(...stepRows);
    options.print(formatStepTable(stepRows));
  }
  return {
    rows,
    verdict: dayVerdict(rows, { driftThresholdBps: driver.driftThresholdBps }),
  };
}

/**
 * The day on a keeper world started for the run, driven through `keeper`'s own jobs in this
 * process (`trading-day-inprocess.ts`).
 *
 * @example
 * const { verdict } = await runTradingDay(kw, keeper, { short: true, print: console.log });
 */
export async function runTradingDay(
  kw: KeeperWorld,
  keeper: Keeper,
  options: TradingDayOptions,
): Promise<TradingDayResult> {
  return runDay(inProcessDriver(kw, keeper), options);
}
