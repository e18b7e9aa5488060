/**
 * The vault after the oracle admins' `reset_sequence`, through the real oracle program: the
 * vault's price memo rolls only on a higher snapshot sequence and its NAV cache is keyed on
 * the sequence, so the reset only raises it (decision 0995). A lowered or repeated sequence
 * is refused by the oracle and changes nothing; after a raise, the keeper's next push
 * (raised + 1 to raised + 16) is what the vault prices: a withdrawal after a 50% fall and a
 * deposit after a 50% rise are paid at the new prices. Mixed basket, issuer mints with
 * non-unit multipliers (setupBasket); every push is a keeper-signed `push_snapshot`.
 */

import {
  findNavReferencePda,
  getCreateSnapshotInstruction,
  getResetSequenceInstruction,
  getSignedPushSnapshotInstructions,
  ORACLE_ERROR__SEQUENCE_NOT_INCREASING,
  ORACLE_ERROR__SEQUENCE_NOT_RAISED,
  ORACLE_ERROR__SEQUENCE_TOO_FAR_AHEAD,
} from '@basket/oracle-client';
import { accountBytes, SYSTEM_PROGRAM_ADDRESS, send, tokenAmount } from '@basket/test-harness';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  FLAG_MARKET_OPEN,
  initVault,
  mintSupply,
  multiplierNum,
  navAtPrices,
  newDepositor,
  readVault,
  setupBasket,
  sharesForDeposit,
  stockHoldings,
  treasuryAccounts,
  withdrawUsdcIx,
  withdrawUsdcQuote,
} from './fixture.ts';

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];
const RAISED = 1_000n;

/** The SKU's snapshot and deviation reference, created by the oracle (3 of 5 admins). */
async function createSnapshot(b: Basket): Promise<Address> {
  const [reference] = await findNavReferencePda(b.skuId);
  const mints = b.assets.map((a) => a.mint.address);
  const ix = getCreateSnapshotInstruction({
    payer: b.payer,
    config: b.oracleConfig,
    snapshot: b.snapshot,
    reference,
    systemProgram: SYSTEM_PROGRAM_ADDRESS,
    skuId: b.skuId,
    mintCount: mints.length,
    mints: [...mints, ...Array(20 - mints.length).fill(SYSTEM_PROGRAM_ADDRESS)],
    adminSigners: b.admins.slice(0, 3),
  });
  expect((await send(b.svm, [ix], b.payer)).error).toBeNull();
  return reference;
}

describe('the vault after the oracle admins raise the snapshot sequence', () => {
  let b: Basket;
  let reference: Address;
  let mallory: Depositor;

  /** The keeper's push of the fixture's prices scaled by `bps` (the admins co-sign). */
  async function push(sequence: bigint, bps: bigint) {
    const prices = b.assets.map((a) => (a.priceUsd1e8 * bps) / 10_000n);
    const slot = b.svm.getClock().slot;
    const ixs = await getSignedPushSnapshotInstructions({
      keeper: b.keeper.keyPair,
      snapshot: b.snapshot,
      config: b.oracleConfig,
      skuId: b.skuId,
      sequence,
      entries: b.assets.map((a, i) => ({
        priceUsd1E8: prices[i] as bigint,
        multiplierNum: multiplierNum(a.multiplier),
        updatedSlot: slot,
        flags: FLAG_MARKET_OPEN,
      })),
      // A move beyond the 10% cap needs the admins' co-signature.
      adminSigners: bps === 10_000n ? undefined : b.admins.slice(0, 3),
    });
    return { result: await send(b.svm, ixs, b.payer), prices };
  }

  function resetIx(sequence: bigint) {
    return getResetSequenceInstruction({
      snapshot: b.snapshot,
      config: b.oracleConfig,
      reference,
      sequence,
      adminSigners: b.admins.slice(2, 5),
    });
  }

  /** The admins raise the sequence to RAISED, then the keeper's next push at `next`. */
  async function raiseThenPush(next: bigint, bps: bigint): Promise<bigint[]> {
    expect((await send(b.svm, [resetIx(RAISED)], b.payer)).error).toBeNull();
    expect((await push(RAISED, bps)).result.customError).toBe(
      ORACLE_ERROR__SEQUENCE_NOT_INCREASING,
    );
    expect((await push(RAISED + 17n, bps)).result.customError).toBe(
      ORACLE_ERROR__SEQUENCE_TOO_FAR_AHEAD,
    );
    const { result, prices } = await push(next, bps);
    expect(result.error).toBeNull();
    return prices;
  }

  beforeEach(async () => {
    b = await setupBasket();
    reference = await createSnapshot(b);
    expect((await push(1n, 10_000n)).result.error).toBeNull();
    await initVault(b);
    const alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 20_000n * USDC)], b.payer)).error).toBeNull();
    await stockHoldings(b, BOOKS);
    expect((await push(2n, 10_000n)).result.error).toBeNull();
    mallory = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, mallory, 5_000n * USDC)], b.payer)).error).toBeNull();
    expect(readVault(b).memoSequence).toBe(2n);
  });

  it('a lower or equal sequence is refused by the oracle and changes nothing', async () => {
    const before = accountBytes(b.svm, [b.snapshot, reference, b.vault]);
    for (const sequence of [0n, 1n, 2n]) {
      const r = await send(b.svm, [resetIx(sequence)], b.payer);
      expect(r.customError, `reset to ${sequence}`).toBe(ORACLE_ERROR__SEQUENCE_NOT_RAISED);
    }
    expect(accountBytes(b.svm, [b.snapshot, reference, b.vault])).toEqual(before);
  });

  it('after a raise, a withdrawal is paid at the next push (raised + 16) after a 50% fall', async () => {
    // Given the admins raise the sequence and the keeper's next push is the 16th above it
    const prices = await raiseThenPush(RAISED + 16n, 5_000n);
    b.assets.forEach((a, i) => {
      a.priceUsd1e8 = prices[i] as bigint;
    });
    // When Mallory withdraws all her shares in stablecoin
    const shares = tokenAmount(b.svm, mallory.shareAccount);
    const quote = withdrawUsdcQuote(b, shares);
    const treasury = await treasuryAccounts(b);
    const before = tokenAmount(b.svm, mallory.usdcAccount);
    const r = await send(
      b.svm,
      [
        withdrawUsdcIx(
          b,
          mallory.signer,
          {
            shareSource: mallory.shareAccount,
            destination: mallory.usdcAccount,
            treasuryStable: treasury.usdc,
          },
          { shares },
        ),
      ],
      b.payer,
    );
    // Then she is paid exactly the net value at the fallen prices, and the memo rolled
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, mallory.usdcAccount) - before).toBe(quote.net);
    expect(readVault(b).memoSequence).toBe(RAISED + 16n);
  });

  it('after a raise, a deposit is priced at the next push (raised + 1) after a 50% rise', async () => {
    const prices = await raiseThenPush(RAISED + 1n, 15_000n);
    const nav = navAtPrices(b, 'up', prices);
    const supply = mintSupply(b.svm, b.shareMint) + readVault(b).feeSharesOwed;
    const want = sharesForDeposit(1_000n * USDC, nav, supply);
    const before = tokenAmount(b.svm, mallory.shareAccount);
    const r = await send(b.svm, [depositIx(b, mallory, 1_000n * USDC, want)], b.payer);
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, mallory.shareAccount) - before).toBe(want);
    expect(readVault(b).memoSequence).toBe(RAISED + 1n);
    expect(readVault(b).lastNavUsd).toBe(nav + 1_000n * USDC);
  });
});
