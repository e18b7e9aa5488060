/**
 * Bounds that must hold with equality, each checked where the suites only checked one side:
 * a deposit whose `min_shares_out` is exactly the shares it mints lands (one more is refused,
 * deposit.test.ts), and withdraw_usdc accepts `max_slip_bps` of exactly 10,000 (any quote)
 * while 10,001 is refused with InvalidConfig and nothing changed. Written for two mutants
 * (docs/mutants.md): `shares < min_shares_out` -> `<=` and `max_slip_bps > BPS` -> `>=`. The
 * exact shares are learned on a LiteSVM copy of the chain, so no reference formula decides
 * the boundary. Issuer mints with non-unit multipliers, as `setupBasket` makes them.
 */

import { accountBytes, send, tokenAmount } from '@basket/test-harness';
import { VAULT_ERROR__INVALID_CONFIG } from '@basket/vault-client';
import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import {
  depositedVault,
  depositIx,
  STOCK_BOOKS,
  treasuryAccounts,
  withdrawUsdcIx,
} from './fixture.ts';

const USDC = 1_000_000n;

async function world() {
  const { b, alice } = await depositedVault({ books: STOCK_BOOKS });
  const { usdc } = await treasuryAccounts(b);
  return { b, alice, treasuryUsdc: usdc };
}

describe('bounds that hold with equality', () => {
  it('a deposit whose min_shares_out is exactly the shares it mints lands', async () => {
    const { b, alice } = await world();
    const amount = 1_234_567_891n;
    // The shares this deposit mints, from a copy of the chain.
    const copy = LiteSVM.fromBytes(b.svm.toBytes());
    const before = tokenAmount(copy, alice.shareAccount);
    expect((await send(copy, [depositIx({ ...b, svm: copy }, alice, amount)], b.payer)).ok).toBe(
      true,
    );
    const shares = tokenAmount(copy, alice.shareAccount) - before;
    expect(shares).toBeGreaterThan(0n);
    const held = tokenAmount(b.svm, alice.shareAccount);
    const r = await send(b.svm, [depositIx(b, alice, amount, shares)], b.payer);
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, alice.shareAccount) - held).toBe(shares);
  });

  it('withdraw_usdc accepts max_slip_bps 10,000 whatever the quote, refuses 10,001 (InvalidConfig)', async () => {
    const { b, alice, treasuryUsdc } = await world();
    const accounts = {
      shareSource: alice.shareAccount,
      destination: alice.usdcAccount,
      treasuryStable: treasuryUsdc,
    };
    const watched = [b.vault, b.cashHolding, b.shareMint, alice.usdcAccount, alice.shareAccount];
    const before = accountBytes(b.svm, watched);
    const over = withdrawUsdcIx(b, alice.signer, accounts, {
      shares: 100n * USDC,
      maxSlipBps: 10_001,
      quotedOut: 1n,
    });
    expect((await send(b.svm, [over], b.payer)).customError).toBe(VAULT_ERROR__INVALID_CONFIG);
    expect(accountBytes(b.svm, watched)).toEqual(before);
    // 100% slippage accepted: the floor is 0 whatever was quoted.
    const usdc = tokenAmount(b.svm, alice.usdcAccount);
    const all = withdrawUsdcIx(b, alice.signer, accounts, {
      shares: 100n * USDC,
      maxSlipBps: 10_000,
      quotedOut: 10n ** 15n,
    });
    expect((await send(b.svm, [all], b.payer)).error).toBeNull();
    expect(tokenAmount(b.svm, alice.usdcAccount)).toBeGreaterThan(usdc);
  });
});
