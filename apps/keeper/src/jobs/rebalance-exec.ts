// rebalance-exec (triggered by drift-scan, one job per (vault, asset)): sizes the leg from the
// chain and the API's limits, chooses the route (calendar, halts, aggregator depth, the
// pre-commit check), then runs it: the swap route is the RFQ sequence (routes/rfq-route.ts),
// which falls back to the aggregator with the same notional when the RFQ is refused, expires
// three re-quotes, or quotes outside the vault's bound (routes/aggregator-route.ts).
import {
  clockSysvarAccount,
  getNavQuote,
  navSnapshotAccount,
  readAccounts,
  tokenMintAccount,
} from '@basket/sdk';
import { formatDecimal } from '@basket/tokenized-api';
import { decideCorrection } from '../decisions/drift-correction.ts';
import { isKeeperError, KeeperError } from '../decisions/errors.ts';
import { legBlockedBy } from '../decisions/leg-block.ts';
import { lossBudgetUsedRatio } from '../decisions/loss-budget.ts';
import type { PlannedLeg } from '../decisions/planned-leg.ts';
import { chooseLegRoute } from '../decisions/route-choice.ts';
import { decideTrade, tradeSizeToRaw } from '../decisions/trade-size.ts';
import { USD_ONE, usdDecimalToFixed } from '../decisions/valuation.ts';
import { runAggregatorRoute } from '../routes/aggregator-route.ts';
import { clockMs } from '../routes/chain-time.ts';
import { legSetup, missingTradeAccounts } from '../routes/leg-setup.ts';
import { alertRfqUnconfirmed, runRfqRoute } from '../routes/rfq-route.ts';
import type { JobResult, KeeperContext } from './context.ts';
import { scanVaults } from './drift-scan.ts';
import {
  clearLegCooling,
  coolLeg,
  DEFAULT_LEG_COOLDOWN_SECONDS,
  legCooling,
} from './leg-cooldown.ts';
import { withLegGuard } from './leg-guard.ts';

function usd1e8(decimal: { value: bigint; scale: number }): bigint {
  const scale = BigInt(decimal.scale);
  return (decimal.value * USD_ONE) / 10n ** scale;
}

/**
 * Plans one leg from fresh state (the drift may have closed since the scan).
 *
 * @example
 * const plan = await planLeg(ctx, 'TECH6', mint);
 */
export async function planLeg(
  ctx: KeeperContext,
  skuId: string,
  mint: string,
  /** A signed USD x 1e8 amount to trade instead of the drift (the withdrawal-router's sale). */
  deltaUsd1e8?: bigint,
): Promise<PlannedLeg | { skipped: string }> {
  const sku = ctx.skus.find((s) => s.skuId === skuId);
  if (!sku) return { skipped: `unknown SKU ${skuId}` };
  const [scanned] = await scanVaults(ctx.rpc, [sku], ctx.programs);
  const drift = scanned?.drift.assets.find((a) => a.mint === mint);
  if (!scanned || !drift) return { skipped: `${skuId}: ${mint} is not in the vault` };
  const [assets, limits, usage, status] = await Promise.all([
    ctx.api.listXChangeAssets(),
    ctx.api.getLimits(),
    ctx.api.getUsage(),
    ctx.api.getSystemStatus(drift.symbol),
  ]);
  const asset = assets.find((a) => a.symbol === drift.symbol);
  if (!asset) return { skipped: `${drift.symbol} is not in the swap assets list` };
  const limit = limits.find((l) => l.symbol === drift.symbol);
  const used = usage.find((u) => u.symbol === drift.symbol);
  // Unit economics from the vault's snapshot entry (the figures the vault prices with).
  const unit = await unitOf(ctx, sku.snapshot, mint);
  const blocked = legBlockedBy(unit.flags);
  if (blocked) return { skipped: `${drift.symbol}: ${blocked}, the vault refuses its legs` };
  // The drift's correction (at the minimum trade in a small vault's gap) unless told.
  let wanted = deltaUsd1e8;
  if (wanted === undefined) {
    const correction = decideCorrection(scanned.drift, drift, {
      thresholdBps: ctx.config.driftThresholdBps,
      minTradeUsd1e8: usdDecimalToFixed(ctx.config.minTradeUsd),
    });
    if (correction.action === 'leave')
      return { skipped: `${drift.symbol}: ${correction.reason} (${drift.driftBps} bps)` };
    wanted = correction.deltaUsd1e8;
  }
  // A sale never asks for more than the vault holds (the vault refuses it: book too small).
  // biome-ignore lint/complexity/useMathMinMax: bigints (Math.max takes numbers only)
  const delta = wanted < -drift.valueUsd1e8 ? -drift.valueUsd1e8 : wanted;
  const trade = decideTrade(delta, unit, {
    minNotionalUsd1e8: usdDecimalToFixed(ctx.config.minTradeUsd),
    minTradeRaw: tradeSizeToRaw(
      formatDecimal(asset.minTradeSize),
      unit.decimals,
      unit.multiplierNum,
      'ceil',
    ),
    maxTradeRaw: tradeSizeToRaw(
      formatDecimal(asset.maxTradeSize),
      unit.decimals,
      unit.multiplierNum,
      'floor',
    ),
    maxCashPerTransactionUsd1e8: limit ? usd1e8(limit.maxCashPerTransaction) : null,
    remainingCashTodayUsd1e8: limit
      ? usd1e8(limit.maxCashPerDay) - (used ? usd1e8(used.cashUsed) : 0n)
      : null,
  });
  if (trade.action === 'skip')
    return { skipped: `${drift.symbol}: ${trade.reason} (${drift.driftBps} bps)` };
  const route = chooseLegRoute({
    entry: asset,
    status,
    // Depth is checked by the aggregator executor's quote (price impact within max_slip_bps).
    aggregatorDepth: true,
    // The chain's time, read with the snapshot: the time the vault prices the leg at.
    now: unit.chainNowMs,
  });
  if (route.preCommitRefusal) {
    ctx.alert('swap-pre-commit-refused', 'warning', `${drift.symbol}: ${route.preCommitRefusal}`, {
      sku: skuId,
    });
  }
  return { skuId, symbol: drift.symbol, mint, trade, route, asset };
}

async function unitOf(ctx: KeeperContext, snapshot: string, mint: string) {
  const [s, m, clock] = await readAccounts(ctx.rpc, [
    navSnapshotAccount(snapshot as never, ctx.programs),
    tokenMintAccount(mint as never),
    clockSysvarAccount(),
  ]);
  const e = s.exists ? s.data.entries.find((x) => x.mint === mint) : undefined;
  if (!e || !m.exists || !clock.exists)
    throw new KeeperError('STALE_INPUT', `no snapshot entry, mint or clock for ${mint}`);
  return {
    chainNowMs: clockMs(clock.data.unixTimestamp),
    decimals: m.data.decimals,
    multiplierNum: e.multiplierNum,
    priceUsd1e8: e.priceUsd1E8,
    flags: e.flags,
  };
}

/**
 * One rebalance-exec job.
 *
 * @example
 * await runRebalanceExec(ctx, { skuId: 'TECH6', mint });
 */
export async function runRebalanceExec(ctx: KeeperContext, payload: unknown): Promise<JobResult> {
  const { skuId, mint, deltaUsd1e8 } = payload as {
    skuId: string;
    mint: string;
    /** Set by the deposit-router (a decimal string: JSON has no bigint). */
    deltaUsd1e8?: string;
  };
  // A scan's leg refused for price a moment ago waits out its cooldown (leg-cooldown.ts).
  const cooling = deltaUsd1e8 === undefined ? legCooling(ctx, skuId, mint) : null;
  if (cooling) return { job: 'rebalance-exec', summary: `skipped: cooling (${cooling.reason})` };
  const plan = await planLeg(
    ctx,
    skuId,
    mint,
    deltaUsd1e8 === undefined ? undefined : BigInt(deltaUsd1e8),
  );
  if ('skipped' in plan) return { job: 'rebalance-exec', summary: `skipped: ${plan.skipped}` };
  const summary = `${skuId} ${plan.trade.side} ${plan.symbol} $${plan.trade.notionalUsd1e8 / USD_ONE} via ${plan.route.route} (rule ${plan.route.decision.rule}: ${plan.route.decision.reason})`;
  if (plan.route.route === 'skip') return { job: 'rebalance-exec', summary: `skipped: ${summary}` };
  if (ctx.config.dryRun) {
    // No quote is requested in a dry run: a quote is an order to the market maker.
    ctx.logger.info({ job: 'rebalance-exec', plan: String(summary) }, 'dry-run: would trade');
    return { job: 'rebalance-exec', summary: `dry-run: ${summary}` };
  }
  try {
    // One leg of this (vault, asset) at a time, whichever job trades it (leg-guard.ts).
    const guarded = await withLegGuard(ctx, skuId, mint, () => executeLeg(ctx, plan));
    if (!guarded.ran) return { job: 'rebalance-exec', summary: `skipped: ${guarded.reason}` };
    const result = guarded.value;
    clearLegCooling(ctx, skuId, mint);
    return { ...result, summary: `${result.summary} (${summary})` };
  } catch (error) {
    if (isKeeperError(error, 'LEG_OUTSIDE_BOUND')) {
      // Refused for price, nothing sent: not a failure of the keeper; it waits, counted apart.
      coolLeg(ctx, skuId, mint, error.message);
      ctx.metrics.rebalanceRefused.inc({ sku: skuId });
      const seconds = ctx.config.legCooldownSeconds ?? DEFAULT_LEG_COOLDOWN_SECONDS;
      return {
        job: 'rebalance-exec',
        summary: `refused for price, cooling ${seconds} s: ${error.message} (${summary})`,
      };
    }
    ctx.metrics.rebalanceFailures.inc({ sku: skuId, route: plan.route.route });
    throw error;
  } finally {
    await recordLossBudget(ctx, skuId).catch(() => {});
  }
}

/** RFQ failures that send the leg to the aggregator: nothing of this quote was sent. */
const FALLBACK_CODES = new Set([
  'RFQ_REJECTED',
  'RFQ_COSIGN_REFUSED',
  'LEG_OUTSIDE_BOUND',
  // The window closed (or a halt began) while the RFQ was being re-quoted.
  'SWAP_PRE_COMMIT_REFUSED',
  // The transaction firewall refused the maker's fill (alerted; nothing signed).
  'TRANSACTION_REFUSED',
]);

/**
 * Runs a planned leg on its route; the swap route falls back to the aggregator.
 *
 * @example
 * await executeLeg(ctx, plan);
 */
export async function executeLeg(ctx: KeeperContext, plan: PlannedLeg): Promise<JobResult> {
  const setup = await legSetup(ctx, plan);
  const creates = await missingTradeAccounts(ctx, setup);
  if (creates.length > 0) {
    await ctx.send({
      job: 'rebalance-exec',
      actionKey: `trade-accounts:${plan.skuId}:${plan.mint}:${creates.length}:${ctx.now()}`,
      instructions: creates,
      describe: `the trade authority's token accounts for ${plan.symbol}`,
    });
  }
  const sku = { sku: plan.skuId };
  if (plan.route.route === 'swap') {
    let why: string;
    try {
      const outcome = await runRfqRoute(ctx, setup, plan);
      const what = `${plan.skuId} ${plan.trade.side} ${plan.symbol}`;
      if (outcome.outcome === 'done') {
        ctx.metrics.rebalanceLegs.inc({ ...sku, route: 'rfq' });
        return {
          job: 'rebalance-exec',
          summary: `${what}: RFQ ${outcome.quoteId} executed ${outcome.signature}`,
          details: { route: 'rfq', ...outcome },
        };
      }
      if (outcome.outcome === 'unconfirmed') {
        // Landed on chain: executed, alerted; another quote or the aggregator would double it.
        ctx.metrics.rebalanceLegs.inc({ ...sku, route: 'rfq' });
        return {
          job: 'rebalance-exec',
          summary: alertRfqUnconfirmed(ctx, outcome, what, sku),
          details: { route: 'rfq', ...outcome },
        };
      }
      why = `RFQ expired after ${outcome.requotes} re-quotes (${outcome.why})`;
    } catch (error) {
      if (!(error instanceof KeeperError) || !FALLBACK_CODES.has(error.code)) throw error;
      why = error.message;
    }
    ctx.logger.warn({ sku: plan.skuId, symbol: plan.symbol, why }, 'RFQ route gave up: aggregator');
    // The aggregator prices from a fresh read (the RFQ attempts took time).
    const result = await runAggregatorRoute(ctx, ctx.swapApi, await legSetup(ctx, plan), plan);
    ctx.metrics.rebalanceLegs.inc({ ...sku, route: 'aggregator' });
    return { ...result, summary: `${result.summary} after: ${why}` };
  }
  const result = await runAggregatorRoute(ctx, ctx.swapApi, setup, plan);
  ctx.metrics.rebalanceLegs.inc({ ...sku, route: 'aggregator' });
  return result;
}

/** Publishes the share of today's loss budget the vault has spent. */
async function recordLossBudget(ctx: KeeperContext, skuId: string): Promise<void> {
  const nav = await getNavQuote(ctx.rpc, skuId, {
    programs: ctx.programs,
    commitment: 'confirmed',
  });
  ctx.metrics.lossBudgetUsed.set({ sku: skuId }, lossBudgetUsedRatio(nav.config, nav.now));
}
