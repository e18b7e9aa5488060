import type { Instant } from './instant.ts';
import { type MarketCalendar, US_EQUITY_CALENDAR } from './market-calendar.ts';
import { isOpen } from './sessions.ts';

/**
 * MAX_STALE_SECS from the spec's Limits: the largest NAV age, in seconds, that NAV-sensitive
 * instructions accept.
 *
 * @example
 * MAX_STALE_SECS.marketHours; // 60
 */
export const MAX_STALE_SECS = Object.freeze({ marketHours: 60, offHours: 300 });

/**
 * MAX_STALE_SECS at an instant: 60 s while the MarketHours window is open (09:30 ET to the
 * session's close, so 13:00 on early-close days), 300 s at every other instant, whatever the
 * asset's own trading-hours mode.
 *
 * @example
 * maxStaleSecsAt(Date.UTC(2025, 0, 2, 15, 0)); // 60 (10:00 EST on a trading day)
 * maxStaleSecsAt(Date.UTC(2025, 0, 4, 15, 0)); // 300 (Saturday)
 */
export function maxStaleSecsAt(
  instant: Instant,
  calendar: MarketCalendar = US_EQUITY_CALENDAR,
): number {
  return isOpen('MarketHours', instant, calendar)
    ? MAX_STALE_SECS.marketHours
    : MAX_STALE_SECS.offHours;
}
