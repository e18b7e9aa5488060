/**
 * An in-kind exit that pays no cash leaves the stablecoin destination alone: with the cash
 * book at 0, withdraw_in_kind pays every stock slice even when the account named as the
 * stablecoin destination could not receive (frozen by its issuer, another mint), and
 * pay_redemption paying stock slots only does the same. Written for three mutants
 * (docs/mutants.md) that make the zero-cash paths touch that account: the DestinationFrozen
 * check's `cash_out > 0` and the two cash transfers' `> 0`, each turned `>= 0`. Issuer mints
 * with non-unit multipliers, as `setupBasket` makes them.
 */

import {
  accountBytes,
  createTokenAccount,
  freezeInstruction,
  type IssuerMint,
  send,
  tokenAmount,
} from '@basket/test-harness';
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  depositedVault,
  newRedeemerAccounts,
  openClaim,
  patchVault,
  payRedemptionIx,
  readVault,
  STOCK_BOOKS,
  withdrawInKindIx,
} from './fixture.ts';

const USDC = 1_000_000n;

/** A vault holding stocks and no cash book, and an account of stock 0 frozen by its issuer. */
async function world() {
  const { b, alice } = await depositedVault({ books: STOCK_BOOKS });
  // No cash book: nothing of the stablecoin is anyone's to pay (the balance stays a surplus).
  patchVault(b, (s) => ({ ...s, cashRaw: 0n }));
  const mint = b.assets[0]?.mint as IssuerMint;
  const frozen = await createTokenAccount(b.svm, b.payer, mint, alice.signer.address);
  expect((await send(b.svm, [freezeInstruction(mint, frozen, true)], b.payer)).ok).toBe(true);
  const out = await newRedeemerAccounts(b, alice.signer.address);
  return { b, alice, frozen, out: { ...out, usdcAccount: frozen as Address } };
}

describe('exits that pay no cash leave the stablecoin destination alone', () => {
  it('withdraw_in_kind with no cash pays every stock slice; the (frozen, other-mint) destination is untouched', async () => {
    const { b, alice, frozen, out } = await world();
    const before = accountBytes(b.svm, [frozen]);
    const r = await send(
      b.svm,
      [withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 1_000n * USDC)],
      b.payer,
    );
    expect(r.error).toBeNull();
    for (const acc of out.assetAccounts) expect(tokenAmount(b.svm, acc)).toBeGreaterThan(0n);
    expect(readVault(b).cashRaw).toBe(0n);
    expect(accountBytes(b.svm, [frozen])).toEqual(before);
  });

  it('pay_redemption of stock slots only leaves the stablecoin destination alone', async () => {
    const { b, alice, frozen, out } = await world();
    const claim = await openClaim(b, alice, 1_000n * USDC);
    const before = accountBytes(b.svm, [frozen]);
    const pay = payRedemptionIx(b, {
      claim,
      owner: alice.signer.address,
      to: out,
      slots: [0, 1, 2],
      cash: false,
    });
    expect((await send(b.svm, [pay], b.payer)).error).toBeNull();
    for (const acc of out.assetAccounts) expect(tokenAmount(b.svm, acc)).toBeGreaterThan(0n);
    expect(accountBytes(b.svm, [frozen])).toEqual(before);
  });
});
