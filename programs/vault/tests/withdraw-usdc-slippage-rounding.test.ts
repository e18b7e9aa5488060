/**
 * withdraw_usdc's slippage floor `min_net = ceil(quoted_out x (10,000 - max_slip_bps) /
 * 10,000)`, one test per rounding direction: the floor is rounded up (in the owner's favour:
 * never a unit below what they accepted), so a quote whose exact floor falls between the
 * net paid and the next unit is refused, and a quote whose floor rounds up to the net lands.
 * Kills the mutant that rounds the floor down (docs/mutants.md). The net is learned on a copy
 * of the chain (LiteSVM's snapshot), so no reference formula decides the boundary.
 * Issuer mints with non-unit multipliers, as `setupBasket` makes them.
 */

import { accountBytes, send, tokenAmount } from '@basket/test-harness';
import { VAULT_ERROR__SLIPPAGE_EXCEEDED } from '@basket/vault-client';
import { LiteSVM } from 'litesvm';
import { describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositedVault,
  STOCK_BOOKS,
  treasuryAccounts,
  withdrawUsdcIx,
} from './fixture.ts';

const SHARES = 777_777_777n;
const KEEP = 9_999n; // max_slip_bps = 1

async function world(): Promise<{
  b: Basket;
  alice: Depositor;
  treasuryUsdc: Awaited<ReturnType<typeof treasuryAccounts>>['usdc'];
}> {
  const { b, alice } = await depositedVault({ books: STOCK_BOOKS });
  const { usdc } = await treasuryAccounts(b);
  return { b, alice, treasuryUsdc: usdc };
}

function withdraw(b: Basket, alice: Depositor, treasuryUsdc: Basket['vault'], quotedOut: bigint) {
  return withdrawUsdcIx(
    b,
    alice.signer,
    {
      shareSource: alice.shareAccount,
      destination: alice.usdcAccount,
      treasuryStable: treasuryUsdc,
    },
    { shares: SHARES, maxSlipBps: 1, quotedOut },
  );
}

/** The net `SHARES` would pay now, from a copy of the chain (no slippage bound). */
async function netOnACopy(
  b: Basket,
  alice: Depositor,
  treasuryUsdc: Basket['vault'],
): Promise<bigint> {
  const copy = LiteSVM.fromBytes(b.svm.toBytes());
  const c = { ...b, svm: copy };
  const before = tokenAmount(copy, alice.usdcAccount);
  expect((await send(copy, [withdraw(c, alice, treasuryUsdc, 0n)], b.payer)).error).toBeNull();
  return tokenAmount(copy, alice.usdcAccount) - before;
}

describe('withdraw_usdc slippage floor rounding', () => {
  it('refuses a quote whose floor, rounded up, is one unit above the net (SlippageExceeded), nothing changed', async () => {
    const { b, alice, treasuryUsdc } = await world();
    const net = await netOnACopy(b, alice, treasuryUsdc);
    // quoted x 0.9999 lies strictly between net and net + 1: floor net, ceiling net + 1.
    const quoted = (net * 10_000n + 1n + KEEP - 1n) / KEEP;
    expect((quoted * KEEP) % 10_000n).not.toBe(0n);
    expect((quoted * KEEP) / 10_000n).toBe(net);
    const watched = [b.vault, b.cashHolding, b.shareMint, alice.usdcAccount, alice.shareAccount];
    const before = accountBytes(b.svm, watched);
    const r = await send(b.svm, [withdraw(b, alice, treasuryUsdc, quoted)], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__SLIPPAGE_EXCEEDED);
    expect(accountBytes(b.svm, watched)).toEqual(before);
  });

  it('lands a quote whose floor rounds up to exactly the net', async () => {
    const { b, alice, treasuryUsdc } = await world();
    const net = await netOnACopy(b, alice, treasuryUsdc);
    // The largest quote with ceil(quoted x 0.9999) = net.
    const quoted = (net * 10_000n) / KEEP;
    expect((quoted * KEEP + 9_999n) / 10_000n).toBe(net);
    const usdcBefore = tokenAmount(b.svm, alice.usdcAccount);
    expect(
      (await send(b.svm, [withdraw(b, alice, treasuryUsdc, quoted)], b.payer)).error,
    ).toBeNull();
    expect(tokenAmount(b.svm, alice.usdcAccount) - usdcBefore).toBe(net);
  });
});
