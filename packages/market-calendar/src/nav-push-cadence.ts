import { type Instant, toEpochMillis } from './instant.ts';
import { type MarketCalendar, US_EQUITY_CALENDAR } from './market-calendar.ts';
import { isOpen, nextOpen } from './sessions.ts';

/**
 * Cadence of the keeper's nav-push job, in seconds (spec, Keeper jobs).
 *
 * @example
 * NAV_PUSH_CADENCE_SECS.offHours; // 60
 */
export const NAV_PUSH_CADENCE_SECS = Object.freeze({ marketHours: 15, offHours: 60 });

/**
 * The nav-push cadence at an instant: 15 s while the MarketHours window is open, 60 s otherwise.
 *
 * @example
 * navPushCadenceSecsAt(Date.UTC(2025, 0, 2, 15, 0)); // 15
 * navPushCadenceSecsAt(Date.UTC(2025, 0, 2, 22, 0)); // 60 (17:00 EST)
 */
export function navPushCadenceSecsAt(
  instant: Instant,
  calendar: MarketCalendar = US_EQUITY_CALENDAR,
): number {
  return isOpen('MarketHours', instant, calendar)
    ? NAV_PUSH_CADENCE_SECS.marketHours
    : NAV_PUSH_CADENCE_SECS.offHours;
}

/**
 * When the next nav-push is due after a push at `lastPushAt`: one cadence later, but never later
 * than the next MarketHours open, so a fresh snapshot lands the moment MAX_STALE_SECS tightens
 * from 300 s to 60 s (a 60 s off-hours push just before 09:30 would otherwise leave the NAV up to
 * 60 s old, at the limit, at the open).
 *
 * @example
 * nextNavPushAt(Date.UTC(2025, 0, 2, 14, 29, 50)).toISOString();
 * // '2025-01-02T14:30:00.000Z' (the 09:30 open, not 09:30:50)
 */
export function nextNavPushAt(
  lastPushAt: Instant,
  calendar: MarketCalendar = US_EQUITY_CALENDAR,
): Date {
  const last = toEpochMillis(lastPushAt);
  const byCadence = last + navPushCadenceSecsAt(last, calendar) * 1000;
  if (isOpen('MarketHours', last, calendar)) return new Date(byCadence);
  const opening = nextOpen('MarketHours', last, calendar);
  return new Date(opening === null ? byCadence : Math.min(byCadence, opening.getTime()));
}
