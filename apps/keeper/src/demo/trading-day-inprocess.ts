// The trading day's keeper in this process (`npm run trading-day` without `--rpc`, and the world
// suite): its own jobs called in the order its queue would run them, the clock moved by the
// calendar's cadence before each push. The pass: the withdrawal-router until the requests are
// paid, drift-scan, the deposit-router for vaults within the threshold, each queued
// rebalance-exec (one per job key, the first kept), the scan again after its legs (up to three
// rounds, as the queue's next minutes would), nav-push interleaved whenever a snapshot reaches
// the cadence's age.
import { maxStaleSecsAt, navPushCadenceSecsAt } from '@basket/market-calendar';
import { clockSysvarAccount, navSnapshotAccount, readAccounts } from '@basket/sdk';
import { usdDecimalToFixed } from '../decisions/valuation.ts';
import type { KeeperContext } from '../jobs/context.ts';
import { runDepositRouter } from '../jobs/deposit-router.ts';
import { runDriftScan } from '../jobs/drift-scan.ts';
import { runNavPush } from '../jobs/nav-push.ts';
import { runRebalanceExec } from '../jobs/rebalance-exec.ts';
import { runWithdrawalRouter } from '../jobs/withdrawal-router.ts';
import type { Keeper } from '../keeper.ts';
import type { KeeperSku } from '../service/config.ts';
import type { KeeperWorld } from './local-world.ts';
import type { AgeLog, Counts, DayDriver, DayReader } from './trading-day-driver.ts';

/** The snapshot's age at the chain's time. */
async function navAge(reader: DayReader, skuId: string) {
  const sku = reader.skus.find((s) => s.skuId === skuId);
  if (!sku) throw new Error(`no SKU ${skuId}`);
  const [snap, clock] = await readAccounts(
    reader.rpc,
    [navSnapshotAccount(sku.snapshot as never, reader.programs), clockSysvarAccount()],
    { commitment: 'confirmed' },
  );
  if (!snap.exists || !clock.exists) throw new Error(`${sku.skuId}: no snapshot or clock`);
  const nowMs = Number(clock.data.unixTimestamp) * 1_000;
  return {
    nowMs,
    publish: Number(snap.data.publishUnixTime),
    age: Number(clock.data.unixTimestamp - snap.data.publishUnixTime),
  };
}

/** Samples the age (unless `jump`: the clock just leapt hours), then pushes. */
async function push(ctx: KeeperContext, sku: KeeperSku, ages: AgeLog, jump = false) {
  const { nowMs, age } = await navAge(ctx, sku.skuId);
  if (!jump) ages.get(sku.skuId)?.push({ age, window: maxStaleSecsAt(nowMs) });
  const result = await runNavPush(ctx, sku);
  if (!/sent/.test(result.summary)) throw new Error(`${sku.skuId}: ${result.summary}`);
}

/** Pushes when the snapshot is as old as the calendar's cadence (as the queue would). */
async function freshen(ctx: KeeperContext, sku: KeeperSku, ages: AgeLog) {
  const { nowMs, age } = await navAge(ctx, sku.skuId);
  if (age >= navPushCadenceSecsAt(nowMs)) await push(ctx, sku, ages);
}

/** Drift scans in one pass at most (each with its legs), as the queue's minutes would run them. */
const DRIFT_ROUNDS = 3;

/** One pass of the keeper's trading jobs; returns the skipped and failed legs per SKU. */
async function rebalancePass(ctx: KeeperContext, ages: AgeLog) {
  const queue = new Map<string, Record<string, unknown>>();
  const queuing: KeeperContext = {
    ...ctx,
    enqueue: async (_task, payload, o) => {
      if (!queue.has(o.jobKey)) queue.set(o.jobKey, payload);
    },
  };
  // Withdrawal requests first: a short buffer is refilled by selling one asset, which the
  // drift-scan below then rebalances (as the queue would at its next minute).
  for (const sku of ctx.skus) {
    // A short buffer sells first; a request waits for a snapshot newer than itself.
    for (let round = 0; round < 3; round++) {
      await freshen(ctx, sku, ages);
      const r = await runWithdrawalRouter(ctx, sku);
      if (!/raise-cash|wait-snapshot/.test(r.summary)) break;
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await push(ctx, sku, ages);
    }
  }
  // Drift first: a vault beyond the threshold is rebalanced to its weights, which invests any
  // new cash too. The deposit-router runs for the vaults the scan left alone (a deposit leg and
  // a drift leg share the job key). The scan runs again after its legs, as the served queue's
  // next minute would (up to DRIFT_ROUNDS): legs sized at the snapshot's prices fill at the
  // market maker's, so an asset the first scan left under the threshold can end above it.
  const skipped = new Map<string, number>();
  const failed = new Map<string, number>();
  for (let round = 0; round < DRIFT_ROUNDS; round++) {
    queue.clear();
    await runDriftScan(queuing);
    for (const sku of round === 0 ? ctx.skus : []) {
      if (![...queue.keys()].some((k) => k.startsWith(`rebalance:${sku.skuId}:`))) {
        await runDepositRouter(queuing, sku);
      }
    }
    if (queue.size === 0) break;
    for (const payload of queue.values()) {
      const sku = ctx.skus.find((s) => s.skuId === payload.skuId) as KeeperSku;
      await freshen(ctx, sku, ages);
      try {
        const r = await runRebalanceExec(ctx, payload);
        if (r.summary.startsWith('skipped'))
          skipped.set(sku.skuId, (skipped.get(sku.skuId) ?? 0) + 1);
      } catch {
        // Both routes refused (the venue beyond max_slip_bps off-hours, say): the job failed.
        failed.set(sku.skuId, (failed.get(sku.skuId) ?? 0) + 1);
      }
    }
    // Off-hours a refused leg would be queued again by the next scan: one round is the pass.
    if (failed.size > 0) break;
  }
  return { skipped, failed };
}

/**
 * The driver of a day whose keeper is `keeper`, in this process, on `kw` (its clock followed).
 *
 * @example
 * await runDay(inProcessDriver(kw, keeper), { short: true, print: console.log });
 */
export function inProcessDriver(kw: KeeperWorld, keeper: Keeper): DayDriver {
  const base = keeper.context;
  const alerts: Counts = new Map();
  const ctx: KeeperContext = {
    ...base,
    alert: (kind, severity, message, fields) => {
      const key = `${String(fields?.sku ?? '')}:${kind}`;
      alerts.set(key, (alerts.get(key) ?? 0) + 1);
      base.alert(kind, severity, message, fields);
    },
  };
  return {
    reader: ctx,
    world: kw.world,
    clock: kw.clock,
    driftThresholdBps: base.config.driftThresholdBps,
    minTradeUsd1e8: usdDecimalToFixed(base.config.minTradeUsd),
    afterJump: async (ages) => {
      for (const sku of ctx.skus) await push(ctx, sku, ages, true);
    },
    ticks: async (count, ages) => {
      for (let t = 0; t < count; t++) {
        const now = await kw.clock.sync();
        await kw.clock.travelTo(now + navPushCadenceSecsAt(now) * 1_000);
        for (const sku of ctx.skus) await push(ctx, sku, ages);
      }
    },
    pass: (ages) => rebalancePass(ctx, ages),
    counts: async () => {
      // Legs landed per `sku:route`, from the keeper's own counter.
      const legs: Counts = new Map();
      for (const v of (await ctx.metrics.rebalanceLegs.get()).values) {
        const key = `${v.labels.sku}:${v.labels.route}`;
        legs.set(key, (legs.get(key) ?? 0) + v.value);
      }
      return { legs, alerts: new Map(alerts) };
    },
  };
}
