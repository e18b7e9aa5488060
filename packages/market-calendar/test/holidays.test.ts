import { describe, expect, it } from 'vitest';
import {
  holidaysForYear,
  isMarketHoliday,
  MIN_SUPPORTED_YEAR,
  tradingDay,
  UnsupportedYearError,
} from '../src/index.ts';
import { NYSE_REFERENCE } from './reference.ts';

const dates = (year: number) => holidaysForYear(year).map((holiday) => holiday.date);

describe('NYSE holiday calendar, published years', () => {
  it('matches the NYSE published 2024 holiday calendar', () => {
    // Given the NYSE 2024 calendar
    // When the 2024 holidays are computed
    // Then they are the published ten
    expect(dates(2024)).toEqual([
      '2024-01-01',
      '2024-01-15',
      '2024-02-19',
      '2024-03-29',
      '2024-05-27',
      '2024-06-19',
      '2024-07-04',
      '2024-09-02',
      '2024-11-28',
      '2024-12-25',
    ]);
  });

  it('matches the NYSE published 2025 holiday calendar (rules only, 9 January closure excluded)', () => {
    // Given the NYSE 2025 calendar, whose 9 January closure was unscheduled (an override)
    // When the 2025 holidays are computed from rules
    // Then they are the scheduled ten
    expect(dates(2025)).toEqual([
      '2025-01-01',
      '2025-01-20',
      '2025-02-17',
      '2025-04-18',
      '2025-05-26',
      '2025-06-19',
      '2025-07-04',
      '2025-09-01',
      '2025-11-27',
      '2025-12-25',
    ]);
  });

  it('matches the NYSE published 2026 holiday calendar, Independence Day observed Friday 3 July', () => {
    // Given the NYSE 2026 calendar, where 4 July is a Saturday
    // When the 2026 holidays are computed
    // Then Independence Day is observed on Friday 3 July
    expect(dates(2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-04-03',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-11-26',
      '2026-12-25',
    ]);
    expect(holidaysForYear(2026)[6]).toEqual({
      id: 'independence-day',
      name: 'Independence Day',
      date: '2026-07-03',
      nominalDate: '2026-07-04',
      observed: true,
    });
  });

  it('matches the NYSE published 2027 holiday calendar with three Friday observances', () => {
    // Given 2027, where 19 June and 25 December are Saturdays and 4 July a Sunday
    // When the 2027 holidays are computed
    // Then Juneteenth and Christmas close the Friday before, Independence Day the Monday after
    expect(dates(2027)).toEqual([
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-03-26',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-11-25',
      '2027-12-24',
    ]);
  });
});

// Each rule across 2024-2035; null where the rule closes nothing that year. Dates marked with *
// in comments are observed-date shifts.
const RULE_TABLE: Record<string, readonly (string | null)[]> = {
  'new-years-day': [
    '2024-01-01',
    '2025-01-01',
    '2026-01-01',
    '2027-01-01',
    null, // 2028-01-01 is a Saturday: not observed on Friday 31 December 2027 (Rule 7.2)
    '2029-01-01',
    '2030-01-01',
    '2031-01-01',
    '2032-01-01',
    null, // 2033-01-01 is a Saturday
    '2034-01-02', // * Sunday -> Monday
    '2035-01-01',
  ],
  'martin-luther-king-jr-day': [
    '2024-01-15',
    '2025-01-20',
    '2026-01-19',
    '2027-01-18',
    '2028-01-17',
    '2029-01-15',
    '2030-01-21',
    '2031-01-20',
    '2032-01-19',
    '2033-01-17',
    '2034-01-16',
    '2035-01-15',
  ],
  'washingtons-birthday': [
    '2024-02-19',
    '2025-02-17',
    '2026-02-16',
    '2027-02-15',
    '2028-02-21',
    '2029-02-19',
    '2030-02-18',
    '2031-02-17',
    '2032-02-16',
    '2033-02-21',
    '2034-02-20',
    '2035-02-19',
  ],
  'good-friday': [
    '2024-03-29',
    '2025-04-18',
    '2026-04-03',
    '2027-03-26',
    '2028-04-14',
    '2029-03-30',
    '2030-04-19',
    '2031-04-11',
    '2032-03-26',
    '2033-04-15',
    '2034-04-07',
    '2035-03-23',
  ],
  'memorial-day': [
    '2024-05-27',
    '2025-05-26',
    '2026-05-25',
    '2027-05-31',
    '2028-05-29',
    '2029-05-28',
    '2030-05-27',
    '2031-05-26',
    '2032-05-31',
    '2033-05-30',
    '2034-05-29',
    '2035-05-28',
  ],
  juneteenth: [
    '2024-06-19',
    '2025-06-19',
    '2026-06-19',
    '2027-06-18', // * Saturday -> Friday
    '2028-06-19',
    '2029-06-19',
    '2030-06-19',
    '2031-06-19',
    '2032-06-18', // * Saturday -> Friday
    '2033-06-20', // * Sunday -> Monday
    '2034-06-19',
    '2035-06-19',
  ],
  'independence-day': [
    '2024-07-04',
    '2025-07-04',
    '2026-07-03', // * Saturday -> Friday
    '2027-07-05', // * Sunday -> Monday
    '2028-07-04',
    '2029-07-04',
    '2030-07-04',
    '2031-07-04',
    '2032-07-05', // * Sunday -> Monday
    '2033-07-04',
    '2034-07-04',
    '2035-07-04',
  ],
  'labor-day': [
    '2024-09-02',
    '2025-09-01',
    '2026-09-07',
    '2027-09-06',
    '2028-09-04',
    '2029-09-03',
    '2030-09-02',
    '2031-09-01',
    '2032-09-06',
    '2033-09-05',
    '2034-09-04',
    '2035-09-03',
  ],
  'thanksgiving-day': [
    '2024-11-28',
    '2025-11-27',
    '2026-11-26',
    '2027-11-25',
    '2028-11-23',
    '2029-11-22',
    '2030-11-28',
    '2031-11-27',
    '2032-11-25',
    '2033-11-24',
    '2034-11-23',
    '2035-11-22',
  ],
  'christmas-day': [
    '2024-12-25',
    '2025-12-25',
    '2026-12-25',
    '2027-12-24', // * Saturday -> Friday
    '2028-12-25',
    '2029-12-25',
    '2030-12-25',
    '2031-12-25',
    '2032-12-24', // * Saturday -> Friday
    '2033-12-26', // * Sunday -> Monday
    '2034-12-25',
    '2035-12-25',
  ],
};

const YEARS = Array.from({ length: 12 }, (_, index) => 2024 + index);

describe.each(Object.entries(RULE_TABLE))('holiday rule %s, 2024-2035', (id, expected) => {
  it.each(YEARS.map((year, index) => [year, expected[index] ?? null] as const))(
    'in %i closes %s',
    (year, date) => {
      // Given the year
      // When its holidays are computed
      const holiday = holidaysForYear(year).find((candidate) => candidate.id === id);
      // Then the rule closes the expected weekday, flagged observed when shifted off a weekend
      expect(holiday?.date ?? null).toBe(date);
      if (holiday) {
        expect(holiday.observed).toBe(holiday.date !== holiday.nominalDate);
        expect(tradingDay(holiday.date).status).toBe('holiday');
      }
    },
  );
});

describe('observed-date rules', () => {
  it('keeps Friday 31 December 2027 a regular trading day when New Year 2028 is a Saturday', () => {
    // Given New Year's Day 2028 on a Saturday
    // When the calendar around it is read
    // Then 31 December 2027 is a full regular session and 2028 lists nine holidays
    expect(tradingDay('2027-12-31').status).toBe('regular');
    expect(holidaysForYear(2028)).toHaveLength(9);
    expect(tradingDay('2028-01-03').status).toBe('regular');
  });

  it('observes a Sunday holiday on the Monday after, naming the nominal date', () => {
    // Given Christmas 2033 on a Sunday
    // When the holiday is read
    const christmas = holidaysForYear(2033).find((holiday) => holiday.id === 'christmas-day');
    // Then Monday 26 December is closed and the nominal date is kept for the UI
    expect(christmas).toMatchObject({
      date: '2033-12-26',
      nominalDate: '2033-12-25',
      observed: true,
    });
  });

  it('starts Juneteenth in 2022, observed on Monday 20 June that year', () => {
    // Given the years around the first Juneteenth closure
    // When the June holidays are read
    // Then 2021 has none and 2022 closes Monday 20 June (19 June was a Sunday)
    expect(dates(2021).filter((date) => date.startsWith('2021-06'))).toEqual([]);
    expect(dates(2022).filter((date) => date.startsWith('2022-06'))).toEqual(['2022-06-20']);
    expect(isMarketHoliday('2022-06-20')).toBe(true);
  });

  it('refuses years the rules do not describe', () => {
    // Given years before 1998, past 9999 or not whole
    // When / Then the calendar names the unsupported year
    expect(() => holidaysForYear(MIN_SUPPORTED_YEAR - 1)).toThrow(UnsupportedYearError);
    expect(() => holidaysForYear(10_000)).toThrow(UnsupportedYearError);
    expect(() => holidaysForYear(2025.5)).toThrow(UnsupportedYearError);
  });
});

describe('agreement with independent implementations', () => {
  it('matches the reference holiday calendar for every year 1998-2100, ad-hoc closures aside', () => {
    // Given the reference calendar from two independent implementations, minus the ad-hoc
    // closures (11-14 Sep 2001, 11 Jun 2004, 2 Jan 2007, 29-30 Oct 2012, 5 Dec 2018, 9 Jan 2025)
    // When every year's holidays are computed from rules
    // Then they are identical
    for (const [year, expected] of Object.entries(NYSE_REFERENCE.holidays)) {
      expect(dates(Number(year)), year).toEqual(expected);
    }
    expect(Object.keys(NYSE_REFERENCE.holidays)).toHaveLength(103);
  });
});
