import { InvalidRoutingInputError } from './errors.ts';
import type { SystemStatus } from './routing-input.ts';

/**
 * Rule 4: whether primary-market issuance and redemption (minting or redeeming tokenized stock with
 * the API operator) may proceed for the symbol.
 *
 * @example
 * const decision: PrimaryMarketDecision = { issuanceAndRedemption: 'blocked', reason: 'MarketTradingHalted' };
 */
export interface PrimaryMarketDecision {
  readonly issuanceAndRedemption: 'allowed' | 'blocked';
  readonly reason: 'MarketTradingHalted' | 'MarketTradingActive';
}

/**
 * Rule 4: `isMarketTradingHalted` blocks primary-market issuance and redemption. It has no effect
 * on the choice between swap, aggregator and skip (rules 1-3).
 *
 * @throws {InvalidRoutingInputError} when `isMarketTradingHalted` is not a boolean.
 * @example
 * decidePrimaryMarket({ isMarketTradingHalted: true, isAtomicTradingHalted: false });
 * // { issuanceAndRedemption: 'blocked', reason: 'MarketTradingHalted' }
 */
export function decidePrimaryMarket(status: SystemStatus): PrimaryMarketDecision {
  if (typeof status?.isMarketTradingHalted !== 'boolean') {
    throw new InvalidRoutingInputError(
      'status.isMarketTradingHalted',
      'must be a boolean',
      status?.isMarketTradingHalted,
    );
  }
  return status.isMarketTradingHalted
    ? { issuanceAndRedemption: 'blocked', reason: 'MarketTradingHalted' }
    : { issuanceAndRedemption: 'allowed', reason: 'MarketTradingActive' };
}
