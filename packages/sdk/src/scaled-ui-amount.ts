/**
 * What Token-2022 displays for a raw amount of a ScaledUiAmount mint, digit for digit.
 *
 * Token-2022 (`ScaledUiAmountConfig::amount_to_ui_amount`, also used by the RPC's
 * `uiAmountString` and the `AmountToUiAmount` instruction) computes in `f64`:
 *
 * 1. the multiplier in force is `new_multiplier` once `unix_timestamp >=
 *    new_multiplier_effective_timestamp`, else `multiplier`;
 * 2. `scaled = (amount as f64) * multiplier`, then truncated towards zero;
 * 3. divided by `10^decimals` (an `f64` power computed by repeated squaring);
 * 4. formatted with exactly `decimals` fractional digits (`format!("{:.*}")`: the exact binary
 *    value rounded half to even), then trailing zeros and a bare point removed.
 *
 * JavaScript numbers are the same IEEE-754 doubles with the same round-to-nearest-even
 * operations, so steps 1-3 are reproduced with plain number arithmetic; step 4 is done exactly
 * with `bigint` (never `toFixed`, which rounds ties up and switches to exponents at 1e21).
 */

import { assertIsTokenDecimals } from './decimal-amount.ts';
import { f64ToRational } from './f64-rational.ts';

/**
 * The ScaledUiAmount fields of a Token-2022 mint that decide the displayed amount.
 *
 * @example
 * const config: ScaledUiAmountConfig = { multiplier: 1, newMultiplier: 2, newMultiplierEffectiveTimestamp: 1_800_000_000n };
 */
export interface ScaledUiAmountConfig {
  readonly multiplier: number;
  readonly newMultiplier: number;
  readonly newMultiplierEffectiveTimestamp: bigint;
}

/**
 * The multiplier in force at `unixTimestamp` (seconds): `newMultiplier` from its effective
 * timestamp on (inclusive), `multiplier` before.
 *
 * @example
 * currentMultiplier({ multiplier: 1, newMultiplier: 2, newMultiplierEffectiveTimestamp: 100n }, 100n); // 2
 */
export function currentMultiplier(config: ScaledUiAmountConfig, unixTimestamp: bigint): number {
  return unixTimestamp >= config.newMultiplierEffectiveTimestamp
    ? config.newMultiplier
    : config.multiplier;
}

/**
 * The multiplier change a mint has scheduled after `unixTimestamp`, or `null` when none is
 * pending (no later effective timestamp, or the same multiplier). What the mint itself says,
 * next to the tokenized-asset API's multiplier state.
 *
 * @example
 * pendingMultiplierChange({ multiplier: 1, newMultiplier: 2, newMultiplierEffectiveTimestamp: 200n }, 100n);
 * // { from: 1, to: 2, effectiveTimestamp: 200n }
 */
export function pendingMultiplierChange(
  config: ScaledUiAmountConfig,
  unixTimestamp: bigint,
): { from: number; to: number; effectiveTimestamp: bigint } | null {
  if (unixTimestamp >= config.newMultiplierEffectiveTimestamp) return null;
  if (Object.is(config.multiplier, config.newMultiplier)) return null;
  return {
    from: config.multiplier,
    to: config.newMultiplier,
    effectiveTimestamp: config.newMultiplierEffectiveTimestamp,
  };
}

/** `10^exp` in `f64`, by the same repeated squaring as `num_traits::pow`. */
function pow10F64(exp: number): number {
  if (exp === 0) return 1;
  let base = 10;
  let e = exp;
  while ((e & 1) === 0) {
    base *= base;
    e >>= 1;
  }
  if (e === 1) return base;
  let acc = base;
  while (e > 1) {
    e >>= 1;
    base *= base;
    if ((e & 1) === 1) acc *= base;
  }
  return acc;
}

/**
 * An `f64` formatted with exactly `digits` fractional digits, rounding the exact binary value
 * half to even, as Rust's `format!("{:.*}", digits, value)` does.
 *
 * @example
 * formatF64Fixed(0.125, 2); // "0.12"
 * formatF64Fixed(1e21, 0); // "1000000000000000000000"
 */
export function formatF64Fixed(value: number, digits: number): string {
  if (Number.isNaN(value)) return 'NaN';
  const negative = value < 0 || Object.is(value, -0);
  const abs = Math.abs(value);
  if (abs === Number.POSITIVE_INFINITY) return negative ? '-inf' : 'inf';
  const r = f64ToRational(abs);
  if (r === null) return 'NaN';
  const pow = 10n ** BigInt(digits);
  let units: bigint;
  if (r.exponent >= 0) {
    units = (r.mantissa * pow) << BigInt(r.exponent);
  } else {
    const shift = BigInt(-r.exponent);
    const num = r.mantissa * pow;
    const q = num >> shift;
    const rem = num - (q << shift);
    const half = 1n << (shift - 1n);
    units = rem > half || (rem === half && (q & 1n) === 1n) ? q + 1n : q;
  }
  const text = units.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = text.slice(text.length - digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${fraction}` : ''}`;
}

/**
 * Token-2022's UI amount string of `raw` units of a ScaledUiAmount mint at `unixTimestamp`:
 * the exact string a wallet or the RPC's `uiAmountString` shows (see the module comment for the
 * rule). Use it for display; use the exact `bigint` functions for valuation.
 *
 * @example
 * const config = { multiplier: 0.99, newMultiplier: 0.99, newMultiplierEffectiveTimestamp: 0n };
 * amountToUiAmount(101n, 2, config, 1_800_000_000n); // "0.99"
 */
export function amountToUiAmount(
  raw: bigint,
  decimals: number,
  config: ScaledUiAmountConfig,
  unixTimestamp: bigint,
): string {
  assertIsTokenDecimals(decimals);
  const scaled = Number(raw) * currentMultiplier(config, unixTimestamp);
  const truncated = Math.trunc(scaled) / pow10F64(decimals);
  const text = formatF64Fixed(truncated, decimals);
  return decimals > 0 ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}
