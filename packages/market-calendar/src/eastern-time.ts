import { IANAZone } from 'luxon';
import {
  type CivilDate,
  formatIsoDate,
  fromEpochDay,
  type IsoDate,
  type IsoWeekday,
  isoWeekday,
  parseIsoDate,
  toEpochDay,
} from './civil-date.ts';
import {
  AmbiguousWallTimeError,
  InvalidWallTimeError,
  NonexistentWallTimeError,
  TimeZoneUnavailableError,
} from './errors.ts';
import { type Instant, toEpochMillis } from './instant.ts';

/**
 * The IANA time zone of every US equity session. Offsets come from the runtime's tz database
 * (through luxon and `Intl`), never from hand-coded UTC offsets.
 *
 * @example
 * EASTERN_TIME_ZONE; // 'America/New_York'
 */
export const EASTERN_TIME_ZONE = 'America/New_York';

/**
 * A wall-clock time of day written `HH:MM` (24-hour).
 *
 * @example
 * const regularClose: WallTime = '16:00';
 */
export type WallTime = string;

/**
 * How to resolve a wall-clock time that happens twice (the repeated hour when daylight-saving
 * time ends): the first occurrence (EDT), the second (EST), or throw.
 *
 * @example
 * const policy: Disambiguation = 'reject';
 */
export type Disambiguation = 'earlier' | 'later' | 'reject';

/**
 * An instant read on the America/New_York wall clock.
 *
 * @example
 * const clock: EasternWallClock = toEasternWallClock(Date.UTC(2025, 0, 2, 14, 30));
 * clock.date; // '2025-01-02'
 */
export interface EasternWallClock {
  readonly date: IsoDate;
  readonly civilDate: CivilDate;
  readonly weekday: IsoWeekday;
  /** Milliseconds since the wall-clock midnight of `date`. */
  readonly millisOfDay: number;
  /** `HH:MM:SS` on the wall clock. */
  readonly time: string;
  /** UTC offset in minutes: -300 in EST, -240 in EDT. */
  readonly offsetMinutes: number;
}

const MILLIS_PER_MINUTE = 60_000;
const MILLIS_PER_DAY = 86_400_000;
const WALL_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

let easternZone: IANAZone | undefined;

function zone(): IANAZone {
  if (easternZone === undefined) {
    const candidate = IANAZone.create(EASTERN_TIME_ZONE);
    if (!candidate.isValid) throw new TimeZoneUnavailableError(EASTERN_TIME_ZONE);
    easternZone = candidate;
  }
  return easternZone;
}

/**
 * Parses `HH:MM` into minutes after midnight.
 *
 * @throws {InvalidWallTimeError} when the text is not a time of day.
 * @example
 * parseWallTime('09:30'); // 570
 */
export function parseWallTime(value: WallTime): number {
  const match = typeof value === 'string' ? WALL_TIME_PATTERN.exec(value) : null;
  if (!match) throw new InvalidWallTimeError(value);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Writes minutes after midnight as `HH:MM`.
 *
 * @example
 * formatWallTime(780); // '13:00'
 */
export function formatWallTime(minutesOfDay: number): WallTime {
  const hours = Math.floor(minutesOfDay / 60);
  const minutes = minutesOfDay % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * UTC offset of America/New_York at an instant, in minutes (-300 in EST, -240 in EDT).
 *
 * @example
 * easternOffsetMinutes(Date.UTC(2025, 6, 1)); // -240
 */
export function easternOffsetMinutes(instant: Instant): number {
  return zone().offset(toEpochMillis(instant));
}

/**
 * Reads an instant on the America/New_York wall clock.
 *
 * @example
 * toEasternWallClock(Date.UTC(2024, 10, 3, 5, 30)).time; // '01:30:00' (first pass, EDT)
 * toEasternWallClock(Date.UTC(2024, 10, 3, 6, 30)).time; // '01:30:00' (second pass, EST)
 */
export function toEasternWallClock(instant: Instant): EasternWallClock {
  const millis = toEpochMillis(instant);
  const offsetMinutes = zone().offset(millis);
  const wallMillis = millis + offsetMinutes * MILLIS_PER_MINUTE;
  const epochDay = Math.floor(wallMillis / MILLIS_PER_DAY);
  const millisOfDay = wallMillis - epochDay * MILLIS_PER_DAY;
  const civilDate = fromEpochDay(epochDay);
  const totalSeconds = Math.floor(millisOfDay / 1000);
  const time = [
    Math.floor(totalSeconds / 3600),
    Math.floor(totalSeconds / 60) % 60,
    totalSeconds % 60,
  ]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  return {
    date: formatIsoDate(civilDate),
    civilDate,
    weekday: isoWeekday(civilDate),
    millisOfDay,
    time,
    offsetMinutes,
  };
}

/**
 * The instant at which the America/New_York wall clock shows `time` on `date`.
 *
 * @param disambiguation how to resolve a time in the repeated hour; defaults to `'reject'`.
 * @throws {NonexistentWallTimeError} for a time in the hour skipped when DST starts.
 * @throws {AmbiguousWallTimeError} for a time in the repeated hour when `disambiguation` is
 *   `'reject'`.
 * @example
 * easternWallTimeToInstant('2025-03-10', '09:30').toISOString(); // '2025-03-10T13:30:00.000Z'
 */
export function easternWallTimeToInstant(
  date: IsoDate,
  time: WallTime,
  disambiguation: Disambiguation = 'reject',
): Date {
  const civil = parseIsoDate(date);
  const minutes = parseWallTime(time);
  const candidates = wallMillisCandidates(
    toEpochDay(civil) * MILLIS_PER_DAY + minutes * MILLIS_PER_MINUTE,
  );
  const [first, second] = candidates;
  if (first === undefined) throw new NonexistentWallTimeError(date, time);
  if (second === undefined) return new Date(first);
  if (disambiguation === 'reject') throw new AmbiguousWallTimeError(date, time, [first, second]);
  return new Date(disambiguation === 'earlier' ? first : second);
}

/**
 * Epoch milliseconds of a wall-clock minute on a civil date, for session boundaries that are known
 * to be unambiguous (they lie between 09:30 and 20:00, far from the 02:00 DST changes).
 *
 * @throws {NonexistentWallTimeError | AmbiguousWallTimeError} if a boundary ever hits a DST change.
 * @example
 * easternMinuteToMillis({ year: 2025, month: 6, day: 10 }, 570); // 1749562200000 (09:30 EDT)
 */
export function easternMinuteToMillis(date: CivilDate, minutesOfDay: number): number {
  const [first, second] = wallMillisCandidates(
    toEpochDay(date) * MILLIS_PER_DAY + minutesOfDay * MILLIS_PER_MINUTE,
  );
  const iso = formatIsoDate(date);
  const time = formatWallTime(minutesOfDay);
  if (first === undefined) throw new NonexistentWallTimeError(iso, time);
  if (second !== undefined) throw new AmbiguousWallTimeError(iso, time, [first, second]);
  return first;
}

/**
 * Every UTC instant whose America/New_York wall clock reads `wallMillis` (wall time written as if
 * it were UTC): none in a skipped hour, two in a repeated hour, otherwise one. The offsets 12 h
 * either side bracket any single DST change.
 */
function wallMillisCandidates(wallMillis: number): number[] {
  const tz = zone();
  const offsets = new Set([
    tz.offset(wallMillis - 12 * 3_600_000),
    tz.offset(wallMillis + 12 * 3_600_000),
  ]);
  const found: number[] = [];
  for (const offset of offsets) {
    const candidate = wallMillis - offset * MILLIS_PER_MINUTE;
    if (tz.offset(candidate) === offset) found.push(candidate);
  }
  return found.sort((a, b) => a - b);
}
