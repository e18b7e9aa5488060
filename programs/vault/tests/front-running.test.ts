/**
 * Oracle front-running: someone who sees a price move before the keeper's next NAV push
 * must not profit at the holders' expense. Deposits are priced at the higher and
 * stablecoin withdrawals at the lower of each held asset's values in the last two
 * snapshots the vault priced with (mixed basket, non-unit multipliers). Every transaction
 * reads its compute units.
 */

import { send, tokenAmount } from '@basket/test-harness';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  initVault,
  mintSupply,
  multiplierNum,
  navAtPrices,
  newDepositor,
  readVault,
  setupBasket,
  stockHoldings,
  treasuryAccounts,
  VIRTUAL_ASSETS_USD,
  VIRTUAL_SHARES,
  withdrawUsdcIx,
  writeSnapshot,
} from './fixture.ts';

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];

/** Writes snapshot `sequence` with every asset's price scaled by `bps` / 10,000. */
function push(b: Basket, sequence: bigint, bps: bigint): bigint[] {
  const prices = b.assets.map((a) => (a.priceUsd1e8 * bps) / 10_000n);
  writeSnapshot(b, {
    sequence,
    entries: b.assets.map((a, i) => ({
      mint: a.mint.address,
      priceUsd1e8: prices[i] as bigint,
      multiplierNum: multiplierNum(a.multiplier),
    })),
  });
  return prices;
}

/** NAV from the books at `prices`, rounded up (deposit pricing) or down (payouts). */
function navAt(b: Basket, prices: bigint[], up: boolean): bigint {
  return navAtPrices(b, up ? 'up' : 'down', prices);
}

function supplyOf(b: Basket): bigint {
  return mintSupply(b.svm, b.shareMint) + readVault(b).feeSharesOwed;
}

describe('oracle front-running defence', () => {
  let b: Basket;
  let mallory: Depositor;
  let treasury: { usdc: Address; shares: Address };

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    push(b, 1n, 10_000n);
    const alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 20_000n * USDC)], b.payer)).ok).toBe(true);
    await stockHoldings(b, BOOKS);
    mallory = await newDepositor(b, 100_000n * USDC);
    treasury = await treasuryAccounts(b);
  });

  async function withdrawAll(): Promise<bigint> {
    const before = tokenAmount(b.svm, mallory.usdcAccount);
    const shares = tokenAmount(b.svm, mallory.shareAccount);
    const ix = withdrawUsdcIx(
      b,
      mallory.signer,
      {
        shareSource: mallory.shareAccount,
        destination: mallory.usdcAccount,
        treasuryStable: treasury.usdc,
      },
      { shares },
    );
    const r = await send(b.svm, [ix], b.payer);
    expect(r.error).toBeNull();
    expect(r.computeUnits).toBeGreaterThan(0n);
    return tokenAmount(b.svm, mallory.usdcAccount) - before;
  }

  it('deposit before an upward push and withdraw after: no profit, only fees lost', async () => {
    // Given Mallory sees a +5% move coming and deposits at the stale snapshot
    const deposit = 5_000n * USDC;
    const r = await send(b.svm, [depositIx(b, mallory, deposit)], b.payer);
    expect(r.error).toBeNull();
    const shares = tokenAmount(b.svm, mallory.shareAccount);
    // When the keeper pushes the higher prices and Mallory withdraws everything at once
    const newPrices = push(b, 2n, 10_500n);
    const naiveGross =
      (shares * (navAt(b, newPrices, false) + VIRTUAL_ASSETS_USD)) / (supplyOf(b) + VIRTUAL_SHARES);
    const back = await withdrawAll();
    // Then she gets back at most her deposit (the withdrawal fee is her only change),
    expect(back).toBeLessThanOrEqual(deposit);
    expect(back).toBeGreaterThanOrEqual(deposit - (deposit * 5n) / 10_000n - 2n);
    // although pricing at the new snapshot alone would have paid her the move.
    expect(naiveGross - (naiveGross * 5n + 9_999n) / 10_000n).toBeGreaterThan(deposit);
    console.info(`front-running round trip (up): deposit ${r.computeUnits} CU`);
  });

  it('withdraw before a downward push and deposit after: no more shares than before', async () => {
    // Given Mallory holds shares bought at snapshot 1, and snapshot 2 repeats its prices
    expect((await send(b.svm, [depositIx(b, mallory, 5_000n * USDC)], b.payer)).ok).toBe(true);
    const sharesBefore = tokenAmount(b.svm, mallory.shareAccount);
    push(b, 2n, 10_000n);
    // When she sees a -5% move coming, withdraws everything, and re-deposits after the push
    const cash = await withdrawAll();
    const newPrices = push(b, 3n, 9_500n);
    const naiveShares =
      (cash * (supplyOf(b) + VIRTUAL_SHARES)) / (navAt(b, newPrices, true) + VIRTUAL_ASSETS_USD);
    const r = await send(b.svm, [depositIx(b, mallory, cash)], b.payer);
    expect(r.error).toBeNull();
    // Then she holds no more shares than before (fees lost),
    const sharesAfter = tokenAmount(b.svm, mallory.shareAccount);
    expect(sharesAfter).toBeLessThanOrEqual(sharesBefore);
    // although pricing at the new snapshot alone would have given her more.
    expect(naiveShares).toBeGreaterThan(sharesBefore);
    console.info(`front-running round trip (down): re-deposit ${r.computeUnits} CU`);
  });

  it('prices deposits at the higher and withdrawals at the lower snapshot, to the raw unit', async () => {
    const oldPrices = b.assets.map((a) => a.priceUsd1e8);
    const newPrices = push(b, 2n, 10_300n);
    // Deposit: the new (higher) prices are the max.
    const navUp = navAt(b, newPrices, true);
    const supply = supplyOf(b);
    const r = await send(b.svm, [depositIx(b, mallory, 1_000n * USDC)], b.payer);
    expect(r.error).toBeNull();
    const expectedShares =
      (1_000n * USDC * (supply + VIRTUAL_SHARES)) / (navUp + VIRTUAL_ASSETS_USD);
    expect(tokenAmount(b.svm, mallory.shareAccount)).toBe(expectedShares);
    // Withdrawal: each asset at its previous (lower) unit value, rounded down.
    const navDownPrev = navAtPrices(b, 'down', oldPrices);
    const supply2 = supplyOf(b);
    const shares = tokenAmount(b.svm, mallory.shareAccount);
    const gross = (shares * (navDownPrev + VIRTUAL_ASSETS_USD)) / (supply2 + VIRTUAL_SHARES);
    const back = await withdrawAll();
    expect(back).toBe(gross - (gross * 5n + 9_999n) / 10_000n);
    expect(readVault(b).memoSequence).toBe(2n);
  });

  it('unchanged prices in a new snapshot price exactly like the old one', async () => {
    push(b, 2n, 10_000n);
    const nav = navAt(
      b,
      b.assets.map((a) => a.priceUsd1e8),
      true,
    );
    const supply = supplyOf(b);
    const r = await send(b.svm, [depositIx(b, mallory, 1_000n * USDC)], b.payer);
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, mallory.shareAccount)).toBe(
      (1_000n * USDC * (supply + VIRTUAL_SHARES)) / (nav + VIRTUAL_ASSETS_USD),
    );
  });
});
