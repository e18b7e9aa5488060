/**
 * UTC timestamps from the API. The spec says ISO 8601 UTC; in practice epoch seconds and
 * milliseconds also occur, and `activationDateTime: 0` means "nothing scheduled".
 */

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;

/** Epoch values below this are seconds (1e11 s is year 5138; 1e11 ms is 1973). */
const SECONDS_MS_BOUNDARY = 1e11;
/** The largest instant a JavaScript Date can hold. */
const MAX_EPOCH_MS = 8.64e15;
const EPOCH_DIGITS = /^\d{1,16}(?:\.\d{1,9})?$/;

/** Result of normalising a timestamp-like value. */
export type TimestampParse = { ok: true; value: Date } | { ok: false; reason: string };

/**
 * Parses an ISO 8601 date-time into a UTC `Date`. An explicit offset is converted to UTC;
 * a string without offset is taken as UTC (the spec's contract); a date alone is 00:00 UTC.
 * Out-of-range parts (month 13, 31 February, 24:00) are rejected. Returns `null` if invalid.
 *
 * @example
 * ```ts
 * parseIsoUtc('2025-06-02T13:30:00-04:00')?.toISOString(); // '2025-06-02T17:30:00.000Z'
 * ```
 */
export function parseIsoUtc(text: string): Date | null {
  const m = ISO_PATTERN.exec(text);
  if (m === null) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', , sign, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const millis = Number(frac.padEnd(3, '0').slice(0, 3));
  let epochMs = Date.UTC(year, month - 1, day, hour, minute, second, millis);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  if (sign !== undefined) {
    const offsetHours = Number(oh);
    const offsetMinutes = Number(om);
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    const offsetMs = (offsetHours * 60 + offsetMinutes) * 60_000;
    epochMs += sign === '+' ? -offsetMs : offsetMs;
  }
  return Number.isFinite(epochMs) ? new Date(epochMs) : null;
}

/**
 * Converts epoch seconds or milliseconds (told apart by magnitude) into a `Date`.
 * Returns `null` for negative, non-finite or out-of-range values.
 *
 * @example
 * ```ts
 * epochToDate(1_750_000_000)?.toISOString();     // seconds
 * epochToDate(1_750_000_000_000)?.toISOString(); // the same instant, in milliseconds
 * ```
 */
export function epochToDate(epoch: number): Date | null {
  if (!Number.isFinite(epoch) || epoch < 0) return null;
  const ms = epoch < SECONDS_MS_BOUNDARY ? Math.round(epoch * 1000) : Math.round(epoch);
  return ms <= MAX_EPOCH_MS ? new Date(ms) : null;
}

/**
 * Normalises a required timestamp: an ISO string, or epoch seconds/milliseconds as a number
 * or a digit string. Zero is rejected (it is only meaningful for `activationDateTime`).
 *
 * @example
 * ```ts
 * normalizeTimestamp('2025-01-02T00:00:00Z'); // { ok: true, value: Date }
 * normalizeTimestamp(0);                      // { ok: false, reason: ... }
 * ```
 */
export function normalizeTimestamp(raw: unknown): TimestampParse {
  const epoch = asEpochNumber(raw);
  if (epoch !== null) {
    if (epoch === 0) return { ok: false, reason: 'is 0, not a timestamp' };
    const date = epochToDate(epoch);
    return date === null ? { ok: false, reason: 'is an out-of-range epoch' } : ok(date);
  }
  if (typeof raw === 'string') {
    const date = parseIsoUtc(raw);
    return date === null ? { ok: false, reason: 'is not an ISO 8601 timestamp' } : ok(date);
  }
  return { ok: false, reason: raw === undefined ? 'is missing' : 'is not a timestamp' };
}

/**
 * Normalises a multiplier `activationDateTime`: ISO string, epoch seconds or milliseconds
 * (number or digit string), and `0`, `"0"` or `null` meaning "nothing scheduled" (`null`).
 *
 * @example
 * ```ts
 * normalizeActivationDateTime(0);             // { ok: true, value: null }
 * normalizeActivationDateTime(1767225600);    // { ok: true, value: 2026-01-01T00:00:00Z }
 * ```
 */
export function normalizeActivationDateTime(
  raw: unknown,
): { ok: true; value: Date | null } | { ok: false; reason: string } {
  if (raw === null || asEpochNumber(raw) === 0) return { ok: true, value: null };
  return normalizeTimestamp(raw);
}

function asEpochNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && EPOCH_DIGITS.test(raw)) return Number(raw);
  return null;
}

function ok(value: Date): TimestampParse {
  return { ok: true, value };
}
