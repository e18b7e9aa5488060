import { accountBytes, send, setUnixTime, tokenAmount } from '@basket/test-harness';
import {
  getSetPausedInstruction,
  VAULT_ERROR__PERF_FEE_NOT_DUE,
  VAULT_ERROR__SNAPSHOT_BEFORE_PERIOD_END,
  VAULT_ERROR__STALE_NAV,
  VAULT_ERROR__VAULT_PAUSED,
  VAULT_ERROR__WRONG_TREASURY,
} from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Basket,
  collectPerfFeeIx,
  MONDAY_15H,
  mintSupply,
  movePrice,
  navDown,
  newDepositor,
  perfFeeVault,
  readVault,
  VIRTUAL_ASSETS_USD,
  VIRTUAL_SHARES,
  writeSnapshot,
} from './fixture.ts';

const PERIOD = 90n * 86_400n;
const WINDOW = 2n * 86_400n;
const YEAR = 365n * 86_400n;
const PPS = 1_000_000_000_000n;

/** Reference of the crystallization: mgmt accrual, then the fee on the gain above the mark. */
function expectedFee(b: Basket, nav: bigint, elapsed: bigint): { shares: bigint; hwm: bigint } {
  const s = readVault(b);
  const supply0 = mintSupply(b.svm, b.shareMint) + s.feeSharesOwed;
  const accrued = (supply0 * 20n * elapsed) / (10_000n * YEAR - 20n * elapsed);
  const supply = supply0 + accrued;
  const pps = ((nav + VIRTUAL_ASSETS_USD) * PPS) / (supply + VIRTUAL_SHARES);
  if (pps <= s.highWaterMarkPps) return { shares: 0n, hwm: s.highWaterMarkPps };
  const gain = ((pps - s.highWaterMarkPps) * supply) / PPS;
  const fee = (gain * BigInt(s.perfFeeBps)) / 10_000n;
  const shares = (fee * (supply + VIRTUAL_SHARES)) / (nav + VIRTUAL_ASSETS_USD - fee);
  if (shares === 0n) return { shares: 0n, hwm: s.highWaterMarkPps };
  return { shares, hwm: ((nav + VIRTUAL_ASSETS_USD) * PPS) / (supply + shares + VIRTUAL_SHARES) };
}

describe('collect_perf_fee', () => {
  let b: Basket;
  let treasury: { usdc: Address; shares: Address };

  beforeEach(async () => {
    // 35 xStock tokens booked, the mark at today's price per share.
    ({ b, treasury } = await perfFeeVault());
  });

  const collect = (treasuryShares = treasury.shares) => collectPerfFeeIx(b, treasuryShares);

  it('refuses to crystallize within 90 days of the last crystallization', async () => {
    setUnixTime(b.svm, MONDAY_15H + PERIOD - 1n);
    writeSnapshot(b);
    const before = accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares]);
    const r = await send(b.svm, [collect()], b.payer);
    expect(r.customError).toBe(VAULT_ERROR__PERF_FEE_NOT_DUE);
    expect(accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares])).toEqual(before);
  });

  it('charges 10% of the gain above the mark in shares and moves the mark to the post-fee price', async () => {
    // Given 90 days later the xStock is up 10%
    setUnixTime(b.svm, MONDAY_15H + PERIOD);
    movePrice(b, 110n, 100n);
    const nav = navDown(b);
    const want = expectedFee(b, nav, PERIOD);
    expect(want.shares).toBeGreaterThan(0n);
    // When anyone collects
    const r = await send(b.svm, [collect()], b.payer);
    // Then the treasury receives exactly the reference fee shares and the mark moves
    expect(r.error).toBeNull();
    expect(tokenAmount(b.svm, treasury.shares)).toBe(want.shares);
    const s = readVault(b);
    expect(s.highWaterMarkPps).toBe(want.hwm);
    expect(s.totalPerfFeeShares).toBe(want.shares);
    expect(s.lastPerfFeeTime).toBe(MONDAY_15H + PERIOD);
    console.info(`collect_perf_fee (1 held asset): ${r.computeUnits} CU`);
    // And the next period with no further gain charges nothing and keeps the mark
    setUnixTime(b.svm, MONDAY_15H + 2n * PERIOD);
    movePrice(b, 1n, 1n);
    expect((await send(b.svm, [collect()], b.payer)).error).toBeNull();
    expect(tokenAmount(b.svm, treasury.shares)).toBe(want.shares);
    expect(readVault(b).highWaterMarkPps).toBe(want.hwm);
  });

  it('crystallizes only at fixed period ends: the grid point is recorded, not the second it ran', async () => {
    // A peak mid-period cannot be chosen: refused.
    setUnixTime(b.svm, MONDAY_15H + PERIOD / 2n);
    movePrice(b, 130n, 100n);
    const before = accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares]);
    expect((await send(b.svm, [collect()], b.payer)).customError).toBe(
      VAULT_ERROR__PERF_FEE_NOT_DUE,
    );
    expect(accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares])).toEqual(before);
    // Two hours after the period end, valued by a snapshot published after it, to the unit.
    setUnixTime(b.svm, MONDAY_15H + PERIOD + 7_200n);
    movePrice(b, 100n, 130n);
    movePrice(b, 110n, 100n);
    const want = expectedFee(b, navDown(b), PERIOD + 7_200n);
    expect(want.shares).toBeGreaterThan(0n);
    expect((await send(b.svm, [collect()], b.payer)).error).toBeNull();
    expect(tokenAmount(b.svm, treasury.shares)).toBe(want.shares);
    expect(readVault(b).lastPerfFeeTime).toBe(MONDAY_15H + PERIOD);
    // The next end is on the same grid: 90 days after the first end, not after the call.
    setUnixTime(b.svm, MONDAY_15H + 2n * PERIOD - 1n);
    writeSnapshot(b);
    expect((await send(b.svm, [collect()], b.payer)).customError).toBe(
      VAULT_ERROR__PERF_FEE_NOT_DUE,
    );
    setUnixTime(b.svm, MONDAY_15H + 2n * PERIOD);
    writeSnapshot(b);
    expect((await send(b.svm, [collect()], b.payer)).error).toBeNull();
    expect(readVault(b).lastPerfFeeTime).toBe(MONDAY_15H + 2n * PERIOD);
  });

  it('a missed window crystallizes nothing until the next period end, which stays on the grid', async () => {
    setUnixTime(b.svm, MONDAY_15H + PERIOD + WINDOW + 1n);
    movePrice(b, 110n, 100n);
    const before = accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares]);
    expect((await send(b.svm, [collect()], b.payer)).customError).toBe(
      VAULT_ERROR__PERF_FEE_NOT_DUE,
    );
    expect(accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares])).toEqual(before);
    // The next end, on the grid from the vault's creation.
    setUnixTime(b.svm, MONDAY_15H + 2n * PERIOD + 600n);
    movePrice(b, 1n, 1n);
    expect((await send(b.svm, [collect()], b.payer)).error).toBeNull();
    expect(tokenAmount(b.svm, treasury.shares)).toBeGreaterThan(0n);
    expect(readVault(b).lastPerfFeeTime).toBe(MONDAY_15H + 2n * PERIOD);
  });

  it('refuses a snapshot published before the period end (the fee is valued at the end)', async () => {
    setUnixTime(b.svm, MONDAY_15H + PERIOD + 100n);
    writeSnapshot(b, { publishUnixTime: MONDAY_15H + PERIOD - 10n });
    const before = accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares]);
    expect((await send(b.svm, [collect()], b.payer)).customError).toBe(
      VAULT_ERROR__SNAPSHOT_BEFORE_PERIOD_END,
    );
    expect(accountBytes(b.svm, [b.vault, b.shareMint, treasury.shares])).toEqual(before);
    writeSnapshot(b, { publishUnixTime: MONDAY_15H + PERIOD });
    expect((await send(b.svm, [collect()], b.payer)).error).toBeNull();
  });

  it('charges nothing below the mark (a loss), keeps the mark and ends the period', async () => {
    setUnixTime(b.svm, MONDAY_15H + PERIOD);
    movePrice(b, 90n, 100n);
    const hwm = readVault(b).highWaterMarkPps;
    expect((await send(b.svm, [collect()], b.payer)).error).toBeNull();
    expect(tokenAmount(b.svm, treasury.shares)).toBe(0n);
    expect(readVault(b).highWaterMarkPps).toBe(hwm);
    const again = await send(b.svm, [collect()], b.payer);
    expect(again.customError).toBe(VAULT_ERROR__PERF_FEE_NOT_DUE);
  });

  it('is refused while paused, with a stale snapshot, or into a non-treasury account', async () => {
    setUnixTime(b.svm, MONDAY_15H + PERIOD);
    // (90 days after a Monday is a Sunday: off-hours, 300 s)
    writeSnapshot(b, { publishUnixTime: MONDAY_15H + PERIOD - 301n });
    expect((await send(b.svm, [collect()], b.payer)).customError).toBe(VAULT_ERROR__STALE_NAV);
    writeSnapshot(b);
    const stranger = await newDepositor(b, 0n);
    expect((await send(b.svm, [collect(stranger.shareAccount)], b.payer)).customError).toBe(
      VAULT_ERROR__WRONG_TREASURY,
    );
    const pause = getSetPausedInstruction({
      vault: b.vault,
      paused: true,
      adminSigners: b.admins.slice(0, 3),
    });
    expect((await send(b.svm, [pause], b.payer)).ok).toBe(true);
    expect((await send(b.svm, [collect()], b.payer)).customError).toBe(VAULT_ERROR__VAULT_PAUSED);
  });
});
