import { describe, expect, it } from 'vitest';
import { easterSunday, formatIsoDate, goodFriday } from '../src/index.ts';

// Western Easter Sundays, from published ecclesiastical tables.
const EASTER: Record<number, string> = {
  2000: '2000-04-23',
  2008: '2008-03-23',
  2011: '2011-04-24',
  2024: '2024-03-31',
  2025: '2025-04-20',
  2026: '2026-04-05',
  2027: '2027-03-28',
  2028: '2028-04-16',
  2029: '2029-04-01',
  2030: '2030-04-21',
  2031: '2031-04-13',
  2032: '2032-03-28',
  2033: '2033-04-17',
  2034: '2034-04-09',
  2035: '2035-03-25',
  2038: '2038-04-25',
  2285: '2285-03-22',
};

describe('Easter and Good Friday', () => {
  it.each(Object.entries(EASTER))('Easter Sunday %s falls on %s', (year, date) => {
    // Given a year
    // When its Easter Sunday is computed
    // Then it matches the published date
    expect(formatIsoDate(easterSunday(Number(year)))).toBe(date);
  });

  it('puts Good Friday two days before Easter Sunday', () => {
    // Given 2026, whose Easter is 5 April
    // When Good Friday is computed
    // Then it is Friday 3 April
    expect(formatIsoDate(goodFriday(2026))).toBe('2026-04-03');
    expect(formatIsoDate(goodFriday(2035))).toBe('2035-03-23');
  });
});
