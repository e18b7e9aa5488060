/**
 * Withdrawal fees kept in the cash buffer (docs/decisions/0058-the-withdrawal-fee-stays-in-the-cash-buffer-until-collected.md, "Withdrawal fees collected
 * later"): `withdraw_usdc` and `fulfil_withdrawal` book the fee in `withdraw_fees_owed`
 * instead of paying it, the fee is outside NAV and outside every spendable amount, and the
 * permissionless `collect_withdraw_fees` pays it once to the treasury's stablecoin account.
 * Issuer mints (every extension) with non-unit multipliers, as `setupBasket` makes them.
 */

import {
  accountBytes,
  createTokenAccount,
  send,
  TOKEN_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import {
  getCollectWithdrawFeesInstruction,
  getNavRefreshedEventDecoder,
  getRefreshNavInstruction,
  getWithdrawFeesCollectedEventDecoder,
  VAULT_ERROR__INSUFFICIENT_CASH,
  VAULT_ERROR__NOTHING_TO_COLLECT,
  VAULT_ERROR__WRONG_TREASURY,
  VaultEventKind,
} from '@basket/vault-client';
import { type Address, getBase64Encoder, type Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  assetPairs,
  type Basket,
  type Depositor,
  depositIx,
  initVault,
  MONDAY_15H,
  mintSupply,
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
import { minAcceptedIn, newCounterparty, swapIxs } from './rebalance-fixture.ts';

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];

describe('collect_withdraw_fees', () => {
  let b: Basket;
  let alice: Depositor;
  let treasury: { usdc: Address; shares: Address };

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer)).ok).toBe(true);
    await stockHoldings(b, BOOKS);
    treasury = await treasuryAccounts(b);
  });

  /** Gross value and fee of `shares` as the program prices them (NAV down, fee up). */
  function quote(shares: bigint): { gross: bigint; fee: bigint } {
    const s = readVault(b);
    const supply = mintSupply(b.svm, b.shareMint) + s.feeSharesOwed;
    const gross =
      (shares * (navAtPrices(b, 'down') + VIRTUAL_ASSETS_USD)) / (supply + VIRTUAL_SHARES);
    return { gross, fee: (gross * BigInt(s.withdrawFeeBps) + 9_999n) / 10_000n };
  }

  const withdraw = (shares: bigint): Instruction =>
    withdrawUsdcIx(
      b,
      alice.signer,
      {
        shareSource: alice.shareAccount,
        destination: alice.usdcAccount,
        treasuryStable: treasury.usdc,
      },
      { shares },
    );

  const collect = (treasuryStable: Address = treasury.usdc): Instruction =>
    getCollectWithdrawFeesInstruction({
      vault: b.vault,
      stableMint: b.usdc.address,
      cashHolding: b.cashHolding,
      treasuryStable,
      stableTokenProgram: TOKEN_PROGRAM_ADDRESS,
    });

  /** refresh_nav's payout NAV (rounded down), from its event. */
  async function refreshedNavDown(): Promise<bigint> {
    const r = await send(
      b.svm,
      [
        getRefreshNavInstruction({
          vault: b.vault,
          navSnapshot: b.snapshot,
          assetAccounts: assetPairs(b),
        }),
      ],
      b.payer,
    );
    expect(r.error).toBeNull();
    const data = r.logs
      .filter((l) => l.startsWith('Program data: '))
      .map((l) => getBase64Encoder().encode(l.slice('Program data: '.length)));
    return getNavRefreshedEventDecoder().decode(data[0]?.slice(2) as Uint8Array).navDownUsd;
  }

  it('books each withdrawal fee as owed, outside NAV to the unit, and pays it once', async () => {
    // Given two withdrawals, each with a fee above zero
    const q1 = quote(1_000n * USDC);
    expect((await send(b.svm, [withdraw(1_000n * USDC)], b.payer)).error).toBeNull();
    expect(readVault(b).withdrawFeesOwed).toBe(q1.fee);
    const q2 = quote(700n * USDC);
    expect((await send(b.svm, [withdraw(700n * USDC)], b.payer)).error).toBeNull();
    const owed = q1.fee + q2.fee;
    expect(q1.fee).toBeGreaterThan(0n);
    expect(q2.fee).toBeGreaterThan(0n);
    // Then the owed fees grew by each fee and sit in the buffer beside the cash book
    let s = readVault(b);
    expect(s.withdrawFeesOwed).toBe(owed);
    expect(tokenAmount(b.svm, b.cashHolding)).toBe(s.cashRaw + owed);
    // And NAV is the cash book plus the assets: the fees owed are not in it, to the unit
    const navBefore = await refreshedNavDown();
    expect(navBefore).toBe(navAtPrices(b, 'down'));
    const cashBook = s.cashRaw;

    // When anyone (the fee payer alone signs) collects
    const r = await send(b.svm, [collect()], b.payer);
    expect(r.error).toBeNull();
    console.info(`collect_withdraw_fees: ${r.computeUnits} CU`);
    // Then the treasury receives exactly the fees owed, the buffer keeps the cash book
    expect(tokenAmount(b.svm, treasury.usdc)).toBe(owed);
    s = readVault(b);
    expect(s.withdrawFeesOwed).toBe(0n);
    expect(s.cashRaw).toBe(cashBook);
    expect(tokenAmount(b.svm, b.cashHolding)).toBe(cashBook);
    expect(s.totalWithdrawFeesUsd).toBe(owed);
    // And the event says what was paid
    const data = r.logs
      .filter((l) => l.startsWith('Program data: '))
      .map((l) => getBase64Encoder().encode(l.slice('Program data: '.length)));
    expect(data).toHaveLength(1);
    expect(data[0]?.slice(0, 2)).toEqual(new Uint8Array([VaultEventKind.WithdrawFeesCollected, 1]));
    const event = getWithdrawFeesCollectedEventDecoder().decode(data[0]?.slice(2) as Uint8Array);
    expect(event).toMatchObject({ feeUsd: owed, unixTime: MONDAY_15H });
    // And NAV did not move by a unit
    expect(await refreshedNavDown()).toBe(navBefore);

    // When collected again: nothing owed, a typed error and nothing changes
    const touched = [b.vault, b.cashHolding, treasury.usdc];
    const before = accountBytes(b.svm, touched);
    const again = await send(b.svm, [collect()], b.payer);
    expect(again.customError).toBe(VAULT_ERROR__NOTHING_TO_COLLECT);
    expect(accountBytes(b.svm, touched)).toEqual(before);
  });

  it("pays only into the treasury's stablecoin account; a wrong one changes nothing", async () => {
    expect((await send(b.svm, [withdraw(1_000n * USDC)], b.payer)).error).toBeNull();
    const owed = readVault(b).withdrawFeesOwed;
    expect(owed).toBeGreaterThan(0n);
    // Alice's own stablecoin account, and the treasury's share account (wrong mint)
    for (const wrong of [alice.usdcAccount, treasury.shares]) {
      const touched = [b.vault, b.cashHolding, wrong];
      const before = accountBytes(b.svm, touched);
      const r = await send(b.svm, [collect(wrong)], b.payer);
      expect(r.customError, r.error ?? '').toBe(VAULT_ERROR__WRONG_TREASURY);
      expect(accountBytes(b.svm, touched)).toEqual(before);
    }
    // A second treasury account of the right owner and mint is accepted
    const other = await createTokenAccount(b.svm, b.payer, b.usdc, b.treasury.address);
    expect((await send(b.svm, [collect(other)], b.payer)).error).toBeNull();
    expect(tokenAmount(b.svm, other)).toBe(owed);
  });

  it('the fees owed cannot be spent by a withdrawal or a rebalance leg', async () => {
    // Given fees owed in the buffer
    expect((await send(b.svm, [withdraw(2_000n * USDC)], b.payer)).error).toBeNull();
    const s = readVault(b);
    const owed = s.withdrawFeesOwed;
    expect(owed).toBeGreaterThan(1n);
    // The fewest shares whose gross is above the cash book (but within book + fees owed)
    let lo = 0n;
    let hi = mintSupply(b.svm, b.shareMint);
    while (lo < hi) {
      const mid = (lo + hi) / 2n;
      if (quote(mid).gross > s.cashRaw) hi = mid;
      else lo = mid + 1n;
    }
    expect(quote(lo).gross).toBeLessThanOrEqual(s.cashRaw + owed);
    const touched = [b.vault, b.cashHolding, alice.usdcAccount, alice.shareAccount];
    let before = accountBytes(b.svm, touched);
    const w = await send(b.svm, [withdraw(lo)], b.payer);
    expect(w.customError, w.error ?? '').toBe(VAULT_ERROR__INSUFFICIENT_CASH);
    expect(accountBytes(b.svm, touched)).toEqual(before);
    // A rebalance leg paying one unit more than the cash book out of the buffer
    const c = await newCounterparty(b);
    const payAmount = s.cashRaw + 1n;
    const leg = {
      pay: 'cash' as const,
      receive: 2,
      payAmount,
      receiveAmount: minAcceptedIn(b, 'cash', 2, payAmount, 50n),
    };
    before = accountBytes(b.svm, [b.vault, b.cashHolding]);
    const r = await send(b.svm, swapIxs(b, c, leg), b.payer);
    expect(r.customError, r.error ?? '').toBe(VAULT_ERROR__INSUFFICIENT_CASH);
    expect(accountBytes(b.svm, [b.vault, b.cashHolding])).toEqual(before);
    // The fees owed are still there to collect, whole
    expect((await send(b.svm, [collect()], b.payer)).error).toBeNull();
    expect(tokenAmount(b.svm, treasury.usdc)).toBe(owed);
  });
});
