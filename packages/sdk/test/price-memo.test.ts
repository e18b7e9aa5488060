import type { NavSnapshot } from '@basket/oracle-client';
import type { AssetEntry } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { priceEnvelope, rollPriceMemo, unitValue } from '../src/index.ts';

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
    ...memo,
  };
}

function snapshot(sequence: bigint, price: bigint, multiplierNum: bigint): NavSnapshot {
  return {
    entryCount: 1,
    sequence,
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
    expect(rollPriceMemo([a], 5n, snapshot(5n, 1n, 1n))[0]).toEqual({
      prevUnit1E8: 0n,
      seenUnit1E8: 500n,
      unitInexact: 2,
    });
    expect(rollPriceMemo([a], 5n, snapshot(6n, 200n, 10n ** 12n))[0]).toEqual({
      prevUnit1E8: 500n,
      seenUnit1E8: 200n,
      unitInexact: 1,
    });
  });

  it('widens deposits to the higher and payouts to the lower of the two snapshots', () => {
    const fell = { prevUnit1E8: 200n, seenUnit1E8: 100n, unitInexact: 0 };
    const rose = { prevUnit1E8: 100n, seenUnit1E8: 200n, unitInexact: 0 };
    // 1 token (8 decimals) at a unit of 200 (1e-8 USD per raw token) = 200 x 1e8 / 1e10
    expect(priceEnvelope(fell, 8, 100_000_000n, 'up', 1n)).toBe(2n);
    expect(priceEnvelope(fell, 8, 100_000_000n, 'down', 1n)).toBe(1n);
    expect(priceEnvelope(rose, 8, 100_000_000n, 'down', 2n)).toBe(1n);
    expect(priceEnvelope(rose, 8, 100_000_000n, 'up', 2n)).toBe(2n);
    expect(priceEnvelope({ ...fell, prevUnit1E8: 0n }, 8, 100_000_000n, 'up', 1n)).toBe(1n);
  });
});
