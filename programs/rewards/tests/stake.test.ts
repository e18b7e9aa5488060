import {
  getRewardsConfigDecoder,
  getStakeRecordDecoder,
  REWARDS_ERROR__ALREADY_INITIALIZED,
  REWARDS_ERROR__INVALID_TIER,
  REWARDS_ERROR__STAKING_ACCOUNT_MISMATCH,
  REWARDS_ERROR__ZERO_AMOUNT,
} from '@basket/rewards-client';
import {
  accountBytes,
  createTokenAccount,
  scaledUiAmountOf,
  tokenAmount,
} from '@basket/test-harness';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DAY,
  type Fixture,
  STAKING_MULTIPLIER,
  setup,
  stakeIx,
  stakeRecordPda,
  staker,
  T0,
} from './fixture.ts';
import { send } from './measured.ts';

function record(f: Fixture, address: Address) {
  const acc = f.svm.getAccount(address);
  if (!acc.exists) throw new Error('stake record missing');
  return getStakeRecordDecoder().decode(Uint8Array.from(acc.data));
}

describe('stake', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await setup();
  });

  it.each([
    [30, 1],
    [90, 2],
    [180, 4],
  ])('locks raw tokens for %i days with weight %i', async (days, weight) => {
    // Given a staker holding staking tokens (Token-2022, multiplier 1.25)
    expect(scaledUiAmountOf(f.svm, f.stakingMint.address)?.multiplier).toBe(STAKING_MULTIPLIER);
    const s = await staker(f, 1_000n);
    // When they stake 400 raw units for the tier
    const r = await send(f.svm, [await stakeIx(f, s, 400n, days, 7n)], s.signer);
    // Then the raw amount moves to the holding and the record holds the lock
    expect(r.error).toBeNull();
    console.info(`stake(${days}d): ${r.computeUnits} CU`);
    expect(r.computeUnits).toBeLessThan(30_000n);
    expect(tokenAmount(f.svm, s.tokens)).toBe(600n);
    expect(tokenAmount(f.svm, f.stakeHolding)).toBe(400n);
    const rec = record(f, await stakeRecordPda(s.signer.address, 7n));
    expect(rec.owner).toBe(s.signer.address);
    expect(rec.amount).toBe(400n);
    expect(rec.tierDays).toBe(days);
    expect(rec.weight).toBe(weight);
    expect(rec.startTs).toBe(T0);
    expect(rec.unlockTs).toBe(T0 + BigInt(days) * DAY);
    expect(rec.withdrawn).toBe(0);
    const acc = f.svm.getAccount(f.config);
    if (!acc.exists) throw new Error('config missing');
    expect(getRewardsConfigDecoder().decode(Uint8Array.from(acc.data)).totalStaked).toBe(400n);
    // And the program logged one Staked event
    expect(r.logs.filter((l) => l.startsWith('Program data: '))).toHaveLength(1);
  });

  it.each([0, 29, 31, 60, 91, 179, 181, 365])(
    'rejects a %i-day tier with InvalidTier and changes nothing',
    async (days) => {
      const s = await staker(f, 1_000n);
      const rec = await stakeRecordPda(s.signer.address, 0n);
      const watched = [rec, s.tokens, f.stakeHolding, f.config];
      const before = accountBytes(f.svm, watched);
      const r = await send(f.svm, [await stakeIx(f, s, 400n, days)], s.signer);
      expect(r.customError).toBe(REWARDS_ERROR__INVALID_TIER);
      expect(accountBytes(f.svm, watched)).toEqual(before);
    },
  );

  it('rejects a zero amount', async () => {
    const s = await staker(f, 1_000n);
    const r = await send(f.svm, [await stakeIx(f, s, 0n, 30)], s.signer);
    expect(r.customError).toBe(REWARDS_ERROR__ZERO_AMOUNT);
  });

  it('rejects a holding other than the configured one', async () => {
    // Given an attacker-owned token account of the staking mint passed as the holding
    const s = await staker(f, 1_000n);
    const fake = await createTokenAccount(f.svm, f.payer, f.stakingMint, s.signer.address);
    const ix = await stakeIx(f, s, 400n, 30);
    const accounts = ix.accounts?.map((a) =>
      a.address === f.stakeHolding ? { ...a, address: fake } : a,
    );
    const before = accountBytes(f.svm, [s.tokens, fake, f.config]);
    const r = await send(f.svm, [{ ...ix, accounts }], s.signer);
    expect(r.customError).toBe(REWARDS_ERROR__STAKING_ACCOUNT_MISMATCH);
    expect(accountBytes(f.svm, [s.tokens, fake, f.config])).toEqual(before);
  });

  it('rejects reusing a stake index', async () => {
    const s = await staker(f, 1_000n);
    expect((await send(f.svm, [await stakeIx(f, s, 100n, 30, 1n)], s.signer)).ok).toBe(true);
    const r = await send(f.svm, [await stakeIx(f, s, 100n, 90, 1n)], s.signer);
    expect(r.customError).toBe(REWARDS_ERROR__ALREADY_INITIALIZED);
  });
});
