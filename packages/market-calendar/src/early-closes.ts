import {
  addDays,
  type CivilDate,
  formatIsoDate,
  type IsoDate,
  isWeekend,
  nthWeekdayOfMonth,
  WEEKDAY,
} from './civil-date.ts';
import type { WallTime } from './eastern-time.ts';
import { assertSupportedYear, holidayOn } from './holidays.ts';
import { EARLY_CLOSE } from './session-times.ts';

/**
 * Identifier of each scheduled early-close rule.
 *
 * @example
 * const id: EarlyCloseId = 'day-after-thanksgiving';
 */
export type EarlyCloseId = 'independence-day-eve' | 'day-after-thanksgiving' | 'christmas-eve';

/**
 * A scheduled early close (13:00 ET) computed from the NYSE rules.
 *
 * @example
 * const close: EarlyClose = earlyClosesForYear(2025)[1]!;
 * close; // { id: 'day-after-thanksgiving', date: '2025-11-28', closeTime: '13:00', ... }
 */
export interface EarlyClose {
  readonly id: EarlyCloseId;
  readonly name: string;
  readonly date: IsoDate;
  readonly closeTime: WallTime;
}

const earlyCloseCache = new Map<number, readonly EarlyClose[]>();

/**
 * The scheduled early-close days of a year, in date order: 3 July and 24 December when each is a
 * trading day (a weekday that is not itself a holiday), and the Friday after Thanksgiving.
 * Operator overrides are not included (see `tradingDay` for the effective calendar).
 *
 * @throws {UnsupportedYearError} for years the holiday rules do not describe.
 * @example
 * earlyClosesForYear(2026).map((close) => close.date); // ['2026-11-27', '2026-12-24']
 */
export function earlyClosesForYear(year: number): readonly EarlyClose[] {
  assertSupportedYear(year);
  const cached = earlyCloseCache.get(year);
  if (cached) return cached;
  const closes: EarlyClose[] = [];
  const candidates: readonly [EarlyCloseId, string, CivilDate][] = [
    ['independence-day-eve', 'Day before Independence Day', { year, month: 7, day: 3 }],
    [
      'day-after-thanksgiving',
      'Day after Thanksgiving',
      addDays(nthWeekdayOfMonth(year, 11, WEEKDAY.thursday, 4), 1),
    ],
    ['christmas-eve', 'Christmas Eve', { year, month: 12, day: 24 }],
  ];
  for (const [id, name, date] of candidates) {
    if (isWeekend(date) || holidayOn(date) !== undefined) continue;
    closes.push(Object.freeze({ id, name, date: formatIsoDate(date), closeTime: EARLY_CLOSE }));
  }
  const frozen = Object.freeze(closes);
  earlyCloseCache.set(year, frozen);
  return frozen;
}

/**
 * The scheduled early close on a date, if any (overrides not included).
 *
 * @example
 * earlyCloseOn({ year: 2024, month: 7, day: 3 })?.closeTime; // '13:00'
 */
export function earlyCloseOn(date: CivilDate): EarlyClose | undefined {
  const iso = formatIsoDate(date);
  return earlyClosesForYear(date.year).find((close) => close.date === iso);
}
