import {
  getEpochDecoder,
  getRewardsConfigDecoder,
  REWARDS_ERROR__EPOCH_NOT_INCREASING,
  REWARDS_ERROR__EPOCH_UNDERFUNDED,
  REWARDS_ERROR__INVALID_REWARD_MINTS,
  REWARDS_ERROR__INVALID_TOKEN_ACCOUNT,
  REWARDS_ERROR__NOT_KEEPER,
} from '@basket/rewards-client';
import {
  accountBytes,
  createIssuerMint,
  createTokenAccount,
  fund,
  mintTo,
  scaledUiAmountOf,
} from '@basket/test-harness';
import { generateKeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  distributeIx,
  epochPda,
  type Fixture,
  fundEpoch,
  setup,
  T0,
  XSTOCK_MULTIPLIER,
} from './fixture.ts';
import { send } from './measured.ts';

const ROOT = new Uint8Array(32).fill(7);

describe('distribute_epoch', () => {
  let f: Fixture;
  beforeEach(async () => {
    f = await setup();
  });

  it('posts the root and totals of a funded epoch (Token-2022 xStock with multiplier + legacy mint)', async () => {
    // Given holdings owned by the epoch PDA funded with the raw totals
    expect(scaledUiAmountOf(f.svm, f.xStock.address)?.multiplier).toBe(XSTOCK_MULTIPLIER);
    const mints = [f.xStock, f.legacy];
    const holdings = await fundEpoch(f, 1n, mints, [1_000_000n, 500n]);
    // When the keeper posts epoch 1
    const r = await send(
      f.svm,
      [
        await distributeIx(f, {
          epochId: 1n,
          root: ROOT,
          totals: [1_000_000n, 500n],
          mints,
          holdings,
        }),
      ],
      f.keeper,
    );
    // Then the epoch stores root, mints in order, holdings and totals; the config moves on
    expect(r.error).toBeNull();
    console.info(`distribute_epoch (2 mints): ${r.computeUnits} CU`);
    expect(r.computeUnits).toBeLessThan(40_000n);
    const acc = f.svm.getAccount(await epochPda(1n));
    if (!acc.exists) throw new Error('epoch missing');
    const e = getEpochDecoder().decode(Uint8Array.from(acc.data));
    expect(e.epochId).toBe(1n);
    expect(Uint8Array.from(e.merkleRoot)).toEqual(ROOT);
    expect(e.mintCount).toBe(2);
    expect(e.rewards[0]?.mint).toBe(f.xStock.address);
    expect(e.rewards[0]?.tokenProgram).toBe(1);
    expect(e.rewards[0]?.decimals).toBe(8);
    expect(e.rewards[1]?.holding).toBe(holdings[1]);
    expect(e.rewards[1]?.total).toBe(500n);
    expect(e.distributedTs).toBe(T0);
    const c = f.svm.getAccount(f.config);
    if (!c.exists) throw new Error('config missing');
    expect(getRewardsConfigDecoder().decode(Uint8Array.from(c.data)).lastEpochId).toBe(1n);
  });

  it('rejects a signer outside the keeper set', async () => {
    const stranger = await generateKeyPairSigner();
    fund(f.svm, stranger.address);
    const holdings = await fundEpoch(f, 1n, [f.xStock], [10n]);
    const epoch = await epochPda(1n);
    const before = accountBytes(f.svm, [epoch, f.config]);
    const r = await send(
      f.svm,
      [
        await distributeIx(f, {
          epochId: 1n,
          root: ROOT,
          totals: [10n],
          mints: [f.xStock],
          holdings,
          keeper: stranger,
        }),
      ],
      stranger,
    );
    expect(r.customError).toBe(REWARDS_ERROR__NOT_KEEPER);
    expect(accountBytes(f.svm, [epoch, f.config])).toEqual(before);
  });

  it('rejects an epoch id equal to or below the last one', async () => {
    const h5 = await fundEpoch(f, 5n, [f.xStock], [10n]);
    expect(
      (
        await send(
          f.svm,
          [
            await distributeIx(f, {
              epochId: 5n,
              root: ROOT,
              totals: [10n],
              mints: [f.xStock],
              holdings: h5,
            }),
          ],
          f.keeper,
        )
      ).ok,
    ).toBe(true);
    for (const id of [5n, 4n, 1n]) {
      const holdings = id === 5n ? h5 : await fundEpoch(f, id, [f.xStock], [10n]);
      const before = accountBytes(f.svm, [await epochPda(id), f.config]);
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
      expect(r.customError, `epoch ${id}`).toBe(REWARDS_ERROR__EPOCH_NOT_INCREASING);
      expect(accountBytes(f.svm, [await epochPda(id), f.config])).toEqual(before);
    }
  });

  it('rejects an underfunded epoch', async () => {
    // Given the legacy holding holds one unit less than its total
    const mints = [f.xStock, f.legacy];
    const holdings = await fundEpoch(f, 1n, mints, [1_000n, 499n]);
    const before = accountBytes(f.svm, [await epochPda(1n), f.config]);
    const r = await send(
      f.svm,
      [await distributeIx(f, { epochId: 1n, root: ROOT, totals: [1_000n, 500n], mints, holdings })],
      f.keeper,
    );
    expect(r.customError).toBe(REWARDS_ERROR__EPOCH_UNDERFUNDED);
    expect(accountBytes(f.svm, [await epochPda(1n), f.config])).toEqual(before);
  });

  it('rejects a reward mint the admins did not allow, and a repeated mint', async () => {
    const other = await createIssuerMint(f.svm, f.payer, { decimals: 8, multiplier: 2.5 });
    const holdings = await fundEpoch(f, 1n, [other], [10n]);
    const r = await send(
      f.svm,
      [await distributeIx(f, { epochId: 1n, root: ROOT, totals: [10n], mints: [other], holdings })],
      f.keeper,
    );
    expect(r.customError).toBe(REWARDS_ERROR__INVALID_REWARD_MINTS);
    const h = await fundEpoch(f, 1n, [f.xStock, f.xStock], [10n, 10n]);
    const twice = await send(
      f.svm,
      [
        await distributeIx(f, {
          epochId: 1n,
          root: ROOT,
          totals: [10n, 10n],
          mints: [f.xStock, f.xStock],
          holdings: h,
        }),
      ],
      f.keeper,
    );
    expect(twice.customError).toBe(REWARDS_ERROR__INVALID_REWARD_MINTS);
  });

  it('rejects a holding not owned by the epoch PDA', async () => {
    const mine = await createTokenAccount(f.svm, f.payer, f.xStock, f.keeper.address);
    await mintTo(f.svm, f.payer, f.xStock, mine, 10n);
    const r = await send(
      f.svm,
      [
        await distributeIx(f, {
          epochId: 1n,
          root: ROOT,
          totals: [10n],
          mints: [f.xStock],
          holdings: [mine],
        }),
      ],
      f.keeper,
    );
    expect(r.customError).toBe(REWARDS_ERROR__INVALID_TOKEN_ACCOUNT);
  });
});
