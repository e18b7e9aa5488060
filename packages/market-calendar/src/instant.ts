import { InvalidInstantError } from './errors.ts';

/**
 * A point on the UTC timeline: a `Date` or epoch milliseconds. The machine's local time zone is
 * never consulted.
 *
 * @example
 * const instant: Instant = Date.UTC(2025, 0, 2, 14, 30); // 2025-01-02 09:30 ET
 */
export type Instant = Date | number;

/**
 * Returns the epoch milliseconds of an instant, rejecting invalid dates and non-finite numbers.
 *
 * @throws {InvalidInstantError} when the value is not a valid instant.
 * @example
 * toEpochMillis(new Date('2025-01-02T14:30:00Z')); // 1735828200000
 */
export function toEpochMillis(instant: Instant): number {
  const millis = instant instanceof Date ? instant.getTime() : instant;
  if (typeof millis !== 'number' || !Number.isFinite(millis)) {
    throw new InvalidInstantError(instant);
  }
  return millis;
}
