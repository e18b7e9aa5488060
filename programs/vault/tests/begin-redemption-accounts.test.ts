/**
 * begin_redemption refuses substituted accounts by name, with nothing changed: another mint
 * in the share mint's slot (WrongShareMint), and, in the holdings it reconciles, a token
 * account of the right stock that is not the vault's holding, even one holding more than the
 * book (WrongHolding: a substitute could hide a seizure of the real holding). Written for two
 * mutants (docs/mutants.md) that drop those checks. Issuer mints with non-unit multipliers,
 * as `setupBasket` makes them.
 */

import {
  accountBytes,
  createTokenAccount,
  mintTo,
  SYSTEM_PROGRAM_ADDRESS,
  send,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import {
  getBeginRedemptionInstruction,
  VAULT_ERROR__WRONG_HOLDING,
  VAULT_ERROR__WRONG_SHARE_MINT,
} from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  claimAddress,
  depositIx,
  initVault,
  newDepositor,
  setupBasket,
  stockHoldings,
  writeSnapshot,
} from './fixture.ts';

const USDC = 1_000_000n;

async function world() {
  const b = await setupBasket();
  await initVault(b);
  writeSnapshot(b);
  const alice = await newDepositor(b, 100_000n * USDC);
  expect((await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer)).ok).toBe(true);
  await stockHoldings(b, [350_000_000n, 10_000_000n, 7_000_000_000n]);
  const claim = await claimAddress(b, alice.signer.address, 1n);
  return { b, alice, claim };
}

describe('begin_redemption substituted accounts', () => {
  it('refuses another mint as the share mint (WrongShareMint), nothing changed', async () => {
    const { b, alice, claim } = await world();
    const other = b.assets[0]?.mint.address as Address;
    const ix = getBeginRedemptionInstruction({
      owner: alice.signer,
      vault: b.vault,
      navSnapshot: b.snapshot,
      shareMint: other,
      shareSource: alice.shareAccount,
      claim,
      systemProgram: SYSTEM_PROGRAM_ADDRESS,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      shares: 1_000n * USDC,
      nonce: 1n,
      holdings: b.holdings.slice(0, b.assets.length),
    });
    const watched = [b.vault, b.shareMint, other, alice.shareAccount, claim];
    const before = accountBytes(b.svm, watched);
    expect((await send(b.svm, [ix], b.payer)).customError).toBe(VAULT_ERROR__WRONG_SHARE_MINT);
    expect(accountBytes(b.svm, watched)).toEqual(before);
  });

  it('refuses a richer account of the stock in place of the holding (WrongHolding), nothing changed', async () => {
    const { b, alice, claim } = await world();
    const a0 = b.assets[0];
    if (!a0) throw new Error('fixture');
    const fat = await createTokenAccount(b.svm, b.payer, a0.mint, alice.signer.address);
    await mintTo(b.svm, b.payer, a0.mint, fat, 10_000_000_000n);
    const holdings = [fat, ...b.holdings.slice(1, b.assets.length)];
    const ix = getBeginRedemptionInstruction({
      owner: alice.signer,
      vault: b.vault,
      navSnapshot: b.snapshot,
      shareMint: b.shareMint,
      shareSource: alice.shareAccount,
      claim,
      systemProgram: SYSTEM_PROGRAM_ADDRESS,
      token2022Program: TOKEN_2022_PROGRAM_ADDRESS,
      shares: 1_000n * USDC,
      nonce: 1n,
      holdings,
    });
    const watched = [b.vault, b.shareMint, alice.shareAccount, claim, fat];
    const before = accountBytes(b.svm, watched);
    expect((await send(b.svm, [ix], b.payer)).customError).toBe(VAULT_ERROR__WRONG_HOLDING);
    expect(accountBytes(b.svm, watched)).toEqual(before);
  });
});
