import {
  getEpochDecoder,
  REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET,
  REWARDS_ERROR__CLAIM_WINDOW_OPEN,
  REWARDS_ERROR__EPOCH_SWEPT,
  REWARDS_ERROR__REWARD_ACCOUNT_MISMATCH,
} from '@basket/rewards-client';
import {
  accountBytes,
  createTokenAccount,
  scaledUiAmountOf,
  setUnixTime,
  tokenAmount,
} from '@basket/test-harness';
import type { Address, KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Claimant, claimOf, type PostedEpoch, postEpoch } from './claim-world.ts';
import {
  claimStatusAddress,
  DAY,
  epochPda,
  type Fixture,
  setup,
  sweepIx,
  T0,
  XSTOCK_MULTIPLIER,
} from './fixture.ts';
import { send } from './measured.ts';

/** The 90-day claim window after the epoch's distribution at T0. */
const WINDOW_END = T0 + 90n * DAY;

describe('sweep_epoch', () => {
  let f: Fixture;
  let e: PostedEpoch;
  let treasury: Address[];

  beforeEach(async () => {
    // Given epoch 1 (posted at T0) paying two claimants in the xStock (x1.0571) and the
    // legacy mint; claimant 0 claims, claimant 1 never does
    f = await setup();
    expect(scaledUiAmountOf(f.svm, f.xStock.address)?.multiplier).toBe(XSTOCK_MULTIPLIER);
    e = await postEpoch(f, {
      epochId: 1n,
      mints: [f.xStock, f.legacy],
      amounts: [
        [1_000n, 40n],
        [250n, 60n],
      ],
    });
    const first = e.claimants[0] as Claimant;
    expect((await send(f.svm, [await claimOf(f, e, 0)], first.signer)).ok).toBe(true);
    // And token accounts the admins name as the sweep's destinations
    treasury = [
      await createTokenAccount(f.svm, f.payer, f.xStock, f.admins[0]?.address as Address),
      await createTokenAccount(f.svm, f.payer, f.legacy, f.admins[0]?.address as Address),
    ];
  });

  const sweep = (signers: KeyPairSigner[], overrides: { holdings?: Address[] } = {}) =>
    sweepIx(f, {
      epochId: 1n,
      mints: e.mints,
      holdings: overrides.holdings ?? e.holdings,
      destinations: treasury,
      signers,
    });

  it('rejects a sweep one second before the claim window ends and changes nothing', async () => {
    setUnixTime(f.svm, WINDOW_END - 1n);
    const watched = [...e.holdings, ...treasury, await epochPda(1n)];
    const before = accountBytes(f.svm, watched);
    const r = await send(f.svm, [await sweep(f.admins.slice(0, 3))], f.payer);
    expect(r.customError).toBe(REWARDS_ERROR__CLAIM_WINDOW_OPEN);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it('moves the unclaimed raw amounts at the window end, and later claims fail with EpochSwept', async () => {
    // When 3 of 5 admins sweep at exactly 90 days after distribution
    setUnixTime(f.svm, WINDOW_END);
    const r = await send(f.svm, [await sweep(f.admins.slice(2, 5))], f.payer);
    // Then claimant 1's unclaimed amounts move to the named accounts, raw
    expect(r.error).toBeNull();
    console.info(`sweep_epoch (2 mints): ${r.computeUnits} CU`);
    expect(tokenAmount(f.svm, treasury[0] as Address)).toBe(250n);
    expect(tokenAmount(f.svm, treasury[1] as Address)).toBe(60n);
    expect(tokenAmount(f.svm, e.holdings[0] as Address)).toBe(0n);
    expect(tokenAmount(f.svm, e.holdings[1] as Address)).toBe(0n);
    const acc = f.svm.getAccount(await epochPda(1n));
    if (!acc.exists) throw new Error('epoch missing');
    expect(getEpochDecoder().decode(Uint8Array.from(acc.data)).swept).toBe(1);
    // And claimant 1's claim now fails with EpochSwept, changing nothing
    const late = e.claimants[1] as Claimant;
    const status = await claimStatusAddress(1n, late.signer.address);
    const watched = [...e.holdings, ...late.destinations, await epochPda(1n), status];
    const before = accountBytes(f.svm, watched);
    const claim = await send(f.svm, [await claimOf(f, e, 1)], late.signer);
    expect(claim.customError).toBe(REWARDS_ERROR__EPOCH_SWEPT);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it('rejects 2 of 5 admins and an admin counted twice', async () => {
    setUnixTime(f.svm, WINDOW_END);
    const [a0, a1] = f.admins as [KeyPairSigner, KeyPairSigner];
    const watched = [...e.holdings, ...treasury, await epochPda(1n)];
    const before = accountBytes(f.svm, watched);
    const two = await send(f.svm, [await sweep([a0, a1])], f.payer);
    expect(two.customError).toBe(REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET);
    const twice = await send(f.svm, [await sweep([a0, a1, a0])], f.payer);
    expect(twice.customError).toBe(REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it("rejects a holding that is not the epoch's", async () => {
    // Given the xStock group pointing at the legacy holding
    setUnixTime(f.svm, WINDOW_END);
    const watched = [...e.holdings, ...treasury, await epochPda(1n)];
    const before = accountBytes(f.svm, watched);
    const swapped = [e.holdings[1] as Address, e.holdings[0] as Address];
    const r = await send(
      f.svm,
      [await sweep(f.admins.slice(0, 3), { holdings: swapped })],
      f.payer,
    );
    expect(r.customError).toBe(REWARDS_ERROR__REWARD_ACCOUNT_MISMATCH);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it('rejects a mint listed twice in one sweep', async () => {
    setUnixTime(f.svm, WINDOW_END);
    const watched = [...e.holdings, ...treasury, await epochPda(1n)];
    const before = accountBytes(f.svm, watched);
    const ix = await sweepIx(f, {
      epochId: 1n,
      mints: [f.xStock, f.xStock],
      holdings: [e.holdings[0] as Address, e.holdings[0] as Address],
      destinations: [treasury[0] as Address, treasury[0] as Address],
      signers: f.admins.slice(0, 3),
    });
    const r = await send(f.svm, [ix], f.payer);
    expect(r.customError).toBe(REWARDS_ERROR__REWARD_ACCOUNT_MISMATCH);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it('sweeps one mint at a time: the first sweep closes claims, the second moves the rest', async () => {
    setUnixTime(f.svm, WINDOW_END + 1n);
    const part = (i: number) =>
      sweepIx(f, {
        epochId: 1n,
        mints: [e.mints[i] as (typeof e.mints)[number]],
        holdings: [e.holdings[i] as Address],
        destinations: [treasury[i] as Address],
        signers: f.admins.slice(0, 3),
      });
    // When only the legacy mint is swept
    expect((await send(f.svm, [await part(1)], f.payer)).error).toBeNull();
    expect(tokenAmount(f.svm, treasury[1] as Address)).toBe(60n);
    // Then the xStock leftover is still held, but no claim can take it
    expect(tokenAmount(f.svm, e.holdings[0] as Address)).toBe(250n);
    const late = e.claimants[1] as Claimant;
    const claim = await send(f.svm, [await claimOf(f, e, 1)], late.signer);
    expect(claim.customError).toBe(REWARDS_ERROR__EPOCH_SWEPT);
    // And a second sweep moves it
    expect((await send(f.svm, [await part(0)], f.payer)).error).toBeNull();
    expect(tokenAmount(f.svm, treasury[0] as Address)).toBe(250n);
    expect(tokenAmount(f.svm, e.holdings[0] as Address)).toBe(0n);
  });
});
