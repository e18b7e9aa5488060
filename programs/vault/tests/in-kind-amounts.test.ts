/**
 * withdraw_in_kind refuses only an exit that would pay nothing at all: in a vault holding only
 * cash, an in-kind exit pays the cash slice alone (nothing in kind is no reason to refuse),
 * while one too small to pay a raw unit of anything is refused with AmountTooSmall and
 * changes nothing (no shares burned for nothing). Written for the mutant `!paid_any &&
 * cash_out == 0` -> `cash_out != 0` (docs/mutants.md). Issuer mints with non-unit
 * multipliers, as `setupBasket` makes them.
 */

import { accountBytes, send, tokenAmount } from '@basket/test-harness';
import { VAULT_ERROR__AMOUNT_TOO_SMALL } from '@basket/vault-client';
import { describe, expect, it } from 'vitest';
import {
  depositIx,
  initVault,
  newDepositor,
  newRedeemerAccounts,
  readVault,
  setupBasket,
  withdrawInKindIx,
  writeSnapshot,
} from './fixture.ts';

const USDC = 1_000_000n;

async function cashOnly() {
  const b = await setupBasket();
  await initVault(b);
  writeSnapshot(b);
  const alice = await newDepositor(b, 100_000n * USDC);
  expect((await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer)).ok).toBe(true);
  expect(readVault(b).assets.every((a) => a.holdingsRaw === 0n)).toBe(true);
  const out = await newRedeemerAccounts(b, alice.signer.address);
  return { b, alice, out };
}

describe('withdraw_in_kind amounts', () => {
  it('pays the cash slice alone from a vault that holds no stock', async () => {
    const { b, alice, out } = await cashOnly();
    const ix = withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 1_000n * USDC);
    expect((await send(b.svm, [ix], b.payer)).error).toBeNull();
    expect(tokenAmount(b.svm, out.usdcAccount)).toBeGreaterThan(0n);
    for (const acc of out.assetAccounts) expect(tokenAmount(b.svm, acc)).toBe(0n);
  });

  it('refuses an exit that would pay nothing at all (AmountTooSmall), burning nothing', async () => {
    const { b, alice, out } = await cashOnly();
    const watched = [b.vault, b.shareMint, alice.shareAccount, out.usdcAccount];
    const before = accountBytes(b.svm, watched);
    const ix = withdrawInKindIx(b, alice.signer, alice.shareAccount, out, 1n);
    expect((await send(b.svm, [ix], b.payer)).customError).toBe(VAULT_ERROR__AMOUNT_TOO_SMALL);
    expect(accountBytes(b.svm, watched)).toEqual(before);
  });
});
