// A reward mint whose accounts start Frozen (the issuer's DefaultAccountState = Frozen: an
// account is usable once the issuer thaws it, after KYC). The keeper's epoch holding is
// thawed before funding; a claimant whose destination is still frozen by default is paid the
// other mints and owed this one, which the same proof pays once the issuer thaws the account.
import { REWARDS_ERROR__EPOCH_UNDERFUNDED } from '@basket/rewards-client';
import {
  createIssuerMint,
  createTokenAccount,
  freezeInstruction,
  type IssuerMint,
  isFrozen,
  tokenAmount,
} from '@basket/test-harness';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Claimant,
  claimOf,
  deferredOf,
  epochOf,
  newClaimant,
  type PostedEpoch,
  postEpoch,
  sendOk,
} from './claim-world.ts';
import { distributeIx, epochPda, type Fixture, setRewardMintsIx, setup } from './fixture.ts';
import { send } from './measured.ts';

describe('a reward mint whose accounts start frozen', () => {
  let f: Fixture;
  let frozenByDefault: IssuerMint;

  beforeEach(async () => {
    f = await setup();
    frozenByDefault = await createIssuerMint(f.svm, f.payer, {
      decimals: 8,
      multiplier: 2.5,
      defaultState: 'frozen',
      symbol: 'FRZx',
    });
    await sendOk(f, [
      setRewardMintsIx(
        f,
        [frozenByDefault.address, f.xStock.address, f.legacy.address],
        f.admins.slice(0, 3),
      ),
    ]);
  });

  /** A claimant whose account of the frozen-by-default mint the issuer has not thawed. */
  async function unthawedClaimant(): Promise<Claimant> {
    const c = await newClaimant(f, [f.xStock, f.legacy]);
    // Without the issuer in the mint passed, the account keeps the mint's default state.
    const own = { address: frozenByDefault.address, tokenProgram: frozenByDefault.tokenProgram };
    const destination = await createTokenAccount(f.svm, f.payer, own, c.signer.address);
    return { signer: c.signer, destinations: [destination, ...c.destinations] };
  }

  it('defers the frozen-by-default mint, pays the others, and pays it after the thaw', async () => {
    // Given an epoch paying the frozen-by-default mint, the issuer's Initialized mint and the
    // legacy mint to claimant 0 (destination still frozen) and claimant 1 (thawed, KYC done)
    const waiting = await unthawedClaimant();
    const thawed = await newClaimant(f, [frozenByDefault, f.xStock, f.legacy]);
    expect(isFrozen(f.svm, waiting.destinations[0] as Address)).toBe(true);
    expect(isFrozen(f.svm, thawed.destinations[0] as Address)).toBe(false);
    const e: PostedEpoch = await postEpoch(f, {
      epochId: 1n,
      mints: [frozenByDefault, f.xStock, f.legacy],
      amounts: [
        [700_000_000n, 30_000_000n, 5_000_000n],
        [300_000_000n, 70_000_000n, 6_000_000n],
      ],
      claimants: [waiting, thawed],
    });
    // The keeper's holding was thawed by the issuer before funding
    expect(isFrozen(f.svm, e.holdings[0] as Address)).toBe(false);

    // When claimant 0 claims
    await sendOk(f, [await claimOf(f, e, 0)], waiting.signer);
    // Then the two other mints are paid, the frozen-by-default one is owed and reserved
    expect(tokenAmount(f.svm, waiting.destinations[0] as Address)).toBe(0n);
    expect(tokenAmount(f.svm, waiting.destinations[1] as Address)).toBe(30_000_000n);
    expect(tokenAmount(f.svm, waiting.destinations[2] as Address)).toBe(5_000_000n);
    expect(await deferredOf(f, 1n, waiting.signer.address)).toBe(0b001);
    expect(tokenAmount(f.svm, e.holdings[0] as Address)).toBe(1_000_000_000n);

    // When claimant 1, whose account is thawed, claims, Then every mint is paid
    await sendOk(f, [await claimOf(f, e, 1)], thawed.signer);
    expect(tokenAmount(f.svm, thawed.destinations[0] as Address)).toBe(300_000_000n);
    expect(tokenAmount(f.svm, thawed.destinations[1] as Address)).toBe(70_000_000n);
    expect(await deferredOf(f, 1n, thawed.signer.address)).toBe(0);

    // When a repeat claim runs before the thaw, Then nothing more moves
    await sendOk(f, [await claimOf(f, e, 0)], waiting.signer);
    expect(tokenAmount(f.svm, waiting.destinations[0] as Address)).toBe(0n);
    expect(tokenAmount(f.svm, waiting.destinations[1] as Address)).toBe(30_000_000n);
    expect(await deferredOf(f, 1n, waiting.signer.address)).toBe(0b001);

    // When the issuer thaws claimant 0's account and it claims with the same proof
    await sendOk(f, [
      freezeInstruction(frozenByDefault, waiting.destinations[0] as Address, false),
    ]);
    await sendOk(f, [await claimOf(f, e, 0)], waiting.signer);
    // Then the deferred mint is paid once, the others are not paid again
    expect(tokenAmount(f.svm, waiting.destinations[0] as Address)).toBe(700_000_000n);
    expect(tokenAmount(f.svm, waiting.destinations[1] as Address)).toBe(30_000_000n);
    expect(tokenAmount(f.svm, waiting.destinations[2] as Address)).toBe(5_000_000n);
    expect(await deferredOf(f, 1n, waiting.signer.address)).toBe(0);
    expect(tokenAmount(f.svm, e.holdings[0] as Address)).toBe(0n);
    const decoded = await epochOf(f, 1n);
    expect(decoded.rewards[0]?.claimed).toBe(1_000_000_000n);
    expect(decoded.claimCount).toBe(2n);
  });

  it('an epoch holding left frozen by default cannot be funded, so the epoch is refused', async () => {
    // Given the keeper created the holding without the issuer's thaw
    const own = { address: frozenByDefault.address, tokenProgram: frozenByDefault.tokenProgram };
    const holding = await createTokenAccount(f.svm, f.payer, own, await epochPda(1n));
    expect(isFrozen(f.svm, holding)).toBe(true);
    // When it posts the epoch, Then distribute_epoch refuses the unfunded holding
    const r = await send(
      f.svm,
      [
        await distributeIx(f, {
          epochId: 1n,
          root: new Uint8Array(32).fill(3),
          totals: [1_000n],
          mints: [frozenByDefault],
          holdings: [holding],
        }),
      ],
      f.keeper,
    );
    expect(r.customError).toBe(REWARDS_ERROR__EPOCH_UNDERFUNDED);
    expect(f.svm.getAccount(await epochPda(1n)).exists).toBe(false);
  });
});
