// The one "now" of the keeper wherever time decides money or freshness: the chain's Clock
// sysvar, the time the vault and the oracle check against (staleness, loss-budget day). The
// routing rules, the NAV push's cadence and market-hours flag, and the NAV-age gauge are read at
// that time too, so a validator whose clock is ahead of or behind this machine's (a moved local
// world, a lagging node) never makes the keeper decide by one time and the vault judge by
// another. Only timers (the queue's cron, waits between polls) run on the wall clock.
import { clockSysvarAccount, readAccounts } from '@basket/sdk';
import { KeeperError } from '../decisions/errors.ts';
import type { KeeperContext } from '../jobs/context.ts';

/** Milliseconds of a Clock sysvar's unix timestamp (seconds). */
export const clockMs = (unixTimestamp: bigint): number => Number(unixTimestamp) * 1_000;

/** A Clock sysvar as `readAccounts` returns it. */
type ClockRead = { exists: false } | { exists: true; data: { unixTimestamp: bigint } };

/**
 * The chain's time (ms) of a Clock sysvar read in a caller's batch.
 *
 * @throws {KeeperError} `STALE_INPUT` when the sysvar could not be read.
 */
export function chainMsOf(clock: ClockRead | undefined): number {
  if (!clock?.exists) throw new KeeperError('STALE_INPUT', 'the Clock sysvar could not be read');
  return clockMs(clock.data.unixTimestamp);
}

/**
 * The chain's time now (ms), read from the Clock sysvar.
 *
 * @example
 * const now = await chainNowMs(ctx); // Date.parse('2026-11-30T14:35:00Z') on a moved world
 */
export async function chainNowMs(ctx: Pick<KeeperContext, 'rpc'>): Promise<number> {
  const [clock] = await readAccounts(ctx.rpc, [clockSysvarAccount()], { commitment: 'confirmed' });
  return chainMsOf(clock);
}
