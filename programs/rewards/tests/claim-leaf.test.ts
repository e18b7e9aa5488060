// A claim is bound to its leaf: the claim status records the leaf the first claim proved, and
// a later claim (paying what the first deferred) must present the same one. Here the tree
// holds two leaves for one claimant (a keeper's artifact check is all that prevents it): the
// second leaf is never paid, in part or whole.
import {
  getClaimStatusDecoder,
  REWARDS_ERROR__ALREADY_CLAIMED,
  REWARDS_ERROR__LEAF_MISMATCH,
} from '@basket/rewards-client';
import { accountBytes, tokenAmount } from '@basket/test-harness';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Claimant, claimOf, newClaimant, type PostedEpoch, postEpoch } from './claim-world.ts';
import { claimStatusAddress, epochPda, type Fixture, setup } from './fixture.ts';
import { send } from './measured.ts';

describe('claim: one leaf per claim status', () => {
  let f: Fixture;
  let e: PostedEpoch;
  let alice: Claimant;

  beforeEach(async () => {
    f = await setup();
    alice = await newClaimant(f, [f.xStock, f.legacy]);
    // Given an epoch whose tree holds two leaves for Alice: (100, 50) and (70, 30)
    e = await postEpoch(f, {
      epochId: 1n,
      mints: [f.xStock, f.legacy],
      amounts: [
        [100n, 50n],
        [70n, 30n],
      ],
      claimants: [alice, alice],
    });
    // And Alice claimed leaf 0, deferring the xStock (its destination named as the holding)
    const deferred = await claimOf(f, e, 0, {
      destinations: [e.holdings[0] as Address, alice.destinations[1] as Address],
    });
    expect((await send(f.svm, [deferred], alice.signer)).error).toBeNull();
    expect(tokenAmount(f.svm, alice.destinations[1] as Address)).toBe(50n);
  });

  it('records the leaf it paid', async () => {
    const acc = f.svm.getAccount(await claimStatusAddress(1n, alice.signer.address));
    if (!acc.exists) throw new Error('no claim status');
    const status = getClaimStatusDecoder().decode(Uint8Array.from(acc.data));
    expect(status.deferred).toBe(1);
    expect(Uint8Array.from(status.leaf)).toEqual(e.distribution.claims[0]?.leaf);
  });

  it('refuses the second leaf for the deferred mint and changes nothing', async () => {
    // When Alice presents leaf 1 to collect the deferred xStock
    const watched = [
      ...e.holdings,
      ...alice.destinations,
      await epochPda(1n),
      await claimStatusAddress(1n, alice.signer.address),
    ];
    const before = accountBytes(f.svm, watched);
    const r = await send(f.svm, [await claimOf(f, e, 1)], alice.signer);
    // Then it is refused, and nothing moved
    expect(r.customError).toBe(REWARDS_ERROR__LEAF_MISMATCH);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it('pays the deferred mint of the first leaf, then refuses both leaves', async () => {
    expect((await send(f.svm, [await claimOf(f, e, 0)], alice.signer)).error).toBeNull();
    expect(tokenAmount(f.svm, alice.destinations[0] as Address)).toBe(100n);
    for (const i of [0, 1]) {
      const r = await send(f.svm, [await claimOf(f, e, i)], alice.signer);
      expect(r.customError, `leaf ${i}`).toBe(REWARDS_ERROR__ALREADY_CLAIMED);
    }
    expect(tokenAmount(f.svm, alice.destinations[0] as Address)).toBe(100n);
    expect(tokenAmount(f.svm, alice.destinations[1] as Address)).toBe(50n);
  });
});
