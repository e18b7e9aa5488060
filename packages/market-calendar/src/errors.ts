/**
 * Error catalogue of the market calendar. Every error names what was wrong through a stable
 * string `code` and a typed `context`, so callers match on `code` (or `instanceof`), never on
 * message text.
 */

/**
 * Stable codes of every error this package throws.
 *
 * @example
 * if (error.code === MARKET_CALENDAR_ERROR_CODES.unsupportedYear) showYearHint();
 */
export const MARKET_CALENDAR_ERROR_CODES = {
  invalidInstant: 'MARKET_CALENDAR__INVALID_INSTANT',
  invalidIsoDate: 'MARKET_CALENDAR__INVALID_ISO_DATE',
  invalidWallTime: 'MARKET_CALENDAR__INVALID_WALL_TIME',
  unsupportedYear: 'MARKET_CALENDAR__UNSUPPORTED_YEAR',
  nonexistentWallTime: 'MARKET_CALENDAR__NONEXISTENT_WALL_TIME',
  ambiguousWallTime: 'MARKET_CALENDAR__AMBIGUOUS_WALL_TIME',
  invalidCalendarOverride: 'MARKET_CALENDAR__INVALID_CALENDAR_OVERRIDE',
  unknownTradingHoursMode: 'MARKET_CALENDAR__UNKNOWN_TRADING_HOURS_MODE',
  noSessionWithinHorizon: 'MARKET_CALENDAR__NO_SESSION_WITHIN_HORIZON',
  timeZoneUnavailable: 'MARKET_CALENDAR__TIME_ZONE_UNAVAILABLE',
} as const;

/**
 * One of {@link MARKET_CALENDAR_ERROR_CODES}.
 *
 * @example
 * const code: MarketCalendarErrorCode = 'MARKET_CALENDAR__INVALID_INSTANT';
 */
export type MarketCalendarErrorCode =
  (typeof MARKET_CALENDAR_ERROR_CODES)[keyof typeof MARKET_CALENDAR_ERROR_CODES];

/**
 * Base class of every error thrown by `@basket/market-calendar`.
 *
 * @example
 * try {
 *   isOpen('MarketHours', Number.NaN);
 * } catch (error) {
 *   if (error instanceof MarketCalendarError) console.log(error.code);
 * }
 */
export class MarketCalendarError extends Error {
  readonly code: MarketCalendarErrorCode;

  constructor(code: MarketCalendarErrorCode, message: string) {
    super(message);
    this.name = new.target.name;
    this.code = code;
  }
}

/**
 * An instant was not a valid `Date` or a finite epoch-millisecond number.
 *
 * @example
 * new InvalidInstantError(new Date('nope')).code; // 'MARKET_CALENDAR__INVALID_INSTANT'
 */
export class InvalidInstantError extends MarketCalendarError {
  readonly context: { readonly value: unknown };

  constructor(value: unknown) {
    super(
      MARKET_CALENDAR_ERROR_CODES.invalidInstant,
      `Expected an instant (a valid Date or finite epoch milliseconds), got ${describe(value)}.`,
    );
    this.context = { value };
  }
}

/**
 * A calendar date was not a real `YYYY-MM-DD` date.
 *
 * @example
 * new InvalidIsoDateError('2025-02-30').message; // names the bad date
 */
export class InvalidIsoDateError extends MarketCalendarError {
  readonly context: { readonly value: unknown };

  constructor(value: unknown) {
    super(
      MARKET_CALENDAR_ERROR_CODES.invalidIsoDate,
      `Expected a calendar date as YYYY-MM-DD, got ${describe(value)}.`,
    );
    this.context = { value };
  }
}

/**
 * A wall-clock time was not a real `HH:MM` time of day.
 *
 * @example
 * new InvalidWallTimeError('25:00').message; // names the bad time
 */
export class InvalidWallTimeError extends MarketCalendarError {
  readonly context: { readonly value: unknown };

  constructor(value: unknown) {
    super(
      MARKET_CALENDAR_ERROR_CODES.invalidWallTime,
      `Expected a wall-clock time as HH:MM (00:00-23:59), got ${describe(value)}.`,
    );
    this.context = { value };
  }
}

/**
 * A year fell outside the range the holiday rules describe.
 *
 * @example
 * new UnsupportedYearError(1990, 1998, 9998).context.year; // 1990
 */
export class UnsupportedYearError extends MarketCalendarError {
  readonly context: { readonly year: number; readonly min: number; readonly max: number };

  constructor(year: number, min: number, max: number) {
    super(
      MARKET_CALENDAR_ERROR_CODES.unsupportedYear,
      `Year ${year} is outside the supported range ${min}-${max} of the US exchange holiday rules.`,
    );
    this.context = { year, min, max };
  }
}

/**
 * A wall-clock time does not exist in America/New_York on that date (the hour skipped when
 * daylight-saving time starts).
 *
 * @example
 * new NonexistentWallTimeError('2024-03-10', '02:30').message;
 */
export class NonexistentWallTimeError extends MarketCalendarError {
  readonly context: { readonly date: string; readonly time: string };

  constructor(date: string, time: string) {
    super(
      MARKET_CALENDAR_ERROR_CODES.nonexistentWallTime,
      `${date} ${time} does not exist in America/New_York (skipped by the daylight-saving change).`,
    );
    this.context = { date, time };
  }
}

/**
 * A wall-clock time happens twice in America/New_York on that date (the hour repeated when
 * daylight-saving time ends) and the caller asked for it to be rejected.
 *
 * @example
 * new AmbiguousWallTimeError('2024-11-03', '01:30', [0, 1]).context.candidates; // [0, 1]
 */
export class AmbiguousWallTimeError extends MarketCalendarError {
  readonly context: {
    readonly date: string;
    readonly time: string;
    readonly candidates: readonly [number, number];
  };

  constructor(date: string, time: string, candidates: readonly [number, number]) {
    super(
      MARKET_CALENDAR_ERROR_CODES.ambiguousWallTime,
      `${date} ${time} happens twice in America/New_York (repeated by the daylight-saving change).`,
    );
    this.context = { date, time, candidates };
  }
}

/**
 * An operator-supplied calendar override was malformed, duplicated or impossible.
 *
 * @example
 * new InvalidCalendarOverrideError(2, 'date', 'is a Saturday').message;
 */
export class InvalidCalendarOverrideError extends MarketCalendarError {
  readonly context: { readonly index: number; readonly field: string; readonly problem: string };

  constructor(index: number, field: string, problem: string) {
    super(
      MARKET_CALENDAR_ERROR_CODES.invalidCalendarOverride,
      `Calendar override #${index}: field "${field}" ${problem}.`,
    );
    this.context = { index, field, problem };
  }
}

/**
 * A trading-hours mode was not one of MarketHours, TwentyFourFive or Always.
 *
 * @example
 * new UnknownTradingHoursModeError('Weekdays').context.value; // 'Weekdays'
 */
export class UnknownTradingHoursModeError extends MarketCalendarError {
  readonly context: { readonly value: unknown };

  constructor(value: unknown) {
    super(
      MARKET_CALENDAR_ERROR_CODES.unknownTradingHoursMode,
      `Unknown tradingHoursMode ${describe(value)}; expected MarketHours, TwentyFourFive or Always.`,
    );
    this.context = { value };
  }
}

/**
 * No session was found within the search horizon (only possible when overrides close the market
 * for a very long stretch).
 *
 * @example
 * new NoSessionWithinHorizonError('MarketHours', '2030-01-01', 800).message;
 */
export class NoSessionWithinHorizonError extends MarketCalendarError {
  readonly context: { readonly mode: string; readonly from: string; readonly days: number };

  constructor(mode: string, from: string, days: number) {
    super(
      MARKET_CALENDAR_ERROR_CODES.noSessionWithinHorizon,
      `No ${mode} session found within ${days} days from ${from}.`,
    );
    this.context = { mode, from, days };
  }
}

/**
 * The runtime has no time-zone data for America/New_York (for example Node built with small ICU).
 *
 * @example
 * new TimeZoneUnavailableError('America/New_York').message;
 */
export class TimeZoneUnavailableError extends MarketCalendarError {
  readonly context: { readonly zone: string };

  constructor(zone: string) {
    super(
      MARKET_CALENDAR_ERROR_CODES.timeZoneUnavailable,
      `The runtime has no time-zone data for ${zone}; a full-ICU JavaScript runtime is required.`,
    );
    this.context = { zone };
  }
}

function describe(value: unknown): string {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? 'an invalid Date' : `Date(${value.toISOString()})`;
  }
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}
