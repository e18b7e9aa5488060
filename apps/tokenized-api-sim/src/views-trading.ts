import { formatFixed, SCALE_8 } from './fixed-point.ts';
import type { SeedAsset } from './seed-data.ts';
import { haltsAt, type ViewContext } from './views.ts';

/** Trading and account views (`/trades/*`, `/client/*`) of the simulator. */

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Bid and ask of one displayed token (one share: the oracle's price) with the asset's half
 * spread, in integer cents; what an RFQ quantity (displayed tokens) is priced at.
 *
 * @example
 * ```ts
 * shareQuoteCents(ctx, asset, now); // { bid: 22938, ask: 22956 }
 * ```
 */
export function shareQuoteCents(ctx: ViewContext, asset: SeedAsset, now: number) {
  const share8 = ctx.market.sharePriceAt(asset, now);
  const spread = BigInt(asset.halfSpreadBps);
  const bid = (share8 * (10_000n - spread)) / 10_000n / 1_000_000n;
  const askUnits = share8 * (10_000n + spread);
  const ask = (askUnits + 10_000n * 1_000_000n - 1n) / (10_000n * 1_000_000n);
  return { bid: Number(bid), ask: Number(ask) };
}

/**
 * Bid and ask of one whole token (share price × current multiplier), in integer cents.
 *
 * @example
 * ```ts
 * tokenQuoteCents(ctx, asset, now); // { bid: 22938, ask: 22956 }
 * ```
 */
export function tokenQuoteCents(ctx: ViewContext, asset: SeedAsset, now: number) {
  const share8 = ctx.market.sharePriceAt(asset, now);
  const token8 = (share8 * ctx.market.multiplierAt(asset, now).current) / SCALE_8;
  const spread = BigInt(asset.halfSpreadBps);
  const bid = (token8 * (10_000n - spread)) / 10_000n / 1_000_000n;
  const askUnits = token8 * (10_000n + spread);
  const ask = (askUnits + 10_000n * 1_000_000n - 1n) / (10_000n * 1_000_000n);
  return { bid: Number(bid), ask: Number(ask) };
}

/**
 * `GET /trades/swap/assets` item (spec: Tradable asset entry).
 *
 * @example
 * ```ts
 * swapAssetView(ctx, asset, now).quoteValiditySeconds; // 30
 * ```
 */
export function swapAssetView(ctx: ViewContext, asset: SeedAsset, now: number) {
  const { bid, ask } = tokenQuoteCents(ctx, asset, now);
  return {
    symbol: asset.symbol,
    mintAddress: asset.mintAddress,
    bidPriceCents: bid,
    askPriceCents: ask,
    minTradeSize: asset.minTradeSize,
    maxTradeSize: asset.maxTradeSize,
    tradingHoursMode: asset.tradingHoursMode,
    isAtomicTradingHalted: haltsAt(ctx, asset, now).isAtomicTradingHalted,
    isMarketOpen: ctx.market.isTradingOpen(asset, now),
    quoteValiditySeconds: asset.quoteValiditySeconds,
    executionTimeoutSeconds: asset.executionTimeoutSeconds,
  };
}

/**
 * `GET /client/limits` item.
 *
 * @example
 * ```ts
 * limitView(asset).maxCashPerDay; // '1000000.00'
 * ```
 */
export function limitView(asset: SeedAsset) {
  return {
    symbol: asset.symbol,
    maxCashPerTransaction: asset.maxCashPerTransaction,
    maxCashPerDay: asset.maxCashPerDay,
  };
}

/**
 * Rolling 24 h usage of one asset: trades completed in the window.
 *
 * @example
 * ```ts
 * usageCents(ctx, asset, now); // { cents: 250000n, count: 1 }
 * ```
 */
export function usageCents(ctx: ViewContext, asset: SeedAsset, now: number) {
  const trades = ctx.quotes.executedBetween(asset.symbol, now - DAY, now);
  return { cents: trades.reduce((sum, q) => sum + q.notionalCents, 0n), count: trades.length };
}

/**
 * `GET /client/usage` item.
 *
 * @example
 * ```ts
 * usageView(ctx, asset, now).transactionCount; // 0
 * ```
 */
export function usageView(ctx: ViewContext, asset: SeedAsset, now: number) {
  const { cents, count } = usageCents(ctx, asset, now);
  return {
    symbol: asset.symbol,
    windowStart: iso(now - DAY),
    windowEnd: iso(now),
    cashUsed: formatFixed(cents, 2),
    transactionCount: count,
  };
}
