import { describe, expect, it } from 'vitest';
import {
  createMarketCalendar,
  earlyClosesForYear,
  isEarlyClose,
  sessionForTradingDate,
  tradingDay,
} from '../src/index.ts';
import { NYSE_REFERENCE } from './reference.ts';

const EXPECTED: Record<number, readonly string[]> = {
  2024: ['2024-07-03', '2024-11-29', '2024-12-24'],
  2025: ['2025-07-03', '2025-11-28', '2025-12-24'],
  2026: ['2026-11-27', '2026-12-24'], // 3 July 2026 is the observed Independence Day
  2027: ['2027-11-26'], // 3 July is a Saturday; 24 December is the observed Christmas
  2028: ['2028-07-03', '2028-11-24'], // 24 December is a Sunday
  2029: ['2029-07-03', '2029-11-23', '2029-12-24'],
  2030: ['2030-07-03', '2030-11-29', '2030-12-24'],
  2031: ['2031-07-03', '2031-11-28', '2031-12-24'],
  2032: ['2032-11-26'], // 3 July is a Saturday; 24 December is the observed Christmas
  2033: ['2033-11-25'], // 3 July is a Sunday; 24 December a Saturday
  2034: ['2034-07-03', '2034-11-24'], // 24 December is a Sunday
  2035: ['2035-07-03', '2035-11-23', '2035-12-24'],
};

describe('early closes (13:00 ET)', () => {
  it.each(Object.entries(EXPECTED))('in %s closes early on %j', (year, expected) => {
    // Given a year
    // When its early closes are computed
    const closes = earlyClosesForYear(Number(year));
    // Then they are the expected days, each closing at 13:00
    expect(closes.map((close) => close.date)).toEqual(expected);
    for (const close of closes) {
      expect(close.closeTime).toBe('13:00');
      expect(isEarlyClose(close.date)).toBe(true);
    }
  });

  it('closes the MarketHours session at 13:00 ET on the day after Thanksgiving', () => {
    // Given Friday 28 November 2025 (EST)
    // When its MarketHours session is read
    const session = sessionForTradingDate('MarketHours', '2025-11-28');
    // Then it runs 09:30-13:00 EST
    expect(session?.opensAt.toISOString()).toBe('2025-11-28T14:30:00.000Z');
    expect(session?.closesAt.toISOString()).toBe('2025-11-28T18:00:00.000Z');
    expect(session?.kind).toBe('early-close');
  });

  it('closes the MarketHours session at 13:00 ET on 3 July in daylight-saving time', () => {
    // Given Thursday 3 July 2025 (EDT)
    // When its MarketHours session is read
    const session = sessionForTradingDate('MarketHours', '2025-07-03');
    // Then it closes at 13:00 EDT, 17:00 UTC
    expect(session?.closesAt.toISOString()).toBe('2025-07-03T17:00:00.000Z');
  });

  it('does not close early on the day before an observed holiday', () => {
    // Given Thursday 23 December 2027 (Christmas observed Friday 24) and Thursday 2 July 2026
    // When the days are read
    // Then both are regular full sessions
    expect(tradingDay('2027-12-23').status).toBe('regular');
    expect(tradingDay('2026-07-02').status).toBe('regular');
    expect(isEarlyClose('2027-12-23')).toBe(false);
  });

  it('reports no early close on holidays, weekends or regular days', () => {
    // Given a holiday, a weekend day and a regular day
    // Then none is an early close
    expect(isEarlyClose('2025-12-25')).toBe(false);
    expect(isEarlyClose('2025-12-27')).toBe(false);
    expect(isEarlyClose('2025-12-26')).toBe(false);
  });

  it('counts an override that closes before 16:00 as an early close', () => {
    // Given an operator override closing 12 March 2030 at 12:00
    const calendar = createMarketCalendar([
      { date: '2030-03-12', kind: 'hours', open: '09:30', close: '12:00', reason: 'Outage' },
    ]);
    // When the day is read
    // Then it is an early close in that calendar only
    expect(isEarlyClose('2030-03-12', calendar)).toBe(true);
    expect(isEarlyClose('2030-03-12')).toBe(false);
  });

  it('matches the reference early closes for every year 2004-2100', () => {
    // Given the reference calendar (its 1999, 2002 and 2003 early closes were ad hoc)
    // When every year's early closes are computed from rules
    // Then they are identical
    for (let year = 2004; year <= 2100; year += 1) {
      const expected = NYSE_REFERENCE.earlyCloses[String(year)] ?? [];
      expect(
        earlyClosesForYear(year).map((close) => close.date),
        String(year),
      ).toEqual(expected);
    }
  });
});
