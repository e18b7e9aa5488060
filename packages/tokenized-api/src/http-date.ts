/**
 * HTTP dates exactly as RFC 9110 §5.6.7 defines them, and nothing else: the preferred
 * IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the obsolete RFC 850 form
 * (`Sunday, 06-Nov-94 08:49:37 GMT`) and the asctime form (`Sun Nov  6 08:49:37 1994`). All are
 * UTC (asctime names no zone and is never read as local time). A value that is not exactly
 * one of them, or names a day that does not exist, or a weekday that is not that date's, is not
 * a date: the caller falls back to its own policy rather than trusting a loose parse.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const WEEKDAYS_LONG = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
const MONTH = `(${MONTHS.join('|')})`;
const IMF_FIXDATE = new RegExp(`^(${WEEKDAYS.join('|')}), (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
const RFC_850 = new RegExp(
  `^(${WEEKDAYS_LONG.join('|')}), (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`,
);
const ASCTIME = new RegExp(`^(${WEEKDAYS.join('|')}) ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`);

/** 50 years in milliseconds, for RFC 850's two-digit years. */
const FIFTY_YEARS_MS = 50 * 365.2425 * 86_400_000;

type Fields = {
  weekday: number;
  day: number;
  month: number;
  year: number;
  h: number;
  m: number;
  s: number;
};

function toEpochMs(f: Fields): number | null {
  if (f.h > 23 || f.m > 59 || f.s > 60) return null;
  const daysInMonth = new Date(Date.UTC(f.year, f.month + 1, 0)).getUTCDate();
  if (f.day < 1 || f.day > daysInMonth) return null;
  const midnight = Date.UTC(f.year, f.month, f.day);
  // Date.UTC maps years 0-99 to 1900-1999; four-digit years below 100 are not real HTTP dates.
  if (f.year < 100) return null;
  if (new Date(midnight).getUTCDay() !== f.weekday) return null;
  // A leap second (:60) is the instant after :59.
  return midnight + ((f.h * 60 + f.m) * 60 + f.s) * 1000;
}

/**
 * Milliseconds since the epoch of an HTTP date, or `null` when `text` is not exactly one.
 * `nowMs` places an RFC 850 two-digit year: one that would be more than 50 years ahead is the
 * most recent past year with those two digits (RFC 9110).
 *
 * @example
 * parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT'); // 784111777000
 * parseHttpDate('Sun Nov  6 08:49:37 1994');      // 784111777000 (UTC, whatever TZ says)
 * parseHttpDate('2015-10-21T07:28:00Z');          // null: not an HTTP date
 */
export function parseHttpDate(text: string, nowMs: number = Date.now()): number | null {
  let m = IMF_FIXDATE.exec(text);
  if (m) {
    return toEpochMs({
      weekday: WEEKDAYS.indexOf(m[1] as (typeof WEEKDAYS)[number]),
      day: Number(m[2]),
      month: MONTHS.indexOf(m[3] as (typeof MONTHS)[number]),
      year: Number(m[4]),
      h: Number(m[5]),
      m: Number(m[6]),
      s: Number(m[7]),
    });
  }
  m = RFC_850.exec(text);
  if (m) {
    const fields = {
      weekday: WEEKDAYS_LONG.indexOf(m[1] as (typeof WEEKDAYS_LONG)[number]),
      day: Number(m[2]),
      month: MONTHS.indexOf(m[3] as (typeof MONTHS)[number]),
      h: Number(m[5]),
      m: Number(m[6]),
      s: Number(m[7]),
    };
    // The latest year ending in these two digits whose instant is at most 50 years ahead: a
    // value that would be further ahead is "the most recent year in the past" (RFC 9110).
    const century = Math.floor(new Date(nowMs).getUTCFullYear() / 100) * 100;
    for (const year of [century + 100, century, century - 100].map((c) => c + Number(m?.[4]))) {
      const at = Date.UTC(year, fields.month, Math.min(fields.day, 28), fields.h, fields.m);
      if (at - nowMs <= FIFTY_YEARS_MS) return toEpochMs({ ...fields, year });
    }
    return null;
  }
  m = ASCTIME.exec(text);
  if (m) {
    return toEpochMs({
      weekday: WEEKDAYS.indexOf(m[1] as (typeof WEEKDAYS)[number]),
      month: MONTHS.indexOf(m[2] as (typeof MONTHS)[number]),
      day: Number((m[3] as string).trim()),
      h: Number(m[4]),
      m: Number(m[5]),
      s: Number(m[6]),
      year: Number(m[7]),
    });
  }
  return null;
}
