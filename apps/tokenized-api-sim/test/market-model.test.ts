import { STOCKS } from '@basket/world/catalog';
import { describe, expect, it } from 'vitest';
import {
  createMarketModel,
  createQuoteBook,
  formatFixed,
  formatMultiplier,
  SCALE_8,
  SEED_ASSETS,
  type SeedAsset,
  tokenQuoteCents,
} from '../src/index.ts';
import { DAY, HOUR, MARKET_OPEN, MINUTE, WEEKEND } from './support/harness.ts';

const market = createMarketModel(MARKET_OPEN);
const asset = (symbol: string) => SEED_ASSETS.find((a) => a.symbol === symbol) as SeedAsset;
const ctx = { market, quotes: createQuoteBook(), haltOverrides: {} };

describe('simulated market', () => {
  it('seeds realistic assets covering every trading-hours mode', () => {
    expect(SEED_ASSETS.map((a) => a.symbol)).toEqual(STOCKS.map((s) => s.symbol));
    expect(SEED_ASSETS).toHaveLength(21);
    expect(new Set(SEED_ASSETS.map((a) => a.tradingHoursMode))).toEqual(
      new Set(['MarketHours', 'TwentyFourFive', 'Always']),
    );
    expect(new Set(SEED_ASSETS.map((a) => a.mintAddress)).size).toBe(SEED_ASSETS.length);
  });

  it('quotes the world catalog: its price and its multiplier at the anchor, for every stock', () => {
    for (const stock of STOCKS) {
      const a = asset(stock.symbol);
      expect(a.basePrice).toBe(formatFixed(stock.priceUsd1e8, 8));
      expect(formatMultiplier(market.multiplierAt(a, MARKET_OPEN).current)).toBe(
        stock.multiplier.toFixed(8),
      );
      // Within the swing of the world's price (the oracle refuses pushes >10% away).
      const price = market.sharePriceAt(a, MARKET_OPEN);
      const gap = price > stock.priceUsd1e8 ? price - stock.priceUsd1e8 : stock.priceUsd1e8 - price;
      expect(gap * 10_000n).toBeLessThanOrEqual(stock.priceUsd1e8 * BigInt(a.swingBps));
    }
  });

  it('keeps the history consistent: each change starts where the previous ended', () => {
    for (const a of SEED_ASSETS) {
      const changes = market.timeline(a, MARKET_OPEN + 10 * DAY);
      for (let k = 1; k < changes.length; k += 1) {
        expect(changes[k]?.previous).toBe(changes[k - 1]?.next);
        expect(changes[k]?.at).toBeGreaterThanOrEqual(changes[k - 1]?.at ?? 0);
      }
    }
  });

  it('schedules every multiplier reason', () => {
    const reasons = new Set(
      SEED_ASSETS.flatMap((a) => market.timeline(a, MARKET_OPEN + 10 * DAY).map((c) => c.reason)),
    );
    expect(reasons).toEqual(
      new Set(['FeeAccrual', 'Dividend', 'Split', 'ReverseSplit', 'Administrative']),
    );
  });

  it('decays the multiplier daily by the fee accrual', () => {
    const spy = asset('SPYx');
    const today = market.multiplierAt(spy, MARKET_OPEN).current;
    const tomorrow = market.multiplierAt(spy, Date.UTC(2025, 0, 7, 0, 0, 1)).current;
    // 20 bps a year: one day multiplies by (1 - 0.0020 / 365), rounded down at 8 decimals
    expect(tomorrow).toBe((today * (3_650_000n - 20n)) / 3_650_000n);
    expect(market.multiplierAt(spy, MARKET_OPEN).upcoming?.reason).toBe('FeeAccrual');
  });

  it('applies a 3-for-1 split to the multiplier and divides the share price, keeping value continuous', () => {
    const tsla = asset('TSLAx');
    const before = MARKET_OPEN + 2 * DAY - 1;
    const after = MARKET_OPEN + 2 * DAY;
    const mBefore = market.multiplierAt(tsla, before);
    const mAfter = market.multiplierAt(tsla, after).current;
    expect(mBefore.upcoming?.reason).toBe('Split');
    expect(mAfter).toBe(mBefore.current * 3n);
    const value = (t: number, m: bigint) => (market.sharePriceAt(tsla, t) * m) / SCALE_8;
    const jump =
      Number(value(after, mAfter) - value(before, mBefore.current)) /
      Number(value(before, mBefore.current));
    expect(Math.abs(jump)).toBeLessThan(0.001);
  });

  it('shows nothing scheduled for an asset without pending changes', () => {
    const amc = market.multiplierAt(asset('AMCx'), MARKET_OPEN + 2 * DAY);
    expect(amc.upcoming).toBeNull();
    // The catalog's 0.1 at the anchor, then the 1-for-10 reverse split
    expect(formatMultiplier(amc.current)).toBe('0.01000000');
  });

  it('moves prices while a window is open and freezes them while it is closed', () => {
    const aapl = asset('AAPLx');
    const nvda = asset('NVDAx');
    expect(market.sharePriceAt(aapl, MARKET_OPEN)).not.toBe(
      market.sharePriceAt(aapl, MARKET_OPEN + 10 * MINUTE),
    );
    expect(market.sharePriceAt(aapl, WEEKEND)).toBe(market.sharePriceAt(aapl, WEEKEND + 6 * HOUR));
    expect(market.sharePriceAt(nvda, WEEKEND)).not.toBe(
      market.sharePriceAt(nvda, WEEKEND + 6 * HOUR),
    );
  });

  it('keeps prices near their base and bid below ask in whole cents', () => {
    for (const a of SEED_ASSETS) {
      for (let t = MARKET_OPEN; t < MARKET_OPEN + DAY; t += 37 * MINUTE) {
        const price = Number(formatFixed(market.sharePriceAt(a, t), 8));
        const m = Number(formatMultiplier(market.multiplierAt(a, t).current));
        const { bid, ask } = tokenQuoteCents(ctx, a, t);
        expect(Number.isInteger(bid) && Number.isInteger(ask)).toBe(true);
        expect(ask).toBeGreaterThan(bid);
        // Within 1% of the token's value, plus the whole cent it is rounded to (AMCx is ~40 cents).
        expect(Math.abs(bid - price * m * 100)).toBeLessThan(price * m + 1);
      }
    }
  });
});
