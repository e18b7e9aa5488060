/**
 * Exact decimal strings <-> integers at a number of decimals, with `bigint` only.
 */

import {
  SDK_ERROR__INVALID_DECIMAL_AMOUNT,
  SDK_ERROR__INVALID_DECIMALS,
  SdkError,
} from './sdk-errors.ts';

/**
 * Asserts that `decimals` is a token decimals value (an integer 0-255, the mint's `u8`).
 *
 * @throws {SdkError} `SDK_ERROR__INVALID_DECIMALS` otherwise.
 * @example
 * assertIsTokenDecimals(6);
 */
export function assertIsTokenDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new SdkError(SDK_ERROR__INVALID_DECIMALS, { decimals });
  }
}

/**
 * `units / 10^decimals` as a plain decimal string with trailing zeros (and a bare point)
 * removed, like Token-2022's UI strings: `1500000n` at 6 decimals is `"1.5"`.
 *
 * @example
 * formatDecimalAmount(1_500_000n, 6); // "1.5"
 * formatDecimalAmount(0n, 6); // "0"
 */
export function formatDecimalAmount(units: bigint, decimals: number): string {
  assertIsTokenDecimals(decimals);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * An exact decimal: `units / 10^scale`.
 *
 * @example
 * const d: ExactDecimal = { units: 15n, scale: 1 }; // 1.5
 */
export interface ExactDecimal {
  readonly units: bigint;
  readonly scale: number;
}

const DECIMAL = /^(\d*)(?:\.(\d*))?$/;

/**
 * Parses a non-negative plain decimal typed by a user (`"12"`, `"0.5"`, `".5"`, `"3."`) into an
 * exact decimal. Signs, exponents, separators and whitespace are refused: a wallet amount field
 * should never guess.
 *
 * @throws {SdkError} `SDK_ERROR__INVALID_DECIMAL_AMOUNT` on anything else.
 * @example
 * parseExactDecimal('12.50'); // { units: 1250n, scale: 2 }
 */
export function parseExactDecimal(text: string): ExactDecimal {
  const match = DECIMAL.exec(text);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (!match || whole.length + fraction.length === 0) {
    throw new SdkError(SDK_ERROR__INVALID_DECIMAL_AMOUNT, {
      value: text,
      reason: 'expected digits with an optional decimal point',
    });
  }
  return { units: BigInt(`${whole}${fraction}` || '0'), scale: fraction.length };
}
