/**
 * Raw (unscaled) token amounts: what every instruction and account holds. A ScaledUiAmount
 * multiplier changes only what is displayed, never a raw amount.
 */

import { SDK_ERROR__RAW_AMOUNT_OUT_OF_RANGE, SdkError } from './sdk-errors.ts';

/**
 * Largest raw amount (`u64::MAX`).
 *
 * @example
 * MAX_RAW_AMOUNT; // (1n << 64n) - 1n
 */
export const MAX_RAW_AMOUNT = (1n << 64n) - 1n;

/**
 * A raw token amount, `0..2^64-1`. Branded so a display amount can never be passed where an
 * instruction expects a raw one.
 *
 * @example
 * const amount: RawAmount = rawAmount(1_000_000n);
 */
export type RawAmount = bigint & { readonly __brand: 'RawAmount' };

/**
 * Whether `value` is a `bigint` in the `u64` range.
 *
 * @example
 * isRawAmount(5n); // true
 * isRawAmount(-1n); // false
 */
export function isRawAmount(value: unknown): value is RawAmount {
  return typeof value === 'bigint' && value >= 0n && value <= MAX_RAW_AMOUNT;
}

/**
 * Asserts {@link isRawAmount}.
 *
 * @throws {SdkError} `SDK_ERROR__RAW_AMOUNT_OUT_OF_RANGE` otherwise.
 * @example
 * assertIsRawAmount(input);
 */
export function assertIsRawAmount(value: bigint): asserts value is RawAmount {
  if (!isRawAmount(value)) throw new SdkError(SDK_ERROR__RAW_AMOUNT_OUT_OF_RANGE, { value });
}

/**
 * Brands a `bigint` (or a safe integer) as a {@link RawAmount} after checking its range.
 *
 * @throws {SdkError} `SDK_ERROR__RAW_AMOUNT_OUT_OF_RANGE` outside `0..2^64-1`.
 * @example
 * rawAmount(42); // 42n
 */
export function rawAmount(value: bigint | number): RawAmount {
  const big = typeof value === 'number' ? BigInt(value) : value;
  assertIsRawAmount(big);
  return big;
}
