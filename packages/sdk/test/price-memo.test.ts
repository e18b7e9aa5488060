import type { NavSnapshot } from '@basket/oracle-client';
import type { AssetEntry } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { MEMO_WINDOW_SECS, pricingUnit, rollPriceMemo, sumNav, unitValue } from '../src/index.ts';

const MINT = 'So11111111111111111111111111111111111111112' as Address;

function asset(memo: Partial<AssetEntry> = {}): AssetEntry {
  return {
    mint: MINT,
    holdingsRaw: 100_000_000n,
    targetWeightBps: 10_000,
    tokenProgram: 1,
    decimals: 8,
    status: 1,
    holdingBump: 255,
    prevUnit1E8: 0n,
    seenUnit1E8: 0n,
    unitInexact: 0,
    reserved: [0],
    verifiedBits: 0n,
    extOffset: 0,
    reserved2: [0, 0, 0, 0, 0, 0],
    holding: MINT,
    permanentDelegate: MINT,
    claimsOwedRaw: 0n,
    delegateOffset: 0,
    mintFlags: 0,
    reserved3: [0, 0, 0, 0, 0],
    ...memo,
  };
}

function snapshot(
  sequence: bigint,
  price: bigint,
  multiplierNum: bigint,
  publishUnixTime = 1_000n,
): NavSnapshot {
  return {
    entryCount: 1,
    sequence,
    publishUnixTime,
    entries: [
      { mint: MINT, priceUsd1E8: price, multiplierNum, updatedSlot: 1n, flags: 1, reserved: [] },
    ],
  } as unknown as NavSnapshot;
}

describe('price memory (port of programs/vault/src/price_memo)', () => {
  it('values one raw token exactly, flagging an inexact division', () => {
    expect(unitValue(23_456_000_000n, 1_057_100_000_000n)).toEqual([24_795_337_600n, false]);
    expect(unitValue(3n, 333_333_333_333n)).toEqual([0n, true]);
    expect(unitValue(2n ** 64n - 1n, 2n ** 64n - 1n)).toEqual([0n, false]);
  });

  it('rolls seen into prev only for a newer snapshot, carrying the inexact bit', () => {
    const a = asset({ seenUnit1E8: 500n, unitInexact: 2 });
    const memo = { memoSequence: 5n, memoPublishTime: 900n };
    expect(rollPriceMemo([a], memo, snapshot(5n, 1n, 1n))[0]).toEqual({
      prevUnit1E8: 0n,
      seenUnit1E8: 500n,
      unitInexact: 2,
    });
    expect(rollPriceMemo([a], memo, snapshot(6n, 200n, 10n ** 12n))[0]).toEqual({
      prevUnit1E8: 500n,
      seenUnit1E8: 200n,
      unitInexact: 1,
    });
  });

  it('forgets the previous units when the last priced snapshot is older than the window', () => {
    const a = asset({ seenUnit1E8: 500n, unitInexact: 2 });
    const at = (t: bigint) => snapshot(6n, 200n, 10n ** 12n, t);
    const memo = { memoSequence: 5n, memoPublishTime: 1_000n };
    expect(rollPriceMemo([a], memo, at(1_000n + MEMO_WINDOW_SECS))[0]?.prevUnit1E8).toBe(500n);
    expect(rollPriceMemo([a], memo, at(1_001n + MEMO_WINDOW_SECS))[0]).toEqual({
      prevUnit1E8: 0n,
      seenUnit1E8: 200n,
      unitInexact: 0,
    });
  });

  it('widens deposits to the higher and payouts to the lower of the two snapshots', () => {
    const fell = { prevUnit1E8: 200n, seenUnit1E8: 100n, unitInexact: 0 };
    const rose = { prevUnit1E8: 100n, seenUnit1E8: 200n, unitInexact: 0 };
    expect(pricingUnit(fell, 'up')).toBe(200n);
    expect(pricingUnit(fell, 'down')).toBe(100n);
    expect(pricingUnit(rose, 'down')).toBe(100n);
    expect(pricingUnit(rose, 'up')).toBe(200n);
    expect(pricingUnit({ ...fell, prevUnit1E8: 0n }, 'up')).toBe(100n);
    expect(pricingUnit({ ...rose, prevUnit1E8: 0n }, 'down')).toBe(200n);
    // inexact floors round up only for deposits
    expect(pricingUnit({ ...rose, unitInexact: 3 }, 'up')).toBe(201n);
    expect(pricingUnit({ ...fell, unitInexact: 3 }, 'up')).toBe(201n);
    expect(pricingUnit({ ...rose, unitInexact: 3 }, 'down')).toBe(100n);
    // no unit in memory: the two-step fallback
    expect(pricingUnit({ ...rose, seenUnit1E8: 0n }, 'up')).toBeNull();
  });

  it('divides each decimals group once, rounding the total the caller asked for', () => {
    // 1 token (8 decimals) at a unit of 250 (1e-8 USD) is 2.5 units of 1e-6 USD
    const parts = [
      { raw: 100_000_000n, unit: 250n, decimals: 8 },
      { raw: 100_000_000n, unit: 250n, decimals: 8 },
    ];
    expect(sumNav(7n, parts, 'down')).toBe(12n);
    expect(sumNav(7n, parts, 'up')).toBe(12n);
    expect(sumNav(7n, [parts[0]!], 'up')).toBe(10n);
    expect(sumNav(7n, [parts[0]!], 'down')).toBe(9n);
    // groups are divided apart: 0.5 + 0.5 in two groups rounds twice
    const split = [
      { raw: 10n, unit: 5n, decimals: 0 },
      { raw: 1_000n, unit: 5n, decimals: 2 },
    ];
    expect(sumNav(0n, split, 'up')).toBe(2n);
    expect(sumNav(0n, split, 'down')).toBe(0n);
    expect(sumNav(0n, [...split, { usd: 4n }], 'down')).toBe(4n);
    expect(() => sumNav(0n, [{ raw: 1n, unit: 1n, decimals: 13 }], 'up')).toThrow(RangeError);
  });
});
