// How much of a drift becomes a trade: at least the keeper's minimum notional, at least the
// API's minimum trade size, at most its maximum, and within the client's per-transaction and
// remaining daily cash limits. A trade the limits cut below the minimum is skipped, not sent.
import { KeeperError } from './errors.ts';
import { rawForUsd1e8, USD_ONE } from './valuation.ts';

/** The limits one trade must respect (USD x 1e8 and raw token units). */
export type TradeLimits = Readonly<{
  /** The keeper's own floor: drifts worth less are left alone (fees would eat them). */
  minNotionalUsd1e8: bigint;
  /** The swap assets list's minTradeSize / maxTradeSize converted to raw units (null: none). */
  minTradeRaw: bigint | null;
  maxTradeRaw: bigint | null;
  /** The client's maxCashPerTransaction (null: no limit). */
  maxCashPerTransactionUsd1e8: bigint | null;
  /** maxCashPerDay less cashUsed in the current window (null: no limit). */
  remainingCashTodayUsd1e8: bigint | null;
}>;

/** The asset's unit economics. */
export type TradeAsset = Readonly<{ decimals: number; multiplierNum: bigint; priceUsd1e8: bigint }>;

/** What to do with one asset's drift. */
export type TradeDecision =
  | Readonly<{
      action: 'trade';
      side: 'buy' | 'sell';
      /** Stablecoin notional of the trade, USD x 1e8. */
      notionalUsd1e8: bigint;
      /** Raw asset amount: sold (floor) or expected to be received at least (floor of notional). */
      assetRaw: bigint;
      /** True when a limit cut the trade below the full delta (the next scan continues). */
      capped: boolean;
    }>
  | Readonly<{
      action: 'skip';
      reason: 'BelowMinNotional' | 'BelowMinTradeSize' | 'DailyLimitReached';
    }>;

function min(a: bigint, b: bigint | null): bigint {
  return b === null || a <= b ? a : b;
}

/**
 * Sizes the trade for one asset from its signed delta (positive: buy). Rounding favours the
 * vault: a sale pays out the floor of the raw amount worth the notional; a purchase's expected
 * raw amount is the floor too, so the vault never asks the route for more than the notional
 * buys, and the notional itself is floored to whole cents of USD x 1e8.
 *
 * @example
 * decideTrade(250n * USD_ONE, asset, limits); // { action: 'trade', side: 'buy', ... }
 */
export function decideTrade(
  deltaUsd1e8: bigint,
  asset: TradeAsset,
  limits: TradeLimits,
): TradeDecision {
  if (limits.minNotionalUsd1e8 < 0n)
    throw new KeeperError('INVALID_DECISION_INPUT', 'minNotionalUsd1e8 must not be negative');
  const side = deltaUsd1e8 >= 0n ? 'buy' : 'sell';
  const wanted = deltaUsd1e8 >= 0n ? deltaUsd1e8 : -deltaUsd1e8;
  if (wanted === 0n || wanted < limits.minNotionalUsd1e8)
    return { action: 'skip', reason: 'BelowMinNotional' };
  if (limits.remainingCashTodayUsd1e8 !== null && limits.remainingCashTodayUsd1e8 <= 0n)
    return { action: 'skip', reason: 'DailyLimitReached' };
  let notional = min(
    min(wanted, limits.maxCashPerTransactionUsd1e8),
    limits.remainingCashTodayUsd1e8,
  );
  // Whole cents: quotes and limits are in cents, and a sub-cent tail only costs rounding.
  notional -= notional % (USD_ONE / 100n);
  let raw = rawForUsd1e8(notional, asset, 'floor');
  if (limits.maxTradeRaw !== null && raw > limits.maxTradeRaw) {
    raw = limits.maxTradeRaw;
    // The notional that the capped raw amount is worth, floored (never more than it buys).
    notional =
      (raw * asset.multiplierNum * asset.priceUsd1e8) /
      (1_000_000_000_000n * 10n ** BigInt(asset.decimals));
  }
  if (notional < limits.minNotionalUsd1e8) return { action: 'skip', reason: 'BelowMinNotional' };
  if (raw === 0n || (limits.minTradeRaw !== null && raw < limits.minTradeRaw))
    return { action: 'skip', reason: 'BelowMinTradeSize' };
  return {
    action: 'trade',
    side,
    notionalUsd1e8: notional,
    assetRaw: raw,
    capped: notional < wanted,
  };
}

/**
 * A token quantity of the swap assets list (a decimal string of whole UI tokens) in raw
 * units: UI tokens / multiplier x 10^decimals, rounded as asked (`ceil` for a minimum, so a
 * trade at the bound is never below it; `floor` for a maximum).
 *
 * @example
 * tradeSizeToRaw('0.5', 6, 2_000_000_000_000n, 'ceil'); // 250_000n (0.5 UI token at 2x)
 */
export function tradeSizeToRaw(
  uiTokens: string,
  decimals: number,
  multiplierNum: bigint,
  rounding: 'floor' | 'ceil',
): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(uiTokens);
  if (!match) throw new KeeperError('INVALID_DECISION_INPUT', `not a decimal: ${uiTokens}`);
  if (multiplierNum <= 0n)
    throw new KeeperError('INVALID_DECISION_INPUT', 'multiplier must be positive');
  const fraction = match[2] ?? '';
  const value = BigInt(`${match[1]}${fraction}`);
  const num = value * 10n ** BigInt(decimals) * 1_000_000_000_000n;
  const den = 10n ** BigInt(fraction.length) * multiplierNum;
  const q = num / den;
  return rounding === 'ceil' && q * den !== num ? q + 1n : q;
}
