// The reward purchase's delivery floor against the oracle (issue 29, item 2): a ScaledUiAmount
// multiplier of 1.5 (not 1), each rounding against the counterparty, one test per direction.
import { assetValueUsd } from '@basket/sdk';
import { describe, expect, it } from 'vitest';
import { minRewardStockRaw, stableValueUsd } from '../src/jobs/reward-purchase-price.ts';

const ONE_AND_HALF = 1_500_000_000_000n;
const PRICE = { priceUsd1e8: 200n * 10n ** 8n, multiplierNum: ONE_AND_HALF, decimals: 8 };

describe('minRewardStockRaw', () => {
  it('is the paid value at the oracle price, less the slippage, through the multiplier', () => {
    // $300 at $200 a displayed token, 1.5 displayed per raw token: 1 raw token, less 1 %.
    expect(minRewardStockRaw(300_000_000n, 6, PRICE, 100)).toBe(99_000_000n);
    expect(minRewardStockRaw(300_000_000n, 6, PRICE, 0)).toBe(100_000_000n);
  });

  it('rounds up: one unit less than the floor is worth less than the bound', () => {
    for (const paid of [1n, 7n, 999_999n, 123_456_789n]) {
      const min = minRewardStockRaw(paid, 6, PRICE, 37);
      const bound = (paid * (10_000n - 37n) + 9_999n) / 10_000n;
      const value = (raw: bigint) => assetValueUsd(raw, ONE_AND_HALF, PRICE.priceUsd1e8, 8, 'down');
      expect(value(min)).toBeGreaterThanOrEqual(bound);
      if (min > 0n) expect(value(min - 1n)).toBeLessThan(bound);
    }
  });

  it('values the stablecoin paid rounded up (more decimals than the USD unit)', () => {
    expect(stableValueUsd(1_000_001n, 9)).toBe(1_001n);
    expect(stableValueUsd(1_000_000n, 9)).toBe(1_000n);
    expect(stableValueUsd(5n, 2)).toBe(50_000n);
  });

  it('refuses without a positive oracle price', () => {
    expect(() => minRewardStockRaw(1n, 6, { ...PRICE, priceUsd1e8: 0n }, 100)).toThrow(
      /no positive price/,
    );
  });
});
