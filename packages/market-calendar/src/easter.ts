import { addDays, type CivilDate } from './civil-date.ts';

/**
 * Western (Gregorian) Easter Sunday of a year, by the anonymous Gregorian computus
 * (Meeus/Jones/Butcher), valid for every Gregorian year.
 *
 * @example
 * easterSunday(2025); // { year: 2025, month: 4, day: 20 }
 */
export function easterSunday(year: number): CivilDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day: number = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

/**
 * Good Friday: two days before Western Easter Sunday.
 *
 * @example
 * goodFriday(2026); // { year: 2026, month: 4, day: 3 }
 */
export function goodFriday(year: number): CivilDate {
  return addDays(easterSunday(year), -2);
}
