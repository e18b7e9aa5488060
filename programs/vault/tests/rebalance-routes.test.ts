/**
 * Route-agnostic rebalancing in LiteSVM on the mixed basket (Token-2022 with multipliers,
 * SPL Token, SPL Token USDC): a leg settles through an aggregator-style route (the test-swap
 * venue moves the tokens by CPI) and through an RFQ-style route (a provider's partially
 * signed transaction with its own transfers), with the vault's books equal to its real
 * balances after each; every route that would take value out fails with the transaction
 * reverted (every touched account byte-for-byte unchanged).
 */

import {
  accountBytes,
  fund,
  getTransferCheckedInstruction,
  send,
  tokenAmount,
} from '@basket/test-harness';
import { getRelayInstruction, getSwapInstruction, SwapDirection } from '@basket/test-swap-client';
import {
  VAULT_ERROR__LEG_PENDING,
  VAULT_ERROR__LEG_SHORTFALL,
  VAULT_ERROR__SETTLE_MISSING,
} from '@basket/vault-client';
import type { Address, Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  initVault,
  newDepositor,
  readVault,
  setupBasket,
  stockHoldings,
  writeSnapshot,
} from './fixture.ts';
import {
  type Counterparty,
  holdingOf,
  type Leg,
  legIx,
  minAcceptedIn,
  newCounterparty,
  settleIx,
  sideValue,
} from './rebalance-fixture.ts';
import {
  newProvider,
  seedVenue,
  sendPartiallySigned,
  type Venue,
  venueQuote,
} from './route-fixture.ts';

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];
const SLIP = 50n;

describe('rebalance through real route shapes', () => {
  let b: Basket;
  let ta: Counterparty;
  let venue: Venue;
  let alice: Depositor;

  beforeEach(async () => {
    b = await setupBasket();
    fund(b.svm, b.keeper.address, 10n);
    await initVault(b);
    writeSnapshot(b);
    alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer)).ok).toBe(true);
    await stockHoldings(b, BOOKS);
    ta = await newCounterparty(b);
    venue = await seedVenue(b);
  });

  /** Books equal the real token balances, for the cash buffer and every holding. */
  function expectBooksEqualBalances(): void {
    const s = readVault(b);
    expect(s.cashRaw).toBe(tokenAmount(b.svm, b.cashHolding));
    b.holdings.forEach((h, i) => {
      expect(s.assets[i]?.holdingsRaw).toBe(tokenAmount(b.svm, h));
    });
    expect(s.legPending).toBe(0);
  }

  function touched(): Address[] {
    return [b.vault, b.cashHolding, ...b.holdings, ta.usdc, ...ta.assets];
  }

  async function expectReverted(ixs: Instruction[], code: number): Promise<void> {
    const before = accountBytes(b.svm, touched());
    const r = await send(b.svm, ixs, b.payer);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(b.svm, touched())).toEqual(before);
  }

  /** The venue's swap, signed by the trade authority, paying out into `stockOut`/`usdOut`. */
  function swapIx(buying: boolean, amountIn: bigint, minOut: bigint, out: Address): Instruction {
    return getSwapInstruction({
      ...venue.accounts,
      user: b.tradeAuthority,
      userStock: buying ? out : (ta.assets[0] as Address),
      userUsd: buying ? ta.usdc : out,
      direction: buying ? SwapDirection.BuyStock : SwapDirection.SellStock,
      amountIn,
      minAmountOut: minOut,
    });
  }

  it('settles a buy through the aggregator-style route: the venue delivers into the holding by CPI', async () => {
    // Given 100 USDC to spend on asset 0 and the venue's quote for it
    const payAmount = 100n * USDC;
    const quote = venueQuote(b, venue, true, payAmount);
    expect(quote).toBeGreaterThanOrEqual(minAcceptedIn(b, 'cash', 0, payAmount, SLIP));
    const leg: Leg = { pay: 'cash', receive: 0, payAmount, receiveAmount: quote };
    const cash0 = readVault(b).cashRaw;
    const held0 = tokenAmount(b.svm, holdingOf(b, 0));
    // When the keeper sends leg, the venue's swap (the trade authority pays, the vault's
    // holding receives), settle
    const r = await send(
      b.svm,
      [legIx(b, ta, leg), swapIx(true, payAmount, quote, holdingOf(b, 0)), settleIx(b, 0)],
      b.payer,
    );
    expect(r.error).toBeNull();
    // Then the vault paid exactly the cash and received the quote, books equal to balances
    expect(readVault(b).cashRaw).toBe(cash0 - payAmount);
    expect(tokenAmount(b.svm, holdingOf(b, 0))).toBe(held0 + quote);
    expectBooksEqualBalances();
    console.info(`aggregator-style route (leg + venue swap by CPI + settle): ${r.computeUnits} CU`);
  });

  it('settles a sell through the aggregator-style route into the cash buffer', async () => {
    const payAmount = 40_000_000n; // 0.4 token of asset 0
    const quote = venueQuote(b, venue, false, payAmount);
    expect(quote).toBeGreaterThanOrEqual(minAcceptedIn(b, 0, 'cash', payAmount, SLIP));
    const leg: Leg = { pay: 0, receive: 'cash', payAmount, receiveAmount: quote };
    const r = await send(
      b.svm,
      [legIx(b, ta, leg), swapIx(false, payAmount, quote, b.cashHolding), settleIx(b, 'cash')],
      b.payer,
    );
    expect(r.error).toBeNull();
    expectBooksEqualBalances();
  });

  it('settles through the RFQ-style route: the provider signs first, its transfers run, then settle', async () => {
    // Given a provider quote: 1,000 USDC for asset 0 at 0.1% below the oracle value
    const provider = await newProvider(b);
    const payAmount = 1_000n * USDC;
    const fair = minAcceptedIn(b, 'cash', 0, payAmount, 0n);
    const quote = (fair * 9_990n) / 10_000n;
    const leg: Leg = { pay: 'cash', receive: 0, payAmount, receiveAmount: quote };
    const stock = b.assets[0]?.mint as NonNullable<(typeof b.assets)[0]>['mint'];
    // The provider's own instructions: take the trade wallet's cash, deliver the stock.
    const takeCash = getTransferCheckedInstruction({
      source: ta.usdc,
      mint: b.usdc.address,
      destination: provider.usdc,
      authority: b.tradeAuthority,
      amount: payAmount,
      decimals: 6,
      tokenProgram: b.usdc.tokenProgram,
    });
    const deliver = getTransferCheckedInstruction({
      source: provider.asset0,
      mint: stock.address,
      destination: holdingOf(b, 0),
      authority: provider.signer,
      amount: quote,
      decimals: stock.decimals,
      tokenProgram: stock.tokenProgram,
    });
    const ixs = [legIx(b, ta, leg), takeCash, deliver, settleIx(b, 0)];
    const held0 = tokenAmount(b.svm, holdingOf(b, 0));
    const taCash = tokenAmount(b.svm, ta.usdc);
    // When the provider signs first and the keeper and the trade authority co-sign
    const r = await sendPartiallySigned(b, ixs, provider.signer, [b.keeper, b.tradeAuthority]);
    expect(r.error).toBeNull();
    // Then the provider got the cash, the vault the stock, the trade wallet is unchanged
    expect(tokenAmount(b.svm, provider.usdc)).toBe(10n ** 12n + payAmount);
    expect(tokenAmount(b.svm, holdingOf(b, 0))).toBe(held0 + quote);
    expect(tokenAmount(b.svm, ta.usdc)).toBe(taCash);
    expectBooksEqualBalances();
    console.info(`RFQ-style route (leg + 2 provider transfers + settle): ${r.computeUnits} CU`);
  });

  it('reverts a route that delivers less than quoted', async () => {
    const payAmount = 100n * USDC;
    const quote = venueQuote(b, venue, true, payAmount);
    // The leg claims one raw unit more than the venue pays.
    const leg: Leg = { pay: 'cash', receive: 0, payAmount, receiveAmount: quote + 1n };
    await expectReverted(
      [legIx(b, ta, leg), swapIx(true, payAmount, quote, holdingOf(b, 0)), settleIx(b, 0)],
      VAULT_ERROR__LEG_SHORTFALL,
    );
  });

  it('reverts a route that delivers a cheaper mint', async () => {
    const payAmount = 100n * USDC;
    const leg: Leg = {
      pay: 'cash',
      receive: 0,
      payAmount,
      receiveAmount: minAcceptedIn(b, 'cash', 0, payAmount, SLIP),
    };
    // Asset 2 ($42 x 2.5) delivered, worth far less per raw unit than asset 0.
    const cheap = b.assets[2]?.mint as NonNullable<(typeof b.assets)[2]>['mint'];
    const deliver = getTransferCheckedInstruction({
      source: ta.assets[2] as Address,
      mint: cheap.address,
      destination: holdingOf(b, 2),
      authority: b.tradeAuthority,
      amount: leg.receiveAmount,
      decimals: cheap.decimals,
      tokenProgram: cheap.tokenProgram,
    });
    await expectReverted([legIx(b, ta, leg), deliver, settleIx(b, 0)], VAULT_ERROR__LEG_SHORTFALL);
  });

  it('reverts a route that delivers into a foreign account (the trade wallet keeps the stock)', async () => {
    const payAmount = 100n * USDC;
    const quote = venueQuote(b, venue, true, payAmount);
    const leg: Leg = { pay: 'cash', receive: 0, payAmount, receiveAmount: quote };
    await expectReverted(
      [legIx(b, ta, leg), swapIx(true, payAmount, quote, ta.assets[0] as Address), settleIx(b, 0)],
      VAULT_ERROR__LEG_SHORTFALL,
    );
  });

  it('reverts a route that leaves the paid amount in the trade wallet', async () => {
    const payAmount = 100n * USDC;
    const leg: Leg = {
      pay: 'cash',
      receive: 0,
      payAmount,
      receiveAmount: minAcceptedIn(b, 'cash', 0, payAmount, SLIP),
    };
    // Nothing between leg and settle: the cash sits in the trade wallet, nothing arrives.
    await expectReverted([legIx(b, ta, leg), settleIx(b, 0)], VAULT_ERROR__LEG_SHORTFALL);
  });

  it('reverts a route that calls the vault in between, at top level or by CPI', async () => {
    const payAmount = 100n * USDC;
    const quote = venueQuote(b, venue, true, payAmount);
    const leg: Leg = { pay: 'cash', receive: 0, payAmount, receiveAmount: quote };
    const swap = swapIx(true, payAmount, quote, holdingOf(b, 0));
    const deposit = depositIx(b, alice, 10n * USDC);
    // A deposit at top level between the leg and its settle.
    await expectReverted(
      [legIx(b, ta, leg), deposit, swap, settleIx(b, 0)],
      VAULT_ERROR__LEG_PENDING,
    );
    // The same deposit called by the route's program (CPI).
    await expectReverted(
      [legIx(b, ta, leg), getRelayInstruction(deposit), swap, settleIx(b, 0)],
      VAULT_ERROR__LEG_PENDING,
    );
    // A second leg by CPI, paying twice against one delivery.
    await expectReverted(
      [legIx(b, ta, leg), getRelayInstruction(legIx(b, ta, leg)), swap, settleIx(b, 0)],
      VAULT_ERROR__LEG_PENDING,
    );
    // A sell leg whose receiving side is the cash buffer cannot be filled by a deposit either.
    const sell: Leg = {
      pay: 1,
      receive: 'cash',
      payAmount: 1_000_000n,
      receiveAmount: minAcceptedIn(b, 1, 'cash', 1_000_000n, SLIP),
    };
    await expectReverted(
      [
        legIx(b, ta, sell),
        getRelayInstruction(depositIx(b, alice, 1_000n * USDC)),
        settleIx(b, 'cash'),
      ],
      VAULT_ERROR__LEG_PENDING,
    );
  });

  it('refuses a leg whose transaction skips the settle', async () => {
    const payAmount = 100n * USDC;
    const quote = venueQuote(b, venue, true, payAmount);
    const leg: Leg = { pay: 'cash', receive: 0, payAmount, receiveAmount: quote };
    await expectReverted(
      [legIx(b, ta, leg), swapIx(true, payAmount, quote, holdingOf(b, 0))],
      VAULT_ERROR__SETTLE_MISSING,
    );
    // A settle placed inside the route (by CPI) does not count as the top-level settle.
    await expectReverted(
      [
        legIx(b, ta, leg),
        swapIx(true, payAmount, quote, holdingOf(b, 0)),
        getRelayInstruction(settleIx(b, 0)),
      ],
      VAULT_ERROR__SETTLE_MISSING,
    );
    expect(sideValue(b, 0, quote, false)).toBeGreaterThan(0n);
  });
});
