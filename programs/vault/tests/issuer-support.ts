/**
 * Helpers of the issuer-power suites: the vault's events by kind, refresh_nav, the check
 * that the vault's NAV is the cash plus the REAL holdings at the snapshot's prices (to the
 * unit), every user and keeper path after a seizure with exact amounts, and the issuer's
 * Token-2022 SetAuthority for a new permanent delegate (the harness has no builder for it).
 */

import {
  createIssuerMint,
  type IssuerMint,
  send,
  TOKEN_2022_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import {
  getRefreshNavInstruction,
  VAULT_PROGRAM_ADDRESS,
  VaultEventKind,
} from '@basket/vault-client';
import {
  AccountRole,
  type Address,
  getAddressEncoder,
  getBase64Encoder,
  type Instruction,
} from '@solana/kit';
import { expect } from 'vitest';
import {
  assetPairs,
  type Basket,
  type Depositor,
  depositIx,
  navAtBalances,
  newDepositor,
  newRedeemerAccounts,
  pda,
  pricedSupply,
  readVault,
  reconciledBooks,
  sharesForDeposit,
  type TestAsset,
  treasuryAccounts,
  VIRTUAL_SHARES,
  withdrawInKindIx,
  withdrawUsdcIx,
  withdrawUsdcQuote,
} from './fixture.ts';
import { buyLeg, type Counterparty, newCounterparty, swapIxs } from './rebalance-fixture.ts';
import { USDC } from './rebalance-leg-support.ts';

/** Raw books: 3.5 xStock (8 dec, issuer mint), 10 legacy (6 dec), 7 split (9 dec, issuer mint). */
export { BOOKS, USDC } from './rebalance-leg-support.ts';

/** A transaction's vault events (kind byte, version byte, payload), in order. */
function events(logs: string[]): Uint8Array[] {
  return logs
    .filter((l) => l.startsWith('Program data: '))
    .map((l) => Uint8Array.from(getBase64Encoder().encode(l.slice('Program data: '.length))));
}

/** Event kinds of a transaction's vault events, in order. */
export function eventKinds(logs: string[]): number[] {
  return events(logs).map((e) => e[0] as number);
}

/** Payloads (after the kind and version bytes) of a transaction's events of `kind`. */
export function eventPayloads(logs: string[], kind: number): Uint8Array[] {
  return events(logs)
    .filter((e) => e[0] === kind)
    .map((e) => e.slice(2));
}

/**
 * Replaces the basket's 9-decimal stock (asset 2, before init_vault) by an issuer mint whose
 * new accounts start frozen (DefaultAccountState Frozen, KYC by the issuer): the vault's
 * holding is created frozen, and so is any account the harness makes without the issuer.
 */
export async function useFrozenByDefaultStock(b: Basket): Promise<IssuerMint> {
  const stock = await createIssuerMint(b.svm, b.payer, {
    decimals: 9,
    multiplier: 2.5,
    defaultState: 'frozen',
  });
  (b.assets[2] as TestAsset).mint = stock;
  b.holdings[2] = await pda(VAULT_PROGRAM_ADDRESS, ['holding', b.skuId, stock.address]);
  return stock;
}

export async function ok(b: Basket, ixs: Instruction[]) {
  const r = await send(b.svm, ixs, b.payer);
  expect(r.error).toBeNull();
  return r;
}

export function issuerMint(b: Basket, i: number): IssuerMint {
  return b.assets[i]?.mint as IssuerMint;
}

export function refreshIx(b: Basket): Instruction {
  return getRefreshNavInstruction({
    vault: b.vault,
    navSnapshot: b.snapshot,
    assetAccounts: assetPairs(b),
  });
}

/** The books equal the real balances (no claim open) and the cash book its token balance. */
export function expectBooksMatchBalances(b: Basket): void {
  const s = readVault(b);
  b.assets.forEach((_, i) => {
    expect(s.assets[i]?.holdingsRaw, `asset ${i}`).toBe(tokenAmount(b.svm, b.holdings[i]!));
  });
  // The cash buffer holds the cash book plus the withdrawal fees owed to the treasury.
  expect(tokenAmount(b.svm, b.cashHolding)).toBe(s.cashRaw + s.withdrawFeesOwed);
}

/**
 * refresh_nav, then: the books are the real balances and the published NAV (rounded down)
 * is the cash plus the real holdings at the snapshot's prices, computed from the token
 * accounts, to the unit. Returns the refresh's event kinds.
 */
export async function expectRealNav(b: Basket): Promise<number[]> {
  const r = await ok(b, [refreshIx(b)]);
  expectBooksMatchBalances(b);
  expect(readVault(b).lastNavUsd).toBe(navAtBalances(b, 'down'));
  return eventKinds(r.logs);
}

/**
 * Every path after a seizure, each with exact amounts and the NAV checked after it: refresh,
 * a deposit, withdraw_usdc, withdraw_in_kind (pro rata of what is really held) and a
 * rebalance leg buying `legAsset` with cash.
 */
export async function everyPathWorks(b: Basket, alice: Depositor, legAsset: number) {
  expect(await expectRealNav(b)).toContain(VaultEventKind.NavRefreshed);
  // Reconciled now: every later refresh reports nothing but the NAV.
  const settled = async () => expect(await expectRealNav(b)).toEqual([VaultEventKind.NavRefreshed]);

  // A deposit priced on the real NAV rounded up.
  const bob = await newDepositor(b, 1_000n * USDC);
  const shares0 = sharesForDeposit(500n * USDC, navAtBalances(b, 'up'), pricedSupply(b));
  await ok(b, [depositIx(b, bob, 500n * USDC)]);
  expect(tokenAmount(b.svm, bob.shareAccount)).toBe(shares0);
  await settled();

  // withdraw_usdc on the same real NAV, net exactly the program's quote.
  await withdrawUsdcExactly(b, bob, 100n * USDC);
  await settled();

  // withdraw_in_kind: pro rata of what is really held, each slice and the cash exact.
  const out = await newRedeemerAccounts(b, alice.signer.address);
  const shares = 1_000n * USDC;
  const total = pricedSupply(b) + VIRTUAL_SHARES;
  const held = reconciledBooks(b);
  const cash = readVault(b).cashRaw;
  await ok(b, [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, shares)]);
  out.assetAccounts.forEach((account, i) => {
    expect(tokenAmount(b.svm, account), `asset ${i}`).toBe(((held[i] as bigint) * shares) / total);
  });
  expect(tokenAmount(b.svm, out.usdcAccount)).toBe((cash * shares) / total);
  await settled();

  // A rebalance leg buying `legAsset` with cash: the books move by exactly the leg.
  await buyWithCash(b, await newCounterparty(b), legAsset, 50n * USDC);
  await settled();
}

/** `d` redeems `shares` for USDC: paid exactly the program's quote, the cash book down by the gross. */
export async function withdrawUsdcExactly(b: Basket, d: Depositor, shares: bigint) {
  const treasury = await treasuryAccounts(b);
  const q = withdrawUsdcQuote(b, shares);
  const usdcBefore = tokenAmount(b.svm, d.usdcAccount);
  const cashBefore = readVault(b).cashRaw;
  const accounts = {
    shareSource: d.shareAccount,
    destination: d.usdcAccount,
    treasuryStable: treasury.usdc,
  };
  await ok(b, [withdrawUsdcIx(b, d.signer, accounts, { shares, quotedOut: q.net })]);
  expect(tokenAmount(b.svm, d.usdcAccount) - usdcBefore).toBe(q.net);
  expect(readVault(b).cashRaw).toBe(cashBefore - q.gross);
}

/**
 * A rebalance leg buying `asset` with `payAmount` of cash at the smallest amount the
 * slippage bound accepts: the cash book and the asset's book move by exactly the leg.
 */
export async function buyWithCash(b: Basket, c: Counterparty, asset: number, payAmount: bigint) {
  const leg = buyLeg(b, asset, payAmount);
  const before = readVault(b);
  await ok(b, swapIxs(b, c, leg));
  const after = readVault(b);
  expect(after.cashRaw).toBe(before.cashRaw - payAmount);
  expect(after.assets[asset]?.holdingsRaw).toBe(
    (before.assets[asset]?.holdingsRaw as bigint) + leg.receiveAmount,
  );
}

/** Token-2022 AuthorityType::PermanentDelegate. */
const AUTHORITY_PERMANENT_DELEGATE = 8;

/**
 * The issuer names a new permanent delegate: Token-2022 SetAuthority (instruction 6) on the
 * mint, signed by the current delegate.
 */
export function setPermanentDelegateIx(mint: IssuerMint, delegate: Address): Instruction {
  const data = new Uint8Array(3 + 32);
  data.set([6, AUTHORITY_PERMANENT_DELEGATE, 1]);
  data.set(getAddressEncoder().encode(delegate), 3);
  return {
    programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    accounts: [
      { address: mint.address, role: AccountRole.WRITABLE },
      { address: mint.issuer.address, role: AccountRole.READONLY_SIGNER, signer: mint.issuer },
    ],
    data,
  } as Instruction;
}
