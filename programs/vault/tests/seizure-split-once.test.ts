// Issue 30, item 1: a seizure while redemption claims are open is split between the book and
// the claims ONCE. The numbers on a real issuer mint (9 decimals, multiplier 2.5):
// book 600, owed 400, the delegate burns down to 500 -> book 300, the claims 200. Then every
// reconciling instruction (refresh_nav, deposit, withdraw_usdc, a withdrawal request's
// fulfilment, withdraw_in_kind, a rebalance leg, pay_redemption of other slots) runs again and
// again: no
// second HoldingBelowBook, the book, the claims and their unbacked part stay, the NAV of the
// refreshes does not move, and each claimant is paid exactly its share of the 200.
import { delegateBurnInstruction, setUnixTime, tokenAmount } from '@basket/test-harness';
import {
  getHoldingBelowBookEventDecoder,
  getRedemptionClaimDecoder,
  getRedemptionClaimEncoder,
  VaultEventKind,
} from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  beginRedemptionIx,
  claimAddress,
  type Depositor,
  depositIx,
  fulfilWithdrawalIx,
  initVault,
  MONDAY_15H,
  newDepositor,
  newRedeemerAccounts,
  patchVault,
  payRedemptionIx,
  readVault,
  requestWithdrawIx,
  setupBasket,
  stockHoldings,
  treasuryAccounts,
  withdrawInKindIx,
  writeSnapshot,
} from './fixture.ts';
import {
  buyWithCash,
  eventKinds,
  eventPayloads,
  issuerMint,
  ok,
  refreshIx,
  USDC,
  withdrawUsdcExactly,
} from './issuer-support.ts';
import { newCounterparty } from './rebalance-fixture.ts';

/** The seized asset: the basket's 9-decimal issuer stock (multiplier 2.5). */
const SEIZED = 2;
const REPEATS = 6;

function setClaimOwed(b: Basket, claim: Address, slot: number, owed: bigint): void {
  const account = b.svm.getAccount(claim);
  if (!account.exists) throw new Error('claim does not exist');
  const decoded = getRedemptionClaimDecoder().decode(Uint8Array.from(account.data));
  const patched = { ...decoded, owed: decoded.owed.map((o, i) => (i === slot ? owed : o)) };
  b.svm.setAccount({
    ...account,
    data: Uint8Array.from(getRedemptionClaimEncoder().encode(patched)),
  });
}

function readOwed(b: Basket, claim: Address, slot: number): bigint {
  const account = b.svm.getAccount(claim);
  if (!account.exists) throw new Error('claim does not exist');
  return getRedemptionClaimDecoder().decode(Uint8Array.from(account.data)).owed[slot] as bigint;
}

describe('a seizure with open claims is split once', () => {
  let b: Basket;
  let alice: Depositor;
  let bob: Depositor;
  let claimA: Address;
  let claimB: Address;

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    alice = await newDepositor(b, 100_000n * USDC);
    bob = await newDepositor(b, 100_000n * USDC);
    await ok(b, [depositIx(b, alice, 10_000n * USDC), depositIx(b, bob, 10_000n * USDC)]);
    // Real stock in every holding; the seized asset holds exactly 1,000 raw units.
    await stockHoldings(b, [350_000_000n, 10_000_000n, 1_000n]);
    await ok(b, [refreshIx(b)]);
    // Two claims, then the split of the seized asset: book 600, claims owe 400
    // (Alice 300, Bob 100), all of it in the holding (1,000).
    claimA = await claimAddress(b, alice.signer.address, 1n);
    claimB = await claimAddress(b, bob.signer.address, 1n);
    await ok(b, [
      beginRedemptionIx(b, alice.signer, {
        shareSource: alice.shareAccount,
        claim: claimA,
        shares: 1_000n * USDC,
        nonce: 1n,
      }),
      beginRedemptionIx(b, bob.signer, {
        shareSource: bob.shareAccount,
        claim: claimB,
        shares: 1_000n * USDC,
        nonce: 1n,
      }),
    ]);
    setClaimOwed(b, claimA, SEIZED, 300n);
    setClaimOwed(b, claimB, SEIZED, 100n);
    patchVault(b, (s) => ({
      ...s,
      assets: s.assets.map((a, i) =>
        i === SEIZED ? { ...a, holdingsRaw: 600n, claimsOwedRaw: 400n } : a,
      ),
    }));
    expect(tokenAmount(b.svm, b.holdings[SEIZED]!)).toBe(1_000n);
  });

  /** The seized asset's book, claims owed and unbacked part. */
  function books(): [bigint, bigint, bigint] {
    const s = readVault(b);
    return [
      s.assets[SEIZED]?.holdingsRaw as bigint,
      s.assets[SEIZED]?.claimsOwedRaw as bigint,
      s.claimsUnbackedRaw[SEIZED] as bigint,
    ];
  }

  async function seize(): Promise<void> {
    // The issuer's delegate burns 500: the holding keeps 500 for book 600 + owed 400.
    await ok(b, [delegateBurnInstruction(issuerMint(b, SEIZED), b.holdings[SEIZED]!, 500n)]);
    const first = await ok(b, [refreshIx(b)]);
    expect(eventKinds(first.logs)).toEqual([
      VaultEventKind.HoldingBelowBook,
      VaultEventKind.NavRefreshed,
    ]);
    const [payload] = eventPayloads(first.logs, VaultEventKind.HoldingBelowBook);
    const e = getHoldingBelowBookEventDecoder().decode(payload as Uint8Array);
    expect([e.bookBefore, e.claimsOwed, e.balance, e.bookAfter]).toEqual([600n, 400n, 500n, 300n]);
    // Book 300, the claims keep 200 of their 400: 200 recorded as unbacked.
    expect(books()).toEqual([300n, 400n, 200n]);
  }

  /** No second split: no HoldingBelowBook, the claims' part unchanged, the book = balance - 200. */
  function expectNotCutAgain(logs: string[], what: string): void {
    expect(eventKinds(logs), what).not.toContain(VaultEventKind.HoldingBelowBook);
    const [book, owed, unbacked] = books();
    expect([owed, unbacked], what).toEqual([400n, 200n]);
    expect(book, what).toBe(tokenAmount(b.svm, b.holdings[SEIZED]!) - 200n);
  }

  it('refresh_nav again and again: book 300, claims 400 owed / 200 backed, NAV unchanged', async () => {
    await seize();
    const nav = readVault(b).lastNavUsd;
    for (let i = 0; i < 3 * REPEATS; i++) {
      const r = await ok(b, [refreshIx(b)]);
      expect(eventKinds(r.logs)).toEqual([VaultEventKind.NavRefreshed]);
      expect(books()).toEqual([300n, 400n, 200n]);
      expect(readVault(b).lastNavUsd).toBe(nav);
    }
  });

  it('every reconciling instruction, repeated: the split is never made again', async () => {
    await seize();
    const carol = await newDepositor(b, 100_000n * USDC);
    const counterparty = await newCounterparty(b);
    const out = await newRedeemerAccounts(b, alice.signer.address);
    const treasury = await treasuryAccounts(b);
    for (let i = 0; i < REPEATS; i++) {
      expectNotCutAgain((await ok(b, [refreshIx(b)])).logs, `refresh ${i}`);
      expectNotCutAgain((await ok(b, [depositIx(b, carol, 100n * USDC)])).logs, `deposit ${i}`);
      await withdrawUsdcExactly(b, carol, 10n * USDC);
      expectNotCutAgain((await ok(b, [refreshIx(b)])).logs, `withdraw_usdc ${i}`);
      // A withdrawal request, fulfilled by the keeper at a push after it (forward pricing).
      const nonce = BigInt(i + 1);
      await ok(b, [await requestWithdrawIx(b, carol, 5n * USDC, 1n, nonce)]);
      setUnixTime(b.svm, MONDAY_15H + 20n * nonce);
      writeSnapshot(b);
      const fulfilled = await ok(b, [await fulfilWithdrawalIx(b, carol, treasury.usdc, { nonce })]);
      expectNotCutAgain(fulfilled.logs, `fulfil_withdrawal ${i}`);
      const inKind = await ok(b, [
        withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 10n * USDC),
      ]);
      expectNotCutAgain(inKind.logs, `withdraw_in_kind ${i}`);
      await buyWithCash(b, counterparty, SEIZED, USDC);
      expectNotCutAgain((await ok(b, [refreshIx(b)])).logs, `rebalance leg ${i}`);
    }
    // pay_redemption of the claims' other slots reconciles those, never the seized one.
    const outA = await newRedeemerAccounts(b, alice.signer.address);
    const paidOthers = await ok(b, [
      payRedemptionIx(b, { claim: claimA, owner: alice.signer.address, to: outA, slots: [0, 1] }),
    ]);
    expectNotCutAgain(paidOthers.logs, 'pay_redemption of slots 0 and 1');
  });

  it('each claimant is paid exactly its share of what backs the claims: 150 and 50', async () => {
    await seize();
    for (let i = 0; i < REPEATS; i++) await ok(b, [refreshIx(b)]);
    const outA = await newRedeemerAccounts(b, alice.signer.address);
    const outB = await newRedeemerAccounts(b, bob.signer.address);
    // Alice is owed 300 of 400: 300 x 200 / 400 = 150.
    const a = await ok(b, [
      payRedemptionIx(b, { claim: claimA, owner: alice.signer.address, to: outA, slots: [SEIZED] }),
    ]);
    expect(eventKinds(a.logs)).toEqual([VaultEventKind.RedemptionPaid]);
    expect(tokenAmount(b.svm, outA.assetAccounts[SEIZED]!)).toBe(150n);
    expect(readOwed(b, claimA, SEIZED)).toBe(0n);
    expect(books()).toEqual([300n, 100n, 50n]);
    for (let i = 0; i < REPEATS; i++) {
      expect(eventKinds((await ok(b, [refreshIx(b)])).logs)).toEqual([VaultEventKind.NavRefreshed]);
    }
    // Bob, the last claim on it, takes the 50 that back his 100.
    await ok(b, [
      payRedemptionIx(b, { claim: claimB, owner: bob.signer.address, to: outB, slots: [SEIZED] }),
    ]);
    expect(tokenAmount(b.svm, outB.assetAccounts[SEIZED]!)).toBe(50n);
    // The holders keep their 300, to the unit; nothing is owed or unbacked any more.
    expect(books()).toEqual([300n, 0n, 0n]);
    expect(tokenAmount(b.svm, b.holdings[SEIZED]!)).toBe(300n);
  });

  it('a second seizure is split again, from what each side holds after the first', async () => {
    await seize();
    // The delegate burns half of what is left: book 300 + backed 200 = 500 -> 250.
    await ok(b, [delegateBurnInstruction(issuerMint(b, SEIZED), b.holdings[SEIZED]!, 250n)]);
    const r = await ok(b, [refreshIx(b)]);
    expect(eventKinds(r.logs)[0]).toBe(VaultEventKind.HoldingBelowBook);
    // Book 300 x 250 / 500 = 150; the claims keep 100 of 400 (300 unbacked).
    expect(books()).toEqual([150n, 400n, 300n]);
    for (let i = 0; i < REPEATS; i++) await ok(b, [refreshIx(b)]);
    expect(books()).toEqual([150n, 400n, 300n]);
    const outA = await newRedeemerAccounts(b, alice.signer.address);
    await ok(b, [
      payRedemptionIx(b, { claim: claimA, owner: alice.signer.address, to: outA, slots: [SEIZED] }),
    ]);
    // 300 x 100 / 400 = 75.
    expect(tokenAmount(b.svm, outA.assetAccounts[SEIZED]!)).toBe(75n);
  });
});
