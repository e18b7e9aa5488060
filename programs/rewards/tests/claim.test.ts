import { leafHash, nodeHash } from '@basket/merkle';
import {
  getEpochDecoder,
  REWARDS_ERROR__ALREADY_CLAIMED,
  REWARDS_ERROR__CLAIM_EXCEEDS_EPOCH_TOTAL,
  REWARDS_ERROR__EPOCH_MISMATCH,
  REWARDS_ERROR__INVALID_PROOF,
  REWARDS_PROGRAM_ADDRESS,
} from '@basket/rewards-client';
import {
  accountBytes,
  MAX_TRANSACTION_BYTES,
  scaledUiAmountOf,
  tokenAmount,
  updateMultiplier,
} from '@basket/test-harness';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Claimant, claimOf, newClaimant, type PostedEpoch, postEpoch } from './claim-world.ts';
import {
  claimIx,
  claimStatusAddress,
  distributeIx,
  epochPda,
  type Fixture,
  fundEpoch,
  setup,
  XSTOCK_MULTIPLIER,
} from './fixture.ts';
import { send } from './measured.ts';

/** Accounts a claim may touch: holdings, destinations, epoch and claim status. */
async function touched(e: PostedEpoch, i: number, claimant?: Address): Promise<Address[]> {
  const who = e.claimants[i] as Claimant;
  const status = await claimStatusAddress(e.epochId, claimant ?? who.signer.address);
  return [...e.holdings, ...who.destinations, await epochPda(e.epochId), status];
}

describe('claim', () => {
  let f: Fixture;
  let e: PostedEpoch;

  beforeEach(async () => {
    // Given epoch 1 paying 4 claimants in a Token-2022 xStock (multiplier 1.0571) and a
    // legacy SPL Token mint
    f = await setup();
    expect(scaledUiAmountOf(f.svm, f.xStock.address)?.multiplier).toBe(XSTOCK_MULTIPLIER);
    e = await postEpoch(f, {
      epochId: 1n,
      mints: [f.xStock, f.legacy],
      amounts: [
        [1_000n, 10n],
        [2_500n, 0n],
        [7n, 99n],
        [123_456n, 1n],
      ],
    });
  });

  it('pays the raw amounts of each mint and records the claim', async () => {
    const r = await send(f.svm, [await claimOf(f, e, 0)], e.claimants[0]?.signer as never);
    expect(r.error).toBeNull();
    console.info(
      `claim (2 mints, depth ${e.distribution.claims[0]?.proof.length}): ${r.computeUnits} CU`,
    );
    const who = e.claimants[0] as Claimant;
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(1_000n);
    expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(10n);
    expect(tokenAmount(f.svm, e.holdings[0] as Address)).toBe(2_500n + 7n + 123_456n);
    const acc = f.svm.getAccount(await epochPda(1n));
    if (!acc.exists) throw new Error('epoch missing');
    const ep = getEpochDecoder().decode(Uint8Array.from(acc.data));
    expect(ep.rewards[0]?.claimed).toBe(1_000n);
    expect(ep.rewards[1]?.claimed).toBe(10n);
    expect(ep.claimCount).toBe(1n);
    const status = await claimStatusAddress(1n, who.signer.address);
    expect(f.svm.getAccount(status).exists).toBe(true);
  });

  it('pays the same raw amounts after the xStock multiplier changes', async () => {
    // Given the multiplier moves to 2.5 after the epoch was posted
    await updateMultiplier(f.svm, f.payer, f.xStock, 2.5, 0n);
    const r = await send(f.svm, [await claimOf(f, e, 3)], e.claimants[3]?.signer as never);
    expect(r.error).toBeNull();
    // Then raw amounts are unchanged: only the UI scaling moved
    expect(tokenAmount(f.svm, e.claimants[3]?.destinations[0] as Address)).toBe(123_456n);
  });

  it('rejects a second claim of the same leaf', async () => {
    const signer = e.claimants[1]?.signer as never;
    expect((await send(f.svm, [await claimOf(f, e, 1)], signer)).ok).toBe(true);
    const watched = await touched(e, 1);
    const before = accountBytes(f.svm, watched);
    const r = await send(f.svm, [await claimOf(f, e, 1)], signer);
    expect(r.customError).toBe(REWARDS_ERROR__ALREADY_CLAIMED);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it('rejects a tampered proof', async () => {
    const proof = (e.distribution.claims[2]?.proof ?? []).map((p) => Uint8Array.from(p));
    const node = proof[0] as Uint8Array;
    node[5] = (node[5] as number) ^ 0x01;
    const watched = await touched(e, 2);
    const before = accountBytes(f.svm, watched);
    const r = await send(
      f.svm,
      [await claimOf(f, e, 2, { proof })],
      e.claimants[2]?.signer as never,
    );
    expect(r.customError).toBe(REWARDS_ERROR__INVALID_PROOF);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it('rejects inflated amounts', async () => {
    const watched = await touched(e, 0);
    const before = accountBytes(f.svm, watched);
    const r = await send(
      f.svm,
      [await claimOf(f, e, 0, { amounts: [1_001n, 10n] })],
      e.claimants[0]?.signer as never,
    );
    expect(r.customError).toBe(REWARDS_ERROR__INVALID_PROOF);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it("rejects someone else's leaf and proof", async () => {
    // Given claimant 2 submits claimant 3's amounts and proof, paid to claimant 2's accounts
    const thief = e.claimants[2] as Claimant;
    const watched = await touched(e, 2);
    const before = accountBytes(f.svm, watched);
    const r = await send(
      f.svm,
      [await claimOf(f, e, 3, { signer: thief.signer, destinations: thief.destinations })],
      thief.signer,
    );
    expect(r.customError).toBe(REWARDS_ERROR__INVALID_PROOF);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it("rejects an epoch 1 proof against epoch 2, and an epoch id that is not the account's", async () => {
    // Given epoch 2 posted for the same claimants with the same amounts
    const e2 = await postEpoch(f, {
      epochId: 2n,
      mints: e.mints,
      amounts: [
        [1n, 1n],
        [1n, 1n],
        [1n, 1n],
        [1n, 1n],
      ],
      claimants: e.claimants,
    });
    const who = e.claimants[0] as Claimant;
    // When claimant 0 replays their epoch 1 amounts and proof against epoch 2
    const replay = await claimIx(f, {
      claimant: who.signer,
      epochId: 2n,
      amounts: e.distribution.claims[0]?.amounts ?? [],
      proof: e.distribution.claims[0]?.proof ?? [],
      mints: e2.mints,
      holdings: e2.holdings,
      destinations: who.destinations,
    });
    const watched = await touched(e2, 0);
    const before = accountBytes(f.svm, watched);
    const r = await send(f.svm, [replay], who.signer);
    expect(r.customError).toBe(REWARDS_ERROR__INVALID_PROOF);
    expect(accountBytes(f.svm, watched)).toEqual(before);
    // And an epoch-1 claim whose id argument points at the epoch-2 account
    const mismatch = await send(
      f.svm,
      [await claimOf(f, e, 0, { epoch: await epochPda(2n) })],
      who.signer,
    );
    expect(mismatch.customError).toBe(REWARDS_ERROR__EPOCH_MISMATCH);
  });

  it('rejects an inner node submitted as a leaf', async () => {
    // Given the level-1 node above claimants 0 and 1, and the proof from that node upward:
    // a claim can only present leaf data, which the program hashes with the 0x00 prefix, so
    // the upper proof applied to claimant 0's leaf does not reach the root
    const proof = (e.distribution.claims[0]?.proof ?? []).slice(1);
    const r = await send(
      f.svm,
      [await claimOf(f, e, 0, { proof })],
      e.claimants[0]?.signer as never,
    );
    expect(r.customError).toBe(REWARDS_ERROR__INVALID_PROOF);
  });

  it('never pays more than the epoch funded, even if the tree promises more', async () => {
    // Given epoch 3 whose leaves promise 600 + 600 but which funded only 1,000
    const e3 = await postEpoch(f, {
      epochId: 3n,
      mints: [f.xStock],
      amounts: [[600n], [600n]],
      funded: [1_000n],
    });
    expect(
      (await send(f.svm, [await claimOf(f, e3, 0)], e3.claimants[0]?.signer as never)).ok,
    ).toBe(true);
    const watched = await touched(e3, 1);
    const before = accountBytes(f.svm, watched);
    const r = await send(f.svm, [await claimOf(f, e3, 1)], e3.claimants[1]?.signer as never);
    expect(r.customError).toBe(REWARDS_ERROR__CLAIM_EXCEEDS_EPOCH_TOTAL);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });
});

/**
 * Budget of a depth-20 claim paying one Token-2022 mint, claim-status creation included. The
 * claim status has no bump, so the budget holds for every claimant. The v3 `Claimed` event
 * logs only the amounts used (1 CU per byte). The reward mint is the issuer's (eight
 * extensions): Token-2022's own TransferChecked on it costs about 1,440 CU more than on a
 * ScaledUiAmount-only mint (the rewards program's part is unchanged, 8,958 before).
 */
const DEPTH_20_BUDGET = 10_500n;

/** A posted epoch 9 paying `amount` of the xStock to a new claimant, with a proof of `depth`. */
async function depthWorld(depth: number) {
  const f = await setup();
  const who = await newClaimant(f, [f.xStock]);
  const amount = 31_415n;
  const leaf = leafHash({
    programId: REWARDS_PROGRAM_ADDRESS,
    epochId: 9n,
    claimant: who.signer.address,
    amounts: [amount],
  });
  // Fixed siblings: the sorted-pair compares move the cost by a few CU with their values.
  const proof = Array.from({ length: depth }, (_, i) => new Uint8Array(32).fill(0x11 * (i % 15)));
  const root = proof.reduce((node, sibling) => nodeHash(node, sibling), leaf);
  const holdings = await fundEpoch(f, 9n, [f.xStock], [amount]);
  const posted = await send(
    f.svm,
    [await distributeIx(f, { epochId: 9n, root, totals: [amount], mints: [f.xStock], holdings })],
    f.keeper,
  );
  expect(posted.ok).toBe(true);
  const ix = await claimIx(f, {
    claimant: who.signer,
    epochId: 9n,
    amounts: [amount],
    proof,
    mints: [f.xStock],
    holdings,
    destinations: who.destinations,
  });
  return { f, who, amount, ix };
}

describe('claim proof depth', () => {
  it.each([1, 20])('accepts a proof of depth %i with one Token-2022 reward mint', async (depth) => {
    // Given an epoch whose root is the claimant's leaf folded with `depth` siblings
    const { f, who, amount, ix } = await depthWorld(depth);
    // When the claimant claims
    const r = await send(f.svm, [ix], who.signer);
    // Then it pays, fits one transaction, and a depth-20 claim stays within DEPTH_20_BUDGET (10,500 CU)
    expect(r.error).toBeNull();
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(amount);
    expect(r.txBytes).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
    console.info(
      `claim (1 Token-2022 mint, depth ${depth}): ${r.computeUnits} CU, ${r.txBytes} bytes`,
    );
    if (depth === 20) expect(r.computeUnits).toBeLessThanOrEqual(DEPTH_20_BUDGET);
  });

  it('costs exactly the same for every claimant when the proof is empty', async () => {
    // Given eight claimants, each the only leaf of an epoch (root = leaf, no sorted-pair
    // compares whose branch depends on the hash values)
    const units: bigint[] = [];
    for (let i = 0; i < 8; i++) {
      const { f, who, ix } = await depthWorld(0);
      // When each claims
      const r = await send(f.svm, [ix], who.signer);
      expect(r.error).toBeNull();
      units.push(r.computeUnits);
    }
    // Then the claim, claim-status creation included, does not depend on the claimant's key
    console.info(`claim depth 0, 8 claimants: ${units.join(', ')} CU`);
    expect(new Set(units).size).toBe(1);
  });

  it('stays within the depth-20 budget (10,500 CU) for every claimant', async () => {
    // Given eight claimants with the same amounts and sibling values
    const units: bigint[] = [];
    for (let i = 0; i < 8; i++) {
      const { f, who, ix } = await depthWorld(20);
      const r = await send(f.svm, [ix], who.signer);
      expect(r.error).toBeNull();
      units.push(r.computeUnits);
    }
    // Then each is within the budget; they differ only by which side of each sorted pair
    // the running hash falls (a few CU over 20 levels)
    const cu = units.map(Number);
    const [min, max] = [Math.min(...cu), Math.max(...cu)];
    console.info(`claim depth 20, 8 claimants: ${min}-${max} CU`);
    expect(max).toBeLessThanOrEqual(Number(DEPTH_20_BUDGET));
    expect(max - min).toBeLessThanOrEqual(24);
  });
});
