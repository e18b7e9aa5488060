// Which trade corrects one asset's drift. The plain rule trades the whole delta when it is
// worth at least the minimum trade. A small vault has a gap that rule never closes: when 1 bp
// of the invested value is worth less than minimum trade / threshold (TECH6: $4,328 invested,
// a $50 minimum, a 100 bps threshold), a drift just past the threshold is worth less than the
// minimum trade and stays there. Such an asset is traded AT the minimum trade when that
// overshoot still leaves it inside the threshold on the other side, and only as far as the
// vault can pay: never more than it holds (a sale); a purchase only while the cash is at or
// above the buffer's target, taking it at most one minimum trade below (the buffer pays
// withdrawals, and the withdrawal-router's raise and the next deposit refill it; an asset left
// past the threshold for want of a few dollars above the buffer would stay there: the recorded
// trading day's TECH6, -100 bps for a $42.89 purchase). Otherwise it is left, with the reason
// (drift-scan's log and keeper_drift_left_total).
import type { AssetDrift, VaultDrift } from './drift.ts';

const BPS = 10_000n;

/** What to do with one asset's drift. */
export type Correction =
  | Readonly<{
      action: 'trade';
      /** Signed USD x 1e8: positive buys, negative sells. */
      deltaUsd1e8: bigint;
      /** True when the delta is under the minimum trade and the trade is the minimum. */
      atMinimum: boolean;
    }>
  | Readonly<{ action: 'leave'; reason: LeaveReason }>;

/**
 * Why a drift is left: `OnTarget` (no delta), `BelowMinTrade` (inside the threshold and worth
 * less than the minimum trade: the plain rule), and three ways an asset beyond the threshold
 * stays because the minimum trade cannot be made: it would push the asset past the threshold
 * on the other side, or sell more than the vault holds, or buy while the cash is below the
 * buffer's target.
 */
export type LeaveReason =
  | 'OnTarget'
  | 'BelowMinTrade'
  | 'MinTradeOvershoots'
  | 'MinTradeExceedsHolding'
  | 'MinTradeExceedsCash';

export type CorrectionRule = Readonly<{ thresholdBps: number; minTradeUsd1e8: bigint }>;

/** Weight minus target of `valueUsd1e8`, in bps of the invested value (as computeVaultDrift). */
function driftBpsOf(valueUsd1e8: bigint, asset: AssetDrift, investableUsd1e8: bigint): bigint {
  if (investableUsd1e8 === 0n) return -BigInt(asset.targetWeightBps);
  return (valueUsd1e8 * BPS) / investableUsd1e8 - BigInt(asset.targetWeightBps);
}

/**
 * Decides the correcting trade of `asset` in `vault` (a `computeVaultDrift` report).
 *
 * @example
 * // TECH6's NVDAx at +107 bps of $4,328 invested: the delta is -$46.63, under $50
 * decideCorrection(vault, nvdax, { thresholdBps: 100, minTradeUsd1e8: 50n * USD_ONE });
 * // { action: 'trade', deltaUsd1e8: -50n * USD_ONE, atMinimum: true } (ends at -9 bps)
 */
export function decideCorrection(
  vault: VaultDrift,
  asset: AssetDrift,
  rule: CorrectionRule,
): Correction {
  const delta = asset.deltaUsd1e8;
  if (delta === 0n) return { action: 'leave', reason: 'OnTarget' };
  const abs = delta < 0n ? -delta : delta;
  if (abs >= rule.minTradeUsd1e8) return { action: 'trade', deltaUsd1e8: delta, atMinimum: false };
  if (Math.abs(asset.driftBps) < rule.thresholdBps)
    return { action: 'leave', reason: 'BelowMinTrade' };
  const sell = delta < 0n;
  const min = rule.minTradeUsd1e8;
  if (sell && min > asset.valueUsd1e8) return { action: 'leave', reason: 'MinTradeExceedsHolding' };
  if (!sell) {
    // The buffer's target is what the investable value leaves of NAV: a cash already below it
    // buys nothing; one at or above it may go at most the minimum trade below it.
    const invested = vault.assets.reduce((s, a) => s + a.valueUsd1e8, 0n);
    const cash = vault.navUsd1e8 - invested;
    const buffer = vault.navUsd1e8 - vault.investableUsd1e8;
    if (cash < buffer || min > cash) return { action: 'leave', reason: 'MinTradeExceedsCash' };
  }
  // A trade at the snapshot's prices moves value between the asset and cash: NAV and the
  // invested value it is measured against stay, so the drift after is a function of value.
  const after = driftBpsOf(
    sell ? asset.valueUsd1e8 - min : asset.valueUsd1e8 + min,
    asset,
    vault.investableUsd1e8,
  );
  const afterAbs = after < 0n ? -after : after;
  if (afterAbs >= BigInt(rule.thresholdBps))
    return { action: 'leave', reason: 'MinTradeOvershoots' };
  return { action: 'trade', deltaUsd1e8: sell ? -min : min, atMinimum: true };
}
