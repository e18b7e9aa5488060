import {
  type CivilDate,
  formatIsoDate,
  type IsoDate,
  isWeekend,
  toCivilDate,
} from './civil-date.ts';
import { type EarlyClose, earlyCloseOn } from './early-closes.ts';
import { parseWallTime, type WallTime } from './eastern-time.ts';
import { assertSupportedYear, holidayOn, type MarketHoliday } from './holidays.ts';
import { type MarketCalendar, US_EQUITY_CALENDAR } from './market-calendar.ts';
import type { CalendarOverride } from './overrides.ts';
import { EARLY_CLOSE, REGULAR_CLOSE, REGULAR_OPEN } from './session-times.ts';

/**
 * What decides a date's MarketHours schedule, in order of precedence: an override, the weekend,
 * a holiday, an early close, or the regular session.
 *
 * @example
 * const status: TradingDayStatus = 'early-close';
 */
export type TradingDayStatus =
  | 'override-closed'
  | 'override-hours'
  | 'weekend'
  | 'holiday'
  | 'early-close'
  | 'regular';

/**
 * The MarketHours schedule of one America/New_York calendar date.
 *
 * @example
 * const day: TradingDay = tradingDay('2025-11-28');
 * day; // { status: 'early-close', isTradingDay: true, open: '09:30', close: '13:00', ... }
 */
export interface TradingDay {
  readonly date: IsoDate;
  readonly status: TradingDayStatus;
  /** True when the MarketHours session runs at all that day. */
  readonly isTradingDay: boolean;
  readonly open: WallTime | null;
  readonly close: WallTime | null;
  /** The computed holiday falling on the date, even when an override reopens it. */
  readonly holiday: MarketHoliday | null;
  /** The computed early close of the date, even when an override replaces it. */
  readonly earlyClose: EarlyClose | null;
  readonly override: CalendarOverride | null;
}

/**
 * The MarketHours schedule of a date in the effective calendar (rules plus overrides).
 *
 * @throws {InvalidIsoDateError} for a date that does not exist.
 * @throws {UnsupportedYearError} for a year outside the supported range.
 * @example
 * tradingDay('2026-07-03').status; // 'holiday' (Independence Day observed)
 * tradingDay('2024-07-03').close; // '13:00'
 */
export function tradingDay(
  date: IsoDate | CivilDate,
  calendar: MarketCalendar = US_EQUITY_CALENDAR,
): TradingDay {
  const civil = toCivilDate(date);
  assertSupportedYear(civil.year);
  const iso = formatIsoDate(civil);
  const holiday = holidayOn(civil) ?? null;
  const earlyClose = earlyCloseOn(civil) ?? null;
  const override = calendar.overrideByDate.get(iso) ?? null;
  const base = { date: iso, holiday, earlyClose, override };
  if (override?.kind === 'closed') return closedDay(base, 'override-closed');
  if (override?.kind === 'hours') {
    return { ...base, status: 'override-hours', isTradingDay: true, ...hours(override) };
  }
  if (isWeekend(civil)) return closedDay(base, 'weekend');
  if (holiday) return closedDay(base, 'holiday');
  if (earlyClose) {
    return {
      ...base,
      status: 'early-close',
      isTradingDay: true,
      open: REGULAR_OPEN,
      close: EARLY_CLOSE,
    };
  }
  return {
    ...base,
    status: 'regular',
    isTradingDay: true,
    open: REGULAR_OPEN,
    close: REGULAR_CLOSE,
  };
}

/**
 * True when the MarketHours session runs on the date (a weekday that is neither a holiday nor
 * closed by an override, or a day an override opens).
 *
 * @example
 * isTradingDay('2025-04-18'); // false (Good Friday)
 */
export function isTradingDay(
  date: IsoDate | CivilDate,
  calendar: MarketCalendar = US_EQUITY_CALENDAR,
): boolean {
  return tradingDay(date, calendar).isTradingDay;
}

/**
 * True when the date is a trading day whose MarketHours session closes before 16:00 ET: the
 * scheduled 13:00 early closes, or an override with an earlier close. For UI banners.
 *
 * @example
 * isEarlyClose('2025-12-24'); // true
 * isEarlyClose('2025-12-26'); // false
 */
export function isEarlyClose(
  date: IsoDate | CivilDate,
  calendar: MarketCalendar = US_EQUITY_CALENDAR,
): boolean {
  const day = tradingDay(date, calendar);
  return day.close !== null && parseWallTime(day.close) < parseWallTime(REGULAR_CLOSE);
}

/**
 * True when the computed NYSE rules close the market for a holiday on the date (overrides not
 * included).
 *
 * @example
 * isMarketHoliday('2027-06-18'); // true (Juneteenth observed on Friday)
 */
export function isMarketHoliday(date: IsoDate | CivilDate): boolean {
  const civil = toCivilDate(date);
  return holidayOn(civil) !== undefined;
}

type DayBase = Pick<TradingDay, 'date' | 'holiday' | 'earlyClose' | 'override'>;

function closedDay(base: DayBase, status: TradingDayStatus): TradingDay {
  return { ...base, status, isTradingDay: false, open: null, close: null };
}

function hours(override: Extract<CalendarOverride, { kind: 'hours' }>) {
  return { open: override.open, close: override.close };
}
