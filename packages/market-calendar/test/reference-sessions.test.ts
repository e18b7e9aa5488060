import { describe, expect, it } from 'vitest';
import {
  addDays,
  createMarketCalendar,
  formatIsoDate,
  parseIsoDate,
  sessionForTradingDate,
} from '../src/index.ts';
import { NYSE_REFERENCE } from './reference.ts';

// The reference includes the unscheduled 9 January 2025 closure; load it as an override.
const calendar = createMarketCalendar([
  { date: '2025-01-09', kind: 'closed', reason: 'National Day of Mourning for President Carter' },
]);

const utc = (date: string, hhmm: string) => `${date}T${hhmm.slice(0, 2)}:${hhmm.slice(2)}:00.000Z`;

describe('MarketHours sessions against the reference calendar', () => {
  it('has exactly the reference sessions, open and close to the minute in UTC, 2024-2035', () => {
    // Given every XNYS session of 2024-2035 from the reference (UTC opens and closes)
    const expected = new Map<string, [string, string]>();
    for (const [year, rows] of Object.entries(NYSE_REFERENCE.sessionsUtc)) {
      if (year === 'format' || typeof rows === 'string') continue;
      for (const row of rows) {
        const [date, open, close] = row.split(' ') as [string, string, string];
        expected.set(date, [utc(date, open), utc(date, close)]);
      }
    }
    // When every calendar date of those years is asked for its MarketHours session
    const actual = new Map<string, [string, string]>();
    for (let date = parseIsoDate('2024-01-01'); date.year <= 2035; date = addDays(date, 1)) {
      const session = sessionForTradingDate('MarketHours', date, calendar);
      if (session) {
        actual.set(formatIsoDate(date), [
          session.opensAt.toISOString(),
          session.closesAt.toISOString(),
        ]);
      }
    }
    // Then the trading days and their UTC boundaries (DST included) are identical
    expect(actual.size).toBe(expected.size);
    expect(actual).toEqual(expected);
  });
});
