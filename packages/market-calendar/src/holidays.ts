import {
  addDays,
  type CivilDate,
  formatIsoDate,
  type IsoDate,
  isoWeekday,
  lastWeekdayOfMonth,
  nthWeekdayOfMonth,
  WEEKDAY,
} from './civil-date.ts';
import { goodFriday } from './easter.ts';
import { UnsupportedYearError } from './errors.ts';

/**
 * First year the holiday rules describe: 1998 is the first year NYSE closed for Martin Luther
 * King Jr. Day; earlier years followed other rules (see docs/market-calendar.md).
 *
 * @example
 * holidaysForYear(MIN_SUPPORTED_YEAR - 1); // throws UnsupportedYearError
 */
export const MIN_SUPPORTED_YEAR = 1998;

/**
 * Last year the calendar accepts (four-digit ISO dates).
 *
 * @example
 * holidaysForYear(MAX_SUPPORTED_YEAR).length; // 10
 */
export const MAX_SUPPORTED_YEAR = 9999;

/**
 * Identifier of each full-day NYSE holiday rule.
 *
 * @example
 * const id: HolidayId = 'good-friday';
 */
export type HolidayId =
  | 'new-years-day'
  | 'martin-luther-king-jr-day'
  | 'washingtons-birthday'
  | 'good-friday'
  | 'memorial-day'
  | 'juneteenth'
  | 'independence-day'
  | 'labor-day'
  | 'thanksgiving-day'
  | 'christmas-day';

/**
 * A full-day market closure computed from the holiday rules.
 *
 * @example
 * const holiday: MarketHoliday = holidaysForYear(2026)[6]!;
 * holiday; // { id: 'independence-day', date: '2026-07-03', nominalDate: '2026-07-04', observed: true, ... }
 */
export interface MarketHoliday {
  readonly id: HolidayId;
  readonly name: string;
  /** The weekday on which the market is closed. */
  readonly date: IsoDate;
  /** The date the rule names before any weekend shift. */
  readonly nominalDate: IsoDate;
  /** True when the closure was shifted off a weekend (`date !== nominalDate`). */
  readonly observed: boolean;
}

interface HolidayRule {
  readonly id: HolidayId;
  readonly name: string;
  readonly firstYear: number;
  /** The nominal date in a year. */
  readonly nominal: (year: number) => CivilDate;
  /** Whether a Saturday date is observed on the Friday before (NYSE Rule 7.2). */
  readonly observeSaturdayOnFriday: boolean;
}

const fixed =
  (month: number, day: number) =>
  (year: number): CivilDate => ({ year, month, day });

/** The NYSE full-day holiday rules, in calendar order. */
const HOLIDAY_RULES: readonly HolidayRule[] = [
  {
    id: 'new-years-day',
    name: "New Year's Day",
    firstYear: MIN_SUPPORTED_YEAR,
    nominal: fixed(1, 1),
    // Rule 7.2: no Friday closure when that Friday (31 December) ends the yearly accounting period.
    observeSaturdayOnFriday: false,
  },
  {
    id: 'martin-luther-king-jr-day',
    name: 'Martin Luther King, Jr. Day',
    firstYear: 1998,
    nominal: (year) => nthWeekdayOfMonth(year, 1, WEEKDAY.monday, 3),
    observeSaturdayOnFriday: true,
  },
  {
    id: 'washingtons-birthday',
    name: "Washington's Birthday",
    firstYear: MIN_SUPPORTED_YEAR,
    nominal: (year) => nthWeekdayOfMonth(year, 2, WEEKDAY.monday, 3),
    observeSaturdayOnFriday: true,
  },
  {
    id: 'good-friday',
    name: 'Good Friday',
    firstYear: MIN_SUPPORTED_YEAR,
    nominal: goodFriday,
    observeSaturdayOnFriday: true,
  },
  {
    id: 'memorial-day',
    name: 'Memorial Day',
    firstYear: MIN_SUPPORTED_YEAR,
    nominal: (year) => lastWeekdayOfMonth(year, 5, WEEKDAY.monday),
    observeSaturdayOnFriday: true,
  },
  {
    id: 'juneteenth',
    name: 'Juneteenth National Independence Day',
    firstYear: 2022,
    nominal: fixed(6, 19),
    observeSaturdayOnFriday: true,
  },
  {
    id: 'independence-day',
    name: 'Independence Day',
    firstYear: MIN_SUPPORTED_YEAR,
    nominal: fixed(7, 4),
    observeSaturdayOnFriday: true,
  },
  {
    id: 'labor-day',
    name: 'Labor Day',
    firstYear: MIN_SUPPORTED_YEAR,
    nominal: (year) => nthWeekdayOfMonth(year, 9, WEEKDAY.monday, 1),
    observeSaturdayOnFriday: true,
  },
  {
    id: 'thanksgiving-day',
    name: 'Thanksgiving Day',
    firstYear: MIN_SUPPORTED_YEAR,
    nominal: (year) => nthWeekdayOfMonth(year, 11, WEEKDAY.thursday, 4),
    observeSaturdayOnFriday: true,
  },
  {
    id: 'christmas-day',
    name: 'Christmas Day',
    firstYear: MIN_SUPPORTED_YEAR,
    nominal: fixed(12, 25),
    observeSaturdayOnFriday: true,
  },
];

const holidayCache = new Map<number, readonly MarketHoliday[]>();

/**
 * Throws unless `year` is an integer inside the supported range.
 *
 * @throws {UnsupportedYearError} for years the holiday rules do not describe.
 * @example
 * assertSupportedYear(2030); // ok
 */
export function assertSupportedYear(year: number): void {
  if (!Number.isInteger(year) || year < MIN_SUPPORTED_YEAR || year > MAX_SUPPORTED_YEAR) {
    throw new UnsupportedYearError(year, MIN_SUPPORTED_YEAR, MAX_SUPPORTED_YEAR);
  }
}

/**
 * Every full-day US equity market holiday of a year, computed from the NYSE rules, in date order.
 * Operator overrides are not included (see `tradingDay` for the effective calendar).
 *
 * A Saturday holiday closes the Friday before and a Sunday holiday the Monday after, except that
 * New Year's Day on a Saturday closes nothing (NYSE Rule 7.2), so such a year lists nine holidays.
 *
 * @throws {UnsupportedYearError} outside {@link MIN_SUPPORTED_YEAR}-{@link MAX_SUPPORTED_YEAR}.
 * @example
 * holidaysForYear(2026).map((holiday) => holiday.date);
 * // ['2026-01-01', '2026-01-19', '2026-02-16', '2026-04-03', '2026-05-25', '2026-06-19',
 * //  '2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25']
 */
export function holidaysForYear(year: number): readonly MarketHoliday[] {
  assertSupportedYear(year);
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const holidays: MarketHoliday[] = [];
  for (const rule of HOLIDAY_RULES) {
    if (year < rule.firstYear) continue;
    const nominal = rule.nominal(year);
    const closed = observedDate(nominal, rule.observeSaturdayOnFriday);
    if (closed === null) continue;
    const date = formatIsoDate(closed);
    const nominalDate = formatIsoDate(nominal);
    holidays.push(
      Object.freeze({
        id: rule.id,
        name: rule.name,
        date,
        nominalDate,
        observed: date !== nominalDate,
      }),
    );
  }
  const frozen = Object.freeze(holidays);
  holidayCache.set(year, frozen);
  return frozen;
}

/**
 * The computed holiday that closes the market on a date, if any (overrides not included).
 *
 * @example
 * holidayOn({ year: 2027, month: 6, day: 18 })?.id; // 'juneteenth' (observed, 19 June is a Saturday)
 */
export function holidayOn(date: CivilDate): MarketHoliday | undefined {
  const iso = formatIsoDate(date);
  return holidaysForYear(date.year).find((holiday) => holiday.date === iso);
}

function observedDate(nominal: CivilDate, observeSaturdayOnFriday: boolean): CivilDate | null {
  const weekday = isoWeekday(nominal);
  if (weekday === WEEKDAY.saturday) return observeSaturdayOnFriday ? addDays(nominal, -1) : null;
  if (weekday === WEEKDAY.sunday) return addDays(nominal, 1);
  return nominal;
}
