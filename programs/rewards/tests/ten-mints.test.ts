// Epochs paying up to 10 reward mints: allow-list, distribution, and claims with 1, 5 and
// 10 Token-2022 mints (each with its own non-unit multiplier), within one transaction.
import {
  getEpochDecoder,
  getRewardsConfigDecoder,
  REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET,
  REWARDS_ERROR__INVALID_REWARD_MINTS,
} from '@basket/rewards-client';
import {
  accountBytes,
  MAX_TRANSACTION_BYTES,
  scaledUiAmountOf,
  type TestMint,
  tokenAmount,
} from '@basket/test-harness';
import type { Address, KeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { type Claimant, claimOf, type PostedEpoch, postEpoch } from './claim-world.ts';
import { epochPda, type Fixture, setRewardMintsIx, setup, xStockMints } from './fixture.ts';
import {
  buildV0,
  createLookupTable,
  lookupCandidates,
  MAX_TRANSACTION_ACCOUNTS,
  sendV0,
} from './lookup.ts';
import { send } from './measured.ts';

/** A configured world whose allow-list holds `n` fresh Token-2022 xStocks. */
async function withMints(n: number): Promise<{ f: Fixture; mints: TestMint[] }> {
  const f = await setup();
  const mints = await xStockMints(f, n);
  const r = await send(
    f.svm,
    [
      setRewardMintsIx(
        f,
        mints.map((m) => m.address),
        f.admins.slice(0, 3),
      ),
    ],
    f.payer,
  );
  expect(r.error).toBeNull();
  console.info(`set_reward_mints (${n} mints): ${r.computeUnits} CU, ${r.txBytes} bytes`);
  return { f, mints };
}

/** Epoch 1 paying 4 claimants distinct amounts in every mint (a depth-2 tree). */
async function tenMintEpoch(f: Fixture, mints: TestMint[]): Promise<PostedEpoch> {
  const amounts = [0, 1, 2, 3].map((c) => mints.map((_, i) => BigInt(1_000 * (c + 1) + i)));
  return postEpoch(f, { epochId: 1n, mints, amounts });
}

describe('set_reward_mints', () => {
  it('allows 10 reward mints when 3 of 5 admins sign; rejects 2 of 5, an admin counted twice, and 11 mints', async () => {
    const { f, mints } = await withMints(10);
    const acc = f.svm.getAccount(f.config);
    if (!acc.exists) throw new Error('config missing');
    const c = getRewardsConfigDecoder().decode(Uint8Array.from(acc.data));
    expect(c.rewardMintCount).toBe(10);
    expect(c.rewardMints).toEqual(mints.map((m) => m.address));

    const before = accountBytes(f.svm, [f.config]);
    const two = await send(
      f.svm,
      [setRewardMintsIx(f, [mints[0]?.address as Address], f.admins.slice(0, 2))],
      f.payer,
    );
    expect(two.customError).toBe(REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET);
    const [a0, a1] = f.admins as [KeyPairSigner, KeyPairSigner];
    const twice = await send(
      f.svm,
      [setRewardMintsIx(f, [mints[0]?.address as Address], [a0, a1, a0])],
      f.payer,
    );
    expect(twice.customError).toBe(REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET);
    const eleven = await send(
      f.svm,
      [
        setRewardMintsIx(
          f,
          [...mints.map((m) => m.address), f.xStock.address],
          f.admins.slice(0, 3),
        ),
      ],
      f.payer,
    );
    expect(eleven.customError).toBe(REWARDS_ERROR__INVALID_REWARD_MINTS);
    expect(accountBytes(f.svm, [f.config])).toEqual(before);
  });
});

describe('epochs with 10 reward mints', () => {
  it('posts an epoch paying 10 Token-2022 mints', async () => {
    const { f, mints } = await withMints(10);
    const e = await tenMintEpoch(f, mints);
    const acc = f.svm.getAccount(await epochPda(1n));
    if (!acc.exists) throw new Error('epoch missing');
    const ep = getEpochDecoder().decode(Uint8Array.from(acc.data));
    expect(ep.mintCount).toBe(10);
    expect(ep.rewards.map((r) => r.mint)).toEqual(mints.map((m) => m.address));
    expect(ep.rewards[9]?.total).toBe(1_009n + 2_009n + 3_009n + 4_009n);
    expect(e.holdings).toHaveLength(10);
  });

  it('claims 10 mints in one v0 transaction through the epoch lookup table', async () => {
    // Given an epoch paying 10 xStocks with multipliers 1.0571 .. 1.9571 and a lookup table
    // holding every shared account (epoch, config, system program, mints, holdings)
    const { f, mints } = await withMints(10);
    expect(scaledUiAmountOf(f.svm, mints[9]?.address as Address)?.multiplier).toBeCloseTo(1.9571);
    const e = await tenMintEpoch(f, mints);
    const who = e.claimants[2] as Claimant;
    const ix = await claimOf(f, e, 2);
    const shared = lookupCandidates([ix], who.destinations);
    const table = await createLookupTable(f.svm, shared);
    // When claimant 2 claims
    const r = await sendV0(f.svm, [ix], who.signer, { [table]: shared });
    // Then every mint pays its raw amount, within the packet and account-lock limits
    expect(r.error).toBeNull();
    for (const [i, d] of who.destinations.entries())
      expect(tokenAmount(f.svm, d)).toBe(BigInt(3_000 + i));
    expect(r.txBytes).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
    expect(r.accounts).toBeLessThanOrEqual(MAX_TRANSACTION_ACCOUNTS);
    console.info(
      `claim (10 mints, depth 2, lookup table): ${r.computeUnits} CU, ${r.txBytes} bytes, ${r.accounts} accounts`,
    );
    // Issuer mints: Token-2022's TransferChecked on eight extensions (~1,440 CU more per mint).
    expect(r.computeUnits).toBeLessThan(55_000n);
  });

  it('claims 5 mints without a lookup table', async () => {
    const { f, mints } = await withMints(5);
    const e = await tenMintEpoch(f, mints);
    const who = e.claimants[0] as Claimant;
    const r = await send(f.svm, [await claimOf(f, e, 0)], who.signer);
    expect(r.error).toBeNull();
    expect(tokenAmount(f.svm, who.destinations[4] as Address)).toBe(1_004n);
    console.info(`claim (5 mints, depth 2): ${r.computeUnits} CU, ${r.txBytes} bytes`);
  });
});

/** Largest proof depth (0..32) whose claim fits 1,232 bytes, or -1 when none does. */
async function largestDepth(
  build: (depth: number) => Promise<{ txBytes: number; accounts: number }>,
): Promise<number> {
  let best = -1;
  for (let depth = 0; depth <= 32; depth++) {
    const { txBytes, accounts } = await build(depth);
    expect(accounts).toBeLessThanOrEqual(MAX_TRANSACTION_ACCOUNTS);
    if (txBytes <= MAX_TRANSACTION_BYTES) best = depth;
  }
  return best;
}

describe('claim transaction size by mint count and proof depth', () => {
  it('documents the largest proof depth that fits, with and without a lookup table', async () => {
    const { f, mints } = await withMints(10);
    const e = await tenMintEpoch(f, mints);
    const who = e.claimants[0] as Claimant;
    const depths: Record<string, number> = {};
    for (const n of [1, 5, 10]) {
      // A claim of the first n mints (sizes only: the same accounts and data as a real one).
      const sized = async (depth: number, lookup: boolean) => {
        const sub = { ...e, mints: e.mints.slice(0, n), holdings: e.holdings.slice(0, n) };
        const ix = await claimOf(f, sub, 0, {
          amounts: Array(n).fill(1n),
          proof: Array.from({ length: depth }, () => new Uint8Array(32)),
          destinations: who.destinations.slice(0, n),
        });
        const shared = lookupCandidates([ix], who.destinations);
        return buildV0(null, [ix], who.signer, lookup ? { [f.config]: shared } : {});
      };
      depths[`${n} mints`] = await largestDepth((d) => sized(d, false));
      depths[`${n} mints, lookup table`] = await largestDepth((d) => sized(d, true));
    }
    console.info(`largest claim proof depth within 1,232 bytes: ${JSON.stringify(depths)}`);
    // A 10-mint claim never fits without a lookup table (its 37 static keys alone take
    // 1,184 bytes); with the epoch's table the claimant's 10 destinations and claim status
    // stay static and depth 17 (131,072 claimants) is the largest that fits.
    expect(depths).toEqual({
      '1 mints': 24,
      '1 mints, lookup table': 29,
      '5 mints': 10,
      '5 mints, lookup table': 24,
      '10 mints': -1,
      '10 mints, lookup table': 17,
    });
  });
});
