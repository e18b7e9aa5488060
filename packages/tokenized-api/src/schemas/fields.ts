import { z } from 'zod';
import { type Decimal, tryParseDecimal } from '../decimal.ts';
import { normalizeActivationDateTime, normalizeTimestamp } from '../timestamp.ts';

/**
 * Field schemas shared by the resource schemas. Decimal fields accept only strings (a JSON
 * number has already been through a binary float); timestamps accept ISO strings and epoch
 * seconds or milliseconds and become UTC `Date`s.
 */

const decimal = (check: (d: Decimal) => boolean, what: string) =>
  z.string().transform((text, ctx): Decimal => {
    const parsed = tryParseDecimal(text);
    if (parsed === null || !check(parsed)) {
      ctx.addIssue({ code: 'custom', message: `is not ${what}` });
      return z.NEVER;
    }
    return parsed;
  });

/**
 * A decimal string ≥ 0 (prices, multipliers, quantities).
 *
 * @example
 * ```ts
 * nonNegativeDecimalField.parse('189.23'); // { value: 18923n, scale: 2 }
 * ```
 */
export const nonNegativeDecimalField = decimal(
  (d) => d.value >= 0n,
  'a non-negative decimal string',
);

/**
 * A decimal string > 0 (multipliers, trade sizes).
 *
 * @example
 * ```ts
 * positiveDecimalField.parse('1.00000000');
 * ```
 */
export const positiveDecimalField = decimal((d) => d.value > 0n, 'a positive decimal string');

/**
 * A required UTC timestamp.
 *
 * @example
 * ```ts
 * timestampField.parse('2025-01-06T15:00:00Z'); // Date
 * ```
 */
export const timestampField = z.unknown().transform((raw, ctx): Date => {
  const result = normalizeTimestamp(raw);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.reason });
    return z.NEVER;
  }
  return result.value;
});

/**
 * A multiplier activation time; `0`, `"0"` or `null` become `null` (nothing scheduled).
 *
 * @example
 * ```ts
 * activationField.parse(0); // null
 * ```
 */
export const activationField = z.unknown().transform((raw, ctx): Date | null => {
  if (raw === undefined) {
    ctx.addIssue({ code: 'custom', message: 'is missing' });
    return z.NEVER;
  }
  const result = normalizeActivationDateTime(raw);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.reason });
    return z.NEVER;
  }
  return result.value;
});

/**
 * An integer amount of US cents (bid and ask).
 *
 * @example
 * ```ts
 * centsField.parse(18923); // 18923
 * ```
 */
export const centsField = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * A whole number of seconds > 0 (quote validity, execution timeout).
 *
 * @example
 * ```ts
 * secondsField.parse(30);
 * ```
 */
export const secondsField = z.number().int().min(1).max(86_400);

/**
 * A non-empty string of at most 200 characters (identifiers, names, free statuses).
 *
 * @example
 * ```ts
 * textField.parse('AAPLx');
 * ```
 */
export const textField = z.string().min(1).max(200);

/**
 * Tokenized-stock symbol as used in paths (`AAPLx`).
 *
 * @example
 * ```ts
 * symbolField.parse('TSLAx');
 * ```
 */
export const symbolField = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/);

/**
 * Multiplier change reasons (spec: Multiplier state).
 *
 * @example
 * ```ts
 * multiplierReasonField.parse('Split');
 * ```
 */
export const multiplierReasonField = z.enum([
  'FeeAccrual',
  'Dividend',
  'Split',
  'ReverseSplit',
  'Administrative',
]);

/** A multiplier change reason. */
export type MultiplierReason = z.output<typeof multiplierReasonField>;

/**
 * Trading-hours modes (spec: Tradable asset entry).
 *
 * @example
 * ```ts
 * tradingHoursModeField.parse('TwentyFourFive');
 * ```
 */
export const tradingHoursModeField = z.enum(['MarketHours', 'TwentyFourFive', 'Always']);

/** A trading-hours mode. */
export type TradingHoursMode = z.output<typeof tradingHoursModeField>;
