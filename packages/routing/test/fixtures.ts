import type { TradingHoursMode } from '@basket/market-calendar';
import type { SystemStatus, TradableAssetEntry } from '../src/index.ts';

/** A tradable asset entry with sensible defaults, overridable per test. */
export function entryOf(overrides: Partial<TradableAssetEntry> = {}): TradableAssetEntry {
  return {
    symbol: 'AAPLx',
    tradingHoursMode: 'MarketHours' as TradingHoursMode,
    isAtomicTradingHalted: false,
    quoteValiditySeconds: 30,
    executionTimeoutSeconds: 60,
    ...overrides,
  };
}

/** A system status with nothing halted, overridable per test. */
export function statusOf(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return { isMarketTradingHalted: false, isAtomicTradingHalted: false, ...overrides };
}
