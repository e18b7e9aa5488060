// The issuer's powers against the vault's deferred and in-kind exits, on mints with the
// issuer's full extension set and non-unit multipliers: a receiving account that starts
// frozen (refused by name, then a redemption claim paid after the thaw), a seizure before a
// claim is made and while one is open, a seizure between a stablecoin request and its
// fulfilment, and a paused mint in kind. Every amount is checked to the unit against a
// reference computed from the token accounts.
import {
  accountBytes,
  createTokenAccount,
  delegateBurnInstruction,
  freezeInstruction,
  isFrozen,
  pauseInstruction,
  send,
  setUnixTime,
  tokenAmount,
} from '@basket/test-harness';
import {
  getInKindNotPaidEventDecoder,
  getRedemptionClaimDecoder,
  type RedemptionClaim,
  VAULT_ERROR__DESTINATION_FROZEN,
  VAULT_ERROR__NOT_ENOUGH_ACCOUNTS,
  VAULT_ERROR__WRONG_HOLDING,
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
  mintSupply,
  navAtBalances,
  newDepositor,
  newRedeemerAccounts,
  payRedemptionIx,
  pricedSupply,
  readVault,
  requestWithdrawIx,
  setupBasket,
  stockHoldings,
  treasuryAccounts,
  VIRTUAL_ASSETS_USD,
  VIRTUAL_SHARES,
  withdrawInKindIx,
  writeSnapshot,
} from './fixture.ts';
import {
  BOOKS,
  eventKinds,
  eventPayloads,
  expectRealNav,
  issuerMint,
  ok,
  refreshIx,
  USDC,
  useFrozenByDefaultStock,
} from './issuer-support.ts';

/** Token-2022's `AccountFrozen`. */
const TOKEN_ACCOUNT_FROZEN = 17;

function readClaim(b: Basket, claim: Address): RedemptionClaim {
  const account = b.svm.getAccount(claim);
  if (!account.exists) throw new Error('claim does not exist');
  return getRedemptionClaimDecoder().decode(Uint8Array.from(account.data));
}

/** A funded vault: Alice's deposit, real stock minted into every holding, a fresh NAV. */
async function fundedVault(b: Basket): Promise<Depositor> {
  await initVault(b);
  writeSnapshot(b);
  const alice = await newDepositor(b, 100_000n * USDC);
  await ok(b, [depositIx(b, alice, 10_000n * USDC)]);
  return alice;
}

describe('a receiving account that starts frozen', () => {
  it('withdraw_in_kind refuses it by name and changes nothing; a claim pays it after the thaw', async () => {
    const b = await setupBasket();
    const stock = await useFrozenByDefaultStock(b);
    const alice = await fundedVault(b);
    // The issuer thawed the vault's holding (KYC); real stock is minted into every holding.
    await ok(b, [freezeInstruction(stock, b.holdings[2]!, false)]);
    await stockHoldings(b, BOOKS);
    await ok(b, [refreshIx(b)]);

    // Alice's new account of that stock, made as a wallet makes it: frozen until the issuer
    // thaws it (the harness's createTokenAccount thaws only when handed the issuer).
    const out = await newRedeemerAccounts(b, alice.signer.address);
    const frozenAccount = await createTokenAccount(
      b.svm,
      b.payer,
      { address: stock.address, tokenProgram: stock.tokenProgram },
      alice.signer.address,
    );
    expect(isFrozen(b.svm, frozenAccount)).toBe(true);
    out.assetAccounts[2] = frozenAccount;

    const shares = 1_000n * USDC;
    const watched = [b.vault, alice.shareAccount, b.shareMint, ...b.holdings, ...out.assetAccounts];
    const before = accountBytes(b.svm, watched);
    const refused = await send(
      b.svm,
      [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, shares)],
      b.payer,
    );
    expect(refused.customError, refused.error ?? '').toBe(VAULT_ERROR__DESTINATION_FROZEN);
    expect(accountBytes(b.svm, watched)).toEqual(before);

    // The way out the SDK offers: a claim, every other slot paid now, this one after the thaw.
    const total = pricedSupply(b) + VIRTUAL_SHARES;
    const claim = await claimAddress(b, alice.signer.address, 1n);
    await ok(b, [
      beginRedemptionIx(b, alice.signer, {
        shareSource: alice.shareAccount,
        claim,
        shares,
        nonce: 1n,
      }),
    ]);
    const owed = readClaim(b, claim).owed;
    BOOKS.forEach((book, i) => {
      expect(owed[i], `slot ${i}`).toBe((book * shares) / total);
    });
    const to = { claim, owner: alice.signer.address, to: out };
    await ok(b, [payRedemptionIx(b, { ...to, slots: [0, 1], cash: true })]);
    expect(tokenAmount(b.svm, out.assetAccounts[0]!)).toBe(owed[0]);
    expect(tokenAmount(b.svm, out.assetAccounts[1]!)).toBe(owed[1]);
    const stillFrozen = await send(b.svm, [payRedemptionIx(b, { ...to, slots: [2] })], b.payer);
    expect(stillFrozen.customError).toBe(TOKEN_ACCOUNT_FROZEN);
    expect(readVault(b).assets[2]?.claimsOwedRaw).toBe(owed[2]);

    await ok(b, [freezeInstruction(stock, frozenAccount, false)]);
    await ok(b, [payRedemptionIx(b, { ...to, slots: [2] })]);
    expect(tokenAmount(b.svm, frozenAccount)).toBe(owed[2]);
    expect(b.svm.getAccount(claim).exists).toBe(false);
    expect(readVault(b).assets[2]?.claimsOwedRaw).toBe(0n);
    expect(await expectRealNav(b)).toEqual([VaultEventKind.NavRefreshed]);
  });
});

describe('seizures around deferred exits', () => {
  let b: Basket;
  let alice: Depositor;

  beforeEach(async () => {
    b = await setupBasket();
    alice = await fundedVault(b);
    await stockHoldings(b, BOOKS);
    await ok(b, [refreshIx(b)]);
  });

  it("begin_redemption refuses holdings that are not the vault's, or too few of them", async () => {
    const claim = await claimAddress(b, alice.signer.address, 7n);
    const watched = [b.vault, alice.shareAccount, claim];
    const before = accountBytes(b.svm, watched);
    const input = { shareSource: alice.shareAccount, claim, shares: USDC, nonce: 7n };
    const [h0, h1, h2] = b.holdings as [Address, Address, Address];
    for (const [holdings, code] of [
      [[h1, h0, h2], VAULT_ERROR__WRONG_HOLDING],
      [[h0, h1], VAULT_ERROR__NOT_ENOUGH_ACCOUNTS],
    ] as const) {
      const r = await send(
        b.svm,
        [beginRedemptionIx(b, alice.signer, { ...input, holdings: [...holdings] })],
        b.payer,
      );
      expect(r.customError, r.error ?? '').toBe(code);
      expect(accountBytes(b.svm, watched)).toEqual(before);
    }
  });

  async function begin(shares: bigint) {
    const claim = await claimAddress(b, alice.signer.address, 7n);
    const r = await ok(b, [
      beginRedemptionIx(b, alice.signer, {
        shareSource: alice.shareAccount,
        claim,
        shares,
        nonce: 7n,
      }),
    ]);
    return { claim, logs: r.logs };
  }

  it('begin_redemption reconciles first: the event, the book dropped, the claim pro rata of what is held', async () => {
    const burned = BOOKS[0]! / 2n;
    await ok(b, [delegateBurnInstruction(issuerMint(b, 0), b.holdings[0]!, burned)]);
    const shares = 1_000n * USDC;
    const total = pricedSupply(b) + VIRTUAL_SHARES;
    const { claim, logs } = await begin(shares);
    expect(eventKinds(logs)).toEqual([
      VaultEventKind.HoldingBelowBook,
      VaultEventKind.RedemptionBegun,
    ]);
    const held = BOOKS.map((book, i) => (i === 0 ? book - burned : book));
    const c = readClaim(b, claim);
    const s = readVault(b);
    held.forEach((h, i) => {
      expect(c.owed[i], `slot ${i}`).toBe((h * shares) / total);
      expect(s.assets[i]?.holdingsRaw, `book ${i}`).toBe(h - (c.owed[i] as bigint));
      expect(s.assets[i]?.claimsOwedRaw, `owed ${i}`).toBe(c.owed[i]);
    });
  });

  it('a seizure while a claim is open: pay_redemption pays pro rata of what is really held', async () => {
    const shares = 2_000n * USDC;
    const { claim } = await begin(shares);
    const owed = readClaim(b, claim).owed[2] as bigint;
    const book = readVault(b).assets[2]?.holdingsRaw as bigint;
    // The delegate burns 40% of the holding that backs both the book and the claim.
    const burned = ((book + owed) * 2n) / 5n;
    await ok(b, [delegateBurnInstruction(issuerMint(b, 2), b.holdings[2]!, burned)]);
    const balance = book + owed - burned;
    // The book's pro-rata part, rounded up (in favour of the vault); the claim gets the rest.
    const bookAfter = (book * balance + book + owed - 1n) / (book + owed);
    const pay = (owed * (balance - bookAfter)) / owed;

    const out = await newRedeemerAccounts(b, alice.signer.address);
    const r = await ok(b, [
      payRedemptionIx(b, { claim, owner: alice.signer.address, to: out, slots: [2] }),
    ]);
    expect(eventKinds(r.logs)).toEqual([
      VaultEventKind.HoldingBelowBook,
      VaultEventKind.RedemptionPaid,
    ]);
    expect(tokenAmount(b.svm, out.assetAccounts[2]!)).toBe(pay);
    expect(pay).toBeLessThan(owed);
    const s = readVault(b);
    expect(s.assets[2]?.holdingsRaw).toBe(bookAfter);
    expect(s.assets[2]?.claimsOwedRaw).toBe(0n);
    // Nobody is richer than what is held: the book and the payment fit in the balance.
    expect(tokenAmount(b.svm, b.holdings[2]!)).toBe(balance - pay);
    expect(bookAfter + pay).toBeLessThanOrEqual(balance);
    await ok(b, [refreshIx(b)]);
    expect(readVault(b).lastNavUsd).toBe(navAtBalances(b, 'down'));
  });

  it('fulfil_withdrawal after a seizure pays on the reconciled NAV', async () => {
    const treasury = await treasuryAccounts(b);
    const shares = 1_500n * USDC;
    await ok(b, [await requestWithdrawIx(b, alice, shares, 1n)]);
    await ok(b, [delegateBurnInstruction(issuerMint(b, 0), b.holdings[0]!, BOOKS[0]! / 3n)]);
    // A push after the request (forward pricing), at the same prices.
    setUnixTime(b.svm, MONDAY_15H + 20n);
    writeSnapshot(b);
    const nav = navAtBalances(b, 'down');
    const usdc0 = tokenAmount(b.svm, alice.usdcAccount);
    const r = await ok(b, [await fulfilWithdrawalIx(b, alice, treasury.usdc)]);
    expect(eventKinds(r.logs)[0]).toBe(VaultEventKind.HoldingBelowBook);
    expect(readVault(b).assets[0]?.holdingsRaw).toBe(BOOKS[0]! - BOOKS[0]! / 3n);
    // Priced by minted + owed fee shares (accrued up to now) + the request's escrowed shares.
    const priced = mintSupply(b.svm, b.shareMint) + readVault(b).feeSharesOwed + shares;
    const gross = (shares * (nav + VIRTUAL_ASSETS_USD)) / (priced + VIRTUAL_SHARES);
    const fee = (gross * 5n + 9_999n) / 10_000n;
    expect(tokenAmount(b.svm, alice.usdcAccount) - usdc0).toBe(gross - fee);
    expect(await expectRealNav(b)).toEqual([VaultEventKind.NavRefreshed]);
  });

  it('a paused issuer mint in kind: its slice stays (reason 2), the other slots are paid exactly', async () => {
    await ok(b, [pauseInstruction(issuerMint(b, 0), true)]);
    const out = await newRedeemerAccounts(b, alice.signer.address);
    const shares = 1_000n * USDC;
    const total = pricedSupply(b) + VIRTUAL_SHARES;
    const cash = readVault(b).cashRaw;
    const r = await ok(b, [
      withdrawInKindIx(b, alice.signer, alice.shareAccount, out, shares, undefined, 0b1),
    ]);
    expect(eventKinds(r.logs)).toEqual([
      VaultEventKind.InKindNotPaid,
      VaultEventKind.WithdrawInKind,
    ]);
    const [payload] = eventPayloads(r.logs, VaultEventKind.InKindNotPaid);
    const event = getInKindNotPaidEventDecoder().decode(payload as Uint8Array);
    expect(event.reason).toBe(2);
    expect(event.assetIndex).toBe(0);
    expect(event.mint).toBe(issuerMint(b, 0).address);
    expect(tokenAmount(b.svm, out.assetAccounts[0]!)).toBe(0n);
    for (const i of [1, 2]) {
      expect(tokenAmount(b.svm, out.assetAccounts[i]!)).toBe((BOOKS[i]! * shares) / total);
    }
    expect(tokenAmount(b.svm, out.usdcAccount)).toBe((cash * shares) / total);
    expect(readVault(b).assets[0]?.holdingsRaw).toBe(BOOKS[0]);
    expect(await expectRealNav(b)).toEqual([VaultEventKind.NavRefreshed]);

    // Resumed: the next in-kind exit is paid that slice too.
    await ok(b, [pauseInstruction(issuerMint(b, 0), false)]);
    const slice = (BOOKS[0]! * shares) / (pricedSupply(b) + VIRTUAL_SHARES);
    await ok(b, [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, shares)]);
    expect(tokenAmount(b.svm, out.assetAccounts[0]!)).toBe(slice);
  });
});
