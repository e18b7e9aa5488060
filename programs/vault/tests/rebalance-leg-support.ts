/**
 * Shared setup of the rebalance_leg suites: the mixed basket funded by one deposit with the
 * books below stocked, a counterparty (the trade authority), and the two checks every direct
 * route test makes (a swap books exactly its deltas within the slippage bound; a rejection is
 * the named error with every touched account unchanged).
 */

import { accountBytes, send, tokenAmount } from '@basket/test-harness';
import type { Address, Instruction } from '@solana/kit';
import { expect } from 'vitest';
import {
  type Basket,
  depositIx,
  initVault,
  newDepositor,
  readVault,
  setupBasket,
  stockHoldings,
  writeSnapshot,
} from './fixture.ts';
import {
  accountOf,
  type Counterparty,
  holdingOf,
  type Leg,
  minAcceptedIn,
  newCounterparty,
  sideValue,
  swapIxs,
} from './rebalance-fixture.ts';

export const USDC = 1_000_000n;
export const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];
export const SLIP = 50n; // the fixture's max_slip_bps

/** The initialised basket after a 10,000 USDC deposit, `BOOKS` stocked, and a counterparty. */
export async function fundedBasket(): Promise<{ b: Basket; c: Counterparty }> {
  const b = await setupBasket();
  await initVault(b);
  writeSnapshot(b);
  const alice = await newDepositor(b, 100_000n * USDC);
  expect((await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer)).ok).toBe(true);
  await stockHoldings(b, BOOKS);
  return { b, c: await newCounterparty(b) };
}

/** Oracle value of the vault's token balances (rounded down), independent of its books. */
export function balanceValue(b: Basket): bigint {
  let v = tokenAmount(b.svm, b.cashHolding);
  for (let i = 0; i < b.assets.length; i++)
    v += sideValue(b, i, tokenAmount(b.svm, b.holdings[i] as Address), false);
  return v;
}

/**
 * The direct-route checks, bound to the suite's current basket and counterparty (`world` is
 * read on every call because `beforeEach` replaces both).
 */
export function legChecks(world: () => { b: Basket; c: Counterparty }) {
  /** A fair leg: `payAmount` of `pay` against the smallest amount within the slippage. */
  function fairLeg(pay: Leg['pay'], receive: Leg['receive'], payAmount: bigint): Leg {
    const { b } = world();
    return {
      pay,
      receive,
      payAmount,
      receiveAmount: minAcceptedIn(b, pay, receive, payAmount, SLIP),
    };
  }

  function touched(leg: Leg): Address[] {
    const { b, c } = world();
    return [
      b.vault,
      holdingOf(b, leg.pay),
      holdingOf(b, leg.receive),
      accountOf(c, leg.pay),
      accountOf(c, leg.receive),
    ];
  }

  async function expectRejected(ixs: Instruction[], leg: Leg, code: number): Promise<void> {
    const { b } = world();
    const before = accountBytes(b.svm, touched(leg));
    const r = await send(b.svm, ixs, b.payer);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(r.computeUnits).toBeGreaterThan(0n);
    expect(accountBytes(b.svm, touched(leg))).toEqual(before);
  }

  async function expectSwapped(leg: Leg, ixs?: Instruction[]): Promise<bigint> {
    const { b, c } = world();
    const s0 = readVault(b);
    const payBefore = tokenAmount(b.svm, holdingOf(b, leg.pay));
    const receiveBefore = tokenAmount(b.svm, holdingOf(b, leg.receive));
    const r = await send(b.svm, ixs ?? swapIxs(b, c, leg), b.payer);
    expect(r.error).toBeNull();
    const s1 = readVault(b);
    const bookOf = (s: typeof s0, slot: Leg['pay']) =>
      slot === 'cash' ? s.cashRaw : (s.assets[slot]?.holdingsRaw as bigint);
    // Then the raw deltas are booked and match the token balances.
    expect(bookOf(s1, leg.pay)).toBe(bookOf(s0, leg.pay) - leg.payAmount);
    expect(bookOf(s1, leg.receive)).toBe(bookOf(s0, leg.receive) + leg.receiveAmount);
    expect(tokenAmount(b.svm, holdingOf(b, leg.pay))).toBe(payBefore - leg.payAmount);
    expect(tokenAmount(b.svm, holdingOf(b, leg.receive))).toBe(receiveBefore + leg.receiveAmount);
    expect(s1.legPending).toBe(0);
    // And the value received is at least the value paid less max_slip_bps.
    const out = sideValue(b, leg.pay, leg.payAmount, true);
    expect(sideValue(b, leg.receive, leg.receiveAmount, false) * 10_000n).toBeGreaterThanOrEqual(
      out * (10_000n - SLIP),
    );
    return r.computeUnits;
  }

  return { fairLeg, expectRejected, expectSwapped };
}
