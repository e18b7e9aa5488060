import { formatFixed, parseFixed, SCALE_8 } from './fixed-point.ts';
import { formatMultiplier, type MarketModel, type MultiplierChange } from './market-model.ts';
import type { QuoteBook } from './quote-book.ts';
import { SEED_ASSETS, type SeedAsset } from './seed-data.ts';

/**
 * JSON representations served by the simulator: the response contract recorded in
 * docs/tokenized-api.md (the spec does not show the bodies). Each view is computed from the
 * market model at `now`, so everything moves with the clock.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far ahead `corporate-actions/upcoming` looks. */
const UPCOMING_HORIZON_MS = 90 * DAY;
/** How far back the multiplier history goes. */
const HISTORY_LOOKBACK_MS = 60 * DAY;

/** Everything the views read. */
export type ViewContext = Readonly<{
  market: MarketModel;
  quotes: QuoteBook;
  haltOverrides: Readonly<Record<string, Readonly<{ market: boolean; atomic: boolean }>>>;
}>;

/**
 * Finds a seeded asset by exact symbol.
 *
 * @example
 * ```ts
 * findAsset('AAPLx')?.tradingHoursMode; // 'MarketHours'
 * ```
 */
export function findAsset(symbol: string): SeedAsset | undefined {
  return SEED_ASSETS.find((a) => a.symbol === symbol);
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `GET /public/assets[/{symbol}]`.
 *
 * @example
 * ```ts
 * assetView(SEED_ASSETS[0]).deployments[0].network; // 'solana'
 * ```
 */
export function assetView(asset: SeedAsset) {
  return {
    symbol: asset.symbol,
    name: asset.name,
    underlyingSymbol: asset.underlyingSymbol,
    status: 'Active',
    tradingHoursMode: asset.tradingHoursMode,
    deployments: [{ network: 'solana', mintAddress: asset.mintAddress, decimals: asset.decimals }],
    // Extra fields a real upstream has and clients must tolerate.
    logoUrl: `https://assets.invalid/${asset.symbol}.svg`,
    isin: null,
  };
}

/**
 * `GET /public/assets/{symbol}/price-data`: underlying share price, 2 decimals.
 *
 * @example
 * ```ts
 * priceView(ctx, asset, Date.now()).price; // '229.47'
 * ```
 */
export function priceView(ctx: ViewContext, asset: SeedAsset, now: number) {
  const price8 = ctx.market.sharePriceAt(asset, now);
  return {
    symbol: asset.symbol,
    price: formatFixed(price8 / 1_000_000n, 2),
    currency: 'USD',
    timestamp: iso(Math.floor(now / 1000) * 1000),
    source: 'indicative',
  };
}

function activationValue(asset: SeedAsset, at: number) {
  if (asset.activationFormat === 'epoch-seconds') return Math.floor(at / 1000);
  if (asset.activationFormat === 'epoch-millis') return at;
  return iso(at);
}

/**
 * `GET /public/assets/{symbol}/multiplier`: `activationDateTime` is 0 when nothing is
 * scheduled, and otherwise spelled per asset as ISO, epoch seconds or epoch milliseconds.
 *
 * @example
 * ```ts
 * multiplierView(ctx, asset, now, 'solana').currentMultiplier; // '1.00000000'
 * ```
 */
export function multiplierView(ctx: ViewContext, asset: SeedAsset, now: number, network: string) {
  const { current, upcoming } = ctx.market.multiplierAt(asset, now);
  return {
    symbol: asset.symbol,
    network,
    currentMultiplier: formatMultiplier(current),
    newMultiplier: formatMultiplier(upcoming?.next ?? current),
    activationDateTime: upcoming === null ? 0 : activationValue(asset, upcoming.at),
    reason: upcoming?.reason ?? null,
  };
}

const changeView = (change: MultiplierChange) => ({
  previousMultiplier: formatMultiplier(change.previous),
  newMultiplier: formatMultiplier(change.next),
  activationDateTime: iso(change.at),
  reason: change.reason,
});

/**
 * `GET /public/assets/{symbol}/multiplier/history`: the last 60 days, newest first.
 *
 * @example
 * ```ts
 * historyView(ctx, asset, now)[0].reason; // 'FeeAccrual'
 * ```
 */
export function historyView(ctx: ViewContext, asset: SeedAsset, now: number) {
  return ctx.market
    .timeline(asset, now)
    .filter((c) => c.at <= now && c.at >= now - HISTORY_LOOKBACK_MS)
    .reverse()
    .map(changeView);
}

/**
 * `GET /public/corporate-actions/{upcoming,history}`: dividends, splits, reverse splits and
 * administrative changes (the daily FeeAccrual step is a fee, not a corporate action).
 *
 * @example
 * ```ts
 * corporateActionsView(ctx, now, 'upcoming').map((a) => a.symbol);
 * ```
 */
export function corporateActionsView(
  ctx: ViewContext,
  now: number,
  which: 'upcoming' | 'history',
  symbol: string | null,
) {
  const actions = SEED_ASSETS.filter((a) => symbol === null || a.symbol === symbol).flatMap(
    (asset) =>
      ctx.market
        .timeline(asset, now + UPCOMING_HORIZON_MS)
        .filter((c) => c.reason !== 'FeeAccrual')
        .filter((c) =>
          which === 'upcoming' ? c.at > now && c.at <= now + UPCOMING_HORIZON_MS : c.at <= now,
        )
        .map((c) => ({
          id: `ca-${asset.symbol}-${c.reason}-${iso(c.at).slice(0, 10)}`,
          symbol: asset.symbol,
          ...changeView(c),
          description: c.description,
        })),
  );
  return actions.sort((a, b) =>
    which === 'upcoming'
      ? a.activationDateTime.localeCompare(b.activationDateTime)
      : b.activationDateTime.localeCompare(a.activationDateTime),
  );
}

/**
 * Halt flags at `now`: seeded halt windows, plus configured overrides.
 *
 * @example
 * ```ts
 * haltsAt(ctx, asset, now).isAtomicTradingHalted;
 * ```
 */
export function haltsAt(ctx: ViewContext, asset: SeedAsset, now: number) {
  const override = ctx.haltOverrides[asset.symbol];
  let market = override?.market ?? false;
  let atomic = override?.atomic ?? false;
  for (const halt of asset.halts) {
    const from = ctx.market.anchorMs + halt.fromMs;
    const to = ctx.market.anchorMs + halt.toMs;
    if (now >= from && now < to) {
      market ||= halt.market;
      atomic ||= halt.atomic;
    }
  }
  return { isMarketTradingHalted: market, isAtomicTradingHalted: atomic };
}

/**
 * `GET /public/system/status/{symbol}`.
 *
 * @example
 * ```ts
 * statusView(ctx, asset, now).isMarketTradingHalted; // false
 * ```
 */
export function statusView(ctx: ViewContext, asset: SeedAsset, now: number) {
  return { symbol: asset.symbol, ...haltsAt(ctx, asset, now), updatedAt: iso(now) };
}

/**
 * `GET /public/proof-of-reserves/{symbol}`: reserves cover supply × multiplier with a 0.15%
 * buffer; attested at the top of each hour.
 *
 * @example
 * ```ts
 * reservesView(ctx, asset, now).collateralizationRatio; // '1.0015'
 * ```
 */
export function reservesView(ctx: ViewContext, asset: SeedAsset, now: number) {
  const asOf = Math.floor(now / HOUR) * HOUR;
  const multiplier = ctx.market.multiplierAt(asset, asOf).current;
  const supply8 = parseFixed(asset.circulatingSupply, 8) ?? 0n;
  const needed8 = (supply8 * multiplier) / SCALE_8;
  const reserves8 = (needed8 * 10_015n + 9_999n) / 10_000n; // rounded up: never under-reported
  const ratio4 = needed8 === 0n ? 0n : (reserves8 * 10_000n) / needed8;
  return {
    symbol: asset.symbol,
    reservesQuantity: formatFixed(reserves8, 8),
    circulatingSupply: asset.circulatingSupply,
    collateralizationRatio: formatFixed(ratio4, 4),
    custodian: 'Simulated Custody AG',
    asOf: iso(asOf),
  };
}

/**
 * `GET /v2/oracles[/{symbol}]`: 8-decimal price, epoch-seconds timestamp one second behind.
 *
 * @example
 * ```ts
 * oracleView(ctx, asset, now).price; // '229.47318211'
 * ```
 */
export function oracleView(ctx: ViewContext, asset: SeedAsset, now: number) {
  return {
    symbol: asset.symbol,
    price: formatFixed(ctx.market.sharePriceAt(asset, now), 8),
    timestamp: Math.floor(now / 1000) - 1,
    confidence: '0.05',
  };
}
