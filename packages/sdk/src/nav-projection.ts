/**
 * NAV projected to a future time with the issuer's FeeAccrual multiplier decay (spec, Balance
 * arithmetic: "NAV projections must include it") and the vault's own management fee.
 *
 * Model (what a projection assumes, and nothing more):
 * - Prices per underlying share stay where the quote's snapshot has them: no market forecast.
 *   A token's USD value is `raw x multiplier x price`; splits, reverse splits and dividends
 *   move the multiplier and the per-token price inversely (value-neutral), so only FeeAccrual
 *   changes a holding's value: each step multiplies the multiplier (and so the value) by
 *   `1 - bps x stepSecs / (BPS x YEAR)`, while the price per underlying share is unchanged.
 *   Known corporate actions (`multiplierActions`) move the projected multiplier and per-token
 *   price, not the value.
 * - Books (raw holdings, cash) stay as they are: no deposits, withdrawals or rebalances.
 * - The vault's management fee accrues as the program accrues it at `at` in one interval from
 *   `lastMgmtFeeTime` (`mgmtFeeShares`: fee shares = supply x f / (1 - f), f = bps x t / YEAR),
 *   diluting NAV per share, in one interval as the program accrues it (the program's exact shares).
 *
 * Rounding: the projected NAV is `cash + floor(sum of exact asset values)` in 1e-6 USD, one
 * floor over the exact rational sum (the multipliers' decay `((D - r) / D)^k` is kept exact);
 * NAV per share is the program's `pricePerShare` (virtual shares and assets, rounded down) of
 * that NAV over the projected effective supply. Both round down: a projection never overstates
 * what a share is worth. Per-asset multipliers and values are floored for display.
 *
 * Limits: the issuer truncates its multiplier to 8 decimals at each step, which the model does
 * not (a difference of at most one 1e-8 unit per step, about 1e-8 relative per day); the
 * current NAV here is priced at the snapshot without the program's price-memory envelope (a
 * future push replaces it), so at `at = now` it can exceed `quote.navUsd.down` by the envelope
 * and by the program's per-step rounding; the horizon is capped at ten years (the program's
 * fee interval cap).
 */

import type { Address } from '@solana/kit';
import {
  type FeeAccrualSchedule,
  feeAccrualStepFactor,
  feeAccrualSteps,
  type MultiplierAction,
} from './fee-accrual.ts';
import { MULTIPLIER_SCALE } from './fixed-multiplier.ts';
import type { NavQuote } from './nav-quote.ts';
import { MAX_FEE_INTERVAL_SECS, mgmtFeeShares, pricePerShare } from './share-math.ts';

/**
 * Options of {@link projectNav}.
 *
 * @example
 * const options: ProjectNavOptions = { at: quote.now + 30n * 86_400n, feeAccrual: new Map([[aaplx, { bpsPerYear: 25 }]]), lastMgmtFeeTime: vault.lastMgmtFeeTime };
 */
export interface ProjectNavOptions {
  /** Unix seconds to project to, at or after `quote.now` and at most ten years later. */
  readonly at: bigint;
  /** FeeAccrual schedule by mint; a mint without one keeps its multiplier. */
  readonly feeAccrual: ReadonlyMap<Address, FeeAccrualSchedule>;
  /**
   * Value-neutral multiplier changes by mint (splits, dividends: `multiplierActionFromState`)
   * taking effect in `(quote.now, at]`: they move the projected multiplier and per-token price,
   * not the value.
   */
  readonly multiplierActions?: ReadonlyMap<Address, readonly MultiplierAction[]>;
  /**
   * When the management fee was last accrued; defaults to the quote's
   * (`quote.config.lastMgmtFeeTime`). The program accrues in one interval from it.
   */
  readonly lastMgmtFeeTime?: bigint;
}

/**
 * One asset of a projection.
 *
 * @example
 * for (const a of projection.assets) console.log(a.mint, a.multiplierNum, a.valueUsd);
 */
export interface ProjectedAsset {
  readonly mint: Address;
  /** FeeAccrual steps applied between `quote.now` and `at`. */
  readonly steps: bigint;
  /** The snapshot's multiplier x 1e12 the projection starts from. */
  readonly fromMultiplierNum: bigint;
  /** The projected multiplier x 1e12 at `at` (FeeAccrual and actions), rounded down. */
  readonly multiplierNum: bigint;
  /** Value-neutral multiplier actions applied. */
  readonly actions: number;
  /** The per-token price x 1e8 at `at` (the snapshot's, divided by the actions), rounded down. */
  readonly priceUsd1e8: bigint;
  /** The projected value of the book at `at` in 1e-6 USD, rounded down. */
  readonly valueUsd: bigint;
}

/**
 * A NAV projection.
 *
 * @example
 * const { navUsd, pricePerShare, feeAccrualUsd } = projectNav(quote, options);
 */
export interface NavProjection {
  readonly from: bigint;
  readonly at: bigint;
  /** Projected NAV at `at` in 1e-6 USD (rounded down once). */
  readonly navUsd: bigint;
  /** The same model at `quote.now` (no decay), for comparison. */
  readonly navUsdAtFrom: bigint;
  /** Value the issuer's FeeAccrual takes over the horizon: `navUsdAtFrom - navUsd`. */
  readonly feeAccrualUsd: bigint;
  /** Effective supply at `at` (minted + owed + accrued management-fee shares). */
  readonly supply: { readonly effective: bigint; readonly accruedMgmtFeeShares: bigint };
  /** NAV per share x 1e12 at `at`, rounded down (program `pricePerShare`). */
  readonly pricePerShare: bigint;
  /** NAV per share x 1e12 at `quote.now` under the same model (before both fees). */
  readonly pricePerShareAtFrom: bigint;
  readonly assets: readonly ProjectedAsset[];
}

/**
 * Most FeeAccrual steps one asset's projection applies (the decay is kept exact, so its size
 * grows with the steps): ten years of daily steps fit easily.
 *
 * @example
 * MAX_PROJECTED_STEPS; // 100_000n
 */
export const MAX_PROJECTED_STEPS = 100_000n;

interface Fraction {
  num: bigint;
  den: bigint;
}

/** Sums fractions over their least common denominator (terms of one schedule share theirs). */
function sumFractions(terms: readonly Fraction[]): Fraction {
  let total: Fraction = { num: 0n, den: 1n };
  for (const t of terms) {
    if (t.den === total.den) {
      total = { num: total.num + t.num, den: total.den };
      continue;
    }
    const g = gcd(total.den, t.den);
    const den = (total.den / g) * t.den;
    total = { num: total.num * (den / total.den) + t.num * (den / t.den), den };
  }
  return total;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * Projects the quote's NAV and NAV per share to `options.at` (see the module comment for the
 * model, its rounding and its limits).
 *
 * @throws {RangeError} when `at` is before the quote or more than ten years after it, or a held
 * asset has no priced snapshot entry (its value cannot be projected).
 * @example
 * const in30Days = projectNav(quote, { at: quote.now + 30n * 86_400n, feeAccrual, lastMgmtFeeTime: vault.lastMgmtFeeTime });
 */
export function projectNav(quote: NavQuote, options: ProjectNavOptions): NavProjection {
  const from = quote.now;
  const { at } = options;
  if (at < from) throw new RangeError(`cannot project to ${at}, before the quote's time ${from}`);
  if (at - from > MAX_FEE_INTERVAL_SECS) {
    throw new RangeError(`a projection covers at most ten years (${MAX_FEE_INTERVAL_SECS} s)`);
  }
  const atFrom: Fraction[] = [];
  const atTarget: Fraction[] = [];
  const assets: ProjectedAsset[] = [];
  for (const asset of quote.assets) {
    if (asset.holdingsRaw === 0n) continue;
    const entry = asset.entry;
    if (!entry || entry.priceUsd1e8 === 0n) {
      throw new RangeError(`asset ${asset.mint} is held but has no priced snapshot entry`);
    }
    const schedule = options.feeAccrual.get(asset.mint);
    const steps = schedule ? feeAccrualSteps(schedule, from, at) : 0n;
    if (steps > MAX_PROJECTED_STEPS) {
      throw new RangeError(
        `${steps} FeeAccrual steps for ${asset.mint}: at most ${MAX_PROJECTED_STEPS} (use a longer step)`,
      );
    }
    const factor = schedule && steps > 0n ? feeAccrualStepFactor(schedule) : { num: 1n, den: 1n };
    const decayNum = factor.num ** steps;
    const decayDen = factor.den ** steps;
    // value (1e-6 USD) = raw x m/1e12 x price/1e8 / 10^dec x 1e6
    const valueNum = asset.holdingsRaw * entry.multiplierNum * entry.priceUsd1e8;
    const valueDen = MULTIPLIER_SCALE * 10n ** BigInt(asset.decimals + 2);
    atFrom.push({ num: valueNum, den: valueDen });
    const projected = { num: valueNum * decayNum, den: valueDen * decayDen };
    atTarget.push(projected);
    const actions = (options.multiplierActions?.get(asset.mint) ?? []).filter(
      (a) => a.at > from && a.at <= at,
    );
    for (const a of actions) {
      if (a.num <= 0n || a.den <= 0n) {
        throw new RangeError(`multiplier action of ${asset.mint} at ${a.at} is not positive`);
      }
    }
    const actionNum = actions.reduce((p, a) => p * a.num, 1n);
    const actionDen = actions.reduce((p, a) => p * a.den, 1n);
    assets.push({
      mint: asset.mint,
      steps,
      fromMultiplierNum: entry.multiplierNum,
      multiplierNum: (entry.multiplierNum * decayNum * actionNum) / (decayDen * actionDen),
      actions: actions.length,
      priceUsd1e8: (entry.priceUsd1e8 * actionDen) / actionNum,
      valueUsd: projected.num / projected.den,
    });
  }
  const floorSum = (terms: Fraction[]) => {
    const s = sumFractions(terms);
    return quote.cashRaw + s.num / s.den;
  };
  const navUsd = floorSum(atTarget);
  const navUsdAtFrom = floorSum(atFrom);

  const base = quote.supply.minted + quote.supply.feeSharesOwed + quote.supply.escrowedShares;
  // One accrual from the last one, as the program computes it at `at`.
  const last = options.lastMgmtFeeTime ?? quote.config.lastMgmtFeeTime;
  const accrued = mgmtFeeShares(base, quote.config.mgmtFeeBps, at - last);
  const effective = base + accrued;
  return {
    from,
    at,
    navUsd,
    navUsdAtFrom,
    feeAccrualUsd: navUsdAtFrom - navUsd,
    supply: { effective, accruedMgmtFeeShares: accrued },
    pricePerShare: pricePerShare(navUsd, effective),
    pricePerShareAtFrom: pricePerShare(navUsdAtFrom, quote.supply.effective),
    assets,
  };
}
