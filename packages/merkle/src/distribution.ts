import type { Address } from '@solana/kit';
import { allocate, type StakeInterval, stakePoints } from './allocation.ts';
import {
  addressBytes,
  compareBytes,
  fromHex,
  leafHash,
  MAX_REWARD_MINTS,
  toHex,
  verifyProof,
} from './hash.ts';
import { buildTree, getProof } from './tree.ts';

/** One claimant's entry of an epoch. */
export interface Claim {
  claimant: Address;
  /** Raw amount per reward mint, in the epoch's mint order. */
  amounts: bigint[];
  leaf: Uint8Array;
  proof: Uint8Array[];
}

/** A built epoch distribution: what `distribute_epoch` posts and what claimants claim. */
export interface Distribution {
  programId: Address;
  epochId: bigint;
  rewardMints: Address[];
  totals: bigint[];
  root: Uint8Array;
  /** Ordered by claimant address bytes, ascending (the leaf order of the tree). */
  claims: Claim[];
}

/**
 * Builds an epoch's distribution: reward points per staker over the epoch, each reward
 * mint's total split by largest remainder (see `allocate`), one leaf per claimant with a
 * non-zero amount, leaves ordered by claimant bytes. Every mint's amounts sum to its total.
 *
 * @example
 * const d = buildDistribution({ programId, epochId: 3n, epochStart, epochEnd, rewardMints: [xStock], totals: [1_000_000n], stakes });
 * // post d.root and d.totals with distribute_epoch; hand d.claims[i] to each claimant
 */
export function buildDistribution(input: {
  programId: Address;
  epochId: bigint;
  epochStart: bigint;
  epochEnd: bigint;
  rewardMints: Address[];
  totals: bigint[];
  stakes: readonly StakeInterval[];
}): Distribution {
  const n = input.rewardMints.length;
  if (n === 0 || n > MAX_REWARD_MINTS || input.totals.length !== n) {
    throw new RangeError(`1..${MAX_REWARD_MINTS} reward mints with one total each`);
  }
  const points = stakePoints(input.stakes, input.epochStart, input.epochEnd);
  const perMint = input.totals.map((total) => allocate(total, points));
  const owners = [...points.keys()].sort((a, b) => compareBytes(addressBytes(a), addressBytes(b)));
  const partial = owners
    .map((claimant) => ({ claimant, amounts: perMint.map((m) => m.get(claimant) ?? 0n) }))
    .filter((c) => c.amounts.some((a) => a > 0n));
  return fromClaims({ ...input, claims: partial });
}

/**
 * Builds the tree over given claimant amounts (already allocated), in the given order.
 *
 * @example
 * const d = fromClaims({ programId, epochId: 1n, rewardMints: [m], totals: [5n], claims: [{ claimant, amounts: [5n] }] });
 */
export function fromClaims(input: {
  programId: Address;
  epochId: bigint;
  rewardMints: Address[];
  totals: bigint[];
  claims: { claimant: Address; amounts: bigint[] }[];
}): Distribution {
  const leaves = input.claims.map((c) =>
    leafHash({
      programId: input.programId,
      epochId: input.epochId,
      claimant: c.claimant,
      amounts: c.amounts,
    }),
  );
  const tree = buildTree(leaves);
  return {
    programId: input.programId,
    epochId: input.epochId,
    rewardMints: [...input.rewardMints],
    totals: [...input.totals],
    root: tree.root,
    claims: input.claims.map((c, i) => ({
      claimant: c.claimant,
      amounts: [...c.amounts],
      leaf: leaves[i] as Uint8Array,
      proof: getProof(tree, i),
    })),
  };
}

/** The JSON form of a distribution (amounts as decimal strings, hashes as hex). */
export interface DistributionArtifact {
  version: 1;
  programId: string;
  epochId: string;
  rewardMints: string[];
  totals: string[];
  root: string;
  claims: { claimant: string; amounts: string[]; proof: string[] }[];
}

/**
 * Serializable artifact of a distribution, for publishing next to the posted root.
 *
 * @example
 * writeFileSync('epoch-3.json', JSON.stringify(toArtifact(d), null, 2));
 */
export function toArtifact(d: Distribution): DistributionArtifact {
  return {
    version: 1,
    programId: d.programId,
    epochId: d.epochId.toString(),
    rewardMints: [...d.rewardMints],
    totals: d.totals.map(String),
    root: toHex(d.root),
    claims: d.claims.map((c) => ({
      claimant: c.claimant,
      amounts: c.amounts.map(String),
      proof: c.proof.map(toHex),
    })),
  };
}

/**
 * Re-verifies an artifact from its contents alone: every leaf recomputed and its proof
 * checked against the root, the tree over all leaves rebuilt to the same root, claimants
 * distinct, and each mint's amounts summing exactly to its total. Returns the problems found
 * (empty when the artifact is sound).
 *
 * @example
 * expect(verifyArtifact(JSON.parse(text))).toEqual([]);
 */
export function verifyArtifact(a: DistributionArtifact): string[] {
  const problems: string[] = [];
  const programId = a.programId as Address;
  const epochId = BigInt(a.epochId);
  const root = fromHex(a.root);
  const n = a.rewardMints.length;
  if (a.version !== 1) problems.push(`unknown artifact version ${a.version}`);
  if (a.totals.length !== n) problems.push('one total per reward mint expected');
  const sums = new Array<bigint>(n).fill(0n);
  const seen = new Set<string>();
  const leaves: Uint8Array[] = [];
  for (const c of a.claims) {
    if (seen.has(c.claimant)) problems.push(`claimant ${c.claimant} appears twice`);
    seen.add(c.claimant);
    if (c.amounts.length !== n) {
      problems.push(`claimant ${c.claimant} has ${c.amounts.length} amounts, expected ${n}`);
      continue;
    }
    const amounts = c.amounts.map((x) => BigInt(x));
    amounts.forEach((x, i) => {
      sums[i] = (sums[i] as bigint) + x;
    });
    const leaf = leafHash({ programId, epochId, claimant: c.claimant as Address, amounts });
    leaves.push(leaf);
    if (!verifyProof(leaf, c.proof.map(fromHex), root))
      problems.push(`proof of ${c.claimant} does not reach the root`);
  }
  a.totals.forEach((t, i) => {
    if (sums[i] !== BigInt(t)) problems.push(`mint ${i}: claims sum to ${sums[i]}, total is ${t}`);
  });
  if (leaves.length > 0 && compareBytes(buildTree(leaves).root, root) !== 0) {
    problems.push('the tree over all leaves does not give the root');
  }
  return problems;
}
