// No single key stops the rewards for good: an epoch id is 1 to 16 above the last (a keeper
// signature cannot post u64::MAX), the admin threshold's reset_last_epoch recovers a
// configuration left where its keepers cannot follow, and no admin set below 3 of 5 is
// accepted at initialize.
import {
  getResetLastEpochInstruction,
  getRewardsConfigDecoder,
  getRewardsConfigEncoder,
  REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET,
  REWARDS_ERROR__EPOCH_NOT_INCREASING,
  REWARDS_ERROR__EPOCH_TOO_FAR_AHEAD,
} from '@basket/rewards-client';
import { accountBytes } from '@basket/test-harness';
import { type KeyPairSigner, lamports } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { distributeIx, epochPda, type Fixture, fundEpoch, initializeIx, setup } from './fixture.ts';
import { send } from './measured.ts';

const U64_MAX = 2n ** 64n - 1n;
const ROOT = new Uint8Array(32).fill(7);
/** CommonError::InvalidSignerSet. */
const INVALID_SIGNER_SET = 109;

function lastEpochId(f: Fixture): bigint {
  const acc = f.svm.getAccount(f.config);
  if (!acc.exists) throw new Error('no config');
  return getRewardsConfigDecoder().decode(Uint8Array.from(acc.data)).lastEpochId;
}

async function post(f: Fixture, epochId: bigint) {
  const holdings = await fundEpoch(f, epochId, [f.xStock], [10n]);
  return send(
    f.svm,
    [await distributeIx(f, { epochId, root: ROOT, totals: [10n], mints: [f.xStock], holdings })],
    f.keeper,
  );
}

function resetIx(f: Fixture, lastEpochIdValue: bigint, signers: KeyPairSigner[]) {
  return getResetLastEpochInstruction({
    config: f.config,
    lastEpochId: lastEpochIdValue,
    adminSigners: signers,
  });
}

describe('distribute_epoch: bounded epoch ids', () => {
  let f: Fixture;

  beforeEach(async () => {
    f = await setup();
  });

  it('refuses a keeper-signed u64::MAX and any id past the next 16, changing nothing', async () => {
    for (const id of [U64_MAX, 17n, 2n ** 40n]) {
      const holdings = await fundEpoch(f, id, [f.xStock], [10n]);
      const before = accountBytes(f.svm, [f.config, await epochPda(id)]);
      const r = await send(
        f.svm,
        [
          await distributeIx(f, {
            epochId: id,
            root: ROOT,
            totals: [10n],
            mints: [f.xStock],
            holdings,
          }),
        ],
        f.keeper,
      );
      expect(r.customError, `epoch ${id}`).toBe(REWARDS_ERROR__EPOCH_TOO_FAR_AHEAD);
      expect(accountBytes(f.svm, [f.config, await epochPda(id)])).toEqual(before);
    }
    expect((await post(f, 16n)).error).toBeNull();
    expect(lastEpochId(f)).toBe(16n);
  });

  it('the admins reset a configuration left at u64::MAX; the keeper posts again from there', async () => {
    // Given a configuration whose last epoch id is u64::MAX (as one unbounded post left it)
    const acc = f.svm.getAccount(f.config);
    if (!acc.exists) throw new Error('no config');
    const config = getRewardsConfigDecoder().decode(Uint8Array.from(acc.data));
    const data = Uint8Array.from(
      getRewardsConfigEncoder().encode({ ...config, lastEpochId: U64_MAX }),
    );
    f.svm.setAccount({
      address: f.config,
      data,
      executable: false,
      lamports: lamports(acc.lamports),
      programAddress: acc.programAddress,
      space: BigInt(data.length),
    });
    expect((await post(f, 1n)).customError).toBe(REWARDS_ERROR__EPOCH_NOT_INCREASING);
    // When 2 of 5 admins reset it, then 3 of 5
    const two = await send(f.svm, [resetIx(f, 6n, f.admins.slice(0, 2))], f.payer);
    expect(two.customError).toBe(REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(lastEpochId(f)).toBe(U64_MAX);
    const three = await send(f.svm, [resetIx(f, 6n, f.admins.slice(2, 5))], f.payer);
    expect(three.error).toBeNull();
    expect(three.logs.filter((l) => l.startsWith('Program data: '))).toHaveLength(1);
    // Then epoch 7 posts
    expect(lastEpochId(f)).toBe(6n);
    expect((await post(f, 7n)).error).toBeNull();
    expect(lastEpochId(f)).toBe(7n);
  });

  it('a reset below a posted epoch never posts over it', async () => {
    expect((await post(f, 1n)).error).toBeNull();
    expect((await send(f.svm, [resetIx(f, 0n, f.admins.slice(0, 3))], f.payer)).error).toBeNull();
    const r = await post(f, 1n);
    expect(r.ok).toBe(false);
    expect(lastEpochId(f)).toBe(0n);
  });
});

describe('initialize: the threshold is never below 3', () => {
  it('refuses a 2-of-5 admin set even when three sign, then accepts 3 of 5', async () => {
    const f = await setup({ initialize: false });
    const two = await send(
      f.svm,
      [initializeIx(f, f.admins.slice(0, 3), { threshold: 2 })],
      f.payer,
    );
    expect(two.customError).toBe(INVALID_SIGNER_SET);
    expect(f.svm.getAccount(f.config).exists).toBe(false);
    const three = await send(f.svm, [initializeIx(f, f.admins.slice(0, 3))], f.payer);
    expect(three.error).toBeNull();
  });
});
