/**
 * An exact decimal number: `value × 10^-scale`. Prices, multipliers and amounts from the API
 * are decimal strings and become this type, never a binary float. The scale of the source
 * string is kept, so `"1.00000000"` formats back to `"1.00000000"`.
 */
export type Decimal = Readonly<{ value: bigint; scale: number }>;

/** Rounding applied when a decimal is rescaled to fewer fractional digits. */
export type DecimalRounding = 'exact' | 'floor' | 'ceil';

const DECIMAL_PATTERN = /^(-?)(\d+)(?:\.(\d+))?$/;
/** Guards against absurd inputs (bigint work grows with the digit count). */
const MAX_DIGITS = 60;
const MAX_SCALE = 36;

/**
 * Parses a plain decimal string (`"189.23"`, `"-0.5"`, `"1.00000000"`); returns `null` for
 * anything else (exponents, `+`, spaces, `"."`, empty, more than 60 digits or 36 decimals).
 *
 * @example
 * ```ts
 * tryParseDecimal('1.25'); // { value: 125n, scale: 2 }
 * tryParseDecimal('1e3');  // null
 * ```
 */
export function tryParseDecimal(text: string): Decimal | null {
  if (text.length > MAX_DIGITS + 2) return null;
  const match = DECIMAL_PATTERN.exec(text);
  if (match === null) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole.length + fraction.length > MAX_DIGITS || fraction.length > MAX_SCALE) return null;
  const magnitude = BigInt(whole + fraction);
  return { value: sign === '-' ? -magnitude : magnitude, scale: fraction.length };
}

/**
 * Parses a plain decimal string or throws a `TypeError` naming the accepted form.
 *
 * @example
 * ```ts
 * parseDecimal('0.99999315'); // { value: 99999315n, scale: 8 }
 * ```
 */
export function parseDecimal(text: string): Decimal {
  const parsed = tryParseDecimal(text);
  if (parsed === null) {
    throw new TypeError('expected a plain decimal string such as "189.23"');
  }
  return parsed;
}

/**
 * True when `text` is a plain decimal string accepted by `parseDecimal`.
 *
 * @example
 * ```ts
 * isDecimalString('12.5'); // true
 * ```
 */
export function isDecimalString(text: string): boolean {
  return tryParseDecimal(text) !== null;
}

/**
 * Formats a decimal with exactly its own scale.
 *
 * @example
 * ```ts
 * formatDecimal({ value: 18923n, scale: 2 }); // '189.23'
 * ```
 */
export function formatDecimal(decimal: Decimal): string {
  const negative = decimal.value < 0n;
  const digits = (negative ? -decimal.value : decimal.value)
    .toString()
    .padStart(decimal.scale + 1, '0');
  const whole = digits.slice(0, digits.length - decimal.scale);
  const fraction = digits.slice(digits.length - decimal.scale);
  const body = decimal.scale === 0 ? whole : `${whole}.${fraction}`;
  return negative ? `-${body}` : body;
}

/**
 * Converts to an integer scaled by `10^targetScale` (e.g. `price_usd_1e8` with 8). With
 * `'exact'` a value that does not fit the scale throws a `RangeError`.
 *
 * @example
 * ```ts
 * decimalToScaled(parseDecimal('189.234'), 2, 'floor'); // 18923n
 * decimalToScaled(parseDecimal('189.23'), 8);           // 18923000000n
 * ```
 */
export function decimalToScaled(
  decimal: Decimal,
  targetScale: number,
  rounding: DecimalRounding = 'exact',
): bigint {
  if (!Number.isInteger(targetScale) || targetScale < 0 || targetScale > MAX_SCALE) {
    throw new RangeError(`targetScale must be an integer in [0, ${MAX_SCALE}]`);
  }
  if (targetScale >= decimal.scale) {
    return decimal.value * 10n ** BigInt(targetScale - decimal.scale);
  }
  const divisor = 10n ** BigInt(decimal.scale - targetScale);
  const quotient = decimal.value / divisor; // truncates toward zero
  const remainder = decimal.value % divisor;
  if (remainder === 0n) return quotient;
  if (rounding === 'exact') {
    throw new RangeError(`value has more than ${targetScale} fractional digits`);
  }
  if (rounding === 'floor') return decimal.value < 0n ? quotient - 1n : quotient;
  return decimal.value > 0n ? quotient + 1n : quotient;
}

/**
 * Compares two decimals by value regardless of scale: -1, 0 or 1.
 *
 * @example
 * ```ts
 * compareDecimals(parseDecimal('1.0'), parseDecimal('1.00')); // 0
 * ```
 */
export function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const left = decimalToScaled(a, scale);
  const right = decimalToScaled(b, scale);
  return left < right ? -1 : left > right ? 1 : 0;
}
