import {
  isOpen,
  nextClose,
  nextOpen,
  type TradingHoursMode,
  toEpochMillis,
  US_EQUITY_CALENDAR,
} from '@basket/market-calendar';
import { decidePrimaryMarket, type PrimaryMarketDecision } from './primary-market.ts';
import { type RoutingInput, validateRoutingInput } from './routing-input.ts';

/**
 * Where a rebalance leg goes: the atomic RFQ swap route, the aggregator fallback, or nowhere.
 *
 * @example
 * const route: Route = 'aggregator';
 */
export type Route = 'swap' | 'aggregator' | 'skip';

/**
 * Why the route was chosen:
 * - `OutsideTradingWindow` (rule 1): the asset's trading-hours window is closed.
 * - `AtomicTradingHalted` (rule 2): the entry or the system status reports an atomic halt.
 * - `SwapRouteOpen` (rule 3): none of the above.
 *
 * @example
 * const reason: RoutingReason = 'AtomicTradingHalted';
 */
export type RoutingReason = 'OutsideTradingWindow' | 'AtomicTradingHalted' | 'SwapRouteOpen';

/**
 * The routing decision for one leg at one instant.
 *
 * @example
 * const decision: RoutingDecision = decideRoute(input);
 * if (decision.route === 'swap') requestRfq();
 */
export interface RoutingDecision {
  readonly symbol: string;
  readonly route: Route;
  /** The routing rule (spec, Routing rules) that decided the route. */
  readonly rule: 1 | 2 | 3;
  readonly reason: RoutingReason;
  readonly message: string;
  readonly evaluatedAt: Date;
  readonly tradingHoursMode: TradingHoursMode;
  readonly windowOpen: boolean;
  /** When the open window closes (null when closed, or for `Always`). */
  readonly windowClosesAt: Date | null;
  /** When the closed window next opens (null when open). */
  readonly windowOpensAt: Date | null;
  /** Atomic halt as reported by the entry and by the system status; either one halts. */
  readonly atomicHalt: { readonly entry: boolean; readonly status: boolean };
  readonly aggregatorHasDepth: boolean;
  /** Rule 4, independent of the route. */
  readonly primaryMarket: PrimaryMarketDecision;
}

/**
 * The routing rule (spec, Routing rules 1-4) as a pure function of the tradable asset entry, the
 * system status, the aggregator's depth and the instant:
 *
 * 1. If the asset's trading window (MarketHours, TwentyFourFive) is closed, use the aggregator, or
 *    skip the leg when the aggregator lacks depth. A MarketHours asset never gets the swap route
 *    outside market hours.
 * 2. Otherwise, if the entry or the system status reports an atomic halt, use the aggregator, or
 *    skip when it lacks depth.
 * 3. Otherwise use the swap route.
 * 4. Independently, `isMarketTradingHalted` blocks primary-market issuance and redemption.
 *
 * @throws {InvalidRoutingInputError} naming a malformed field of the input.
 * @throws {InvalidInstantError} when `now` is not a valid instant.
 * @example
 * decideRoute({
 *   entry: { symbol: 'AAPLx', tradingHoursMode: 'MarketHours', isAtomicTradingHalted: false,
 *     quoteValiditySeconds: 30, executionTimeoutSeconds: 60 },
 *   status: { isMarketTradingHalted: false, isAtomicTradingHalted: false },
 *   aggregatorDepth: true,
 *   now: Date.UTC(2025, 0, 4, 15, 0), // Saturday
 * }).route; // 'aggregator'
 */
export function decideRoute(input: RoutingInput): RoutingDecision {
  const aggregatorHasDepth = validateRoutingInput(input);
  const { entry, status } = input;
  const calendar = input.calendar ?? US_EQUITY_CALENDAR;
  const now = toEpochMillis(input.now);
  const mode = entry.tradingHoursMode;
  const windowOpen = isOpen(mode, now, calendar);
  const fallback: Route = aggregatorHasDepth ? 'aggregator' : 'skip';
  const base = {
    symbol: entry.symbol,
    evaluatedAt: new Date(now),
    tradingHoursMode: mode,
    windowOpen,
    windowClosesAt: windowOpen ? nextClose(mode, now, calendar) : null,
    windowOpensAt: windowOpen ? null : nextOpen(mode, now, calendar),
    atomicHalt: { entry: entry.isAtomicTradingHalted, status: status.isAtomicTradingHalted },
    aggregatorHasDepth,
    primaryMarket: decidePrimaryMarket(status),
  };
  const viaFallback =
    fallback === 'aggregator' ? 'route through the aggregator' : 'skip: the aggregator lacks depth';
  if (!windowOpen) {
    const window = mode === 'MarketHours' ? 'outside market hours' : `outside ${mode} hours`;
    return {
      ...base,
      route: fallback,
      rule: 1,
      reason: 'OutsideTradingWindow',
      message: `${entry.symbol} is ${window}; ${viaFallback}.`,
    };
  }
  if (entry.isAtomicTradingHalted || status.isAtomicTradingHalted) {
    return {
      ...base,
      route: fallback,
      rule: 2,
      reason: 'AtomicTradingHalted',
      message: `Atomic trading of ${entry.symbol} is halted; ${viaFallback}.`,
    };
  }
  return {
    ...base,
    route: 'swap',
    rule: 3,
    reason: 'SwapRouteOpen',
    message: `${entry.symbol} trades through the swap route.`,
  };
}
