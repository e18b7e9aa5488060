// The deposit-router's decision: how a vault's investable cash is spent on the basket so the
// basket ends as close to its target as the cash allows. Each asset's target after the trade
// is its weight of the investable value (NAV less the cash buffer's target: the cash stays in
// the NAV, so buying changes no target). The cash buys the shortfalls first (an overweight
// asset gets nothing: buying it would only widen its drift); when the cash is less than the
// shortfalls, the largest shortfall first, down to a common level (`waterFill`: of all
// splits, the one that leaves the largest drift smallest; pro rata of the shortfalls can end
// a basis point further off than the old target-weight split, docs/decisions/0062-the-deposit-router-fills-the-largest-shortfalls-first.md); any cash
// left once every shortfall is met, by target weight.
// Legs are floored to whole cents, so the sum never exceeds the cash; a leg under the minimum
// trade stays in cash for the next drift scan.

import { toCents, waterFill } from './allocation.ts';
import { KeeperError } from './errors.ts';

const BPS = 10_000n;

/** One buy leg of a deposit. */
export type DepositLeg = Readonly<{ mint: string; notionalUsd1e8: bigint }>;

/** An asset as the deposit-router sees it: valued at the snapshot (raw x multiplier x price). */
export type DepositAsset = Readonly<{
  mint: string;
  valueUsd1e8: bigint;
  /** Its share of the investable value, USD x 1e8 (the drift report's `targetUsd1e8`). */
  targetUsd1e8: bigint;
  targetWeightBps: number;
}>;

/**
 * Splits `cashUsd1e8` into buy legs that bring the basket toward its target.
 *
 * @throws {KeeperError} `INVALID_DECISION_INPUT` on negative cash or weights not summing to 10000.
 * @example
 * splitDeposit(50n * USD_ONE, [
 *   { mint: 'A', valueUsd1e8: 500n * USD_ONE, targetUsd1e8: 560n * USD_ONE, targetWeightBps: 6_000 },
 *   { mint: 'B', valueUsd1e8: 350n * USD_ONE, targetUsd1e8: 373n * USD_ONE, targetWeightBps: 4_000 },
 * ], 10n * USD_ONE);
 * // A $43.50, B $6.50: both shortfalls down to $16.50
 */
export function splitDeposit(
  cashUsd1e8: bigint,
  assets: readonly DepositAsset[],
  minNotionalUsd1e8: bigint,
): DepositLeg[] {
  if (cashUsd1e8 < 0n) throw new KeeperError('INVALID_DECISION_INPUT', 'negative cash');
  const sum = assets.reduce((s, a) => s + a.targetWeightBps, 0);
  if (sum !== 10_000)
    throw new KeeperError('INVALID_DECISION_INPUT', `target weights sum to ${sum} bps, not 10000`);
  const shortfalls = assets.map((a) =>
    a.targetUsd1e8 > a.valueUsd1e8 ? a.targetUsd1e8 - a.valueUsd1e8 : 0n,
  );
  const short = shortfalls.reduce((s, x) => s + x, 0n);
  const amounts =
    cashUsd1e8 <= short
      ? waterFill(cashUsd1e8, shortfalls, shortfalls, 'floor')
      : shortfalls.map(
          (s, i) =>
            s + ((cashUsd1e8 - short) * BigInt((assets[i] as DepositAsset).targetWeightBps)) / BPS,
        );
  const legs: DepositLeg[] = [];
  assets.forEach((a, i) => {
    const notional = toCents(amounts[i] as bigint, 'floor');
    if (notional > 0n && notional >= minNotionalUsd1e8)
      legs.push({ mint: a.mint, notionalUsd1e8: notional });
  });
  return legs;
}

/**
 * The stablecoin a vault holds above its cash buffer's target (what deposits brought in and
 * the basket has not bought yet): the investable value (NAV less the buffer's target, the
 * target rounded up so the buffer never comes short) less the assets' value; 0 when at or
 * below target.
 *
 * @example
 * excessCash({ navUsd1e8: 1_000n * USD_ONE, investableUsd1e8: 950n * USD_ONE, assetsUsd1e8: 400n * USD_ONE });
 * // 550 USD
 */
export function excessCash(v: {
  navUsd1e8: bigint;
  investableUsd1e8: bigint;
  assetsUsd1e8: bigint;
}): bigint {
  const excess = v.investableUsd1e8 - v.assetsUsd1e8;
  return excess > 0n ? excess : 0n;
}
