// When the served keeper pushes NAV, decided from the chain's time (the Clock sysvar), not this
// machine's: the queue's timer fires on the wall clock, but whether a push is due, and how long
// until the next check, are read at the time the oracle and the vault judge staleness by. A
// world whose clock was moved (a scenario, the trading-day demo) or a node whose clock lags
// gets the calendar's cadence of its own time: 15 s in market hours, 60 s off-hours, never
// later than the open.
import { navPushCadenceSecsAt, nextNavPushAt } from '@basket/market-calendar';
import { clockSysvarAccount, navSnapshotAccount, readAccounts } from '@basket/sdk';
import type { Address } from '@solana/kit';
import { chainMsOf } from '../routes/chain-time.ts';
import type { KeeperSku } from '../service/config.ts';
import type { KeeperContext } from './context.ts';

/** The sysvar has whole seconds: a push within this of its due time is due. */
const DUE_TOLERANCE_MS = 1_000;
/** Bounds of the wall-clock wait before the next check (a moved clock is caught within it). */
export const MIN_CHECK_MS = 1_000;
export const MAX_CHECK_MS = 60_000;

export type NavPushTick = Readonly<{
  /** A push is due now. */
  due: boolean;
  /** The snapshot's age at the chain's time (s). */
  ageSecs: number;
  /** The calendar's cadence at the chain's time (s). */
  cadenceSecs: number;
  /**
   * Milliseconds until the next check: until the push is due when it is not, or one cadence
   * (never past the open) after a push made now when it is. Clamped to [1 s, 60 s].
   */
  nextCheckInMs: number;
  /** Milliseconds from a push made now to the next one due (clamped the same way). */
  afterPushInMs: number;
}>;

const clamp = (ms: number) => Math.min(MAX_CHECK_MS, Math.max(MIN_CHECK_MS, ms));

/**
 * The cadence decision at the chain's time `chainNowMs` for a snapshot published at
 * `publishUnixSecs` (the snapshot's `publishUnixTime`, chain seconds).
 *
 * @example
 * // Monday 2026-11-30 10:00:20 ET on the chain, snapshot pushed 20 s earlier: due (15 s cadence)
 * navPushTick(Date.parse('2026-11-30T15:00:20Z'), Date.parse('2026-11-30T15:00:00Z') / 1000).due;
 */
export function navPushTick(chainNowMs: number, publishUnixSecs: number): NavPushTick {
  const publishedMs = publishUnixSecs * 1_000;
  // Never published (0): due at once.
  const dueAt = publishUnixSecs > 0 ? nextNavPushAt(publishedMs).getTime() : chainNowMs;
  const due = chainNowMs + DUE_TOLERANCE_MS >= dueAt;
  const afterPushInMs = clamp(nextNavPushAt(chainNowMs).getTime() - chainNowMs);
  return {
    due,
    ageSecs: Math.max(0, Math.floor((chainNowMs - publishedMs) / 1_000)),
    cadenceSecs: navPushCadenceSecsAt(chainNowMs),
    nextCheckInMs: due ? afterPushInMs : clamp(dueAt - chainNowMs),
    afterPushInMs,
  };
}

/** The chain's time and `sku`'s snapshot, read in one batch: the one "now" of a push tick. */
export async function readNavTick(
  ctx: Pick<KeeperContext, 'rpc' | 'programs'>,
  sku: KeeperSku,
): Promise<NavPushTick & { chainNowMs: number }> {
  const [snapshot, clock] = await readAccounts(
    ctx.rpc,
    [navSnapshotAccount(sku.snapshot as Address, ctx.programs), clockSysvarAccount()],
    { commitment: 'confirmed' },
  );
  const chainNowMs = chainMsOf(clock);
  // No snapshot yet: the first push is due at once.
  const published = snapshot.exists ? Number(snapshot.data.publishUnixTime) : 0;
  return { ...navPushTick(chainNowMs, published), chainNowMs };
}
