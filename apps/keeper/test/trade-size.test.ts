import { describe, expect, it } from 'vitest';
import { decideTrade, type TradeLimits, tradeSizeToRaw } from '../src/decisions/trade-size.ts';
import { USD_ONE } from '../src/decisions/valuation.ts';

const M = 1_000_000_000_000n;
// $100 per UI token at multiplier 2: one raw token (6 decimals) is worth $200.
const asset = { decimals: 6, multiplierNum: 2n * M, priceUsd1e8: 100n * USD_ONE };
const open: TradeLimits = {
  minNotionalUsd1e8: 10n * USD_ONE,
  minTradeRaw: null,
  maxTradeRaw: null,
  maxCashPerTransactionUsd1e8: null,
  remainingCashTodayUsd1e8: null,
};

describe('decideTrade', () => {
  it('buys the whole delta when no limit binds, raw amount floored', () => {
    const d = decideTrade(400n * USD_ONE, asset, open);
    expect(d).toEqual({
      action: 'trade',
      side: 'buy',
      notionalUsd1e8: 400n * USD_ONE,
      assetRaw: 2_000_000n,
      capped: false,
    });
  });

  it('sells on a negative delta', () => {
    const d = decideTrade(-200n * USD_ONE, asset, open);
    expect(d.action === 'trade' && d.side).toBe('sell');
  });

  it('skips a drift below the minimum notional', () => {
    expect(decideTrade(9n * USD_ONE, asset, open)).toEqual({
      action: 'skip',
      reason: 'BelowMinNotional',
    });
  });

  it('caps at the per-transaction cash limit and says so', () => {
    const d = decideTrade(1_000n * USD_ONE, asset, {
      ...open,
      maxCashPerTransactionUsd1e8: 300n * USD_ONE,
    });
    expect(d).toMatchObject({ action: 'trade', notionalUsd1e8: 300n * USD_ONE, capped: true });
  });

  it('caps at the maximum trade size and re-prices the notional from the capped amount', () => {
    const d = decideTrade(1_000n * USD_ONE, asset, { ...open, maxTradeRaw: 1_000_000n });
    expect(d).toMatchObject({ assetRaw: 1_000_000n, notionalUsd1e8: 200n * USD_ONE, capped: true });
  });

  it('skips when the daily cash limit is used up, and below the API minimum size', () => {
    expect(decideTrade(500n * USD_ONE, asset, { ...open, remainingCashTodayUsd1e8: 0n })).toEqual({
      action: 'skip',
      reason: 'DailyLimitReached',
    });
    expect(decideTrade(100n * USD_ONE, asset, { ...open, minTradeRaw: 600_000n })).toEqual({
      action: 'skip',
      reason: 'BelowMinTradeSize',
    });
  });

  it('drops sub-cent notional so quotes and limits in cents stay exact', () => {
    // $100.019999 -> $100.01 (a cent is 1e6 in USD x 1e8)
    const d = decideTrade(100n * USD_ONE + 1_999_999n, asset, open);
    expect(d).toMatchObject({ notionalUsd1e8: 100n * USD_ONE + 1_000_000n });
  });
});

describe('tradeSizeToRaw', () => {
  it('divides UI tokens by the multiplier, ceil for a minimum and floor for a maximum', () => {
    // 1 UI token at multiplier 3 = 333333.33 raw
    expect(tradeSizeToRaw('1', 6, 3n * M, 'ceil')).toBe(333_334n);
    expect(tradeSizeToRaw('1', 6, 3n * M, 'floor')).toBe(333_333n);
    expect(tradeSizeToRaw('0.5', 6, 2n * M, 'ceil')).toBe(250_000n);
  });
});
