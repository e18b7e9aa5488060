import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CalendarOverride,
  createMarketCalendar,
  easternWallTimeToInstant,
  formatWallTime,
  isOpen,
  type MarketCalendar,
  nextClose,
  nextOpen,
  sessionAt,
  type TradingHoursMode,
  toEasternWallClock,
  US_EQUITY_CALENDAR,
} from '../src/index.ts';

const FROM = Date.UTC(2000, 0, 1);
const TO = Date.UTC(2100, 0, 1);
const HOUR = 3_600_000;

/** Instants spread over 2000-2099, biased towards the minutes around session boundaries. */
const instant = fc.oneof(
  fc.integer({ min: FROM, max: TO }),
  fc
    .tuple(
      fc.integer({ min: 0, max: Math.floor((TO - FROM) / 86_400_000) }),
      fc.constantFrom(9.5, 13, 16, 20),
      fc.integer({ min: -2000, max: 2000 }),
    )
    .map(([day, hour, jitter]) => FROM + day * 86_400_000 + (hour + 5) * HOUR + jitter),
);

const weekdayOverride: fc.Arbitrary<CalendarOverride | null> = fc
  .tuple(
    fc.date({
      min: new Date('2000-01-01T12:00:00Z'),
      max: new Date('2099-12-31T12:00:00Z'),
      noInvalidDate: true,
    }),
    fc.boolean(),
    fc.integer({ min: 570, max: 959 }),
  )
  .map(([date, closed, open]) => {
    const day = date.toISOString().slice(0, 10);
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) return null;
    if (closed) return { date: day, kind: 'closed', reason: 'test closure' } as const;
    const close = Math.min(960, open + 30);
    return {
      date: day,
      kind: 'hours',
      open: formatWallTime(open),
      close: formatWallTime(close),
      reason: 'test hours',
    } as const;
  });

/** A rules-only calendar, or one with a few random weekday overrides. */
const calendar: fc.Arbitrary<MarketCalendar> = fc.oneof(
  fc.constant(US_EQUITY_CALENDAR),
  fc.array(weekdayOverride, { maxLength: 6 }).map((list) => {
    const byDate = new Map<string, CalendarOverride>();
    for (const override of list) if (override) byDate.set(override.date, override);
    return createMarketCalendar([...byDate.values()]);
  }),
);

const scheduledMode = fc.constantFrom<TradingHoursMode>('MarketHours', 'TwentyFourFive');

describe('calendar properties', () => {
  it('keeps the MarketHours window inside the TwentyFourFive window, itself inside Always', () => {
    // Given any instant and calendar
    fc.assert(
      fc.property(instant, calendar, (t, cal) => {
        // When MarketHours is open, TwentyFourFive is open too; Always is always open
        if (isOpen('MarketHours', t, cal)) expect(isOpen('TwentyFourFive', t, cal)).toBe(true);
        expect(isOpen('Always', t, cal)).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('keeps every MarketHours session inside the TwentyFourFive session of the same trading date', () => {
    fc.assert(
      fc.property(instant, calendar, (t, cal) => {
        // Given an instant inside a MarketHours session
        const market = sessionAt('MarketHours', t, cal);
        if (market === null || market.mode === 'Always') return;
        // Then both of its ends lie in the TwentyFourFive session of that trading date
        const wide = sessionAt('TwentyFourFive', market.opensAt, cal);
        expect(wide?.tradingDate).toBe(market.tradingDate);
        expect(wide?.closesAt && wide.closesAt >= market.closesAt).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('makes next-open and next-close consistent with is-open', () => {
    fc.assert(
      fc.property(scheduledMode, instant, calendar, (mode, t, cal) => {
        // Given any instant and scheduled mode
        const open = isOpen(mode, t, cal);
        const opensAt = nextOpen(mode, t, cal)!.getTime();
        const closesAt = nextClose(mode, t, cal)!.getTime();
        // Then both lie strictly after the instant, at real state changes
        expect(opensAt).toBeGreaterThan(t);
        expect(closesAt).toBeGreaterThan(t);
        expect(isOpen(mode, opensAt, cal)).toBe(true);
        expect(isOpen(mode, opensAt - 1, cal)).toBe(false);
        expect(isOpen(mode, closesAt, cal)).toBe(false);
        expect(isOpen(mode, closesAt - 1, cal)).toBe(true);
        // And the first change after the instant is the one matching the current state
        if (open) expect(closesAt).toBeLessThan(opensAt);
        else expect(opensAt).toBeLessThan(closesAt);
      }),
      { numRuns: 600 },
    );
  });

  it('keeps the state unchanged between an instant and its next change', () => {
    fc.assert(
      fc.property(
        scheduledMode,
        instant,
        calendar,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (mode, t, cal, fraction) => {
          // Given an instant and a point between it and the next state change
          const open = isOpen(mode, t, cal);
          const change = (open ? nextClose(mode, t, cal) : nextOpen(mode, t, cal))!.getTime();
          const between = t + Math.floor((change - 1 - t) * fraction);
          // Then the state there is the same as at the instant
          expect(isOpen(mode, between, cal)).toBe(open);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('reports a session containing the instant exactly when the window is open', () => {
    fc.assert(
      fc.property(scheduledMode, instant, calendar, (mode, t, cal) => {
        // Given any instant
        const session = sessionAt(mode, t, cal);
        // Then a session is returned only when open, and contains the instant
        expect(session !== null).toBe(isOpen(mode, t, cal));
        if (session && session.mode !== 'Always') {
          expect(session.opensAt.getTime()).toBeLessThanOrEqual(t);
          expect(session.closesAt.getTime()).toBeGreaterThan(t);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips any instant through the New York wall clock', () => {
    fc.assert(
      fc.property(fc.integer({ min: FROM, max: TO }), (t) => {
        // Given an instant truncated to the minute
        const minute = t - (t % 60_000);
        const clock = toEasternWallClock(minute);
        // When its wall-clock date and time are converted back with both disambiguations
        const hhmm = clock.time.slice(0, 5);
        const earlier = easternWallTimeToInstant(clock.date, hhmm, 'earlier').getTime();
        const later = easternWallTimeToInstant(clock.date, hhmm, 'later').getTime();
        // Then one of them is the instant, and they differ only in the repeated hour
        expect([earlier, later]).toContain(minute);
        expect(later - earlier === 0 || later - earlier === HOUR).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
