/**
 * rebalance_leg / rebalance_settle in LiteSVM on the mixed basket (Token-2022 with
 * multipliers 1.0571 and 2.5, an SPL Token asset, SPL Token USDC), through the direct route:
 * the vault pays the trade authority, which delivers from its own accounts. Every rejection
 * is the specific custom error with every touched account byte-for-byte unchanged; every
 * test reads the transaction's compute units. The aggregator and RFQ routes, and calls into
 * the vault by CPI in the middle of a route, are in `rebalance-routes.test.ts`.
 */

import {
  accountBytes,
  send,
  setUnixTime,
  tokenAmount,
  updateMultiplier,
} from '@basket/test-harness';
import {
  getSetPausedInstruction,
  VAULT_ERROR__ASSET_FROZEN,
  VAULT_ERROR__INSUFFICIENT_HOLDING,
  VAULT_ERROR__LEG_PENDING,
  VAULT_ERROR__LEG_SHORTFALL,
  VAULT_ERROR__MULTIPLIER_MISMATCH,
  VAULT_ERROR__NO_PENDING_LEG,
  VAULT_ERROR__NOT_KEEPER,
  VAULT_ERROR__REBALANCE_BUDGET_EXCEEDED,
  VAULT_ERROR__REBALANCE_SLIPPAGE,
  VAULT_ERROR__SAME_MINT,
  VAULT_ERROR__SETTLE_MISSING,
  VAULT_ERROR__STALE_NAV,
  VAULT_ERROR__VAULT_PAUSED,
  VAULT_ERROR__WRONG_HOLDING,
  VAULT_ERROR__WRONG_TRADE_ACCOUNT,
} from '@basket/vault-client';
import { AccountRole, type Address, generateKeyPairSigner, type Instruction } from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  depositIx,
  FLAG_CORPORATE_ACTION_FREEZE,
  FLAG_MARKET_OPEN,
  initVault,
  MONDAY_15H,
  multiplierNum,
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
  INSTRUCTIONS_SYSVAR,
  incomingIx,
  type Leg,
  legIx,
  minAcceptedIn,
  newCounterparty,
  settleIx,
  sideValue,
  swapIxs,
} from './rebalance-fixture.ts';

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];
const SLIP = 50n; // the fixture's max_slip_bps

describe('rebalance_leg', () => {
  let b: Basket;
  let c: Counterparty;

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    const alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer)).ok).toBe(true);
    await stockHoldings(b, BOOKS);
    c = await newCounterparty(b);
  });

  /** A fair leg: `payAmount` of `pay` against the smallest amount within the slippage. */
  function fairLeg(pay: Leg['pay'], receive: Leg['receive'], payAmount: bigint): Leg {
    return {
      pay,
      receive,
      payAmount,
      receiveAmount: minAcceptedIn(b, pay, receive, payAmount, SLIP),
    };
  }

  function touched(leg: Leg): Address[] {
    return [
      b.vault,
      holdingOf(b, leg.pay),
      holdingOf(b, leg.receive),
      accountOf(c, leg.pay),
      accountOf(c, leg.receive),
    ];
  }

  async function expectRejected(ixs: Instruction[], leg: Leg, code: number): Promise<void> {
    const before = accountBytes(b.svm, touched(leg));
    const r = await send(b.svm, ixs, b.payer);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(r.computeUnits).toBeGreaterThan(0n);
    expect(accountBytes(b.svm, touched(leg))).toEqual(before);
  }

  async function expectSwapped(leg: Leg, ixs = swapIxs(b, c, leg)): Promise<bigint> {
    const s0 = readVault(b);
    const payBefore = tokenAmount(b.svm, holdingOf(b, leg.pay));
    const receiveBefore = tokenAmount(b.svm, holdingOf(b, leg.receive));
    const r = await send(b.svm, ixs, b.payer);
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

  it('pays only into a token account of the registered trade authority', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    const stranger = await newCounterparty(b, await generateKeyPairSigner());
    const ixs = [
      legIx(b, c, leg, { tradeAccount: stranger.usdc }),
      incomingIx(b, c, leg),
      settleIx(b, 0),
    ];
    await expectRejected(ixs, leg, VAULT_ERROR__WRONG_TRADE_ACCOUNT);
    // A trade-authority account of another mint than the paying one is refused too.
    const wrongMint = [
      legIx(b, c, leg, { tradeAccount: c.assets[0] }),
      incomingIx(b, c, leg),
      settleIx(b, 0),
    ];
    await expectRejected(wrongMint, leg, VAULT_ERROR__WRONG_TRADE_ACCOUNT);
  });

  it('rejects a forged instructions sysvar account', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    const forged = (await generateKeyPairSigner()).address;
    b.svm.setAccount({
      address: forged,
      data: new Uint8Array(64),
      executable: false,
      lamports: 1_000_000_000n as never,
      programAddress: '11111111111111111111111111111111' as Address,
      space: 64n,
    });
    const ix = legIx(b, c, leg);
    const accounts = [...(ix.accounts ?? [])];
    accounts[3] = { address: forged, role: AccountRole.READONLY };
    await expectRejected(
      [{ ...ix, accounts }, incomingIx(b, c, leg), settleIx(b, 0)],
      leg,
      115, // InvalidSysvar (shared checks)
    );
    expect(INSTRUCTIONS_SYSVAR).not.toBe(forged);
  });

  it('accepts other instructions before the leg (an aggregator route sets up accounts first)', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    const before = incomingIx(b, c, { ...leg, receiveAmount: 1n }, { destination: c.assets[0] });
    await expectSwapped(leg, [before, ...swapIxs(b, c, leg)]);
  });

  it('rejects a signer other than the keeper, and the keeper key without its signature', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    const stranger = await generateKeyPairSigner();
    await expectRejected(
      [legIx(b, c, leg, { keeper: stranger }), incomingIx(b, c, leg), settleIx(b, 0)],
      leg,
      VAULT_ERROR__NOT_KEEPER,
    );
    const ix = legIx(b, c, leg);
    const accounts = [...(ix.accounts ?? [])];
    accounts[0] = { address: b.keeper.address, role: AccountRole.READONLY };
    await expectRejected(
      [{ ...ix, accounts }, incomingIx(b, c, leg), settleIx(b, 0)],
      leg,
      100, // MissingSigner
    );
  });

  it('locks the vault while a leg is pending: a second leg fails, a second settle finds none', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    // Two legs paying twice against one delivery.
    await expectRejected(
      [legIx(b, c, leg), legIx(b, c, leg), incomingIx(b, c, leg), settleIx(b, 0)],
      leg,
      VAULT_ERROR__LEG_PENDING,
    );
    // A second settle.
    await expectRejected([...swapIxs(b, c, leg), settleIx(b, 0)], leg, VAULT_ERROR__NO_PENDING_LEG);
  });

  it('applies the guards: stale snapshot, paused vault, frozen asset, multiplier mismatch', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    setUnixTime(b.svm, MONDAY_15H + 61n);
    await expectRejected(swapIxs(b, c, leg), leg, VAULT_ERROR__STALE_NAV);
    setUnixTime(b.svm, MONDAY_15H);
    writeSnapshot(b, {
      entries: b.assets.map((a, i) => ({
        mint: a.mint.address,
        priceUsd1e8: a.priceUsd1e8,
        multiplierNum: multiplierNum(a.multiplier),
        flags: i === 0 ? FLAG_MARKET_OPEN | FLAG_CORPORATE_ACTION_FREEZE : FLAG_MARKET_OPEN,
      })),
    });
    await expectRejected(swapIxs(b, c, leg), leg, VAULT_ERROR__ASSET_FROZEN);
    writeSnapshot(b);
    await updateMultiplier(b.svm, b.payer, b.assets[0]?.mint as never, 1.06, 0n);
    await expectRejected(swapIxs(b, c, leg), leg, VAULT_ERROR__MULTIPLIER_MISMATCH);
    const pause = getSetPausedInstruction({
      vault: b.vault,
      paused: true,
      adminSigners: b.admins.slice(0, 3),
    });
    expect((await send(b.svm, [pause], b.payer)).ok).toBe(true);
    await expectRejected(
      swapIxs(b, c, fairLeg('cash', 1, 100n * USDC)),
      leg,
      VAULT_ERROR__VAULT_PAUSED,
    );
  });

  it('rejects paying more than the book, and a leg exchanging a mint for itself', async () => {
    const tooMuch = fairLeg(1, 'cash', (BOOKS[1] as bigint) + 1n);
    await expectRejected(swapIxs(b, c, tooMuch), tooMuch, VAULT_ERROR__INSUFFICIENT_HOLDING);
    const same = { pay: 0, receive: 0, payAmount: 10n, receiveAmount: 10n } as Leg;
    await expectRejected(swapIxs(b, c, same), same, VAULT_ERROR__SAME_MINT);
  });

  it('settle alone finds no pending leg; settle on another holding is refused', async () => {
    const leg = fairLeg('cash', 0, 100n * USDC);
    await expectRejected([settleIx(b, 0)], leg, VAULT_ERROR__NO_PENDING_LEG);
    await expectRejected(
      [legIx(b, c, leg), incomingIx(b, c, leg), settleIx(b, 1)],
      leg,
      VAULT_ERROR__WRONG_HOLDING,
    );
  });
});

describe('invariant: no transaction takes value out without returning oracle value less max_slip_bps', () => {
  let b: Basket;
  let c: Counterparty;

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    const alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer)).ok).toBe(true);
    await stockHoldings(b, BOOKS);
    c = await newCounterparty(b);
  });

  /** Oracle value of the vault's token balances (rounded down), independent of its books. */
  function balanceValue(): bigint {
    let v = tokenAmount(b.svm, b.cashHolding);
    for (let i = 0; i < b.assets.length; i++)
      v += sideValue(b, i, tokenAmount(b.svm, b.holdings[i] as Address), false);
    return v;
  }

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
      const valueBefore = balanceValue();
      const before = accountBytes(b.svm, [b.vault, b.cashHolding, ...b.holdings]);
      const r = await send(b.svm, swapIxs(b, c, leg), b.payer);
      expect(r.computeUnits).toBeGreaterThan(0n);
      if (r.ok) {
        accepted++;
        const out = sideValue(b, pay, payAmount, true);
        const lost = valueBefore - balanceValue();
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
    const before = balanceValue();
    const r = await send(b.svm, swapIxs(b, c, leg), b.payer);
    expect(r.error).toBeNull();
    const lost = before - balanceValue();
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
