// Issue 30, item 1 (the open point of decision 0103): a redemption claim opened AFTER a
// seizure is paid its own share, not the ratio of the older claims. On the basket's 9-decimal
// issuer mint (multiplier 2.5): Alice's claim is opened, the delegate seizes, Carol's claim is
// opened, the delegate seizes again; each claim pays the seizures since it was made, in
// either order, the last one taking the rounding unit; the book, the claims and the NAV do
// not move under repeated reconciles; a seizure that leaves the claims nothing wipes only the
// claims opened before it.
import { delegateBurnInstruction, mintTo, tokenAmount } from '@basket/test-harness';
import {
  getHoldingBelowBookEventDecoder,
  getRedemptionClaimDecoder,
  getRedemptionClaimEncoder,
  getVaultStateEncoder,
  VaultEventKind,
  type VaultState,
} from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  beginRedemptionIx,
  claimAddress,
  type Depositor,
  depositIx,
  initVault,
  newDepositor,
  newRedeemerAccounts,
  payRedemptionIx,
  readVault,
  setupBasket,
  stockHoldings,
  writeSnapshot,
} from './fixture.ts';
import { eventKinds, eventPayloads, issuerMint, ok, refreshIx, USDC } from './issuer-support.ts';

/** The seized asset: the basket's 9-decimal issuer stock (multiplier 2.5). */
const SEIZED = 2;
const REPEATS = 5;
const SCALE = 10n ** 18n;

/** Rewrites the vault state without raising any holding (a seizure must stay visible). */
function writeVault(b: Basket, patch: (s: VaultState) => VaultState): void {
  const account = b.svm.getAccount(b.vault);
  if (!account.exists) throw new Error('vault state does not exist');
  const data = getVaultStateEncoder().encode({ ...patch(readVault(b)), navCacheSequence: 0n });
  b.svm.setAccount({ ...account, data: Uint8Array.from(data) });
}

function readClaim(b: Basket, claim: Address) {
  const account = b.svm.getAccount(claim);
  if (!account.exists) throw new Error('claim does not exist');
  return getRedemptionClaimDecoder().decode(Uint8Array.from(account.data));
}

function setClaimOwed(b: Basket, claim: Address, owed: bigint): void {
  const account = b.svm.getAccount(claim);
  if (!account.exists) throw new Error('claim does not exist');
  const c = readClaim(b, claim);
  const patched = { ...c, owed: c.owed.map((o, i) => (i === SEIZED ? owed : o)) };
  b.svm.setAccount({
    ...account,
    data: Uint8Array.from(getRedemptionClaimEncoder().encode(patched)),
  });
}

/** Sets the seized asset's book and claims owed (the unbacked part and index kept). */
function setBooks(b: Basket, book: bigint, owed: bigint): void {
  writeVault(b, (s) => ({
    ...s,
    assets: s.assets.map((a, i) =>
      i === SEIZED ? { ...a, holdingsRaw: book, claimsOwedRaw: owed } : a,
    ),
  }));
}

describe('a claim opened after a seizure is paid its own share', () => {
  let b: Basket;
  let alice: Depositor;
  let carol: Depositor;
  let claimA: Address;
  let claimC: Address;

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    alice = await newDepositor(b, 100_000n * USDC);
    carol = await newDepositor(b, 100_000n * USDC);
    await ok(b, [depositIx(b, alice, 10_000n * USDC), depositIx(b, carol, 10_000n * USDC)]);
    await stockHoldings(b, [350_000_000n, 10_000_000n, 0n]);
    await ok(b, [refreshIx(b)]);
    claimA = await claimAddress(b, alice.signer.address, 1n);
    claimC = await claimAddress(b, carol.signer.address, 1n);
  });

  /** The seized asset's book, claims owed, unbacked part and haircut index. */
  function books(): [bigint, bigint, bigint, bigint] {
    const s = readVault(b);
    return [
      s.assets[SEIZED]?.holdingsRaw as bigint,
      s.assets[SEIZED]?.claimsOwedRaw as bigint,
      s.claimsUnbackedRaw[SEIZED] as bigint,
      s.claimsHaircut[SEIZED] as bigint,
    ];
  }

  async function holding(raw: bigint): Promise<void> {
    const now = tokenAmount(b.svm, b.holdings[SEIZED]!);
    if (raw > now)
      await mintTo(b.svm, b.payer, b.assets[SEIZED]!.mint, b.holdings[SEIZED]!, raw - now);
    expect(tokenAmount(b.svm, b.holdings[SEIZED]!)).toBe(raw);
  }

  /** Alice's claim, owed `owed` of the seized asset while the book is `book`. */
  async function openAlice(book: bigint, owed: bigint): Promise<void> {
    await holding(book + owed);
    await ok(b, [
      beginRedemptionIx(b, alice.signer, {
        shareSource: alice.shareAccount,
        claim: claimA,
        shares: 1_000n * USDC,
        nonce: 1n,
      }),
    ]);
    setClaimOwed(b, claimA, owed);
    setBooks(b, book, owed);
  }

  /** Carol's claim, made now (it records the index), owed `owed` out of the book. */
  async function openCarol(owed: bigint): Promise<void> {
    const [book, owedBefore] = books();
    await ok(b, [
      beginRedemptionIx(b, carol.signer, {
        shareSource: carol.shareAccount,
        claim: claimC,
        shares: 1_000n * USDC,
        nonce: 1n,
      }),
    ]);
    setClaimOwed(b, claimC, owed);
    setBooks(b, book - owed, owedBefore + owed);
  }

  /** The delegate burns `burn`; the next refresh splits it once and reports the split. */
  async function seize(burn: bigint, expected: [bigint, bigint, bigint, bigint]) {
    await ok(b, [delegateBurnInstruction(issuerMint(b, SEIZED), b.holdings[SEIZED]!, burn)]);
    const r = await ok(b, [refreshIx(b)]);
    expect(eventKinds(r.logs)).toEqual([
      VaultEventKind.HoldingBelowBook,
      VaultEventKind.NavRefreshed,
    ]);
    const [payload] = eventPayloads(r.logs, VaultEventKind.HoldingBelowBook);
    const e = getHoldingBelowBookEventDecoder().decode(payload as Uint8Array);
    const split = [e.bookBefore, e.claimsOwed, e.balance, e.bookAfter];
    expect(books()).toEqual(expected);
    return split;
  }

  /** Refreshes again and again: no second split, the books and the NAV stay. */
  async function expectStable(): Promise<void> {
    const before = books();
    // The first refresh prices what a claim or an injected book changed since the last NAV.
    const first = await ok(b, [refreshIx(b)]);
    expect(eventKinds(first.logs)).toEqual([VaultEventKind.NavRefreshed]);
    expect(books()).toEqual(before);
    const nav = readVault(b).lastNavUsd;
    for (let i = 0; i < REPEATS; i++) {
      const r = await ok(b, [refreshIx(b)]);
      expect(eventKinds(r.logs)).toEqual([VaultEventKind.NavRefreshed]);
      expect(books()).toEqual(before);
      expect(readVault(b).lastNavUsd).toBe(nav);
    }
  }

  async function pay(who: Depositor, claim: Address): Promise<bigint> {
    const out = await newRedeemerAccounts(b, who.signer.address);
    const r = await ok(b, [
      payRedemptionIx(b, { claim, owner: who.signer.address, to: out, slots: [SEIZED] }),
    ]);
    expect(eventKinds(r.logs)).toEqual([VaultEventKind.RedemptionPaid]);
    return tokenAmount(b.svm, out.assetAccounts[SEIZED]!);
  }

  /**
   * Alice 400 of book 600 + 400; burn 500: book 300, the claims keep 200 (index 1/2).
   * Carol 100 out of the book (book 200, owed 500, 300 backed); burn 250: book 100, the claims
   * keep 150 of 300 (index 1/4). Alice's share 400 x 1/4 = 100, Carol's 100 x 1/2 = 50 (the
   * aggregate ratio 150 / 500 would have paid Carol 30 and Alice 120).
   */
  async function twoSeizures(): Promise<void> {
    await openAlice(600n, 400n);
    expect(await seize(500n, [300n, 400n, 200n, SCALE / 2n])).toEqual([600n, 400n, 500n, 300n]);
    await expectStable();
    await openCarol(100n);
    const c = readClaim(b, claimC);
    expect([c.epoch, c.haircutAtOpen[SEIZED]]).toEqual([0, SCALE / 2n]);
    expect(readClaim(b, claimA).haircutAtOpen[SEIZED]).toBe(0n);
    await expectStable();
    expect(await seize(250n, [100n, 500n, 350n, (SCALE * 3n) / 4n])).toEqual([
      200n,
      300n,
      250n,
      100n,
    ]);
    await expectStable();
  }

  it('Carol (opened after the first seizure) paid first: 50, then Alice 100', async () => {
    await twoSeizures();
    expect(await pay(carol, claimC)).toBe(50n);
    expect(books()).toEqual([100n, 400n, 300n, (SCALE * 3n) / 4n]);
    await expectStable();
    expect(await pay(alice, claimA)).toBe(100n);
    // Nothing owed: the index restarts; the holders keep their 100 to the unit.
    expect(books()).toEqual([100n, 0n, 0n, 0n]);
    expect(tokenAmount(b.svm, b.holdings[SEIZED]!)).toBe(100n);
    await expectStable();
  });

  it('Alice paid first: 100, then Carol 50', async () => {
    await twoSeizures();
    expect(await pay(alice, claimA)).toBe(100n);
    expect(books()).toEqual([100n, 100n, 50n, (SCALE * 3n) / 4n]);
    await expectStable();
    expect(await pay(carol, claimC)).toBe(50n);
    expect(books()).toEqual([100n, 0n, 0n, 0n]);
    expect(tokenAmount(b.svm, b.holdings[SEIZED]!)).toBe(100n);
  });

  /**
   * Odd amounts: Alice 333 of book 600 + 333; burn 433: book ceil(600 x 500 / 933) = 322
   * (321.5 rounded up: the vault keeps the unit), the claims keep 178. Carol 101 (book 221,
   * owed 434, 279 backed); burn 250: book ceil(110.5) = 111, the claims keep 139 of 279.
   * Exact shares: Alice 333 x 178/333 x 139/279 = 88.7, Carol 101 x 139/279 = 50.3. The
   * claim paid first is rounded down (the vault keeps the unit); the last takes it.
   */
  async function oddSeizures(): Promise<void> {
    await openAlice(600n, 333n);
    const firstIndex = SCALE - (SCALE * 178n) / 333n;
    expect(await seize(433n, [322n, 333n, 155n, firstIndex])).toEqual([600n, 333n, 500n, 322n]);
    await openCarol(101n);
    const secondIndex = SCALE - (((SCALE * 178n) / 333n) * 139n) / 279n;
    expect(await seize(250n, [111n, 434n, 295n, secondIndex])).toEqual([221n, 279n, 250n, 111n]);
    await expectStable();
  }

  it('rounding, Carol first: 50.3 -> 50 for her, Alice (last) 89, the holders 111', async () => {
    await oddSeizures();
    expect(await pay(carol, claimC)).toBe(50n);
    expect(await pay(alice, claimA)).toBe(89n);
    expect(books().slice(0, 3)).toEqual([111n, 0n, 0n]);
    expect(tokenAmount(b.svm, b.holdings[SEIZED]!)).toBe(111n);
  });

  it('rounding, Alice first: 88.7 -> 88 for her, Carol (last) 51, the holders 111', async () => {
    await oddSeizures();
    expect(await pay(alice, claimA)).toBe(88n);
    expect(await pay(carol, claimC)).toBe(51n);
    expect(books().slice(0, 3)).toEqual([111n, 0n, 0n]);
    expect(tokenAmount(b.svm, b.holdings[SEIZED]!)).toBe(111n);
  });

  it('a seizure of the whole holding wipes the claims open then, not one opened later', async () => {
    await openAlice(600n, 400n);
    expect(await seize(1_000n, [0n, 400n, 400n, 0n])).toEqual([600n, 400n, 0n, 0n]);
    const s = readVault(b);
    expect([s.claimsEpoch, s.claimsWipedEpoch[SEIZED]]).toEqual([1, 1]);
    // The vault buys the asset again (500 raw booked), then Carol's claim of 100.
    await holding(500n);
    setBooks(b, 500n, 400n);
    await expectStable();
    await openCarol(100n);
    expect(readClaim(b, claimC).epoch).toBe(1);
    expect(await pay(alice, claimA)).toBe(0n);
    expect(books()).toEqual([400n, 100n, 0n, 0n]);
    expect(await pay(carol, claimC)).toBe(100n);
    expect(books()).toEqual([400n, 0n, 0n, 0n]);
    expect(tokenAmount(b.svm, b.holdings[SEIZED]!)).toBe(400n);
  });
});
