// rebalance-exec (triggered by drift-scan, one job per (vault, asset)): sizes the leg from the
// chain and the API's limits, chooses the route (calendar, halts, aggregator depth, the
// pre-commit check), then hands it to the route's executor. The executors need the vault's
// route-agnostic rebalance (trade authority, re-entrancy lock; issue 15), which is not on
// main: until it lands, `executorFor` has none to give and the leg is reported, not faked.
import { navSnapshotAccount, readAccounts, tokenMintAccount } from '@basket/sdk';
import type { SwapAsset } from '@basket/tokenized-api';
import { formatDecimal } from '@basket/tokenized-api';
import { KeeperError } from '../decisions/errors.ts';
import { chooseLegRoute, type LegRoute } from '../decisions/route-choice.ts';
import { decideTrade, type TradeDecision, tradeSizeToRaw } from '../decisions/trade-size.ts';
import { USD_ONE, usdDecimalToFixed } from '../decisions/valuation.ts';
import type { JobResult, KeeperContext } from './context.ts';
import { scanVaults } from './drift-scan.ts';

/** A decided leg, ready for an executor. */
export type PlannedLeg = Readonly<{
  skuId: string;
  symbol: string;
  mint: string;
  trade: Extract<TradeDecision, { action: 'trade' }>;
  route: LegRoute;
  asset: SwapAsset;
}>;

/** Executes a planned leg through one route (RFQ or aggregator). */
export type LegExecutor = (ctx: KeeperContext, leg: PlannedLeg) => Promise<JobResult>;

/** The executors of the routes this build can drive: none until issue 15's vault lands. */
export function executorFor(_route: 'swap' | 'aggregator'): LegExecutor | null {
  return null;
}

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
): Promise<PlannedLeg | { skipped: string }> {
  const sku = ctx.skus.find((s) => s.skuId === skuId);
  if (!sku) return { skipped: `unknown SKU ${skuId}` };
  const [scanned] = await scanVaults(ctx.rpc, [sku], ctx.programs);
  const drift = scanned?.drift.assets.find((a) => a.mint === mint);
  if (!drift) return { skipped: `${skuId}: ${mint} is not in the vault` };
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
  const trade = decideTrade(drift.deltaUsd1e8, unit, {
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
    now: ctx.now(),
  });
  if (route.preCommitRefusal) {
    ctx.alert('swap-pre-commit-refused', 'warning', `${drift.symbol}: ${route.preCommitRefusal}`, {
      sku: skuId,
    });
  }
  return { skuId, symbol: drift.symbol, mint, trade, route, asset };
}

async function unitOf(ctx: KeeperContext, snapshot: string, mint: string) {
  const [s, m] = await readAccounts(ctx.rpc, [
    navSnapshotAccount(snapshot as never, ctx.programs),
    tokenMintAccount(mint as never),
  ]);
  const e = s.exists ? s.data.entries.find((x) => x.mint === mint) : undefined;
  if (!e || !m.exists)
    throw new KeeperError('STALE_INPUT', `no snapshot entry or mint for ${mint}`);
  return { decimals: m.data.decimals, multiplierNum: e.multiplierNum, priceUsd1e8: e.priceUsd1E8 };
}

/**
 * One rebalance-exec job.
 *
 * @example
 * await runRebalanceExec(ctx, { skuId: 'TECH6', mint });
 */
export async function runRebalanceExec(ctx: KeeperContext, payload: unknown): Promise<JobResult> {
  const { skuId, mint } = payload as { skuId: string; mint: string };
  const plan = await planLeg(ctx, skuId, mint);
  if ('skipped' in plan) return { job: 'rebalance-exec', summary: `skipped: ${plan.skipped}` };
  const summary = `${skuId} ${plan.trade.side} ${plan.symbol} $${plan.trade.notionalUsd1e8 / USD_ONE} via ${plan.route.route} (rule ${plan.route.decision.rule}: ${plan.route.decision.reason})`;
  if (plan.route.route === 'skip') return { job: 'rebalance-exec', summary: `skipped: ${summary}` };
  const executor = executorFor(plan.route.route);
  if (!executor) {
    ctx.metrics.rebalanceFailures.inc({ sku: skuId, route: plan.route.route });
    throw new KeeperError(
      'ROUTE_UNAVAILABLE',
      `${summary}: no executor: the vault's route-agnostic rebalance (issue 15) is not deployed`,
    );
  }
  return executor(ctx, plan);
}
