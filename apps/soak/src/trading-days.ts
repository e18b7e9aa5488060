// Simulated trading days: the next regular open (14:30 UTC, Monday to Friday) strictly after
// a time. Holidays are not skipped: the soak only needs the clock to leap a day and land in
// market hours, where the keeper's NAV cadence is tightest.

const DAY_MS = 86_400_000;
const OPEN_UTC_MS = (14 * 60 + 30) * 60_000;

/**
 * @example
 * new Date(nextTradingOpen(Date.parse('2026-11-27T20:00:00Z'))).toISOString(); // '2026-11-30T14:30:00.000Z'
 */
export function nextTradingOpen(afterMs: number): number {
  let day = Math.floor(afterMs / DAY_MS) * DAY_MS;
  for (;;) {
    const open = day + OPEN_UTC_MS;
    const weekday = new Date(day).getUTCDay();
    if (open > afterMs && weekday !== 0 && weekday !== 6) return open;
    day += DAY_MS;
  }
}
