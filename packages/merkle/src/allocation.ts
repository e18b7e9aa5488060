import type { Address } from '@solana/kit';
import { addressBytes, compareBytes } from './hash.ts';

/**
 * Reward weight of each lock tier (days to multiplier), as stored in stake records.
 *
 * @example
 * const weight = TIER_WEIGHTS[90]; // 2n
 */
export const TIER_WEIGHTS: Readonly<Record<30 | 90 | 180, bigint>> = { 30: 1n, 90: 2n, 180: 4n };

/** One stake as the distributor sees it (from stake records or stake/unstake events). */
export interface StakeInterval {
  owner: Address;
  /** Raw staked amount. */
  amount: bigint;
  /** Tier weight: 1, 2 or 4. */
  weight: bigint;
  /** Stake time, unix seconds. */
  start: bigint;
  /** Withdrawal time, unix seconds; `null` while still staked. */
  end: bigint | null;
}

/**
 * Reward points per owner over the epoch `[epochStart, epochEnd)`: the sum over the owner's
 * stakes of amount x tier weight x seconds the stake was held in the program during the
 * epoch. A stake counts until it is withdrawn (not just until it unlocks), because its
 * tokens stay locked in the program until then.
 *
 * @example
 * const points = stakePoints(stakes, 1_795_392_000n, 1_795_996_800n);
 */
export function stakePoints(
  stakes: readonly StakeInterval[],
  epochStart: bigint,
  epochEnd: bigint,
): Map<Address, bigint> {
  if (epochEnd <= epochStart) throw new RangeError('the epoch must end after it starts');
  const points = new Map<Address, bigint>();
  for (const s of stakes) {
    if (s.amount < 0n || s.weight < 0n) throw new RangeError('negative stake amount or weight');
    const from = s.start > epochStart ? s.start : epochStart;
    const stakeEnd = s.end ?? epochEnd;
    const to = stakeEnd < epochEnd ? stakeEnd : epochEnd;
    if (to <= from) continue;
    points.set(s.owner, (points.get(s.owner) ?? 0n) + s.amount * s.weight * (to - from));
  }
  for (const [owner, p] of points) if (p === 0n) points.delete(owner);
  return points;
}

/**
 * Splits `total` raw units pro rata to `points` with exact integers (largest remainder,
 * Hamilton's method): everyone gets `floor(total x p / P)`; the units left over (fewer than
 * the number of holders) go one each to the largest remainders `total x p mod P`; equal
 * remainders are ordered by the claimant's 32 address bytes, ascending. The result sums to
 * `total` exactly.
 *
 * @example
 * allocate(10n, new Map([[alice, 1n], [bob, 2n]])); // Map { alice => 3n, bob => 7n }
 */
export function allocate(
  total: bigint,
  points: ReadonlyMap<Address, bigint>,
): Map<Address, bigint> {
  if (total < 0n) throw new RangeError('negative total');
  const entries = [...points].filter(([, p]) => p > 0n);
  const sum = entries.reduce((n, [, p]) => n + p, 0n);
  if (sum === 0n) throw new RangeError('no stake points in the epoch: nothing to distribute to');
  const shares = entries.map(([owner, p]) => ({
    owner,
    bytes: addressBytes(owner),
    base: (total * p) / sum,
    remainder: (total * p) % sum,
  }));
  let left = total - shares.reduce((n, s) => n + s.base, 0n);
  const order = [...shares].sort((a, b) =>
    a.remainder === b.remainder
      ? compareBytes(a.bytes, b.bytes)
      : a.remainder > b.remainder
        ? -1
        : 1,
  );
  const out = new Map<Address, bigint>(shares.map((s) => [s.owner, s.base]));
  for (const s of order) {
    if (left === 0n) break;
    out.set(s.owner, (out.get(s.owner) as bigint) + 1n);
    left -= 1n;
  }
  return out;
}
