import { describe, expect, it } from 'vitest';
import {
  createMarketCalendar,
  MAX_STALE_SECS,
  maxStaleSecsAt,
  NAV_PUSH_CADENCE_SECS,
  navPushCadenceSecsAt,
  nextNavPushAt,
} from '../src/index.ts';

const at = (iso: string) => new Date(iso);

describe('MAX_STALE_SECS at an instant', () => {
  it.each([
    ['09:29:59 ET on a trading day', '2025-06-10T09:29:59-04:00', 300],
    ['09:30:00 ET on a trading day', '2025-06-10T09:30:00-04:00', 60],
    ['15:59:59 ET on a trading day', '2025-06-10T15:59:59-04:00', 60],
    ['16:00:00 ET on a trading day', '2025-06-10T16:00:00-04:00', 300],
    ['13:30 ET on an early-close day', '2025-12-24T13:30:00-05:00', 300],
    ['12:30 ET on an early-close day', '2025-12-24T12:30:00-05:00', 60],
    ['noon on a holiday', '2025-07-04T12:00:00-04:00', 300],
    ['noon on a Saturday', '2025-06-14T12:00:00-04:00', 300],
    ['a TwentyFourFive night', '2025-06-10T23:00:00-04:00', 300],
  ])('is the right limit at %s', (_, iso, expected) => {
    // Given an instant
    // When MAX_STALE_SECS is asked
    // Then it is 60 s inside the MarketHours window and 300 s outside it
    expect(maxStaleSecsAt(at(iso))).toBe(expected);
  });

  it('follows an override closure', () => {
    // Given the 9 January 2025 closure
    const calendar = createMarketCalendar([{ date: '2025-01-09', kind: 'closed', reason: 'x' }]);
    // Then mid-morning allows 300 s in that calendar and 60 s in the rules-only one
    expect(maxStaleSecsAt(at('2025-01-09T11:00:00-05:00'), calendar)).toBe(MAX_STALE_SECS.offHours);
    expect(maxStaleSecsAt(at('2025-01-09T11:00:00-05:00'))).toBe(MAX_STALE_SECS.marketHours);
  });
});

describe('nav-push cadence', () => {
  it('pushes every 15 s in market hours and every 60 s off-hours', () => {
    // Given an instant in and out of market hours
    // Then the cadence is 15 s and 60 s
    expect(navPushCadenceSecsAt(at('2025-06-10T11:00:00-04:00'))).toBe(
      NAV_PUSH_CADENCE_SECS.marketHours,
    );
    expect(navPushCadenceSecsAt(at('2025-06-10T11:00:00-04:00'))).toBe(15);
    expect(navPushCadenceSecsAt(at('2025-06-10T17:00:00-04:00'))).toBe(60);
    expect(navPushCadenceSecsAt(at('2025-11-28T13:00:00-05:00'))).toBe(60);
  });

  it('schedules the next push one cadence later inside market hours', () => {
    // Given a push at 11:00:00 ET
    // Then the next is due at 11:00:15
    expect(nextNavPushAt(at('2025-06-10T11:00:00-04:00')).toISOString()).toBe(
      '2025-06-10T15:00:15.000Z',
    );
  });

  it('schedules the next push at the 09:30 open when the off-hours cadence would overshoot it', () => {
    // Given a push at 09:29:50 ET, when a 60 s cadence would land at 09:30:50
    // Then the next push is due at the open so the NAV is fresh when the 60 s limit applies
    expect(nextNavPushAt(at('2025-06-10T09:29:50-04:00')).toISOString()).toBe(
      '2025-06-10T13:30:00.000Z',
    );
  });

  it('keeps the 60 s off-hours cadence far from the open', () => {
    // Given a push on Saturday afternoon
    // Then the next is 60 s later
    expect(nextNavPushAt(at('2025-06-14T15:00:00-04:00')).toISOString()).toBe(
      '2025-06-14T19:01:00.000Z',
    );
  });

  it('keeps the 15 s cadence across the close (the last push of the day is within 15 s of it)', () => {
    // Given a push at 15:59:50 ET
    // Then the next is due at 16:00:05, after which the 60 s cadence applies
    expect(nextNavPushAt(at('2025-06-10T15:59:50-04:00')).toISOString()).toBe(
      '2025-06-10T20:00:05.000Z',
    );
    expect(nextNavPushAt(at('2025-06-10T16:00:05-04:00')).toISOString()).toBe(
      '2025-06-10T20:01:05.000Z',
    );
  });
});
