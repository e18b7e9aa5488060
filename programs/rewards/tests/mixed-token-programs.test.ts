// Epochs of 3 and 4 reward mints mixing legacy SPL Token and Token-2022 (non-unit
// ScaledUiAmount multipliers) in one claim.
import { getEpochDecoder, REWARDS_ERROR__REWARD_ACCOUNT_MISMATCH } from '@basket/rewards-client';
import {
  accountBytes,
  createIssuerMint,
  createMint,
  scaledUiAmountOf,
  type TestMint,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  tokenAmount,
  updateMultiplier,
} from '@basket/test-harness';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Claimant, claimOf, postEpoch } from './claim-world.ts';
import { claimStatusAddress, epochPda, type Fixture, setRewardMintsIx, setup } from './fixture.ts';
import { send } from './measured.ts';

describe('claims mixing SPL Token and Token-2022 reward mints', () => {
  let f: Fixture;
  let stock2: TestMint;
  let legacy2: TestMint;

  beforeEach(async () => {
    // Given a second xStock (multiplier 2.5) and a second legacy mint allowed next to the
    // fixture's xStock (x1.0571) and legacy mint
    f = await setup();
    stock2 = await createIssuerMint(f.svm, f.payer, { decimals: 6, multiplier: 2.5 });
    legacy2 = await createMint(f.svm, f.payer, {
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
      decimals: 9,
    });
    const allow = [f.xStock, f.legacy, stock2, legacy2].map((m) => m.address);
    expect(
      (await send(f.svm, [setRewardMintsIx(f, allow, f.admins.slice(0, 3))], f.payer)).ok,
    ).toBe(true);
  });

  it('pays a 4-mint epoch ordered legacy, xStock, legacy, xStock, and records each program', async () => {
    const mints = [f.legacy, f.xStock, legacy2, stock2];
    const e = await postEpoch(f, {
      epochId: 1n,
      mints,
      amounts: [
        [10n, 1_000n, 7n, 33n],
        [20n, 2_000n, 0n, 44n],
        [30n, 0n, 9n, 55n],
      ],
    });
    const acc = f.svm.getAccount(await epochPda(1n));
    if (!acc.exists) throw new Error('epoch missing');
    const ep = getEpochDecoder().decode(Uint8Array.from(acc.data));
    expect(ep.rewards.slice(0, 4).map((r) => [r.tokenProgram, r.decimals])).toEqual([
      [0, 6],
      [1, 8],
      [0, 9],
      [1, 6],
    ]);
    // When claimant 1 claims (a zero amount in the third mint is skipped)
    const who = e.claimants[1] as Claimant;
    const r = await send(f.svm, [await claimOf(f, e, 1)], who.signer);
    expect(r.error).toBeNull();
    console.info(
      `claim (4 mints: 2 SPL Token, 2 Token-2022): ${r.computeUnits} CU, ${r.txBytes} bytes`,
    );
    // Then each destination holds its raw amount, whatever the mint's program
    expect(who.destinations.map((d) => tokenAmount(f.svm, d))).toEqual([20n, 2_000n, 0n, 44n]);
  });

  it('pays a 3-mint epoch after both xStock multipliers change, in raw units', async () => {
    const mints = [stock2, f.legacy, f.xStock];
    const e = await postEpoch(f, {
      epochId: 1n,
      mints,
      amounts: [
        [5n, 6n, 7n],
        [8n, 9n, 10n],
      ],
    });
    // Given both multipliers move after posting
    await updateMultiplier(f.svm, f.payer, stock2, 5, 0n);
    await updateMultiplier(f.svm, f.payer, f.xStock, 0.5, 0n);
    expect(scaledUiAmountOf(f.svm, stock2.address)?.multiplier).toBe(5);
    const who = e.claimants[0] as Claimant;
    const r = await send(f.svm, [await claimOf(f, e, 0)], who.signer);
    expect(r.error).toBeNull();
    expect(who.destinations.map((d) => tokenAmount(f.svm, d))).toEqual([5n, 6n, 7n]);
  });

  it('rejects swapping the token programs of an SPL Token and a Token-2022 mint', async () => {
    const mints = [f.legacy, f.xStock, stock2];
    const e = await postEpoch(f, {
      epochId: 1n,
      mints,
      amounts: [
        [1n, 2n, 3n],
        [4n, 5n, 6n],
      ],
    });
    const who = e.claimants[0] as Claimant;
    const swapped = {
      ...e,
      mints: [
        { ...f.legacy, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS },
        { ...f.xStock, tokenProgram: TOKEN_PROGRAM_ADDRESS },
        stock2,
      ],
    };
    const status = await claimStatusAddress(1n, who.signer.address);
    const watched = [...e.holdings, ...who.destinations, await epochPda(1n), status];
    const before = accountBytes(f.svm, watched);
    const r = await send(f.svm, [await claimOf(f, swapped, 0)], who.signer);
    expect(r.customError).toBe(REWARDS_ERROR__REWARD_ACCOUNT_MISMATCH);
    expect(accountBytes(f.svm, watched)).toEqual(before);
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(0n);
  });
});
