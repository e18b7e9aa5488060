// The issuer's powers over the vault's holdings, on mints with the issuer's full extension
// set (permanent delegate, default account state, pausable, confidential-transfer mint,
// transfer hook unset, metadata; non-unit multipliers): a partial burn, a transfer out by the
// delegate, the whole holding burned, a freeze and a thaw, a new permanent delegate. After
// each, refresh_nav, a deposit, both withdrawals and a rebalance leg work with exact amounts,
// and the NAV is the cash plus the REAL holdings at the snapshot's prices, to the unit.
import {
  createTokenAccount,
  delegateBurnInstruction,
  delegateTransferInstruction,
  freezeInstruction,
  isFrozen,
  newKeyPairSigner,
  send,
  tokenAmount,
} from '@basket/test-harness';
import { VAULT_ERROR__HOLDING_FROZEN, VaultEventKind } from '@basket/vault-client';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  initVault,
  mintSupply,
  navAtBalances,
  newDepositor,
  newRedeemerAccounts,
  pricedSupply,
  readVault,
  setupBasket,
  sharesForDeposit,
  stockHoldings,
  VIRTUAL_SHARES,
  withdrawInKindIx,
  writeSnapshot,
} from './fixture.ts';
import {
  BOOKS,
  buyWithCash,
  eventKinds,
  everyPathWorks,
  expectBooksMatchBalances,
  expectRealNav,
  issuerMint,
  ok,
  refreshIx,
  setPermanentDelegateIx,
  USDC,
  useFrozenByDefaultStock,
  withdrawUsdcExactly,
} from './issuer-support.ts';
import { buyLeg, type Leg, minAcceptedIn, newCounterparty, swapIxs } from './rebalance-fixture.ts';

describe('the issuer seizes, freezes and thaws the vault holdings', () => {
  let b: Basket;
  let alice: Depositor;

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    alice = await newDepositor(b, 100_000n * USDC);
    await ok(b, [depositIx(b, alice, 10_000n * USDC)]);
    await stockHoldings(b, BOOKS);
    // Real tokens, minted: each stock's whole supply is the vault's holding (no balance was
    // injected behind the token program's back, so a burn really leaves the supply).
    b.assets.forEach((a, i) => {
      expect(mintSupply(b.svm, a.mint.address)).toBe(tokenAmount(b.svm, b.holdings[i]!));
    });
    await ok(b, [refreshIx(b)]);
  });

  it('records the permanent delegate of each issuer mint at init_vault', () => {
    const s = readVault(b);
    expect(s.assets[0]?.permanentDelegate).toBe(issuerMint(b, 0).issuer.address);
    expect(s.assets[2]?.permanentDelegate).toBe(issuerMint(b, 2).issuer.address);
    // The SPL Token asset has none (the zero key).
    expect(s.assets[1]?.permanentDelegate).toBe('11111111111111111111111111111111');
  });

  it('a new permanent delegate: refresh_nav reports it once and records it', async () => {
    const successor = await newKeyPairSigner();
    await ok(b, [setPermanentDelegateIx(issuerMint(b, 2), successor.address)]);
    const r = await ok(b, [refreshIx(b)]);
    expect(eventKinds(r.logs)).toEqual([
      VaultEventKind.PermanentDelegateChanged,
      VaultEventKind.NavRefreshed,
    ]);
    const s = readVault(b);
    expect(s.assets[2]?.permanentDelegate).toBe(successor.address);
    expect(s.assets[0]?.permanentDelegate).toBe(issuerMint(b, 0).issuer.address);
    // Recorded: the next refresh has nothing to report.
    const again = await ok(b, [refreshIx(b)]);
    expect(eventKinds(again.logs)).toEqual([VaultEventKind.NavRefreshed]);
  });

  it('a partial burn by the delegate: the book follows the balance, with an event, and nothing is priced on the burned half', async () => {
    const navBefore = readVault(b).lastNavUsd;
    await ok(b, [delegateBurnInstruction(issuerMint(b, 0), b.holdings[0]!, BOOKS[0]! / 2n)]);
    expect(mintSupply(b.svm, issuerMint(b, 0).address)).toBe(BOOKS[0]! / 2n);
    expect(await expectRealNav(b)).toEqual([
      VaultEventKind.HoldingBelowBook,
      VaultEventKind.NavRefreshed,
    ]);
    expect(readVault(b).assets[0]?.holdingsRaw).toBe(BOOKS[0]! / 2n);
    expect(readVault(b).lastNavUsd).toBeLessThan(navBefore);
    await everyPathWorks(b, alice, 0);
  });

  it('a transfer out by the delegate (a recovery) is priced at once by the next deposit', async () => {
    const mint = issuerMint(b, 2);
    const elsewhere = await createTokenAccount(b.svm, b.payer, mint, mint.issuer.address);
    await ok(b, [
      delegateTransferInstruction(mint, {
        from: b.holdings[2]!,
        to: elsewhere,
        amount: 2_000_000_000n,
      }),
    ]);
    // The cached NAV of this snapshot must not survive the drop: the deposit reconciles.
    const bob = await newDepositor(b, 1_000n * USDC);
    const expected = sharesForDeposit(100n * USDC, navAtBalances(b, 'up'), pricedSupply(b));
    const r = await ok(b, [depositIx(b, bob, 100n * USDC)]);
    expect(eventKinds(r.logs)).toEqual([VaultEventKind.HoldingBelowBook, VaultEventKind.Deposit]);
    expect(readVault(b).assets[2]?.holdingsRaw).toBe(5_000_000_000n);
    expect(tokenAmount(b.svm, bob.shareAccount)).toBe(expected);
    await everyPathWorks(b, alice, 2);
  });

  it('the whole holding burned: valued at zero, every path still works', async () => {
    await ok(b, [delegateBurnInstruction(issuerMint(b, 0), b.holdings[0]!, BOOKS[0]!)]);
    expect(mintSupply(b.svm, issuerMint(b, 0).address)).toBe(0n);
    await everyPathWorks(b, alice, 0);
  });

  it('a frozen holding is valued but never traded; the other paths pay exactly; a thaw restores it', async () => {
    const mint = issuerMint(b, 0);
    await ok(b, [freezeInstruction(mint, b.holdings[0]!, true)]);
    expect(isFrozen(b.svm, b.holdings[0]!)).toBe(true);

    // Valued: refresh_nav and a deposit price it as before.
    expect(await expectRealNav(b)).toEqual([VaultEventKind.NavRefreshed]);
    const bob = await newDepositor(b, 1_000n * USDC);
    const shares = sharesForDeposit(100n * USDC, navAtBalances(b, 'up'), pricedSupply(b));
    await ok(b, [depositIx(b, bob, 100n * USDC)]);
    expect(tokenAmount(b.svm, bob.shareAccount)).toBe(shares);

    // withdraw_usdc moves no stock: paid exactly on the NAV that values the frozen holding.
    await withdrawUsdcExactly(b, bob, 50n * USDC);
    expect(await expectRealNav(b)).toEqual([VaultEventKind.NavRefreshed]);

    // In kind: every other slice is paid exactly; the frozen one stays in the book.
    const out = await newRedeemerAccounts(b, alice.signer.address);
    const total = pricedSupply(b) + VIRTUAL_SHARES;
    const r = await ok(b, [
      // The owner accepts slot 0's slice staying (the SDK asks first).
      withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 1_000n * USDC, undefined, 0b1),
    ]);
    expect(eventKinds(r.logs)).toEqual([
      VaultEventKind.InKindNotPaid,
      VaultEventKind.WithdrawInKind,
    ]);
    expect(tokenAmount(b.svm, out.assetAccounts[0]!)).toBe(0n);
    for (const i of [1, 2]) {
      expect(tokenAmount(b.svm, out.assetAccounts[i]!)).toBe((BOOKS[i]! * 1_000n * USDC) / total);
    }
    expect(readVault(b).assets[0]?.holdingsRaw).toBe(BOOKS[0]);
    expect(await expectRealNav(b)).toEqual([VaultEventKind.NavRefreshed]);

    // Never traded: a leg into the frozen holding is refused...
    const c = await newCounterparty(b);
    const frozenLeg: Leg = { pay: 'cash', receive: 0, payAmount: USDC, receiveAmount: 1n };
    const refused = await send(b.svm, swapIxs(b, c, frozenLeg), b.payer);
    expect(refused.customError).toBe(VAULT_ERROR__HOLDING_FROZEN);
    // ...while a leg on another asset trades, its books moving by exactly the leg.
    await buyWithCash(b, c, 2, 20n * USDC);
    expect(await expectRealNav(b)).toEqual([VaultEventKind.NavRefreshed]);

    // Thawed: everything works again, on real balances.
    await ok(b, [freezeInstruction(mint, b.holdings[0]!, false)]);
    await everyPathWorks(b, alice, 0);
  });
});

describe('an issuer mint whose accounts start frozen', () => {
  it('creates a frozen holding that is valued, skipped in kind, and trades once the issuer thaws it', async () => {
    const b = await setupBasket();
    const frozenStock = await useFrozenByDefaultStock(b);
    await initVault(b);
    expect(isFrozen(b.svm, b.holdings[2]!)).toBe(true);
    expect(readVault(b).assets[2]?.mintFlags).toBe(1 | 2 | 4 | 8);

    writeSnapshot(b);
    const alice = await newDepositor(b, 10_000n * USDC);
    await ok(b, [depositIx(b, alice, 1_000n * USDC)]);
    // Nothing can be minted into a frozen account: the issuer thaws it for the mint (real
    // tokens, no injected balance) and freezes it again.
    await ok(b, [freezeInstruction(frozenStock, b.holdings[2]!, false)]);
    await stockHoldings(b, BOOKS);
    await ok(b, [freezeInstruction(frozenStock, b.holdings[2]!, true)]);
    expect(mintSupply(b.svm, frozenStock.address)).toBe(BOOKS[2]);
    expect(await expectRealNav(b)).toEqual([VaultEventKind.NavRefreshed]);

    const out = await newRedeemerAccounts(b, alice.signer.address);
    const r = await ok(b, [
      withdrawInKindIx(b, alice.signer, alice.shareAccount, out, USDC, undefined, 0b100),
    ]);
    expect(eventKinds(r.logs)[0]).toBe(VaultEventKind.InKindNotPaid);
    expect(tokenAmount(b.svm, out.assetAccounts[2]!)).toBe(0n);
    const c = await newCounterparty(b);
    const leg = buyLeg(b, 2, 10n * USDC);
    expect((await send(b.svm, swapIxs(b, c, leg), b.payer)).customError).toBe(
      VAULT_ERROR__HOLDING_FROZEN,
    );

    // Thawed: paid in kind, and traded both ways, the books following exactly.
    await ok(b, [freezeInstruction(frozenStock, b.holdings[2]!, false)]);
    const book = readVault(b).assets[2]?.holdingsRaw as bigint;
    const slice = (book * USDC) / (pricedSupply(b) + VIRTUAL_SHARES);
    await ok(b, [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, USDC)]);
    expect(tokenAmount(b.svm, out.assetAccounts[2]!)).toBe(slice);
    await ok(b, swapIxs(b, c, leg));
    expect(readVault(b).assets[2]?.holdingsRaw).toBe(book - slice + leg.receiveAmount);
    const sellRaw = 1_000_000_000n;
    const sell: Leg = {
      pay: 2,
      receive: 'cash',
      payAmount: sellRaw,
      receiveAmount: minAcceptedIn(b, 2, 'cash', sellRaw, 50n),
    };
    await ok(b, swapIxs(b, c, sell));
    expect(readVault(b).assets[2]?.holdingsRaw).toBe(book - slice + leg.receiveAmount - sellRaw);
    expectBooksMatchBalances(b);
    expect(await expectRealNav(b)).toEqual([VaultEventKind.NavRefreshed]);
  });
});
