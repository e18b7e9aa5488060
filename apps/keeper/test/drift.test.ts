import { describe, expect, it } from 'vitest';
import { computeVaultDrift, type DriftAsset } from '../src/decisions/drift.ts';
import { KeeperError } from '../src/decisions/errors.ts';
import { rawForUsd1e8, stableUsd1e8, USD_ONE, valueUsd1e8 } from '../src/decisions/valuation.ts';

const M = 1_000_000_000_000n;
const asset = (over: Partial<DriftAsset>): DriftAsset => ({
  symbol: 'AAPLx',
  mint: 'mintA',
  rawAmount: 0n,
  decimals: 6,
  // A non-unit multiplier: 1.25
  multiplierNum: (M * 5n) / 4n,
  priceUsd1e8: 200n * USD_ONE,
  targetWeightBps: 5_000,
  ...over,
});

describe('valuation', () => {
  it('values raw x multiplier x price and rounds down', () => {
    // Given 3 raw units (0.000003 tokens) at 1.25 x $200 = $0.00075
    expect(valueUsd1e8(asset({ rawAmount: 3n }))).toBe(75_000n);
    // Given 1 raw unit at a price that leaves a remainder, When valued, Then floored
    expect(valueUsd1e8(asset({ rawAmount: 1n, priceUsd1e8: 3n }))).toBe(0n);
  });

  it('converts a notional back to raw, floor for payouts and ceil for receipts', () => {
    const a = asset({ priceUsd1e8: 3n * USD_ONE });
    // $1 / (1.25 x $3) = 0.2666.. tokens = 266666.6 raw
    expect(rawForUsd1e8(USD_ONE, a, 'floor')).toBe(266_666n);
    expect(rawForUsd1e8(USD_ONE, a, 'ceil')).toBe(266_667n);
    expect(rawForUsd1e8(250n * USD_ONE, asset({}), 'ceil')).toBe(1_000_000n);
  });

  it('values stablecoin cash down and payouts up, so a cash raise never falls short', () => {
    // Given a 9-decimal stablecoin's 1 raw unit ($0.000000001, below USD x 1e8's unit)
    // When counted as cash held, Then nothing; as a payout owed, Then one unit
    expect(stableUsd1e8(1n, 9, 'floor')).toBe(0n);
    expect(stableUsd1e8(1n, 9, 'ceil')).toBe(1n);
    // Given 1.2345678 + 1e-9 dollars: each direction by one unit at most, exact values exact
    expect(stableUsd1e8(1_234_567_801n, 9, 'floor')).toBe(123_456_780n);
    expect(stableUsd1e8(1_234_567_801n, 9, 'ceil')).toBe(123_456_781n);
    expect(stableUsd1e8(1_234_567_800n, 9, 'ceil')).toBe(123_456_780n);
    // A 6-decimal stablecoin is always exact in USD x 1e8
    expect(stableUsd1e8(1_234_567n, 6, 'floor')).toBe(123_456_700n);
    expect(stableUsd1e8(1_234_567n, 6, 'ceil')).toBe(123_456_700n);
    for (const raw of [0n, 7n, 999_999_999n, 10n ** 18n + 3n]) {
      const floor = stableUsd1e8(raw, 12, 'floor');
      const ceil = stableUsd1e8(raw, 12, 'ceil');
      // floor <= raw / 1e12 dollars <= ceil, one unit apart when inexact
      expect(floor * 10n ** 12n <= raw * USD_ONE && raw * USD_ONE <= ceil * 10n ** 12n).toBe(true);
      expect(ceil - floor).toBe((raw * USD_ONE) % 10n ** 12n === 0n ? 0n : 1n);
    }
    expect(() => stableUsd1e8(-1n, 6, 'floor')).toThrow(KeeperError);
  });

  it('rejects a zero multiplier or price', () => {
    expect(() => valueUsd1e8(asset({ multiplierNum: 0n }))).toThrow(KeeperError);
    expect(() => valueUsd1e8(asset({ priceUsd1e8: 0n }))).toThrow(KeeperError);
  });
});

describe('computeVaultDrift', () => {
  it('reports an asset above target as positive drift and the sell delta', () => {
    // Given $750 of A (3 tokens x 1.25 x $200) and $250 of B, 50/50 targets, no buffer
    const report = computeVaultDrift({
      skuId: 'TECH2',
      cashUsd1e8: 0n,
      cashBufferBps: 0,
      assets: [
        asset({ rawAmount: 3_000_000n }),
        asset({ symbol: 'MSFTx', mint: 'mintB', rawAmount: 1_000_000n }),
      ],
    });
    expect(report.navUsd1e8).toBe(1_000n * USD_ONE);
    expect(report.assets[0]?.driftBps).toBe(2_500);
    expect(report.assets[0]?.deltaUsd1e8).toBe(-250n * USD_ONE);
    expect(report.assets[1]?.driftBps).toBe(-2_500);
    expect(report.assets[1]?.deltaUsd1e8).toBe(250n * USD_ONE);
    expect(report.maxAbsDriftBps).toBe(2_500);
  });

  it('keeps the cash buffer target out of the investable value', () => {
    // Given $1000 cash only and a 10% buffer, Then 90% is to be invested by the weights
    const report = computeVaultDrift({
      skuId: 'NEW',
      cashUsd1e8: 1_000n * USD_ONE,
      cashBufferBps: 1_000,
      assets: [asset({}), asset({ symbol: 'B', mint: 'mintB' })],
    });
    expect(report.investableUsd1e8).toBe(900n * USD_ONE);
    expect(report.assets.map((a) => a.deltaUsd1e8)).toEqual([450n * USD_ONE, 450n * USD_ONE]);
  });

  it('refuses weights that do not sum to 10000 bps', () => {
    expect(() =>
      computeVaultDrift({
        skuId: 'BAD',
        cashUsd1e8: 0n,
        cashBufferBps: 0,
        assets: [asset({ targetWeightBps: 4_000 }), asset({ targetWeightBps: 5_000 })],
      }),
    ).toThrow(/sum to 9000/);
  });
});
