// An epoch's payout per staker from reward points (amount x tier weight x seconds staked in
// the epoch, `stakePoints` of @basket/merkle). Each staker gets floor(funded x points / sum):
// rounding down never promises more than the funding account holds, and the units left over
// stay in the funding account for the next epoch instead of going to a few stakers by
// remainder order (the keeper's decision; docs/keeper.md, "epoch-distributor").
import type { Address } from '@solana/kit';

/** What one reward mint pays in an epoch. */
export type EpochAllocation = Readonly<{
  /** Raw amount per staker; stakers whose share rounds to zero are left out. */
  amounts: ReadonlyMap<Address, bigint>;
  /** Sum of `amounts`: the epoch's posted total for the mint. */
  distributed: bigint;
  /** `funded - distributed`: left in the funding account for the next epoch. */
  remainder: bigint;
}>;

/**
 * Splits `funded` raw units by `points`, rounding each staker down.
 *
 * @example
 * allocateEpoch(10n, new Map([[a, 1n], [b, 2n]])); // a 3, b 6, distributed 9, remainder 1
 */
export function allocateEpoch(
  funded: bigint,
  points: ReadonlyMap<Address, bigint>,
): EpochAllocation {
  if (funded < 0n) throw new RangeError('negative funding');
  let sum = 0n;
  for (const p of points.values()) {
    if (p < 0n) throw new RangeError('negative reward points');
    sum += p;
  }
  const amounts = new Map<Address, bigint>();
  let distributed = 0n;
  if (sum > 0n) {
    for (const [owner, p] of points) {
      const amount = (funded * p) / sum;
      if (amount === 0n) continue;
      amounts.set(owner, amount);
      distributed += amount;
    }
  }
  return { amounts, distributed, remainder: funded - distributed };
}
