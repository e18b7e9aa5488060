import {
  assertIsTradingHoursMode,
  type Instant,
  type MarketCalendar,
  type TradingHoursMode,
} from '@basket/market-calendar';
import { InvalidRoutingInputError } from './errors.ts';

/**
 * The fields of a tradable asset entry (swap assets list) that routing reads. Entries carry more
 * fields (bid/ask, trade sizes); they are accepted and ignored.
 *
 * @example
 * const entry: TradableAssetEntry = {
 *   symbol: 'AAPLx',
 *   tradingHoursMode: 'MarketHours',
 *   isAtomicTradingHalted: false,
 *   quoteValiditySeconds: 30,
 *   executionTimeoutSeconds: 60,
 * };
 */
export interface TradableAssetEntry {
  readonly symbol: string;
  readonly tradingHoursMode: TradingHoursMode;
  readonly isAtomicTradingHalted: boolean;
  readonly quoteValiditySeconds: number;
  readonly executionTimeoutSeconds: number;
}

/**
 * The system status of one symbol (GET /public/system/status/{symbol}).
 *
 * @example
 * const status: SystemStatus = { isMarketTradingHalted: false, isAtomicTradingHalted: false };
 */
export interface SystemStatus {
  readonly isMarketTradingHalted: boolean;
  readonly isAtomicTradingHalted: boolean;
}

/**
 * Whether the aggregator can fill the leg: a boolean, or the result of a depth check.
 *
 * @example
 * const depth: AggregatorDepth = { hasDepth: false, detail: 'price impact 3.2% > max_slip_bps' };
 */
export type AggregatorDepth = boolean | { readonly hasDepth: boolean; readonly detail?: string };

/**
 * Everything the routing rule reads. `calendar` defaults to the rules-only US equity calendar.
 *
 * @example
 * const input: RoutingInput = { entry, status, aggregatorDepth: true, now: Date.now() };
 */
export interface RoutingInput {
  readonly entry: TradableAssetEntry;
  readonly status: SystemStatus;
  readonly aggregatorDepth: AggregatorDepth;
  readonly now: Instant;
  readonly calendar?: MarketCalendar;
}

/**
 * Validates the fields routing reads (inputs come from HTTP responses, so types are checked at
 * run time too) and returns whether the aggregator has depth.
 *
 * @throws {InvalidRoutingInputError} naming the first bad field.
 * @example
 * const hasDepth = validateRoutingInput(input);
 */
export function validateRoutingInput(input: RoutingInput): boolean {
  const { entry, status, aggregatorDepth } = input;
  requireObject(entry, 'entry');
  requireObject(status, 'status');
  if (typeof entry.symbol !== 'string' || entry.symbol.trim() === '') {
    throw new InvalidRoutingInputError('entry.symbol', 'must be a non-empty string', entry.symbol);
  }
  try {
    assertIsTradingHoursMode(entry.tradingHoursMode);
  } catch {
    throw new InvalidRoutingInputError(
      'entry.tradingHoursMode',
      'must be MarketHours, TwentyFourFive or Always',
      entry.tradingHoursMode,
    );
  }
  requireBoolean(entry.isAtomicTradingHalted, 'entry.isAtomicTradingHalted');
  requireBoolean(status.isAtomicTradingHalted, 'status.isAtomicTradingHalted');
  requireBoolean(status.isMarketTradingHalted, 'status.isMarketTradingHalted');
  if (typeof aggregatorDepth === 'boolean') return aggregatorDepth;
  requireObject(aggregatorDepth, 'aggregatorDepth');
  requireBoolean(aggregatorDepth.hasDepth, 'aggregatorDepth.hasDepth');
  return aggregatorDepth.hasDepth;
}

/**
 * Validates `executionTimeoutSeconds`: a positive, finite number of seconds.
 *
 * @throws {InvalidRoutingInputError} otherwise.
 * @example
 * executionTimeoutMillis(entry); // 60000
 */
export function executionTimeoutMillis(entry: TradableAssetEntry): number {
  const seconds = entry.executionTimeoutSeconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds <= 0) {
    throw new InvalidRoutingInputError(
      'entry.executionTimeoutSeconds',
      'must be a positive number of seconds',
      seconds,
    );
  }
  return seconds * 1000;
}

function requireObject(value: unknown, field: string): void {
  if (typeof value !== 'object' || value === null) {
    throw new InvalidRoutingInputError(field, 'must be an object', value);
  }
}

function requireBoolean(value: unknown, field: string): void {
  if (typeof value !== 'boolean') {
    throw new InvalidRoutingInputError(field, 'must be a boolean', value);
  }
}
