// Whether a leg can trade at all: the vault refuses a rebalance leg touching an asset its
// snapshot marks frozen for a corporate action or halted (`AssetFrozen`), on either route.
// Such a leg is skipped with its reason, not attempted: a doomed attempt on both routes
// would count as a rebalance failure and make the rebalance-failed alert noisy.
import { NAV_ENTRY_FLAGS } from '@basket/sdk';

/**
 * Why the vault would refuse any leg of this asset now, or null when it may trade.
 *
 * @example
 * legBlockedBy(NAV_ENTRY_FLAGS.tradingHalted); // 'trading halted (snapshot flag)'
 */
export function legBlockedBy(entryFlags: number): string | null {
  const why: string[] = [];
  if ((entryFlags & NAV_ENTRY_FLAGS.corporateActionFreeze) !== 0) {
    why.push('frozen for a corporate action');
  }
  if ((entryFlags & NAV_ENTRY_FLAGS.tradingHalted) !== 0) why.push('trading halted');
  return why.length === 0 ? null : `${why.join(' and ')} (snapshot flag)`;
}
