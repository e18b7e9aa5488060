/**
 * Exact conversions between raw amounts and display (UI) amounts with `bigint`, from the exact
 * value of the multiplier `f64`. Use them where a rounding must go a stated way (user input,
 * valuation); use `amountToUiAmount` to show exactly what wallets show.
 */

import { assertIsTokenDecimals, formatDecimalAmount, parseExactDecimal } from './decimal-amount.ts';
import { f64ToRational, mulRationalFloor } from './f64-rational.ts';
import { tryDecodeF64Multiplier } from './fixed-multiplier.ts';
import { MAX_RAW_AMOUNT, type RawAmount } from './raw-amount.ts';
import {
  SDK_ERROR__INVALID_DECIMAL_AMOUNT,
  SDK_ERROR__INVALID_MULTIPLIER,
  SdkError,
} from './sdk-errors.ts';

/**
 * Which way an inexact conversion rounds.
 *
 * @example
 * const rounding: Rounding = 'down';
 */
export type Rounding = 'down' | 'up';

function rationalOf(multiplier: number) {
  // Same accepted range as the programs: finite, positive, normal, representable at 1e12.
  const r = f64ToRational(multiplier);
  if (r === null || tryDecodeF64Multiplier(multiplier) === null) {
    throw new SdkError(SDK_ERROR__INVALID_MULTIPLIER, { value: multiplier });
  }
  return r;
}

/**
 * `raw * multiplier` in display units (`10^-decimals` of a UI token), exactly, rounded the given
 * way (default down, like Token-2022's truncation).
 *
 * @example
 * exactDisplayUnits(101n, 0.99); // 99n (the f64 0.99 is slightly below 0.99)
 */
export function exactDisplayUnits(raw: bigint, multiplier: number, rounding: Rounding = 'down') {
  const { floor, inexact } = mulRationalFloor(rationalOf(multiplier), raw);
  return rounding === 'up' && inexact ? floor + 1n : floor;
}

/**
 * The exact display amount `raw * multiplier / 10^decimals`, truncated at `decimals` and trimmed
 * like Token-2022's strings. It differs from {@link amountToUiAmount} only where Token-2022's
 * `f64` product rounds across a whole display unit (then Token-2022 shows one unit more), or
 * where the product exceeds 2^53.
 *
 * @example
 * exactUiAmount(1_000_000n, 6, 1.5); // "1.5"
 */
export function exactUiAmount(raw: bigint, decimals: number, multiplier: number): string {
  assertIsTokenDecimals(decimals);
  return formatDecimalAmount(exactDisplayUnits(raw, multiplier), decimals);
}

/**
 * The raw amount for a display amount a user typed, exactly, rounded against the user.
 *
 * - `'down'` (default): the largest raw amount whose exact display value is at most the typed
 *   amount. For amounts the user sends or asks to receive: they never move more than they typed,
 *   and a "max" input never exceeds the balance it was derived from.
 * - `'up'`: the smallest raw amount whose display value is at least the typed amount. For
 *   amounts the user must cover (a target they need to reach).
 *
 * Digits past `decimals` are accepted and count exactly; the typed string must be a plain
 * non-negative decimal.
 *
 * @throws {SdkError} `SDK_ERROR__INVALID_DECIMAL_AMOUNT` on malformed input or a result above
 * `u64::MAX`; `SDK_ERROR__INVALID_MULTIPLIER` on a multiplier the programs would reject.
 * @example
 * uiAmountToRawAmount('1.5', 6, 1.5); // 1_000_000n
 * uiAmountToRawAmount('1', 0, 3, 'up'); // 1n (displays as 3 >= 1)
 */
export function uiAmountToRawAmount(
  uiAmount: string,
  decimals: number,
  multiplier: number,
  rounding: Rounding = 'down',
): RawAmount {
  assertIsTokenDecimals(decimals);
  const typed = parseExactDecimal(uiAmount);
  const m = rationalOf(multiplier);
  // raw = typed.units * 10^decimals / (10^scale * mantissa * 2^exponent)
  let num = typed.units * 10n ** BigInt(decimals);
  let den = 10n ** BigInt(typed.scale) * m.mantissa;
  if (m.exponent >= 0) den <<= BigInt(m.exponent);
  else num <<= BigInt(-m.exponent);
  const floor = num / den;
  const raw = rounding === 'up' && floor * den !== num ? floor + 1n : floor;
  if (raw > MAX_RAW_AMOUNT) {
    throw new SdkError(SDK_ERROR__INVALID_DECIMAL_AMOUNT, {
      value: uiAmount,
      reason: 'the raw amount exceeds u64::MAX',
    });
  }
  return raw as RawAmount;
}
