import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromEpochDay, toEpochDay } from '../src/civil-date.ts';
import {
  addDays,
  formatIsoDate,
  InvalidIsoDateError,
  isIsoDate,
  isoWeekday,
  parseIsoDate,
  toCivilDate,
} from '../src/index.ts';

describe('civil dates', () => {
  it('parses and formats a leap day', () => {
    // Given a leap day written YYYY-MM-DD
    // When it is parsed and written back
    const parsed = parseIsoDate('2024-02-29');
    // Then the fields and the text round-trip
    expect(parsed).toEqual({ year: 2024, month: 2, day: 29 });
    expect(formatIsoDate(parsed)).toBe('2024-02-29');
  });

  it.each(['2025-02-29', '2100-02-29', '2025-13-01', '2025-04-31', '2025-1-1', '20250101', ''])(
    'rejects %j as a calendar date',
    (text) => {
      // Given text that is not a real YYYY-MM-DD date
      // When / Then parsing names the bad value
      expect(() => parseIsoDate(text)).toThrow(InvalidIsoDateError);
      expect(isIsoDate(text)).toBe(false);
    },
  );

  it('rejects a CivilDate whose day does not exist', () => {
    // Given 31 June as numbers
    // When / Then it is refused
    expect(() => toCivilDate({ year: 2025, month: 6, day: 31 })).toThrow(InvalidIsoDateError);
  });

  it('knows the weekday of known dates', () => {
    // Given dates whose weekdays are known
    // Then isoWeekday returns 1 for Monday through 7 for Sunday
    expect(isoWeekday(parseIsoDate('1970-01-01'))).toBe(4);
    expect(isoWeekday(parseIsoDate('2025-11-27'))).toBe(4);
    expect(isoWeekday(parseIsoDate('2028-01-01'))).toBe(6);
    expect(isoWeekday(parseIsoDate('2034-01-01'))).toBe(7);
    expect(isoWeekday(parseIsoDate('2024-01-01'))).toBe(1);
  });

  it('adds days across month, year and leap boundaries', () => {
    // Given dates next to boundaries
    // When days are added
    // Then the calendar rolls over correctly
    expect(addDays(parseIsoDate('2024-12-31'), 1)).toEqual({ year: 2025, month: 1, day: 1 });
    expect(addDays(parseIsoDate('2024-03-01'), -1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addDays(parseIsoDate('2100-03-01'), -1)).toEqual({ year: 2100, month: 2, day: 28 });
  });

  it('round-trips every epoch day and agrees with the UTC Date calendar', () => {
    // Given any day between 1900 and 2500
    fc.assert(
      fc.property(fc.integer({ min: -25567, max: 193000 }), (epochDay) => {
        // When it is converted to a civil date and back
        const civil = fromEpochDay(epochDay);
        // Then it round-trips and matches the proleptic Gregorian calendar of Date.UTC
        expect(toEpochDay(civil)).toBe(epochDay);
        const utc = new Date(epochDay * 86_400_000);
        expect(civil).toEqual({
          year: utc.getUTCFullYear(),
          month: utc.getUTCMonth() + 1,
          day: utc.getUTCDate(),
        });
        expect(isoWeekday(civil)).toBe(((utc.getUTCDay() + 6) % 7) + 1);
      }),
      { numRuns: 500 },
    );
  });
});
