/**
 * How old a NAV snapshot may be. The chain decides: the oracle program (`staleness.rs`) and
 * the vault's guard use a conservative UTC window, not the holiday calendar, because no
 * party is trusted to say whether the market is open. The calendar's value (60 s only while
 * the MarketHours session is actually open) is exposed next to it for display and keeper
 * scheduling; where they differ, the chain's (never longer) limit applies.
 */

import { maxStaleSecsAt } from '@basket/market-calendar';

/**
 * Maximum snapshot age in the chain's market window, seconds (oracle `MAX_STALE_SECS_MARKET`).
 *
 * @example
 * MAX_STALE_SECS_MARKET; // 60n
 */
export const MAX_STALE_SECS_MARKET = 60n;
/**
 * Maximum snapshot age outside it, seconds (oracle `MAX_STALE_SECS_OFF_HOURS`).
 *
 * @example
 * MAX_STALE_SECS_OFF_HOURS; // 300n
 */
export const MAX_STALE_SECS_OFF_HOURS = 300n;

const SECS_PER_DAY = 86_400n;
/** 13:30 UTC, the earliest open under either US daylight-saving offset. */
const WINDOW_OPEN_UTC = 13n * 3600n + 30n * 60n;
/** 21:00 UTC, the latest close under either offset. */
const WINDOW_CLOSE_UTC = 21n * 3600n;

function euclid(a: bigint, m: bigint): { div: bigint; rem: bigint } {
  let rem = a % m;
  let div = a / m;
  if (rem < 0n) {
    rem += m;
    div -= 1n;
  }
  return { div, rem };
}

/**
 * Whether `unixTime` is in the chain's conservative market window: Monday-Friday
 * 13:30-21:00 UTC (any instant that is market hours under either DST offset; holidays count),
 * or before 1970.
 *
 * @example
 * inChainMarketWindow(1_795_446_000n); // true (Monday 2026-11-23 15:00 UTC)
 */
export function inChainMarketWindow(unixTime: bigint): boolean {
  // The program reads the Clock as unsigned: a time before 1970 gets the short limit.
  if (unixTime < 0n) return true;
  const { div: day, rem: second } = euclid(unixTime, SECS_PER_DAY);
  // 1970-01-01 was a Thursday: day 0 is weekday 3 when Monday is 0.
  const weekday = euclid(day + 3n, 7n).rem;
  return weekday < 5n && second >= WINDOW_OPEN_UTC && second < WINDOW_CLOSE_UTC;
}

/**
 * MAX_STALE_SECS at `unixTime` by the on-chain rule.
 *
 * @example
 * chainMaxStaleSecs(1_795_446_000n); // 60n
 */
export function chainMaxStaleSecs(unixTime: bigint): bigint {
  return inChainMarketWindow(unixTime) ? MAX_STALE_SECS_MARKET : MAX_STALE_SECS_OFF_HOURS;
}

/**
 * A snapshot's age against both limits at `now`.
 *
 * @example
 * const s: NavStaleness = navStaleness(snapshot.publishUnixTime, now);
 * if (!s.fresh) showRefreshing(s.ageSecs);
 */
export interface NavStaleness {
  readonly publishUnixTime: bigint;
  readonly now: bigint;
  readonly ageSecs: bigint;
  /** The limit the programs enforce at `now`. */
  readonly maxStaleSecs: bigint;
  /** The market calendar's limit at `now` (holidays and early closes applied). */
  readonly calendarMaxStaleSecs: bigint;
  /** Whether the programs accept the snapshot at `now` (`0 <= age <= maxStaleSecs`). */
  readonly fresh: boolean;
  /** Seconds until the snapshot goes stale if the limit stays the same (0 when stale). */
  readonly secondsLeft: bigint;
}

/**
 * The staleness of a snapshot published at `publishUnixTime`, seen at `now` (unix seconds).
 * A snapshot published after `now` is refused, as on chain.
 *
 * @example
 * navStaleness(1_795_446_000n, 1_795_446_061n).fresh; // false (61 s > 60 s in market hours)
 */
export function navStaleness(publishUnixTime: bigint, now: bigint): NavStaleness {
  const ageSecs = now - publishUnixTime;
  const maxStaleSecs = chainMaxStaleSecs(now);
  const fresh = ageSecs >= 0n && ageSecs <= maxStaleSecs;
  return {
    publishUnixTime,
    now,
    ageSecs,
    maxStaleSecs,
    calendarMaxStaleSecs: BigInt(maxStaleSecsAt(Number(now) * 1000)),
    fresh,
    secondsLeft: fresh ? maxStaleSecs - ageSecs : 0n,
  };
}
