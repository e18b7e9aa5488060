/**
 * The redemption's amounts and slots. begin_redemption refuses only a redemption that would be owed nothing at all: in a vault
 * holding only cash, a claim owed cash alone is opened (nothing in kind is no reason to
 * refuse), while a redemption too small to be owed a raw unit of anything is refused with
 * AmountTooSmall and changes nothing (the shares are not burned for nothing); pay_redemption
 * naming the slot just past the claim's assets is refused as InvalidAssetCount. Written for
 * the mutants `!any && cash_owed == 0` -> `cash_owed != 0` and `slot >= count` -> `slot >
 * count` (docs/mutants.md). Issuer mints with
 * non-unit multipliers, as `setupBasket` makes them.
 */

import {
  accountBytes,
  send,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import {
  getPayRedemptionInstruction,
  VAULT_ERROR__AMOUNT_TOO_SMALL,
  VAULT_ERROR__INVALID_ASSET_COUNT,
} from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  beginRedemptionIx,
  claimAddress,
  depositedVault,
  newRedeemerAccounts,
  openClaim,
  readVault,
  STOCK_BOOKS,
  stockHoldings,
} from './fixture.ts';

const USDC = 1_000_000n;

/** A vault that holds only the cash of one 10,000 USDC deposit. */
async function cashOnly() {
  const { b, alice } = await depositedVault();
  expect(readVault(b).assets.every((a) => a.holdingsRaw === 0n)).toBe(true);
  return { b, alice };
}

describe('begin_redemption amounts', () => {
  it('opens a claim owed cash alone in a vault that holds no stock', async () => {
    const { b, alice } = await cashOnly();
    const claim = await claimAddress(b, alice.signer.address, 1n);
    const cash = readVault(b).cashRaw;
    const ix = beginRedemptionIx(b, alice.signer, {
      shareSource: alice.shareAccount,
      claim,
      shares: 1_000n * USDC,
      nonce: 1n,
    });
    expect((await send(b.svm, [ix], b.payer)).error).toBeNull();
    expect(b.svm.getAccount(claim).exists).toBe(true);
    expect(readVault(b).cashRaw).toBeLessThan(cash);
  });

  it('refuses a redemption owed nothing at all (AmountTooSmall), burning nothing', async () => {
    const { b, alice } = await cashOnly();
    const claim = await claimAddress(b, alice.signer.address, 1n);
    const watched = [b.vault, b.shareMint, alice.shareAccount, claim];
    const before = accountBytes(b.svm, watched);
    const held = tokenAmount(b.svm, alice.shareAccount);
    const ix = beginRedemptionIx(b, alice.signer, {
      shareSource: alice.shareAccount,
      claim,
      shares: 1n,
      nonce: 1n,
    });
    expect((await send(b.svm, [ix], b.payer)).customError).toBe(VAULT_ERROR__AMOUNT_TOO_SMALL);
    expect(accountBytes(b.svm, watched)).toEqual(before);
    expect(tokenAmount(b.svm, alice.shareAccount)).toBe(held);
  });

  it('pay_redemption naming the slot just past the claim assets is refused (InvalidAssetCount)', async () => {
    const { b, alice } = await cashOnly();
    await stockHoldings(b, [...STOCK_BOOKS]);
    const claim = await openClaim(b, alice, 1_000n * USDC);
    const out = await newRedeemerAccounts(b, alice.signer.address);
    const count = b.assets.length;
    const a0 = b.assets[0];
    if (!a0) throw new Error('fixture');
    // Slot `count` (one past the last asset) named, with a well-formed triple.
    const ix = getPayRedemptionInstruction({
      vault: b.vault,
      claim,
      owner: alice.signer.address,
      navSnapshot: b.snapshot,
      stableMint: b.usdc.address,
      cashHolding: b.cashHolding,
      stableDestination: out.usdcAccount,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      slots: 1 << count,
      slotAccounts: [a0.mint.address, b.holdings[0] as Address, out.assetAccounts[0] as Address],
    });
    const watched = [b.vault, claim, b.holdings[0] as Address, out.assetAccounts[0] as Address];
    const before = accountBytes(b.svm, watched);
    expect((await send(b.svm, [ix], b.payer)).customError).toBe(VAULT_ERROR__INVALID_ASSET_COUNT);
    expect(accountBytes(b.svm, watched)).toEqual(before);
  });
});
