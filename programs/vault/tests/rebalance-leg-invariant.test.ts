/**
 * The rebalance invariant in LiteSVM: no transaction takes value out of the vault without
 * returning its oracle value less max_slip_bps, whatever the quote, whoever the counterparty,
 * however many legs a keeper chains (the daily loss budget), whichever mint is delivered.
 */

import { accountBytes, send, setUnixTime } from '@basket/test-harness';
import {
  VAULT_ERROR__LEG_SHORTFALL,
  VAULT_ERROR__REBALANCE_BUDGET_EXCEEDED,
  VAULT_ERROR__REBALANCE_SLIPPAGE,
} from '@basket/vault-client';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Basket, MONDAY_15H, readVault, writeSnapshot } from './fixture.ts';
import {
  type Counterparty,
  incomingIx,
  type Leg,
  legIx,
  minAcceptedIn,
  settleIx,
  sideValue,
  swapIxs,
} from './rebalance-fixture.ts';
import { BOOKS, balanceValue, fundedBasket, SLIP, USDC } from './rebalance-leg-support.ts';

describe('invariant: no transaction takes value out without returning oracle value less max_slip_bps', () => {
  let b: Basket;
  let c: Counterparty;

  beforeEach(async () => {
    ({ b, c } = await fundedBasket());
  });

  it('over many random quotes, a leg either fails unchanged or returns enough value', async () => {
    // A deterministic spread of quotes from 2% below to 1% above the oracle value, every pair of sides.
    const sides = ['cash', 0, 1, 2] as const;
    let seed = 12_345;
    const rnd = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let accepted = 0;
    let rejected = 0;
    for (let n = 0; n < 24; n++) {
      const pay = sides[n % 4] as Leg['pay'];
      const receive = sides[(n + 1 + (n % 3)) % 4] as Leg['receive'];
      if (pay === receive) continue;
      const book = pay === 'cash' ? 5_000n * USDC : (BOOKS[pay] as bigint);
      const payAmount = 1n + BigInt(Math.floor(rnd() * Number(book / 10n)));
      const fair = minAcceptedIn(b, pay, receive, payAmount, 0n);
      const bps = BigInt(Math.floor(rnd() * 300)) - 200n; // -2% .. +1%
      const receiveAmount = (fair * (10_000n + bps)) / 10_000n;
      if (receiveAmount === 0n) continue;
      const leg = { pay, receive, payAmount, receiveAmount };
      const valueBefore = balanceValue(b);
      const before = accountBytes(b.svm, [b.vault, b.cashHolding, ...b.holdings]);
      const r = await send(b.svm, swapIxs(b, c, leg), b.payer);
      expect(r.computeUnits).toBeGreaterThan(0n);
      if (r.ok) {
        accepted++;
        const out = sideValue(b, pay, payAmount, true);
        const lost = valueBefore - balanceValue(b);
        // The vault's oracle value falls by at most the slippage allowance (plus rounding).
        expect(lost * 10_000n).toBeLessThanOrEqual(out * SLIP + 2n * 10_000n);
      } else {
        rejected++;
        expect(r.customError).toBe(VAULT_ERROR__REBALANCE_SLIPPAGE);
        expect(accountBytes(b.svm, [b.vault, b.cashHolding, ...b.holdings])).toEqual(before);
      }
    }
    expect(accepted).toBeGreaterThan(3);
    expect(rejected).toBeGreaterThan(3);
  });

  it('whoever the counterparty is (the keeper included), it gains at most the slippage allowance', async () => {
    // Given a quote at the worst price the vault accepts
    const leg = { pay: 'cash', receive: 0, payAmount: 1_000n * USDC, receiveAmount: 0n } as Leg;
    leg.receiveAmount = minAcceptedIn(b, 'cash', 0, leg.payAmount, SLIP);
    const before = balanceValue(b);
    const r = await send(b.svm, swapIxs(b, c, leg), b.payer);
    expect(r.error).toBeNull();
    const lost = before - balanceValue(b);
    expect(lost).toBeLessThanOrEqual((leg.payAmount * SLIP) / 10_000n + 1n);
    // and one raw unit less is refused
    const worse = { ...leg, receiveAmount: minAcceptedIn(b, 'cash', 0, leg.payAmount, SLIP) - 1n };
    const r2 = await send(b.svm, swapIxs(b, c, worse), b.payer);
    expect(r2.customError).toBe(VAULT_ERROR__REBALANCE_SLIPPAGE);
    console.info(`rebalance self-dealing check: ${r.computeUnits} / ${r2.computeUnits} CU`);
  });

  it('a keeper chaining legs at the worst accepted price is stopped by the daily loss budget', async () => {
    // Given the budget: max_slip_bps of the NAV recorded at the last deposit
    const budget = (readVault(b).lastNavUsd * SLIP) / 10_000n;
    let spent = 0n;
    let failed: number | null = null;
    // When the keeper trades cash for asset 1 and back, every leg at the worst accepted price
    for (let n = 0; n < 40 && failed === null; n++) {
      const pay = n % 2 === 0 ? 'cash' : 1;
      const receive = n % 2 === 0 ? 1 : 'cash';
      const payAmount = pay === 'cash' ? 1_000n * USDC : 9_000_000n;
      const leg = {
        pay,
        receive,
        payAmount,
        receiveAmount: minAcceptedIn(b, pay, receive, payAmount, SLIP),
      } as Leg;
      const loss =
        sideValue(b, pay, payAmount, true) - sideValue(b, receive, leg.receiveAmount, false);
      const before = accountBytes(b.svm, [b.vault, b.cashHolding, ...b.holdings]);
      const r = await send(b.svm, swapIxs(b, c, leg), b.payer);
      expect(r.computeUnits).toBeGreaterThan(0n);
      if (r.ok) {
        spent += loss > 0n ? loss : 0n;
      } else {
        failed = r.customError;
        // Then the refused leg is the one that would have gone over the budget
        expect(spent + loss).toBeGreaterThan(budget);
        expect(accountBytes(b.svm, [b.vault, b.cashHolding, ...b.holdings])).toEqual(before);
      }
    }
    expect(failed).toBe(VAULT_ERROR__REBALANCE_BUDGET_EXCEEDED);
    expect(spent).toBeLessThanOrEqual(budget);
    expect(readVault(b).rebalanceLossUsd).toBe(spent);
    // And the next UTC day starts a new budget
    setUnixTime(b.svm, MONDAY_15H + 86_400n);
    writeSnapshot(b, { sequence: 2n });
    const leg = { pay: 'cash', receive: 1, payAmount: 100n * USDC, receiveAmount: 0n } as Leg;
    leg.receiveAmount = minAcceptedIn(b, 'cash', 1, leg.payAmount, SLIP);
    const r = await send(b.svm, swapIxs(b, c, leg), b.payer);
    expect(r.error).toBeNull();
  });

  it('a leg quoted against one mint cannot be settled with a delivery of a cheaper mint', async () => {
    // The leg names asset 0 ($248/token) but the transaction delivers asset 2's tokens.
    const leg = { pay: 'cash', receive: 0, payAmount: 100n * USDC, receiveAmount: 0n } as Leg;
    leg.receiveAmount = minAcceptedIn(b, 'cash', 0, leg.payAmount, SLIP);
    const before = accountBytes(b.svm, [b.vault, b.cashHolding, ...b.holdings]);
    const r = await send(
      b.svm,
      [
        legIx(b, c, leg),
        incomingIx(b, c, leg, { mint: b.assets[2]?.mint, destination: b.holdings[2] }),
        settleIx(b, 0),
      ],
      b.payer,
    );
    expect(r.customError).toBe(VAULT_ERROR__LEG_SHORTFALL);
    expect(accountBytes(b.svm, [b.vault, b.cashHolding, ...b.holdings])).toEqual(before);
  });
});
