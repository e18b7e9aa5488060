import {
  getStakeRecordDecoder,
  REWARDS_ERROR__NOT_STAKE_OWNER,
  REWARDS_ERROR__STAKE_ALREADY_WITHDRAWN,
  REWARDS_ERROR__STAKE_LOCKED,
} from '@basket/rewards-client';
import { accountBytes, createTokenAccount, setUnixTime, tokenAmount } from '@basket/test-harness';
import type { Address, KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DAY,
  type Fixture,
  setup,
  stakeIx,
  stakeRecordPda,
  staker,
  T0,
  unstakeIx,
} from './fixture.ts';
import { send } from './measured.ts';

describe('unstake', () => {
  let f: Fixture;
  let s: { signer: KeyPairSigner; tokens: Address };
  let rec: Address;

  beforeEach(async () => {
    // Given 500 raw units staked at T0 for 90 days
    f = await setup();
    s = await staker(f, 500n);
    expect((await send(f.svm, [await stakeIx(f, s, 500n, 90)], s.signer)).ok).toBe(true);
    rec = await stakeRecordPda(s.signer.address, 0n);
  });

  it('rejects unstaking at lock end minus one second and changes nothing', async () => {
    setUnixTime(f.svm, T0 + 90n * DAY - 1n);
    const watched = [rec, s.tokens, f.stakeHolding, f.config];
    const before = accountBytes(f.svm, watched);
    const r = await send(f.svm, [await unstakeIx(f, s.signer, rec, s.tokens)], s.signer);
    expect(r.customError).toBe(REWARDS_ERROR__STAKE_LOCKED);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it('returns the raw amount at exactly the lock end', async () => {
    setUnixTime(f.svm, T0 + 90n * DAY);
    const r = await send(f.svm, [await unstakeIx(f, s.signer, rec, s.tokens)], s.signer);
    expect(r.error).toBeNull();
    console.info(`unstake: ${r.computeUnits} CU`);
    expect(r.computeUnits).toBeLessThan(20_000n);
    expect(tokenAmount(f.svm, s.tokens)).toBe(500n);
    expect(tokenAmount(f.svm, f.stakeHolding)).toBe(0n);
    const acc = f.svm.getAccount(rec);
    if (!acc.exists) throw new Error('record missing');
    const d = getStakeRecordDecoder().decode(Uint8Array.from(acc.data));
    expect(d.withdrawn).toBe(1);
    expect(d.withdrawnTs).toBe(T0 + 90n * DAY);
  });

  it('rejects a second unstake of the same stake', async () => {
    setUnixTime(f.svm, T0 + 100n * DAY);
    expect((await send(f.svm, [await unstakeIx(f, s.signer, rec, s.tokens)], s.signer)).ok).toBe(
      true,
    );
    const before = accountBytes(f.svm, [rec, f.stakeHolding]);
    const r = await send(f.svm, [await unstakeIx(f, s.signer, rec, s.tokens)], s.signer);
    expect(r.customError).toBe(REWARDS_ERROR__STAKE_ALREADY_WITHDRAWN);
    expect(accountBytes(f.svm, [rec, f.stakeHolding])).toEqual(before);
  });

  it("rejects someone else unstaking another's stake", async () => {
    setUnixTime(f.svm, T0 + 100n * DAY);
    const thief = await staker(f, 0n);
    const thiefTokens = await createTokenAccount(
      f.svm,
      f.payer,
      f.stakingMint,
      thief.signer.address,
    );
    const before = accountBytes(f.svm, [rec, f.stakeHolding, thiefTokens]);
    const r = await send(f.svm, [await unstakeIx(f, thief.signer, rec, thiefTokens)], thief.signer);
    expect(r.customError).toBe(REWARDS_ERROR__NOT_STAKE_OWNER);
    expect(accountBytes(f.svm, [rec, f.stakeHolding, thiefTokens])).toEqual(before);
  });
});
