import { type IsoDate, isWeekend, parseIsoDate } from './civil-date.ts';
import { parseWallTime, type WallTime } from './eastern-time.ts';
import { InvalidCalendarOverrideError, MarketCalendarError } from './errors.ts';
import { assertSupportedYear } from './holidays.ts';
import { REGULAR_CLOSE, REGULAR_OPEN } from './session-times.ts';

/**
 * An operator-supplied change to one weekday of the computed calendar:
 * - `closed`: the market does not open that day (an unscheduled closure such as a national day of
 *   mourning); the TwentyFourFive session of that trading date is removed as well.
 * - `hours`: the MarketHours session runs `open`-`close` instead (a delayed open, an unscheduled
 *   early close, or `09:30`-`16:00` to reopen a day the rules close). Both times lie within the
 *   regular 09:30-16:00 window: an override can shorten or restore a session, never extend it.
 *
 * @example
 * const closure: CalendarOverride = {
 *   date: '2025-01-09',
 *   kind: 'closed',
 *   reason: 'National Day of Mourning for President Jimmy Carter',
 * };
 */
export type CalendarOverride =
  | { readonly date: IsoDate; readonly kind: 'closed'; readonly reason: string }
  | {
      readonly date: IsoDate;
      readonly kind: 'hours';
      readonly open: WallTime;
      readonly close: WallTime;
      readonly reason: string;
    };

const FIELDS: Readonly<Record<CalendarOverride['kind'], readonly string[]>> = {
  closed: ['date', 'kind', 'reason'],
  hours: ['date', 'kind', 'open', 'close', 'reason'],
};

/**
 * Validates an operator-supplied override list (for example the parsed contents of a JSON file)
 * and returns it as typed, frozen {@link CalendarOverride} values sorted by date. This function does
 * no I/O: the caller reads and JSON-parses the file.
 *
 * @throws {InvalidCalendarOverrideError} naming the entry index and field that is wrong: not an
 *   array or object, unknown field, bad date, weekend date, unsupported year, bad kind, empty
 *   reason, bad time, hours outside 09:30-16:00 or not increasing, or a date listed twice.
 * @example
 * const overrides = parseCalendarOverrides(JSON.parse(
 *   '[{"date":"2025-01-09","kind":"closed","reason":"Day of mourning"}]',
 * ));
 */
export function parseCalendarOverrides(input: unknown): readonly CalendarOverride[] {
  if (!Array.isArray(input)) {
    throw new InvalidCalendarOverrideError(-1, '(list)', 'must be an array of overrides');
  }
  const seen = new Set<IsoDate>();
  const parsed = input.map((entry: unknown, index) => {
    const override = parseOne(entry, index);
    if (seen.has(override.date)) {
      throw new InvalidCalendarOverrideError(index, 'date', `repeats ${override.date}`);
    }
    seen.add(override.date);
    return override;
  });
  parsed.sort((a, b) => (a.date < b.date ? -1 : 1));
  return Object.freeze(parsed);
}

function parseOne(entry: unknown, index: number): CalendarOverride {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw new InvalidCalendarOverrideError(index, '(entry)', 'must be an object');
  }
  const record = entry as Record<string, unknown>;
  const kind = record.kind;
  if (kind !== 'closed' && kind !== 'hours') {
    throw new InvalidCalendarOverrideError(index, 'kind', 'must be "closed" or "hours"');
  }
  for (const key of Object.keys(record)) {
    if (!FIELDS[kind].includes(key)) {
      throw new InvalidCalendarOverrideError(index, key, `is not a field of a "${kind}" override`);
    }
  }
  const date = parseDate(record.date, index);
  const reason = record.reason;
  if (typeof reason !== 'string' || reason.trim() === '') {
    throw new InvalidCalendarOverrideError(index, 'reason', 'must be a non-empty string');
  }
  if (kind === 'closed') return Object.freeze({ date, kind, reason });
  const open = parseTime(record.open, index, 'open');
  const close = parseTime(record.close, index, 'close');
  const [openMinutes, closeMinutes] = [parseWallTime(open), parseWallTime(close)];
  if (openMinutes < parseWallTime(REGULAR_OPEN)) {
    throw new InvalidCalendarOverrideError(index, 'open', `must not be before ${REGULAR_OPEN}`);
  }
  if (closeMinutes > parseWallTime(REGULAR_CLOSE)) {
    throw new InvalidCalendarOverrideError(index, 'close', `must not be after ${REGULAR_CLOSE}`);
  }
  if (openMinutes >= closeMinutes) {
    throw new InvalidCalendarOverrideError(index, 'close', 'must be later than open');
  }
  return Object.freeze({ date, kind, open, close, reason });
}

function parseDate(value: unknown, index: number): IsoDate {
  if (typeof value !== 'string') {
    throw new InvalidCalendarOverrideError(index, 'date', 'must be a YYYY-MM-DD string');
  }
  const civil = rethrowAs(
    () => parseIsoDate(value),
    index,
    'date',
    'must be a real YYYY-MM-DD date',
  );
  rethrowAs(() => assertSupportedYear(civil.year), index, 'date', 'is in an unsupported year');
  if (isWeekend(civil)) {
    throw new InvalidCalendarOverrideError(
      index,
      'date',
      `is a weekend day (${value}); the market never opens on weekends`,
    );
  }
  return value;
}

function parseTime(value: unknown, index: number, field: 'open' | 'close'): WallTime {
  if (typeof value !== 'string') {
    throw new InvalidCalendarOverrideError(index, field, 'must be an HH:MM string');
  }
  rethrowAs(() => parseWallTime(value), index, field, 'must be a real HH:MM time');
  return value;
}

function rethrowAs<T>(run: () => T, index: number, field: string, problem: string): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof MarketCalendarError) {
      throw new InvalidCalendarOverrideError(index, field, problem);
    }
    throw error;
  }
}
