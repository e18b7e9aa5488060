import { UnknownTradingHoursModeError } from './errors.ts';

/**
 * The trading window of an asset, from its tradable-asset entry:
 * - `MarketHours`: 09:30-16:00 ET on US trading days (13:00 on early-close days).
 * - `TwentyFourFive`: Sunday 20:00 ET to Friday 20:00 ET, minus full-day closures.
 * - `Always`: 24/7.
 *
 * @example
 * const mode: TradingHoursMode = 'TwentyFourFive';
 */
export type TradingHoursMode = 'MarketHours' | 'TwentyFourFive' | 'Always';

/**
 * The modes that follow a schedule (every mode but `Always`).
 *
 * @example
 * const mode: ScheduledTradingHoursMode = 'TwentyFourFive';
 */
export type ScheduledTradingHoursMode = Exclude<TradingHoursMode, 'Always'>;

/**
 * Every trading-hours mode.
 *
 * @example
 * TRADING_HOURS_MODES.includes('Always'); // true
 */
export const TRADING_HOURS_MODES: readonly TradingHoursMode[] = Object.freeze([
  'MarketHours',
  'TwentyFourFive',
  'Always',
]);

/**
 * Type guard for {@link TradingHoursMode}.
 *
 * @example
 * isTradingHoursMode('MarketHours'); // true
 * isTradingHoursMode('marketHours'); // false
 */
export function isTradingHoursMode(value: unknown): value is TradingHoursMode {
  return typeof value === 'string' && (TRADING_HOURS_MODES as readonly string[]).includes(value);
}

/**
 * Asserts that a value is a {@link TradingHoursMode}.
 *
 * @throws {UnknownTradingHoursModeError} naming the value otherwise.
 * @example
 * assertIsTradingHoursMode(entry.tradingHoursMode);
 */
export function assertIsTradingHoursMode(value: unknown): asserts value is TradingHoursMode {
  if (!isTradingHoursMode(value)) throw new UnknownTradingHoursModeError(value);
}
