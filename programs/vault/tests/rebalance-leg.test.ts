/**
 * rebalance_leg / rebalance_settle in LiteSVM on the mixed basket (Token-2022 with
 * multipliers 1.0571 and 2.5, an SPL Token asset, SPL Token USDC), through the direct route:
 * the vault pays the trade authority, which delivers from its own accounts. This file: swaps
 * in every direction, the slippage bound, and what counts as a delivery. Every rejection is
 * the specific custom error with every touched account byte-for-byte unchanged; every test
 * reads the transaction's compute units. Authority, locking and guards are in
 * `rebalance-leg-guards.test.ts`, the value invariants in `rebalance-leg-invariant.test.ts`,
 * the aggregator and RFQ routes and CPI calls mid-route in `rebalance-routes.test.ts`.
 */

import { tokenAmount } from '@basket/test-harness';
import {
  VAULT_ERROR__LEG_SHORTFALL,
  VAULT_ERROR__REBALANCE_SLIPPAGE,
  VAULT_ERROR__SETTLE_MISSING,
} from '@basket/vault-client';
import type { Address, Instruction } from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Basket } from './fixture.ts';
import { type Counterparty, incomingIx, legIx, settleIx, swapIxs } from './rebalance-fixture.ts';
import { fundedBasket, legChecks, USDC } from './rebalance-leg-support.ts';

describe('rebalance_leg', () => {
  let b: Basket;
  let c: Counterparty;
  const { fairLeg, expectRejected, expectSwapped } = legChecks(() => ({ b, c }));

  beforeEach(async () => {
    ({ b, c } = await fundedBasket());
  });

  it('buys a Token-2022 asset with cash: pays by CPI, books both raw deltas, settles', async () => {
    // Given a quote of 500 USDC for asset 0 (multiplier 1.0571) at the slippage bound
    const leg = fairLeg('cash', 0, 500n * USDC);
    // When the keeper submits leg, incoming transfer, settle
    const cu = await expectSwapped(leg);
    // Then the counterparty received exactly the outgoing amount
    expect(tokenAmount(b.svm, c.usdc)).toBe(10n ** 12n + leg.payAmount);
    console.info(`rebalance_leg + transfer + settle (cash -> Token-2022): ${cu} CU`);
  });

  it('sells an SPL Token asset for cash', async () => {
    const cu = await expectSwapped(fairLeg(1, 'cash', 4_000_000n));
    console.info(`rebalance_leg + transfer + settle (SPL Token -> cash): ${cu} CU`);
  });

  it('swaps a Token-2022 asset (multiplier 2.5) for an SPL Token asset', async () => {
    const cu = await expectSwapped(fairLeg(2, 1, 2_000_000_000n));
    console.info(`rebalance_leg + transfer + settle (Token-2022 -> SPL Token): ${cu} CU`);
  });

  it('accepts compute-budget instructions before the leg', async () => {
    const leg = fairLeg('cash', 2, 100n * USDC);
    const ixs = [getSetComputeUnitLimitInstruction({ units: 200_000 }), ...swapIxs(b, c, leg)];
    await expectSwapped(leg, ixs);
  });

  it('accepts the slippage bound exactly and rejects one raw unit less', async () => {
    const leg = fairLeg('cash', 0, 1_000n * USDC);
    const short = { ...leg, receiveAmount: leg.receiveAmount - 1n };
    await expectRejected(swapIxs(b, c, short), short, VAULT_ERROR__REBALANCE_SLIPPAGE);
    await expectSwapped(leg);
  });

  it('rejects a price outside max_slip_bps in both directions of trade', async () => {
    for (const [pay, receive] of [
      ['cash', 0],
      [0, 'cash'],
      [2, 1],
    ] as const) {
      const payAmount = pay === 'cash' ? 300n * USDC : pay === 0 ? 50_000_000n : 1_000_000_000n;
      const fair = fairLeg(pay, receive, payAmount);
      // 0.6% below the oracle value: outside the 0.5% bound.
      const leg = { ...fair, receiveAmount: (fair.receiveAmount * 9_990n) / 10_000n };
      await expectRejected(swapIxs(b, c, leg), leg, VAULT_ERROR__REBALANCE_SLIPPAGE);
    }
  });

  it('refuses a delivery of another mint into another holding: the quoted holding did not grow', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    const ixs = [
      legIx(b, c, leg),
      incomingIx(b, c, leg, { mint: b.assets[2]?.mint, destination: b.holdings[2] }),
      settleIx(b, 0),
    ];
    await expectRejected(ixs, leg, VAULT_ERROR__LEG_SHORTFALL);
  });

  it('refuses one raw unit less than quoted, and books a larger delivery in full', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    const less = [
      legIx(b, c, leg),
      incomingIx(b, c, leg, { amount: leg.receiveAmount - 1n }),
      settleIx(b, 0),
    ];
    await expectRejected(less, leg, VAULT_ERROR__LEG_SHORTFALL);
    // Two deliveries (any route shape): the real increase is booked, not the quote.
    const more = { ...leg, receiveAmount: leg.receiveAmount + 7n };
    const ixs = [
      legIx(b, c, leg),
      incomingIx(b, c, leg, { amount: leg.receiveAmount }),
      incomingIx(b, c, leg, { amount: 7n }),
      settleIx(b, 0),
    ];
    await expectSwapped(more, ixs);
  });

  it('refuses a delivery into a foreign account', async () => {
    // Given the trade authority "delivers" into its own account (or anyone's) instead of the holding
    const leg = fairLeg('cash', 0, 100n * USDC);
    const foreign = c.assets[0] as Address;
    const ixs = [legIx(b, c, leg), incomingIx(b, c, leg, { destination: foreign }), settleIx(b, 0)];
    await expectRejected(ixs, leg, VAULT_ERROR__LEG_SHORTFALL);
  });

  it('refuses a missing delivery, a missing settle and a settle before the delivery', async () => {
    const leg = fairLeg('cash', 1, 100n * USDC);
    await expectRejected([legIx(b, c, leg), settleIx(b, 1)], leg, VAULT_ERROR__LEG_SHORTFALL);
    await expectRejected([legIx(b, c, leg)], leg, VAULT_ERROR__SETTLE_MISSING);
    await expectRejected(
      [legIx(b, c, leg), incomingIx(b, c, leg)],
      leg,
      VAULT_ERROR__SETTLE_MISSING,
    );
    await expectRejected(
      [legIx(b, c, leg), settleIx(b, 1), incomingIx(b, c, leg)],
      leg,
      VAULT_ERROR__LEG_SHORTFALL,
    );
  });

  it('accepts any instruction shape that delivers: a plain Transfer', async () => {
    const leg = fairLeg('cash', 1, 100n * USDC);
    const plain = incomingIx(b, c, leg);
    const data = new Uint8Array(9);
    data[0] = 3;
    new DataView(data.buffer).setBigUint64(1, leg.receiveAmount, true);
    const accounts = [...(plain.accounts ?? [])];
    const transfer = {
      ...plain,
      accounts: [accounts[0], accounts[2], accounts[3]],
      data,
    } as Instruction;
    await expectSwapped(leg, [legIx(b, c, leg), transfer, settleIx(b, 1)]);
  });

  it('accepts other instructions before the leg (an aggregator route sets up accounts first)', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    const before = incomingIx(b, c, { ...leg, receiveAmount: 1n }, { destination: c.assets[0] });
    await expectSwapped(leg, [before, ...swapIxs(b, c, leg)]);
  });
});
