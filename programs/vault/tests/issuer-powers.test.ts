// The issuer's powers over the vault's holdings, on mints with the issuer's full extension
// set (permanent delegate, default account state, pausable, confidential-transfer mint,
// transfer hook unset, metadata; non-unit multipliers): a partial burn, a transfer out by the
// delegate, the whole holding burned, a freeze and a thaw. After each, refresh_nav, a deposit,
// both withdrawals and a rebalance leg work, and the NAV is the cash plus the REAL holdings at
// the snapshot's prices, to the unit.
import {
  createTokenAccount,
  delegateBurnInstruction,
  delegateTransferInstruction,
  freezeInstruction,
  type IssuerMint,
  isFrozen,
  send,
  tokenAmount,
} from '@basket/test-harness';
import {
  getRefreshNavInstruction,
  VAULT_ERROR__HOLDING_FROZEN,
  VaultEventKind,
} from '@basket/vault-client';
import { getBase64Encoder, type Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  assetPairs,
  type Basket,
  type Depositor,
  depositIx,
  initVault,
  mintSupply,
  navAtPrices,
  newDepositor,
  newRedeemerAccounts,
  patchVault,
  readVault,
  setupBasket,
  sharesForDeposit,
  stockHoldings,
  treasuryAccounts,
  VIRTUAL_SHARES,
  withdrawInKindIx,
  withdrawUsdcIx,
  writeSnapshot,
} from './fixture.ts';
import { type Leg, minAcceptedIn, newCounterparty, swapIxs } from './rebalance-fixture.ts';

const USDC = 1_000_000n;
/** Raw books: 3.5 xStock (8 dec, issuer mint), 10 legacy (6 dec), 7 split (9 dec, issuer mint). */
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];

/** Event kinds of a transaction's vault events, in order. */
function eventKinds(logs: string[]): number[] {
  return logs
    .filter((l) => l.startsWith('Program data: '))
    .map((l) => getBase64Encoder().encode(l.slice('Program data: '.length))[0] as number);
}

async function ok(b: Basket, ixs: Instruction[]) {
  const r = await send(b.svm, ixs, b.payer);
  expect(r.error).toBeNull();
  return r;
}

function issuerMint(b: Basket, i: number): IssuerMint {
  return b.assets[i]?.mint as IssuerMint;
}

function refreshIx(b: Basket): Instruction {
  return getRefreshNavInstruction({
    vault: b.vault,
    navSnapshot: b.snapshot,
    assetAccounts: assetPairs(b),
  });
}

/** Effective share supply (minted + owed fee shares). */
function supplyOf(b: Basket): bigint {
  return mintSupply(b.svm, b.shareMint) + readVault(b).feeSharesOwed;
}

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
    await ok(b, [refreshIx(b)]);
  });

  /** The vault's books equal the real balances and NAV is cash + holdings at prices. */
  function expectRealNav(): void {
    const s = readVault(b);
    b.assets.forEach((_, i) => {
      expect(s.assets[i]?.holdingsRaw, `asset ${i}`).toBe(tokenAmount(b.svm, b.holdings[i]!));
    });
    // refresh_nav sets last_nav_usd to the NAV rounded down.
    expect(s.lastNavUsd).toBe(navAtPrices(b, 'down'));
  }

  /** Every path after a seizure: refresh, deposit, both withdrawals, a rebalance leg. */
  async function everyPathWorks(legAsset: number): Promise<void> {
    const r = await ok(b, [refreshIx(b)]);
    expect(eventKinds(r.logs)).toContain(VaultEventKind.NavRefreshed);
    expectRealNav();

    // A deposit priced on the real NAV (rounded up), to the unit.
    const bob = await newDepositor(b, 1_000n * USDC);
    const navUp = navAtPrices(b, 'up');
    const supply = supplyOf(b);
    const before = tokenAmount(b.svm, bob.shareAccount);
    await ok(b, [depositIx(b, bob, 500n * USDC)]);
    expect(tokenAmount(b.svm, bob.shareAccount) - before).toBe(
      sharesForDeposit(500n * USDC, navUp, supply),
    );

    // withdraw_usdc on the same real NAV.
    const treasury = await treasuryAccounts(b);
    const usdcBefore = tokenAmount(b.svm, bob.usdcAccount);
    await ok(b, [
      withdrawUsdcIx(
        b,
        bob.signer,
        {
          shareSource: bob.shareAccount,
          destination: bob.usdcAccount,
          treasuryStable: treasury.usdc,
        },
        { shares: 100n * USDC },
      ),
    ]);
    expect(tokenAmount(b.svm, bob.usdcAccount)).toBeGreaterThan(usdcBefore);

    // withdraw_in_kind: pro rata of what is really held.
    const out = await newRedeemerAccounts(b, alice.signer.address);
    const shares = 1_000n * USDC;
    const total = supplyOf(b) + VIRTUAL_SHARES;
    const held = b.holdings.map((h) => tokenAmount(b.svm, h));
    await ok(b, [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, shares)]);
    out.assetAccounts.forEach((account, i) => {
      expect(tokenAmount(b.svm, account), `asset ${i}`).toBe(
        ((held[i] as bigint) * shares) / total,
      );
    });
    expectBooksMatchBalances();

    // A rebalance leg buying the seized asset with cash.
    const c = await newCounterparty(b);
    const payAmount = 50n * USDC;
    const leg: Leg = {
      pay: 'cash',
      receive: legAsset,
      payAmount,
      receiveAmount: minAcceptedIn(b, 'cash', legAsset, payAmount, 50n),
    };
    await ok(b, swapIxs(b, c, leg));
    expectBooksMatchBalances();
  }

  function expectBooksMatchBalances(): void {
    const s = readVault(b);
    b.assets.forEach((_, i) => {
      expect(s.assets[i]?.holdingsRaw, `asset ${i}`).toBe(tokenAmount(b.svm, b.holdings[i]!));
    });
  }

  it('records the permanent delegate of each issuer mint at init_vault', () => {
    const s = readVault(b);
    expect(s.assets[0]?.permanentDelegate).toBe(issuerMint(b, 0).issuer.address);
    expect(s.assets[2]?.permanentDelegate).toBe(issuerMint(b, 2).issuer.address);
    // The SPL Token asset has none (the zero key).
    expect(s.assets[1]?.permanentDelegate).toBe('11111111111111111111111111111111');
  });

  it('a partial burn by the delegate: the book follows the balance, with an event, and nothing is priced on the burned half', async () => {
    const navBefore = readVault(b).lastNavUsd;
    await ok(b, [delegateBurnInstruction(issuerMint(b, 0), b.holdings[0]!, BOOKS[0]! / 2n)]);
    const r = await ok(b, [refreshIx(b)]);
    expect(eventKinds(r.logs)).toEqual([
      VaultEventKind.HoldingBelowBook,
      VaultEventKind.NavRefreshed,
    ]);
    expect(readVault(b).assets[0]?.holdingsRaw).toBe(BOOKS[0]! / 2n);
    expect(readVault(b).lastNavUsd).toBeLessThan(navBefore);
    await everyPathWorks(0);
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
    const supply = supplyOf(b);
    const r = await ok(b, [depositIx(b, bob, 100n * USDC)]);
    expect(eventKinds(r.logs)).toEqual([VaultEventKind.HoldingBelowBook, VaultEventKind.Deposit]);
    expect(readVault(b).assets[2]?.holdingsRaw).toBe(5_000_000_000n);
    expect(tokenAmount(b.svm, bob.shareAccount)).toBe(
      sharesForDeposit(100n * USDC, navAtPrices(b, 'up') - 100n * USDC, supply),
    );
    await everyPathWorks(2);
  });

  it('the whole holding burned: valued at zero, every path still works', async () => {
    await ok(b, [delegateBurnInstruction(issuerMint(b, 0), b.holdings[0]!, BOOKS[0]!)]);
    await everyPathWorks(0);
  });

  it('a frozen holding is valued but never traded; in kind pays the rest and says what did not move; a thaw restores it', async () => {
    const mint = issuerMint(b, 0);
    await ok(b, [freezeInstruction(mint, b.holdings[0]!, true)]);
    expect(isFrozen(b.svm, b.holdings[0]!)).toBe(true);

    // Valued: refresh_nav and a deposit price it as before.
    await ok(b, [refreshIx(b)]);
    expectRealNav();
    const bob = await newDepositor(b, 1_000n * USDC);
    await ok(b, [depositIx(b, bob, 100n * USDC)]);

    // In kind: every other slice is paid; the frozen one stays in the book, with an event.
    const out = await newRedeemerAccounts(b, alice.signer.address);
    const r = await ok(b, [
      withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 1_000n * USDC),
    ]);
    expect(eventKinds(r.logs)).toEqual([
      VaultEventKind.InKindNotPaid,
      VaultEventKind.WithdrawInKind,
    ]);
    expect(tokenAmount(b.svm, out.assetAccounts[0]!)).toBe(0n);
    expect(tokenAmount(b.svm, out.assetAccounts[1]!)).toBeGreaterThan(0n);
    expect(tokenAmount(b.svm, out.assetAccounts[2]!)).toBeGreaterThan(0n);
    expect(readVault(b).assets[0]?.holdingsRaw).toBe(BOOKS[0]);

    // Never traded: a leg into or out of the frozen holding is refused.
    const c = await newCounterparty(b);
    const leg: Leg = { pay: 'cash', receive: 0, payAmount: USDC, receiveAmount: 1n };
    const refused = await send(b.svm, swapIxs(b, c, leg), b.payer);
    expect(refused.customError).toBe(VAULT_ERROR__HOLDING_FROZEN);

    // Thawed: everything works again, on real balances.
    await ok(b, [freezeInstruction(mint, b.holdings[0]!, false)]);
    await everyPathWorks(0);
  });
});

describe('an issuer mint whose accounts start frozen', () => {
  it('creates a frozen holding that is valued, skipped in kind, and trades once the issuer thaws it', async () => {
    const b = await setupBasket();
    // Replace the 9-decimal stock by one whose new accounts start frozen.
    const { createIssuerMint } = await import('@basket/test-harness');
    const frozenStock = await createIssuerMint(b.svm, b.payer, {
      decimals: 9,
      multiplier: 2.5,
      defaultState: 'frozen',
    });
    const asset = b.assets[2]!;
    asset.mint = frozenStock;
    const { pda } = await import('./fixture.ts');
    const { VAULT_PROGRAM_ADDRESS } = await import('@basket/vault-client');
    b.holdings[2] = await pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, frozenStock.address]);
    await initVault(b);
    expect(isFrozen(b.svm, b.holdings[2]!)).toBe(true);
    expect(readVault(b).assets[2]?.mintFlags).toBe(1 | 2 | 4 | 8);

    writeSnapshot(b);
    const alice = await newDepositor(b, 10_000n * USDC);
    await ok(b, [depositIx(b, alice, 1_000n * USDC)]);
    // Nothing can be minted into a frozen account: the frozen stock's book and balance are
    // injected (the test-only state injection every book test uses).
    await stockHoldings(b, [BOOKS[0]!, BOOKS[1]!]);
    patchVault(b, (s) => ({
      ...s,
      assets: s.assets.map((a, i) => (i === 2 ? { ...a, holdingsRaw: BOOKS[2]! } : a)),
    }));
    await ok(b, [refreshIx(b)]);
    expect(tokenAmount(b.svm, b.holdings[2]!)).toBe(BOOKS[2]);
    expect(readVault(b).lastNavUsd).toBe(navAtPrices(b, 'down'));

    const out = await newRedeemerAccounts(b, alice.signer.address);
    const r = await ok(b, [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, USDC)]);
    expect(eventKinds(r.logs)[0]).toBe(VaultEventKind.InKindNotPaid);
    expect(tokenAmount(b.svm, out.assetAccounts[2]!)).toBe(0n);

    await ok(b, [freezeInstruction(frozenStock, b.holdings[2]!, false)]);
    await ok(b, [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, USDC)]);
    expect(tokenAmount(b.svm, out.assetAccounts[2]!)).toBeGreaterThan(0n);
  });
});
