import { InvalidIsoDateError } from './errors.ts';

/**
 * A calendar date written `YYYY-MM-DD` (a date on the wall calendar, with no time zone).
 *
 * @example
 * const thanksgiving: IsoDate = '2025-11-27';
 */
export type IsoDate = string;

/**
 * A calendar date as numbers; `month` is 1-12 and `day` 1-31.
 *
 * @example
 * const date: CivilDate = { year: 2025, month: 11, day: 27 };
 */
export interface CivilDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/**
 * ISO weekday numbers: 1 is Monday, 7 is Sunday.
 *
 * @example
 * const friday: IsoWeekday = 5;
 */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/**
 * ISO weekday constants, for readable rule definitions.
 *
 * @example
 * nthWeekdayOfMonth(2025, 11, WEEKDAY.thursday, 4); // Thanksgiving 2025
 */
export const WEEKDAY = {
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
  sunday: 7,
} as const satisfies Record<string, IsoWeekday>;

const ISO_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses `YYYY-MM-DD` into a {@link CivilDate}, rejecting dates that do not exist.
 *
 * @throws {InvalidIsoDateError} when the text is not a real calendar date.
 * @example
 * parseIsoDate('2024-02-29'); // { year: 2024, month: 2, day: 29 }
 */
export function parseIsoDate(value: IsoDate): CivilDate {
  const match = typeof value === 'string' ? ISO_DATE_PATTERN.exec(value) : null;
  if (!match) throw new InvalidIsoDateError(value);
  const civil = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (civil.month < 1 || civil.month > 12 || civil.day < 1) throw new InvalidIsoDateError(value);
  if (civil.day > daysInMonth(civil.year, civil.month)) throw new InvalidIsoDateError(value);
  return civil;
}

/**
 * Returns true when the text is a real `YYYY-MM-DD` calendar date.
 *
 * @example
 * isIsoDate('2025-02-29'); // false
 */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  try {
    parseIsoDate(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a {@link CivilDate} as `YYYY-MM-DD`.
 *
 * @example
 * formatIsoDate({ year: 2025, month: 7, day: 4 }); // '2025-07-04'
 */
export function formatIsoDate(date: CivilDate): IsoDate {
  const year = String(date.year).padStart(4, '0');
  return `${year}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/**
 * Number of days in a month of the proleptic Gregorian calendar.
 *
 * @example
 * daysInMonth(2024, 2); // 29
 */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Gregorian leap-year test.
 *
 * @example
 * isLeapYear(2100); // false
 */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Days since 1970-01-01 of a civil date (Hinnant's days-from-civil; pure integer arithmetic, so
 * no `Date` and no local time zone is involved).
 *
 * @example
 * toEpochDay({ year: 1970, month: 1, day: 2 }); // 1
 */
export function toEpochDay(date: CivilDate): number {
  const y = date.month <= 2 ? date.year - 1 : date.year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const shiftedMonth = date.month > 2 ? date.month - 3 : date.month + 9;
  const dayOfYear = Math.floor((153 * shiftedMonth + 2) / 5) + date.day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100);
  return era * 146097 + dayOfEra + dayOfYear - 719468;
}

/**
 * The civil date of a day count since 1970-01-01 (inverse of {@link toEpochDay}).
 *
 * @example
 * fromEpochDay(0); // { year: 1970, month: 1, day: 1 }
 */
export function fromEpochDay(epochDay: number): CivilDate {
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36524) -
      Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1;
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/**
 * ISO weekday of a civil date (1 = Monday ... 7 = Sunday).
 *
 * @example
 * isoWeekday({ year: 2025, month: 11, day: 27 }); // 4 (Thursday)
 */
export function isoWeekday(date: CivilDate): IsoWeekday {
  // 1970-01-01 was a Thursday (ISO 4).
  return (((((toEpochDay(date) + 3) % 7) + 7) % 7) + 1) as IsoWeekday;
}

/**
 * Adds whole days to a civil date.
 *
 * @example
 * addDays({ year: 2024, month: 12, day: 31 }, 1); // { year: 2025, month: 1, day: 1 }
 */
export function addDays(date: CivilDate, days: number): CivilDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/**
 * True for Saturday and Sunday.
 *
 * @example
 * isWeekend({ year: 2025, month: 7, day: 5 }); // true
 */
export function isWeekend(date: CivilDate): boolean {
  return isoWeekday(date) >= WEEKDAY.saturday;
}

/**
 * The `n`-th given weekday of a month (n = 1 is the first).
 *
 * @example
 * nthWeekdayOfMonth(2025, 1, WEEKDAY.monday, 3); // { year: 2025, month: 1, day: 20 } (MLK Day)
 */
export function nthWeekdayOfMonth(
  year: number,
  month: number,
  weekday: IsoWeekday,
  n: number,
): CivilDate {
  const first: CivilDate = { year, month, day: 1 };
  const offset = (weekday - isoWeekday(first) + 7) % 7;
  return { year, month, day: 1 + offset + (n - 1) * 7 };
}

/**
 * The last given weekday of a month.
 *
 * @example
 * lastWeekdayOfMonth(2025, 5, WEEKDAY.monday); // { year: 2025, month: 5, day: 26 } (Memorial Day)
 */
export function lastWeekdayOfMonth(year: number, month: number, weekday: IsoWeekday): CivilDate {
  const last: CivilDate = { year, month, day: daysInMonth(year, month) };
  const offset = (isoWeekday(last) - weekday + 7) % 7;
  return { year, month, day: last.day - offset };
}

/**
 * Accepts a date as `YYYY-MM-DD` or as a {@link CivilDate} and returns a validated CivilDate.
 *
 * @throws {InvalidIsoDateError} when the date does not exist.
 * @example
 * toCivilDate('2025-12-24'); // { year: 2025, month: 12, day: 24 }
 */
export function toCivilDate(date: IsoDate | CivilDate): CivilDate {
  if (typeof date === 'string') return parseIsoDate(date);
  if (
    typeof date !== 'object' ||
    date === null ||
    !Number.isInteger(date.year) ||
    !Number.isInteger(date.month) ||
    !Number.isInteger(date.day) ||
    date.year < 0 ||
    date.year > 9999
  ) {
    throw new InvalidIsoDateError(date);
  }
  return parseIsoDate(formatIsoDate(date));
}
