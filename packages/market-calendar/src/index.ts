export {
  addDays,
  type CivilDate,
  formatIsoDate,
  type IsoDate,
  type IsoWeekday,
  isIsoDate,
  isoWeekday,
  parseIsoDate,
  toCivilDate,
  WEEKDAY,
} from './civil-date.ts';
export {
  type EarlyClose,
  type EarlyCloseId,
  earlyCloseOn,
  earlyClosesForYear,
} from './early-closes.ts';
export { easterSunday, goodFriday } from './easter.ts';
export {
  type Disambiguation,
  EASTERN_TIME_ZONE,
  type EasternWallClock,
  easternOffsetMinutes,
  easternWallTimeToInstant,
  formatWallTime,
  parseWallTime,
  toEasternWallClock,
  type WallTime,
} from './eastern-time.ts';
export * from './errors.ts';
export {
  assertSupportedYear,
  type HolidayId,
  holidayOn,
  holidaysForYear,
  MAX_SUPPORTED_YEAR,
  type MarketHoliday,
  MIN_SUPPORTED_YEAR,
} from './holidays.ts';
export { type Instant, toEpochMillis } from './instant.ts';
export {
  createMarketCalendar,
  type MarketCalendar,
  US_EQUITY_CALENDAR,
} from './market-calendar.ts';
export { NAV_PUSH_CADENCE_SECS, navPushCadenceSecsAt, nextNavPushAt } from './nav-push-cadence.ts';
export { MAX_STALE_SECS, maxStaleSecsAt } from './nav-staleness.ts';
export { type CalendarOverride, parseCalendarOverrides } from './overrides.ts';
export {
  EARLY_CLOSE,
  REGULAR_CLOSE,
  REGULAR_OPEN,
  TWENTY_FOUR_FIVE_BOUNDARY,
} from './session-times.ts';
export {
  type ContinuousSession,
  isOpen,
  nextClose,
  nextOpen,
  type ScheduledSession,
  sessionAt,
  sessionForTradingDate,
  type TradingSession,
} from './sessions.ts';
export {
  isEarlyClose,
  isMarketHoliday,
  isTradingDay,
  type TradingDay,
  type TradingDayStatus,
  tradingDay,
} from './trading-day.ts';
export {
  assertIsTradingHoursMode,
  isTradingHoursMode,
  type ScheduledTradingHoursMode,
  TRADING_HOURS_MODES,
  type TradingHoursMode,
} from './trading-hours-mode.ts';
