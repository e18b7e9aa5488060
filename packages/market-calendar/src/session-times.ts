import type { WallTime } from './eastern-time.ts';

/**
 * Regular MarketHours open, America/New_York wall clock.
 *
 * @example
 * parseWallTime(REGULAR_OPEN); // 570
 */
export const REGULAR_OPEN: WallTime = '09:30';

/**
 * Regular MarketHours close, America/New_York wall clock.
 *
 * @example
 * tradingDay('2025-06-10').close === REGULAR_CLOSE; // true
 */
export const REGULAR_CLOSE: WallTime = '16:00';

/**
 * MarketHours close on the scheduled early-close days, America/New_York wall clock.
 *
 * @example
 * tradingDay('2025-11-28').close === EARLY_CLOSE; // true
 */
export const EARLY_CLOSE: WallTime = '13:00';

/**
 * Wall-clock boundary of the TwentyFourFive sessions: Sunday 20:00 ET opens the week and
 * Friday 20:00 ET closes it.
 *
 * @example
 * sessionForTradingDate('TwentyFourFive', '2025-06-09')?.opensAt; // Sunday 8 June 20:00 EDT
 */
export const TWENTY_FOUR_FIVE_BOUNDARY: WallTime = '20:00';
