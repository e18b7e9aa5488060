// Epoch boundaries: weekly, Sunday 00:00 UTC (spec, Keeper jobs). The distributor pays the
// epoch that ended at the latest boundary at or before now.

const WEEK_SECS = 7n * 86_400n;
/** 1970-01-04 was a Sunday: boundaries are 3 days after the Unix epoch modulo a week. */
const SUNDAY_OFFSET_SECS = 3n * 86_400n;

/**
 * The epoch `[start, end)` that ended at the latest Sunday 00:00 UTC at or before `nowSecs`.
 *
 * @example
 * lastClosedEpoch(1_764_547_200n); // Mon 2025-12-01 00:00 UTC -> { start: Sun 11-23, end: Sun 11-30 }
 */
export function lastClosedEpoch(nowSecs: bigint): { start: bigint; end: bigint } {
  const sinceFirst = nowSecs - SUNDAY_OFFSET_SECS;
  const end = nowSecs - (((sinceFirst % WEEK_SECS) + WEEK_SECS) % WEEK_SECS);
  return { start: end - WEEK_SECS, end };
}

/** A stable idempotency key for the epoch ending at `end` (one distribution per epoch). */
export function epochKey(end: bigint): string {
  return `epoch:${new Date(Number(end) * 1000).toISOString().slice(0, 10)}`;
}
