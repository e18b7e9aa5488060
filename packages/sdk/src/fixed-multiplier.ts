/**
 * Token-2022 ScaledUiAmount multipliers in fixed point, as the programs see them.
 *
 * The mint stores its multiplier as an `f64`; the programs decode its bits into the two integers
 * bracketing `multiplier * MULTIPLIER_SCALE` (`programs/common/src/multiplier.rs`,
 * `decode_f64_bits`) and each caller picks the bound that goes against the user. This is the
 * same decoder, bit for bit, with the same accepted range.
 */

import { f64FromBits, f64ToBits, f64ToRational, mulRationalFloor } from './f64-rational.ts';
import { SDK_ERROR__INVALID_MULTIPLIER, SdkError } from './sdk-errors.ts';

/**
 * Fixed-point denominator of every multiplier in the system (`multiplier_num / SCALE`), equal to
 * the programs' `MULTIPLIER_SCALE`.
 *
 * @example
 * Number(MULTIPLIER_SCALE); // 1e12
 */
export const MULTIPLIER_SCALE = 1_000_000_000_000n;

const U64_MAX = (1n << 64n) - 1n;

/**
 * A multiplier numerator at {@link MULTIPLIER_SCALE} (the oracle's `multiplier_num`).
 *
 * @example
 * const one = 1_000_000_000_000n as MultiplierNum;
 */
export type MultiplierNum = bigint & { readonly __brand: 'MultiplierNum' };

/**
 * An `f64` multiplier as the two integers bracketing `value * MULTIPLIER_SCALE`.
 *
 * @example
 * const m: FixedMultiplier = decodeF64Multiplier(1.5); // floor = ceil = 1_500_000_000_000n
 */
export interface FixedMultiplier {
  /** `floor(value * MULTIPLIER_SCALE)`: what the oracle stores as `multiplier_num`. */
  readonly floor: MultiplierNum;
  /** `ceil(value * MULTIPLIER_SCALE)`; equal to `floor` when the product is an integer. */
  readonly ceil: MultiplierNum;
}

/**
 * Decodes a multiplier `f64` (a number, or its 64 bits as a `bigint`) exactly, like the
 * programs' `decode_f64_bits`. Rejects negative numbers, zero, subnormals, infinities, NaN,
 * values whose floor at the scale is zero and values whose fixed-point form exceeds `u64`.
 *
 * @throws {SdkError} `SDK_ERROR__INVALID_MULTIPLIER` outside that range.
 * @example
 * decodeF64Multiplier(0.1); // { floor: 100_000_000_000n, ceil: 100_000_000_001n }
 */
export function decodeF64Multiplier(value: number | bigint): FixedMultiplier {
  const decoded = tryDecodeF64Multiplier(value);
  if (decoded === null) {
    const number = typeof value === 'bigint' ? f64FromBits(value) : value;
    throw new SdkError(SDK_ERROR__INVALID_MULTIPLIER, { value: number });
  }
  return decoded;
}

/**
 * {@link decodeF64Multiplier} returning `null` instead of throwing.
 *
 * @example
 * tryDecodeF64Multiplier(0); // null
 */
export function tryDecodeF64Multiplier(value: number | bigint): FixedMultiplier | null {
  const bits = typeof value === 'bigint' ? BigInt.asUintN(64, value) : f64ToBits(value);
  const number = f64FromBits(bits);
  const rational = f64ToRational(number);
  // Zero and subnormals have a zero exponent field: rejected like the program does.
  if (rational === null || ((bits >> 52n) & 0x7ffn) === 0n) return null;
  const { floor, inexact } = mulRationalFloor(rational, MULTIPLIER_SCALE);
  const ceil = inexact ? floor + 1n : floor;
  if (floor === 0n || ceil > U64_MAX) return null;
  return { floor: floor as MultiplierNum, ceil: ceil as MultiplierNum };
}

/**
 * Whether `value` is a multiplier numerator the programs can hold (`1..2^64-1`).
 *
 * @example
 * isMultiplierNum(1_000_000_000_000n); // true
 */
export function isMultiplierNum(value: unknown): value is MultiplierNum {
  return typeof value === 'bigint' && value > 0n && value <= U64_MAX;
}

/**
 * Asserts {@link isMultiplierNum}.
 *
 * @throws {SdkError} `SDK_ERROR__INVALID_MULTIPLIER` otherwise.
 * @example
 * assertIsMultiplierNum(entry.multiplierNum);
 */
export function assertIsMultiplierNum(value: unknown): asserts value is MultiplierNum {
  if (!isMultiplierNum(value)) {
    throw new SdkError(SDK_ERROR__INVALID_MULTIPLIER, { value: Number(value) });
  }
}
