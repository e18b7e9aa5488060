import type { IsoDate } from './civil-date.ts';
import { type CalendarOverride, parseCalendarOverrides } from './overrides.ts';

/**
 * The effective US equity calendar: the computed NYSE rules plus an operator override list.
 * Build one with {@link createMarketCalendar}; every query takes it as an optional last argument
 * and defaults to {@link US_EQUITY_CALENDAR} (rules only).
 *
 * @example
 * const calendar: MarketCalendar = createMarketCalendar([
 *   { date: '2025-01-09', kind: 'closed', reason: 'Day of mourning' },
 * ]);
 */
export interface MarketCalendar {
  /** Validated overrides, sorted by date. */
  readonly overrides: readonly CalendarOverride[];
  /** The same overrides keyed by date. */
  readonly overrideByDate: ReadonlyMap<IsoDate, CalendarOverride>;
  /**
   * How many days the next-open/next-close searches look ahead before giving up. The rules alone
   * never close the market for more than 3 days in a row; every closed override can add 2 more
   * (the closed weekday and a weekend it joins).
   */
  readonly searchHorizonDays: number;
}

/**
 * Builds a calendar from an operator-supplied override list (validated with
 * `parseCalendarOverrides`, so untyped JSON may be passed straight in).
 *
 * @throws {InvalidCalendarOverrideError} when the list is malformed.
 * @example
 * const calendar = createMarketCalendar([
 *   { date: '2030-03-12', kind: 'hours', open: '09:30', close: '12:00', reason: 'Systems outage' },
 * ]);
 */
export function createMarketCalendar(overrides: unknown = []): MarketCalendar {
  const parsed = parseCalendarOverrides(overrides);
  const closedCount = parsed.filter((override) => override.kind === 'closed').length;
  return Object.freeze({
    overrides: parsed,
    overrideByDate: new Map(parsed.map((override) => [override.date, override])),
    searchHorizonDays: 16 + 2 * closedCount,
  });
}

/**
 * The US equity calendar with no overrides: NYSE holiday and early-close rules only.
 *
 * @example
 * isOpen('MarketHours', Date.UTC(2025, 11, 25, 15), US_EQUITY_CALENDAR); // false (Christmas)
 */
export const US_EQUITY_CALENDAR: MarketCalendar = createMarketCalendar([]);
