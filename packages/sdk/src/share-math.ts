/**
 * The vault program's share and fee arithmetic (`programs/vault/src/share_math`), ported
 * operation for operation: every `mul_div` keeps its rounding direction and fails where the
 * program's fails (a `u64` overflow or a zero divisor), so a quote equals what the program
 * computes.
 *
 * Units: USD values in 1e-6 USD, shares in raw share units (6 decimals), asset amounts raw.
 * `supply` is the effective supply: minted shares plus management-fee shares owed.
 */

import { MULTIPLIER_SCALE } from './fixed-multiplier.ts';
import { SDK_ERROR__MATH_OVERFLOW, SdkError } from './sdk-errors.ts';

/**
 * Virtual shares added to the supply in every price (program `VIRTUAL_SHARES`).
 *
 * @example
 * VIRTUAL_SHARES; // 1_000_000n
 */
export const VIRTUAL_SHARES = 1_000_000n;
/**
 * Virtual assets added to NAV in every price (program `VIRTUAL_ASSETS_USD`).
 *
 * @example
 * VIRTUAL_ASSETS_USD; // 1_000_000n
 */
export const VIRTUAL_ASSETS_USD = 1_000_000n;
/**
 * Basis-point denominator.
 *
 * @example
 * BPS; // 10_000n
 */
export const BPS = 10_000n;
/**
 * Seconds per fee year (365 days).
 *
 * @example
 * SECONDS_PER_YEAR; // 31_536_000n
 */
export const SECONDS_PER_YEAR = 31_536_000n;
/**
 * Longest interval one management-fee accrual covers.
 *
 * @example
 * MAX_FEE_INTERVAL_SECS; // 10n * SECONDS_PER_YEAR
 */
export const MAX_FEE_INTERVAL_SECS = 10n * SECONDS_PER_YEAR;
/**
 * Scale of a NAV-per-share value.
 *
 * @example
 * PPS_SCALE; // 1_000_000_000_000n
 */
export const PPS_SCALE = 1_000_000_000_000n;
/**
 * Decimals of the share mint.
 *
 * @example
 * SHARE_DECIMALS; // 6
 */
export const SHARE_DECIMALS = 6;
/**
 * Largest asset decimals the program supports.
 *
 * @example
 * MAX_ASSET_DECIMALS; // 12
 */
export const MAX_ASSET_DECIMALS = 12;

const U64_MAX = (1n << 64n) - 1n;

function overflow(operation: string): never {
  throw new SdkError(SDK_ERROR__MATH_OVERFLOW, { operation });
}

function u64(value: bigint, operation: string): bigint {
  return value < 0n || value > U64_MAX ? overflow(operation) : value;
}

/**
 * `a * b / d` with the program's `mul_div` semantics: an exact 128-bit product, the stated
 * rounding, and failure on `d == 0` or a result above `u64::MAX`.
 *
 * @throws {SdkError} `SDK_ERROR__MATH_OVERFLOW` where the program returns `None`.
 * @example
 * mulDiv(10n, 10n, 3n, 'up'); // 34n
 */
export function mulDiv(a: bigint, b: bigint, d: bigint, rounding: 'down' | 'up'): bigint {
  if (d === 0n) overflow('mul_div by zero');
  const n = a * b;
  const q = n / d;
  return u64(rounding === 'up' && q * d !== n ? q + 1n : q, 'mul_div');
}

/**
 * USD value (1e-6 USD) of `raw` units of an asset, in two `mulDiv` steps rounded the same way:
 * `raw * multiplier_num / 1e12`, then `* price_usd_1e8 / 10^(decimals + 2)`. `up` prices
 * deposits (a higher NAV mints fewer shares), `down` prices payouts.
 *
 * @example
 * assetValueUsd(100_000_000n, 1_057_100_000_000n, 23_456_000_000n, 8, 'up'); // 247_953_376n
 */
export function assetValueUsd(
  raw: bigint,
  multiplierNum: bigint,
  priceUsd1e8: bigint,
  decimals: number,
  rounding: 'down' | 'up',
): bigint {
  if (raw === 0n) return 0n;
  if (decimals > MAX_ASSET_DECIMALS) overflow('asset decimals above 12');
  const scaled = mulDiv(raw, multiplierNum, MULTIPLIER_SCALE, rounding);
  return mulDiv(scaled, priceUsd1e8, 10n ** BigInt(decimals + 2), rounding);
}

function totals(navUsd: bigint, supply: bigint) {
  return {
    shares: u64(supply + VIRTUAL_SHARES, 'supply + virtual shares'),
    assets: u64(navUsd + VIRTUAL_ASSETS_USD, 'nav + virtual assets'),
  };
}

/**
 * Shares minted for a deposit worth `depositUsd`, rounded down.
 *
 * @example
 * sharesForDeposit(1_000_000n, 0n, 0n); // 1_000_000n (1 USD buys 1 share in an empty vault)
 */
export function sharesForDeposit(depositUsd: bigint, navUsd: bigint, supply: bigint): bigint {
  const t = totals(navUsd, supply);
  return mulDiv(depositUsd, t.shares, t.assets, 'down');
}

/**
 * USD value of `shares`, rounded down (what a redemption may pay before fees).
 *
 * @example
 * valueOfShares(500_000n, 2_000_000n, 1_000_000n); // 750_000n
 */
export function valueOfShares(shares: bigint, navUsd: bigint, supply: bigint): bigint {
  const t = totals(navUsd, supply);
  if (shares > supply) overflow('shares above supply');
  return mulDiv(shares, t.assets, t.shares, 'down');
}

/**
 * Raw amount of one holding paid for `shares` in an in-kind redemption, rounded down.
 *
 * @example
 * inKindAmount(500_000n, 1_000n, 1_000_000n); // 250n
 */
export function inKindAmount(shares: bigint, bookRaw: bigint, supply: bigint): bigint {
  if (shares > supply) overflow('shares above supply');
  const shares_total = u64(supply + VIRTUAL_SHARES, 'supply + virtual shares');
  return mulDiv(bookRaw, shares, shares_total, 'down');
}

/**
 * A fee of `feeBps` on `value`, rounded up.
 *
 * @example
 * feeOn(1_000_001n, 5); // 501n
 */
export function feeOn(value: bigint, feeBps: number): bigint {
  return mulDiv(value, BigInt(feeBps), BPS, 'up');
}

/**
 * A stablecoin redemption: gross value (down), the withdrawal fee (up) and the net paid.
 *
 * @example
 * stableWithdrawal(500_000n, 2_000_000n, 1_000_000n, 5); // { grossUsd: 750_000n, feeUsd: 375n, netUsd: 749_625n }
 */
export function stableWithdrawal(
  shares: bigint,
  navUsd: bigint,
  supply: bigint,
  feeBps: number,
): { grossUsd: bigint; feeUsd: bigint; netUsd: bigint } {
  const grossUsd = valueOfShares(shares, navUsd, supply);
  const feeUsd = feeOn(grossUsd, feeBps);
  if (feeUsd > grossUsd) overflow('fee above gross');
  return { grossUsd, feeUsd, netUsd: grossUsd - feeUsd };
}

/**
 * Management-fee shares accrued over `elapsedSecs` at `feeBps` per year, rounded down; none for
 * a non-positive interval, capped at ten years.
 *
 * @example
 * mgmtFeeShares(1_000_000_000n, 20, 31_536_000n); // 2_004_008n
 */
export function mgmtFeeShares(supply: bigint, feeBps: number, elapsedSecs: bigint): bigint {
  if (elapsedSecs <= 0n || feeBps === 0 || supply === 0n) return 0n;
  const t = elapsedSecs < MAX_FEE_INTERVAL_SECS ? elapsedSecs : MAX_FEE_INTERVAL_SECS;
  const numerator = BigInt(feeBps) * t;
  const denominator = BPS * SECONDS_PER_YEAR - numerator;
  if (denominator <= 0n) overflow('management fee above 100%');
  return mulDiv(supply, numerator, denominator, 'down');
}

/**
 * NAV per share scaled by {@link PPS_SCALE}, rounded down.
 *
 * @example
 * pricePerShare(0n, 0n); // 1_000_000_000_000n (1 USD)
 */
export function pricePerShare(navUsd: bigint, supply: bigint): bigint {
  const t = totals(navUsd, supply);
  return mulDiv(t.assets, PPS_SCALE, t.shares, 'down');
}

/**
 * Performance fee of `perfBps` on the gain of NAV per share above the high-water mark
 * (program `perf_fee`): `fee_usd = (pps - hwm) x supply / PPS_SCALE x perf_bps / BPS` (both
 * rounded down), paid as `fee_usd x (supply + V_s) / (nav + V_a - fee_usd)` shares; the new
 * mark is the post-fee price, or the old one when no fee is due.
 *
 * @example
 * perfFee(2_000_000_000n, 1_000_000_000n, 1_000_000_000_000n, 1_000); // { feeShares, newHwmPps }
 */
export function perfFee(
  navUsd: bigint,
  supply: bigint,
  hwmPps: bigint,
  perfBps: number,
): { feeShares: bigint; newHwmPps: bigint } {
  const unchanged = { feeShares: 0n, newHwmPps: hwmPps };
  const pps = pricePerShare(navUsd, supply);
  if (pps <= hwmPps || perfBps === 0 || supply === 0n) return unchanged;
  const gainUsd = mulDiv(pps - hwmPps, supply, PPS_SCALE, 'down');
  const feeUsd = mulDiv(gainUsd, BigInt(perfBps), BPS, 'down');
  const t = totals(navUsd, supply);
  const rest = t.assets - feeUsd;
  if (rest <= 0n) overflow('performance fee above NAV');
  const feeShares = mulDiv(feeUsd, t.shares, rest, 'down');
  if (feeShares === 0n) return unchanged;
  const newSupply = u64(supply + feeShares, 'supply + fee shares');
  return { feeShares, newHwmPps: pricePerShare(navUsd, newSupply) };
}
