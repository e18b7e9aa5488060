/**
 * The exact value of an IEEE-754 `f64` as `mantissa * 2^exponent` with integer parts, read from
 * the bits. Every number a program stores as `f64` (the ScaledUiAmount multiplier) is exactly
 * such a rational, so all later math on it can be exact `bigint` math.
 */

/**
 * A finite, non-negative `f64` written as `mantissa * 2^exponent` exactly.
 *
 * @example
 * const half: F64Rational = { mantissa: 1n << 52n, exponent: -53 };
 */
export interface F64Rational {
  readonly mantissa: bigint;
  readonly exponent: number;
}

/**
 * The 64 bits of a number as an unsigned `bigint` (the on-chain little-endian `[u8; 8]` read as
 * `u64`).
 *
 * @example
 * f64ToBits(1); // 0x3ff0000000000000n
 */
export function f64ToBits(value: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  return view.getBigUint64(0);
}

/**
 * The number whose bits are `bits` (inverse of {@link f64ToBits}).
 *
 * @example
 * f64FromBits(0x3ff0000000000000n); // 1
 */
export function f64FromBits(bits: bigint): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt.asUintN(64, bits));
  return view.getFloat64(0);
}

/**
 * Decomposes a finite, non-negative `f64` (subnormals and zero included) into its exact
 * `mantissa * 2^exponent`. Returns `null` for negative numbers, infinities and NaN.
 *
 * @example
 * f64ToRational(0.75); // { mantissa: 6755399441055744n, exponent: -53 }
 */
export function f64ToRational(value: number): F64Rational | null {
  const bits = f64ToBits(value);
  const sign = bits >> 63n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  if (sign !== 0n || biased === 0x7ff) return null;
  if (biased === 0) return { mantissa: fraction, exponent: -1074 };
  return { mantissa: fraction | (1n << 52n), exponent: biased - 1075 };
}

/**
 * `floor(value * numerator / denominator)` and whether the division was inexact, for an exact
 * `f64` rational and positive integers; the building block of every exact conversion here.
 *
 * @example
 * mulRationalFloor({ mantissa: 3n, exponent: -1 }, 5n, 1n); // { floor: 7n, inexact: true }
 */
export function mulRationalFloor(
  value: F64Rational,
  numerator: bigint,
  denominator = 1n,
): { floor: bigint; inexact: boolean } {
  let num = value.mantissa * numerator;
  let den = denominator;
  if (value.exponent >= 0) num <<= BigInt(value.exponent);
  else den <<= BigInt(-value.exponent);
  const floor = num / den;
  return { floor, inexact: floor * den !== num };
}
