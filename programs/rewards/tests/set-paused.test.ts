import {
  getRewardsConfigDecoder,
  REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET,
  REWARDS_ERROR__CLAIMS_PAUSED,
  REWARDS_ERROR__INVALID_PAUSE_FLAGS,
  REWARDS_ERROR__STAKING_PAUSED,
} from '@basket/rewards-client';
import { accountBytes, setUnixTime, tokenAmount } from '@basket/test-harness';
import type { Address, KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Claimant, claimOf, type PostedEpoch, postEpoch } from './claim-world.ts';
import {
  claimStatusAddress,
  DAY,
  epochPda,
  type Fixture,
  PAUSE_CLAIM,
  PAUSE_STAKE,
  setPausedIx,
  setup,
  stakeIx,
  stakeRecordPda,
  staker,
  T0,
  unstakeIx,
} from './fixture.ts';
import { send } from './measured.ts';

function pausedBits(f: Fixture): number {
  const acc = f.svm.getAccount(f.config);
  if (!acc.exists) throw new Error('config missing');
  return getRewardsConfigDecoder().decode(Uint8Array.from(acc.data)).paused;
}

describe('set_paused', () => {
  let f: Fixture;
  let e: PostedEpoch;
  let s: { signer: KeyPairSigner; tokens: Address };

  beforeEach(async () => {
    // Given a 30-day stake and an epoch paying the xStock (x1.0571) and the legacy mint
    f = await setup();
    s = await staker(f, 1_000n);
    expect((await send(f.svm, [await stakeIx(f, s, 400n, 30)], s.signer)).ok).toBe(true);
    e = await postEpoch(f, {
      epochId: 1n,
      mints: [f.xStock, f.legacy],
      amounts: [
        [700n, 5n],
        [300n, 9n],
      ],
    });
  });

  it('pausing both blocks stake and claim with their own errors and changes nothing', async () => {
    // When 3 of 5 admins pause staking and claims
    const r = await send(
      f.svm,
      [setPausedIx(f, PAUSE_STAKE | PAUSE_CLAIM, f.admins.slice(1, 4))],
      f.payer,
    );
    expect(r.error).toBeNull();
    console.info(`set_paused: ${r.computeUnits} CU`);
    expect(pausedBits(f)).toBe(3);
    // Then a new stake fails with StakingPaused
    const record = await stakeRecordPda(s.signer.address, 1n);
    const stakeWatched = [f.config, record, s.tokens, f.stakeHolding];
    const stakeBefore = accountBytes(f.svm, stakeWatched);
    const stake = await send(f.svm, [await stakeIx(f, s, 100n, 90, 1n)], s.signer);
    expect(stake.customError).toBe(REWARDS_ERROR__STAKING_PAUSED);
    expect(accountBytes(f.svm, stakeWatched)).toEqual(stakeBefore);
    // And a claim fails with ClaimsPaused
    const who = e.claimants[0] as Claimant;
    const status = await claimStatusAddress(1n, who.signer.address);
    const claimWatched = [...e.holdings, ...who.destinations, await epochPda(1n), status];
    const claimBefore = accountBytes(f.svm, claimWatched);
    const claim = await send(f.svm, [await claimOf(f, e, 0)], who.signer);
    expect(claim.customError).toBe(REWARDS_ERROR__CLAIMS_PAUSED);
    expect(accountBytes(f.svm, claimWatched)).toEqual(claimBefore);
  });

  it('never blocks unstake: principal leaves at the unlock time even while paused', async () => {
    expect(
      (
        await send(
          f.svm,
          [setPausedIx(f, PAUSE_STAKE | PAUSE_CLAIM, f.admins.slice(0, 3))],
          f.payer,
        )
      ).ok,
    ).toBe(true);
    setUnixTime(f.svm, T0 + 30n * DAY);
    const rec = await stakeRecordPda(s.signer.address, 0n);
    const r = await send(f.svm, [await unstakeIx(f, s.signer, rec, s.tokens)], s.signer);
    expect(r.error).toBeNull();
    expect(tokenAmount(f.svm, s.tokens)).toBe(1_000n);
  });

  it('pausing claims only leaves staking open, and unpausing reopens claims', async () => {
    expect(
      (await send(f.svm, [setPausedIx(f, PAUSE_CLAIM, f.admins.slice(0, 3))], f.payer)).ok,
    ).toBe(true);
    expect((await send(f.svm, [await stakeIx(f, s, 100n, 90, 1n)], s.signer)).error).toBeNull();
    const who = e.claimants[1] as Claimant;
    expect((await send(f.svm, [await claimOf(f, e, 1)], who.signer)).customError).toBe(
      REWARDS_ERROR__CLAIMS_PAUSED,
    );
    // When 3 of 5 admins unpause
    expect((await send(f.svm, [setPausedIx(f, 0, f.admins.slice(2, 5))], f.payer)).ok).toBe(true);
    // Then the same claim pays its raw amounts
    const r = await send(f.svm, [await claimOf(f, e, 1)], who.signer);
    expect(r.error).toBeNull();
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(300n);
  });

  it('rejects 2 of 5 admins, an admin counted twice, and unknown bits', async () => {
    const [a0, a1, a2] = f.admins as [KeyPairSigner, KeyPairSigner, KeyPairSigner];
    const before = accountBytes(f.svm, [f.config]);
    const two = await send(f.svm, [setPausedIx(f, PAUSE_CLAIM, [a0, a1])], f.payer);
    expect(two.customError).toBe(REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET);
    const twice = await send(f.svm, [setPausedIx(f, PAUSE_CLAIM, [a0, a1, a1])], f.payer);
    expect(twice.customError).toBe(REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET);
    const unknown = await send(f.svm, [setPausedIx(f, 4, [a0, a1, a2])], f.payer);
    expect(unknown.customError).toBe(REWARDS_ERROR__INVALID_PAUSE_FLAGS);
    expect(accountBytes(f.svm, [f.config])).toEqual(before);
    expect(pausedBits(f)).toBe(0);
  });
});
