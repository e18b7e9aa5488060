// The reward side of the proofs, from the chain's events: every claim a user landed is on chain
// as one `claimed` event with the amounts the product published, no (epoch, claimant) claimed
// twice, and no epoch paid out more than it posted.
import type { ChainTransaction } from './chain-scan.ts';
import type { LandedClaim } from './rewards-users.ts';

export type RewardsCheck = Readonly<{
  epochsDistributed: number;
  staked: number;
  unstaked: number;
  /** `claimed` events on chain. */
  claimsOnChain: number;
  /** Claims the users landed (their send confirmed). */
  claimsLanded: number;
  /** Landed claims with no `claimed` event on chain of the same amounts. */
  lost: number;
  /** (epoch, claimant) pairs claimed more than once, and epochs claimed beyond their total. */
  doubled: number;
  examples: readonly string[];
}>;

/**
 * @example
 * const rewards = rewardsClaimed(scan.all(), users.claims());
 */
export function rewardsClaimed(
  chain: ReadonlyMap<string, ChainTransaction>,
  landed: readonly LandedClaim[],
): RewardsCheck {
  const claimed = new Map<string, string[][]>();
  const totals = new Map<string, bigint[]>();
  const paid = new Map<string, bigint[]>();
  let epochsDistributed = 0;
  let staked = 0;
  let unstaked = 0;
  let claimsOnChain = 0;
  for (const tx of chain.values()) {
    if (!tx.ok) continue;
    for (const e of tx.events) {
      if (e.status !== 'decoded' || e.program !== 'rewards') continue;
      if (e.name === 'staked') staked += 1;
      else if (e.name === 'unstaked') unstaked += 1;
      else if (e.name === 'epochDistributed') {
        epochsDistributed += 1;
        totals.set(e.event.epochId.toString(), e.event.totals.slice(0, e.event.mintCount));
      } else if (e.name === 'claimed') {
        claimsOnChain += 1;
        const amounts = e.event.amounts.slice(0, e.event.amountCount);
        const key = `${e.event.epochId}:${e.event.claimant}`;
        claimed.set(key, [...(claimed.get(key) ?? []), amounts.map(String)]);
        const sum = paid.get(e.event.epochId.toString()) ?? [];
        paid.set(
          e.event.epochId.toString(),
          amounts.map((a, i) => a + (sum[i] ?? 0n)),
        );
      }
    }
  }
  const examples: string[] = [];
  let lost = 0;
  for (const c of landed) {
    const on = claimed.get(`${c.epochId}:${c.claimant}`) ?? [];
    if (!on.some((a) => a.join(',') === c.amounts.join(','))) {
      lost += 1;
      examples.push(`claim of epoch ${c.epochId} by ${c.claimant} landed but not on chain as sent`);
    }
  }
  let doubled = 0;
  for (const [key, list] of claimed) {
    if (list.length > 1) {
      doubled += list.length - 1;
      examples.push(`${key} claimed ${list.length} times`);
    }
  }
  for (const [epoch, sum] of paid) {
    const total = totals.get(epoch);
    if (total && sum.some((s, i) => s > (total[i] ?? 0n))) {
      doubled += 1;
      examples.push(`epoch ${epoch} paid ${sum.join(' + ')} of ${total.join(' + ')}`);
    }
  }
  return {
    epochsDistributed,
    staked,
    unstaked,
    claimsOnChain,
    claimsLanded: landed.length,
    lost,
    doubled,
    examples: examples.slice(0, 5),
  };
}
