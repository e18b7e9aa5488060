import type { TradableAssetEntry } from '@basket/routing';
import { describe, expect, it } from 'vitest';
import { chooseLegRoute } from '../src/decisions/route-choice.ts';

const entry = (
  mode: TradableAssetEntry['tradingHoursMode'],
  halted = false,
): TradableAssetEntry => ({
  symbol: 'AAPLx',
  tradingHoursMode: mode,
  isAtomicTradingHalted: halted,
  quoteValiditySeconds: 30,
  executionTimeoutSeconds: 60,
});
const calm = { isMarketTradingHalted: false, isAtomicTradingHalted: false };
// The trading week of Monday 2026-11-23 (EST, UTC-5); Thursday 26th is Thanksgiving.
const at = (iso: string) => Date.parse(iso);
const route = (mode: TradableAssetEntry['tradingHoursMode'], iso: string, depth = true) =>
  chooseLegRoute({ entry: entry(mode), status: calm, aggregatorDepth: depth, now: at(iso) }).route;

describe('routing over a trading week', () => {
  it('MarketHours: swap inside 09:30-16:00 ET, aggregator outside, never swap on a holiday', () => {
    expect(route('MarketHours', '2026-11-23T15:00:00Z')).toBe('swap'); // Mon 10:00 ET
    expect(route('MarketHours', '2026-11-23T14:00:00Z')).toBe('aggregator'); // Mon 09:00 ET
    expect(route('MarketHours', '2026-11-23T21:30:00Z')).toBe('aggregator'); // Mon 16:30 ET
    expect(route('MarketHours', '2026-11-26T16:00:00Z')).toBe('aggregator'); // Thanksgiving
    expect(route('MarketHours', '2026-11-28T16:00:00Z')).toBe('aggregator'); // Saturday
  });

  it('skips the leg outside the window when the aggregator lacks depth', () => {
    expect(route('MarketHours', '2026-11-28T16:00:00Z', false)).toBe('skip');
  });

  it('MarketHours: refuses a swap whose execution would outlive the close (pre-commit)', () => {
    // Mon 15:59:30 ET: open, but a 60 s execution window ends after 16:00.
    const r = chooseLegRoute({
      entry: entry('MarketHours'),
      status: calm,
      aggregatorDepth: true,
      now: at('2026-11-23T20:59:30Z'),
    });
    expect(r.route).toBe('aggregator');
    expect(r.preCommitRefusal).not.toBeNull();
  });

  it('TwentyFourFive: swap on a weekday night, aggregator on Saturday', () => {
    expect(route('TwentyFourFive', '2026-11-24T06:00:00Z')).toBe('swap'); // Tue 01:00 ET
    expect(route('TwentyFourFive', '2026-11-28T12:00:00Z')).toBe('aggregator'); // Sat
    expect(route('TwentyFourFive', '2026-11-30T02:00:00Z')).toBe('swap'); // Sun 21:00 ET
  });

  it('Always: swap on Saturday', () => {
    expect(route('Always', '2026-11-28T12:00:00Z')).toBe('swap');
  });

  it('an atomic halt (entry or status) sends the leg to the aggregator even in hours', () => {
    const now = at('2026-11-23T15:00:00Z');
    expect(
      chooseLegRoute({
        entry: entry('MarketHours', true),
        status: calm,
        aggregatorDepth: true,
        now,
      }).route,
    ).toBe('aggregator');
    expect(
      chooseLegRoute({
        entry: entry('Always'),
        status: { isMarketTradingHalted: false, isAtomicTradingHalted: true },
        aggregatorDepth: false,
        now,
      }).route,
    ).toBe('skip');
  });
});
