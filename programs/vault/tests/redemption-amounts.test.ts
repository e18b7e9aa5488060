/**
 * begin_redemption refuses only a redemption that would be owed nothing at all: in a vault
 * holding only cash, a claim owed cash alone is opened (nothing in kind is no reason to
 * refuse), while a redemption too small to be owed a raw unit of anything is refused with
 * AmountTooSmall and changes nothing (the shares are not burned for nothing). Written for
 * the mutant `!any && cash_owed == 0` -> `cash_owed != 0` (docs/mutants.md). Issuer mints with
 * non-unit multipliers, as `setupBasket` makes them.
 */

import { accountBytes, send, tokenAmount } from '@basket/test-harness';
import { VAULT_ERROR__AMOUNT_TOO_SMALL } from '@basket/vault-client';
import { describe, expect, it } from 'vitest';
import {
  beginRedemptionIx,
  claimAddress,
  depositIx,
  initVault,
  newDepositor,
  readVault,
  setupBasket,
  writeSnapshot,
} from './fixture.ts';

const USDC = 1_000_000n;

/** A vault that holds only the cash of one 10,000 USDC deposit. */
async function cashOnly() {
  const b = await setupBasket();
  await initVault(b);
  writeSnapshot(b);
  const alice = await newDepositor(b, 100_000n * USDC);
  expect((await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer)).ok).toBe(true);
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
});
