import {
  accountBytes,
  createTokenAccount,
  send,
  setUnixTime,
  tokenAmount,
} from '@basket/test-harness';
import {
  getCollectMgmtFeeInstruction,
  getSetPausedInstruction,
  VAULT_ERROR__AMOUNT_TOO_SMALL,
  VAULT_ERROR__INSUFFICIENT_CASH,
  VAULT_ERROR__NOTHING_TO_COLLECT,
  VAULT_ERROR__SLIPPAGE_EXCEEDED,
  VAULT_ERROR__STALE_NAV,
  VAULT_ERROR__VAULT_PAUSED,
  VAULT_ERROR__WRONG_TREASURY,
} from '@basket/vault-client';
import type { Address, Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  type Depositor,
  depositIx,
  initVault,
  MONDAY_15H,
  mintSupply,
  newDepositor,
  readVault,
  setupBasket,
  stockHoldings,
  treasuryAccounts,
  withdrawUsdcIx,
  withdrawUsdcQuote,
  writeSnapshot,
} from './fixture.ts';

const USDC = 1_000_000n;
const BOOKS = [350_000_000n, 10_000_000n, 7_000_000_000n];

const quote = withdrawUsdcQuote;

describe('withdraw_usdc', () => {
  let b: Basket;
  let alice: Depositor;
  let treasury: { usdc: Address; shares: Address };

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    alice = await newDepositor(b, 100_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 10_000n * USDC)], b.payer)).ok).toBe(true);
    treasury = await treasuryAccounts(b);
  });

  const ix = (
    shares: bigint,
    extra: { maxSlipBps?: number; quotedOut?: bigint; treasuryStable?: Address } = {},
  ) =>
    withdrawUsdcIx(
      b,
      alice.signer,
      {
        shareSource: alice.shareAccount,
        destination: alice.usdcAccount,
        treasuryStable: extra.treasuryStable ?? treasury.usdc,
      },
      { shares, ...extra },
    );

  async function expectRejected(ixs: Instruction[], code: number): Promise<void> {
    const touched = [
      b.vault,
      b.shareMint,
      alice.shareAccount,
      alice.usdcAccount,
      b.cashHolding,
      treasury.usdc,
    ];
    const before = accountBytes(b.svm, touched);
    const r = await send(b.svm, ixs, b.payer);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(b.svm, touched)).toEqual(before);
  }

  it('pays the NAV value rounded down less a 5 bps fee rounded up, the fee kept as owed', async () => {
    // Given a vault holding cash and three assets with non-unit multipliers
    await stockHoldings(b, BOOKS);
    const q = quote(b, 1_000n * USDC);
    const usdcBefore = tokenAmount(b.svm, alice.usdcAccount);
    const cashBefore = readVault(b).cashRaw;
    // When Alice redeems 1,000 shares with the exact quote and no slippage allowed
    const r = await send(b.svm, [ix(1_000n * USDC, { quotedOut: q.net })], b.payer);
    // Then she receives the net, the cash book drops by the gross, and the fee stays in the
    // cash buffer booked as owed to the treasury (collect_withdraw_fees pays it later)
    expect(r.error).toBeNull();
    expect(q.fee).toBe((q.gross * 5n + 9_999n) / 10_000n);
    expect(q.fee).toBeGreaterThan(0n);
    expect(tokenAmount(b.svm, alice.usdcAccount) - usdcBefore).toBe(q.net);
    expect(tokenAmount(b.svm, treasury.usdc)).toBe(0n);
    const s = readVault(b);
    expect(s.cashRaw).toBe(cashBefore - q.gross);
    expect(s.withdrawFeesOwed).toBe(q.fee);
    expect(s.totalWithdrawFeesUsd).toBe(q.fee);
    expect(s.totalWithdrawnUsd).toBe(q.gross);
    expect(tokenAmount(b.svm, b.cashHolding)).toBe(cashBefore - q.gross + q.fee);
    expect(mintSupply(b.svm, b.shareMint)).toBe(9_000n * USDC);
    console.info(`withdraw_usdc (3 held assets): ${r.computeUnits} CU, ${r.txBytes} bytes`);
  });

  it('a deposit redeemed at once returns at most the deposit less the fee', async () => {
    await stockHoldings(b, BOOKS);
    const bob = await newDepositor(b, 5_000n * USDC);
    expect((await send(b.svm, [depositIx(b, bob, 5_000n * USDC)], b.payer)).ok).toBe(true);
    const shares = tokenAmount(b.svm, bob.shareAccount);
    const r = await send(
      b.svm,
      [
        withdrawUsdcIx(
          b,
          bob.signer,
          {
            shareSource: bob.shareAccount,
            destination: bob.usdcAccount,
            treasuryStable: treasury.usdc,
          },
          { shares },
        ),
      ],
      b.payer,
    );
    expect(r.error).toBeNull();
    const back = tokenAmount(b.svm, bob.usdcAccount);
    expect(back).toBeLessThanOrEqual(5_000n * USDC - (5_000n * USDC * 5n) / 10_000n);
  });

  it('honours max_slip_bps against the quoted payout', async () => {
    const q = quote(b, 1_000n * USDC);
    // Quoted 0.5% above what the vault pays, 40 bps tolerated: refused
    const high = (q.net * 10_050n) / 10_000n;
    await expectRejected(
      [ix(1_000n * USDC, { quotedOut: high, maxSlipBps: 40 })],
      VAULT_ERROR__SLIPPAGE_EXCEEDED,
    );
    // 50 bps tolerated: accepted
    expect(
      (await send(b.svm, [ix(1_000n * USDC, { quotedOut: high, maxSlipBps: 50 })], b.payer)).ok,
    ).toBe(true);
  });

  it('pays only from the cash buffer', async () => {
    // Given most of the NAV in assets and little cash
    await stockHoldings(
      b,
      BOOKS.map((x) => x * 20n),
    );
    const q = quote(b, 9_000n * USDC);
    expect(q.gross).toBeGreaterThan(readVault(b).cashRaw);
    await expectRejected([ix(9_000n * USDC)], VAULT_ERROR__INSUFFICIENT_CASH);
  });

  it('no longer reads the treasury slot: the fee is paid by collect_withdraw_fees', async () => {
    // Any account in the unused slot (here Alice's own) changes nothing: no fee moves now
    const other = await createTokenAccount(b.svm, b.payer, b.usdc, alice.signer.address);
    const r = await send(b.svm, [ix(100n * USDC, { treasuryStable: other })], b.payer);
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, other)).toBe(0n);
    expect(readVault(b).withdrawFeesOwed).toBeGreaterThan(0n);
  });

  it('is blocked by the pause and by a stale snapshot; zero shares pay nothing', async () => {
    const pause = (paused: boolean) =>
      getSetPausedInstruction({ vault: b.vault, paused, adminSigners: b.admins.slice(0, 3) });
    expect((await send(b.svm, [pause(true)], b.payer)).ok).toBe(true);
    await expectRejected([ix(100n * USDC)], VAULT_ERROR__VAULT_PAUSED);
    expect((await send(b.svm, [pause(false)], b.payer)).ok).toBe(true);
    writeSnapshot(b, { publishUnixTime: MONDAY_15H - 61n });
    await expectRejected([ix(100n * USDC)], VAULT_ERROR__STALE_NAV);
    writeSnapshot(b);
    await expectRejected([ix(0n)], VAULT_ERROR__AMOUNT_TOO_SMALL);
  });
});

describe('collect_mgmt_fee', () => {
  let b: Basket;
  let treasury: { usdc: Address; shares: Address };

  beforeEach(async () => {
    b = await setupBasket();
    await initVault(b);
    writeSnapshot(b);
    const alice = await newDepositor(b, 1_000_000n * USDC);
    expect((await send(b.svm, [depositIx(b, alice, 1_000_000n * USDC)], b.payer)).ok).toBe(true);
    treasury = await treasuryAccounts(b);
  });

  const collect = (treasuryShares: Address) =>
    getCollectMgmtFeeInstruction({
      vault: b.vault,
      shareMint: b.shareMint,
      treasuryShares,
      token2022Program: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address,
    });

  it('mints a year of 20 bps to the treasury, permissionlessly, then has nothing left to collect', async () => {
    const supply = mintSupply(b.svm, b.shareMint);
    const year = 365n * 86_400n;
    setUnixTime(b.svm, MONDAY_15H + year);
    // When anyone (here the fee payer alone) collects
    const r = await send(b.svm, [collect(treasury.shares)], b.payer);
    expect(r.error).toBeNull();
    const owed = (supply * 20n * year) / (10_000n * year - 20n * year);
    expect(tokenAmount(b.svm, treasury.shares)).toBe(owed);
    expect(readVault(b).feeSharesOwed).toBe(0n);
    // The treasury holds 0.2% of the new supply (to the micro-share)
    expect((owed * 1_000_000n) / (supply + owed)).toBe(1_999n);
    console.info(`collect_mgmt_fee: ${r.computeUnits} CU`);
    // Collecting again in the same second: nothing to collect
    const again = await send(b.svm, [collect(treasury.shares)], b.payer);
    expect(again.customError).toBe(VAULT_ERROR__NOTHING_TO_COLLECT);
  });

  it('pays only into a share account owned by the treasury', async () => {
    setUnixTime(b.svm, MONDAY_15H + 86_400n);
    const stranger = await newDepositor(b, 0n);
    const before = accountBytes(b.svm, [b.vault, b.shareMint, stranger.shareAccount]);
    const r = await send(b.svm, [collect(stranger.shareAccount)], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__WRONG_TREASURY);
    expect(accountBytes(b.svm, [b.vault, b.shareMint, stranger.shareAccount])).toEqual(before);
  });
});
