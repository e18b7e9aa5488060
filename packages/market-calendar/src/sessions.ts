import {
  type CivilDate,
  formatIsoDate,
  fromEpochDay,
  type IsoDate,
  toCivilDate,
  toEpochDay,
} from './civil-date.ts';
import { easternMinuteToMillis, parseWallTime, toEasternWallClock } from './eastern-time.ts';
import { NoSessionWithinHorizonError } from './errors.ts';
import { type Instant, toEpochMillis } from './instant.ts';
import { type MarketCalendar, US_EQUITY_CALENDAR } from './market-calendar.ts';
import { TWENTY_FOUR_FIVE_BOUNDARY } from './session-times.ts';
import { tradingDay } from './trading-day.ts';
import {
  assertIsTradingHoursMode,
  type ScheduledTradingHoursMode,
  type TradingHoursMode,
} from './trading-hours-mode.ts';

const BOUNDARY_MINUTES = parseWallTime(TWENTY_FOUR_FIVE_BOUNDARY);

/**
 * One session of a scheduled mode, as a half-open interval `[opensAt, closesAt)`: open at
 * `opensAt`, closed again at `closesAt`.
 *
 * - MarketHours session of trading date D: 09:30-16:00 ET on D (13:00 on early-close days, or the
 *   override hours).
 * - TwentyFourFive session of trading date D: 20:00 ET on the day before D to 20:00 ET on D.
 *   Monday's session opens Sunday 20:00 and Friday's closes Friday 20:00; back-to-back sessions
 *   form one continuous window.
 *
 * @example
 * const session = sessionForTradingDate('MarketHours', '2025-11-28');
 * session?.closesAt.toISOString(); // '2025-11-28T18:00:00.000Z' (13:00 EST early close)
 */
export interface ScheduledSession {
  readonly mode: ScheduledTradingHoursMode;
  readonly tradingDate: IsoDate;
  readonly opensAt: Date;
  readonly closesAt: Date;
  readonly kind: 'regular' | 'early-close' | 'override-hours';
}

/**
 * The `Always` mode has no sessions; an instant falls in the continuous window, reported against
 * its America/New_York date.
 *
 * @example
 * const session = sessionAt('Always', Date.UTC(2025, 0, 1)) as ContinuousSession;
 * session.tradingDate; // '2024-12-31' (19:00 ET on New Year's Eve)
 */
export interface ContinuousSession {
  readonly mode: 'Always';
  readonly tradingDate: IsoDate;
  readonly opensAt: null;
  readonly closesAt: null;
  readonly kind: 'continuous';
}

/**
 * A session an instant can fall in.
 *
 * @example
 * const session: TradingSession | null = sessionAt('TwentyFourFive', Date.now());
 */
export type TradingSession = ScheduledSession | ContinuousSession;

interface RawSession {
  readonly epochDay: number;
  readonly opens: number;
  readonly closes: number;
  readonly kind: ScheduledSession['kind'];
}

/**
 * The session of a scheduled mode on a trading date, or null when that date has none (weekend,
 * holiday, closed override).
 *
 * @example
 * sessionForTradingDate('TwentyFourFive', '2025-03-10')?.opensAt.toISOString();
 * // '2025-03-10T00:00:00.000Z' (Sunday 20:00 EDT; the clocks moved forward that morning)
 */
export function sessionForTradingDate(
  mode: ScheduledTradingHoursMode,
  date: IsoDate | CivilDate,
  calendar: MarketCalendar = US_EQUITY_CALENDAR,
): ScheduledSession | null {
  assertIsTradingHoursMode(mode);
  if ((mode as TradingHoursMode) === 'Always') return null;
  const raw = rawSession(mode, toEpochDay(toCivilDate(date)), calendar);
  return raw === null ? null : toScheduledSession(mode, raw);
}

/**
 * The session an instant falls in, or null when the mode's window is closed at that instant.
 *
 * @example
 * sessionAt('MarketHours', Date.UTC(2025, 6, 3, 16, 59))?.kind; // 'early-close' (12:59 EDT)
 * sessionAt('MarketHours', Date.UTC(2025, 6, 3, 17, 0)); // null (the 13:00 EDT close)
 */
export function sessionAt(
  mode: TradingHoursMode,
  instant: Instant,
  calendar: MarketCalendar = US_EQUITY_CALENDAR,
): TradingSession | null {
  assertIsTradingHoursMode(mode);
  const millis = toEpochMillis(instant);
  const clock = toEasternWallClock(millis);
  if (mode === 'Always') {
    return { mode, tradingDate: clock.date, opensAt: null, closesAt: null, kind: 'continuous' };
  }
  const today = toEpochDay(clock.civilDate);
  // A TwentyFourFive instant at or after 20:00 belongs to the next trading date's session.
  const candidateDays = mode === 'MarketHours' ? [today] : [today, today + 1];
  for (const epochDay of candidateDays) {
    const raw = rawSession(mode, epochDay, calendar);
    if (raw !== null && raw.opens <= millis && millis < raw.closes) {
      return toScheduledSession(mode, raw);
    }
  }
  return null;
}

/**
 * True when the mode's trading window is open at the instant.
 *
 * @example
 * isOpen('MarketHours', Date.UTC(2025, 0, 2, 14, 30)); // true (09:30 EST)
 * isOpen('MarketHours', Date.UTC(2025, 0, 2, 14, 29, 59, 999)); // false
 */
export function isOpen(
  mode: TradingHoursMode,
  instant: Instant,
  calendar: MarketCalendar = US_EQUITY_CALENDAR,
): boolean {
  return sessionAt(mode, instant, calendar) !== null;
}

/**
 * The next instant strictly after `instant` at which the window opens (a closed-to-open change).
 * When the window is open at `instant`, that is the opening after the current window closes.
 * Null for `Always`, which never opens or closes.
 *
 * @throws {NoSessionWithinHorizonError} when overrides close the market past the search horizon.
 * @example
 * nextOpen('MarketHours', Date.UTC(2025, 3, 17, 20, 0))?.toISOString();
 * // '2025-04-21T13:30:00.000Z' (Good Friday and the weekend skipped)
 */
export function nextOpen(
  mode: TradingHoursMode,
  instant: Instant,
  calendar: MarketCalendar = US_EQUITY_CALENDAR,
): Date | null {
  assertIsTradingHoursMode(mode);
  const millis = toEpochMillis(instant);
  if (mode === 'Always') return null;
  const current = firstSessionEndingAfter(mode, millis, calendar);
  if (current.opens > millis) return new Date(current.opens);
  const last = lastContiguousSession(mode, current, calendar);
  return new Date(firstSessionEndingAfter(mode, last.closes, calendar).opens);
}

/**
 * The next instant strictly after `instant` at which the window closes (an open-to-closed
 * change): the end of the current window when open, else the end of the next window. Back-to-back
 * TwentyFourFive sessions count as one window. Null for `Always`.
 *
 * @throws {NoSessionWithinHorizonError} when overrides close the market past the search horizon.
 * @example
 * nextClose('TwentyFourFive', Date.UTC(2025, 5, 10, 15, 0))?.toISOString();
 * // '2025-06-14T00:00:00.000Z' (Friday 20:00 EDT)
 */
export function nextClose(
  mode: TradingHoursMode,
  instant: Instant,
  calendar: MarketCalendar = US_EQUITY_CALENDAR,
): Date | null {
  assertIsTradingHoursMode(mode);
  const millis = toEpochMillis(instant);
  if (mode === 'Always') return null;
  const current = firstSessionEndingAfter(mode, millis, calendar);
  return new Date(lastContiguousSession(mode, current, calendar).closes);
}

function rawSession(
  mode: ScheduledTradingHoursMode,
  epochDay: number,
  calendar: MarketCalendar,
): RawSession | null {
  const date = fromEpochDay(epochDay);
  const day = tradingDay(date, calendar);
  if (!day.isTradingDay || day.open === null || day.close === null) return null;
  if (mode === 'MarketHours') {
    return {
      epochDay,
      opens: easternMinuteToMillis(date, parseWallTime(day.open)),
      closes: easternMinuteToMillis(date, parseWallTime(day.close)),
      kind:
        day.status === 'regular' || day.status === 'early-close' ? day.status : 'override-hours',
    };
  }
  return {
    epochDay,
    opens: easternMinuteToMillis(fromEpochDay(epochDay - 1), BOUNDARY_MINUTES),
    closes: easternMinuteToMillis(date, BOUNDARY_MINUTES),
    kind: 'regular',
  };
}

/** The session containing `millis`, or else the first one opening after it. */
function firstSessionEndingAfter(
  mode: ScheduledTradingHoursMode,
  millis: number,
  calendar: MarketCalendar,
): RawSession {
  const start = toEpochDay(toEasternWallClock(millis).civilDate);
  for (let epochDay = start; epochDay <= start + calendar.searchHorizonDays; epochDay += 1) {
    const raw = rawSession(mode, epochDay, calendar);
    if (raw !== null && raw.closes > millis) return raw;
  }
  throw new NoSessionWithinHorizonError(
    mode,
    formatIsoDate(fromEpochDay(start)),
    calendar.searchHorizonDays,
  );
}

/** Follows back-to-back sessions (TwentyFourFive only) to the last one of the window. */
function lastContiguousSession(
  mode: ScheduledTradingHoursMode,
  session: RawSession,
  calendar: MarketCalendar,
): RawSession {
  let last = session;
  for (;;) {
    const next = rawSession(mode, last.epochDay + 1, calendar);
    if (next === null || next.opens !== last.closes) return last;
    last = next;
  }
}

function toScheduledSession(mode: ScheduledTradingHoursMode, raw: RawSession): ScheduledSession {
  return {
    mode,
    tradingDate: formatIsoDate(fromEpochDay(raw.epochDay)),
    opensAt: new Date(raw.opens),
    closesAt: new Date(raw.closes),
    kind: raw.kind,
  };
}
