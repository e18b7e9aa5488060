import { InvalidDecimalError } from './errors.ts';

/**
 * An exact non-negative decimal `coefficient / 10^scale`, normalized so that equal values have
 * equal fields (no trailing zeros: `"1.50000000"` and `"1.5"` both give `{ 15n, 1 }`).
 *
 * @example
 * const oneAndAHalf: ExactDecimal = { coefficient: 15n, scale: 1 };
 */
export interface ExactDecimal {
  readonly coefficient: bigint;
  readonly scale: number;
}

const DECIMAL_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/**
 * Parses a plain decimal string exactly (no floats). Signs, exponents, spaces and empty parts are
 * rejected.
 *
 * @param field names the value in the error message.
 * @throws {InvalidDecimalError} when the text is not a plain non-negative decimal.
 * @example
 * parseExactDecimal('1.00000000'); // { coefficient: 1n, scale: 0 }
 */
export function parseExactDecimal(text: string, field = 'decimal'): ExactDecimal {
  const match = typeof text === 'string' ? DECIMAL_PATTERN.exec(text) : null;
  if (!match) throw new InvalidDecimalError(field, text);
  const fraction = match[2] ?? '';
  return normalize(BigInt(`${match[1]}${fraction}`), fraction.length);
}

/**
 * The exact value of a scaled integer `raw / 10^decimals` (for example an on-chain multiplier).
 *
 * @throws {InvalidDecimalError} for a negative `raw` or a `decimals` that is not a whole number
 *   from 0 to 36.
 * @example
 * exactDecimalFromScaled(100_000_000n, 8); // { coefficient: 1n, scale: 0 }
 */
export function exactDecimalFromScaled(
  raw: bigint,
  decimals: number,
  field = 'scaled decimal',
): ExactDecimal {
  if (typeof raw !== 'bigint' || raw < 0n) throw new InvalidDecimalError(field, raw);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) {
    throw new InvalidDecimalError(`${field} decimals`, decimals);
  }
  return normalize(raw, decimals);
}

/**
 * Exact equality of two decimals.
 *
 * @example
 * exactDecimalEquals(parseExactDecimal('2.0'), parseExactDecimal('2')); // true
 */
export function exactDecimalEquals(a: ExactDecimal, b: ExactDecimal): boolean {
  return a.coefficient === b.coefficient && a.scale === b.scale;
}

/**
 * True when the decimal is zero.
 *
 * @example
 * isZeroDecimal(parseExactDecimal('0.000')); // true
 */
export function isZeroDecimal(value: ExactDecimal): boolean {
  return value.coefficient === 0n;
}

/**
 * Writes a decimal in its shortest exact form.
 *
 * @example
 * formatExactDecimal(parseExactDecimal('0.99990000')); // '0.9999'
 */
export function formatExactDecimal(value: ExactDecimal): string {
  if (value.scale === 0) return value.coefficient.toString();
  const digits = value.coefficient.toString().padStart(value.scale + 1, '0');
  const cut = digits.length - value.scale;
  return `${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

function normalize(coefficient: bigint, scale: number): ExactDecimal {
  let c = coefficient;
  let s = scale;
  if (c === 0n) return { coefficient: 0n, scale: 0 };
  while (s > 0 && c % 10n === 0n) {
    c /= 10n;
    s -= 1;
  }
  return { coefficient: c, scale: s };
}
