// The deposit-router's decision: how a deposit's stablecoin is spent on the basket. The cash
// buffer keeps its target share of the deposit; the rest buys each asset by its target weight,
// floored to whole cents; the remainder (at most a cent per asset) stays in cash, never
// overspent. Legs below the minimum trade are left in cash for the next drift scan.
import { KeeperError } from './errors.ts';
import { USD_ONE } from './valuation.ts';

const BPS = 10_000n;
const CENT = USD_ONE / 100n;

/** One buy leg of a deposit. */
export type DepositLeg = Readonly<{ mint: string; notionalUsd1e8: bigint }>;

/**
 * Splits `depositUsd1e8` into buy legs.
 *
 * @example
 * splitDeposit(1_000n * USD_ONE, 500, [{ mint: 'A', targetWeightBps: 6_000 }, { mint: 'B', targetWeightBps: 4_000 }], 10n * USD_ONE);
 * // [{ mint: 'A', notionalUsd1e8: 570 USD }, { mint: 'B', notionalUsd1e8: 380 USD }]
 */
export function splitDeposit(
  depositUsd1e8: bigint,
  cashBufferBps: number,
  assets: readonly { mint: string; targetWeightBps: number }[],
  minNotionalUsd1e8: bigint,
): DepositLeg[] {
  if (depositUsd1e8 < 0n) throw new KeeperError('INVALID_DECISION_INPUT', 'negative deposit');
  const sum = assets.reduce((s, a) => s + a.targetWeightBps, 0);
  if (sum !== 10_000)
    throw new KeeperError('INVALID_DECISION_INPUT', `target weights sum to ${sum} bps, not 10000`);
  const investable = (depositUsd1e8 * (BPS - BigInt(cashBufferBps))) / BPS;
  const legs: DepositLeg[] = [];
  for (const a of assets) {
    const raw = (investable * BigInt(a.targetWeightBps)) / BPS;
    const notional = raw - (raw % CENT);
    if (notional > 0n && notional >= minNotionalUsd1e8)
      legs.push({ mint: a.mint, notionalUsd1e8: notional });
  }
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
