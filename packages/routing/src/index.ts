export {
  decideRoute,
  type Route,
  type RoutingDecision,
  type RoutingReason,
} from './decide-route.ts';
export * from './errors.ts';
export {
  type ExactDecimal,
  exactDecimalEquals,
  exactDecimalFromScaled,
  formatExactDecimal,
  isZeroDecimal,
  parseExactDecimal,
} from './exact-decimal.ts';
export {
  decideMultiplierFreeze,
  MULTIPLIER_FREEZE_WINDOW_MS,
  type MultiplierChangeReason,
  type MultiplierFreezeDecision,
  type MultiplierFreezeInput,
  type MultiplierFreezeStatus,
  type MultiplierState,
  type OnChainMultiplier,
} from './multiplier-freeze.ts';
export { onChainMultiplierTerms } from './on-chain-multiplier.ts';
export { decidePrimaryMarket, type PrimaryMarketDecision } from './primary-market.ts';
export {
  type AggregatorDepth,
  executionTimeoutMillis,
  type RoutingInput,
  type SystemStatus,
  type TradableAssetEntry,
  validateRoutingInput,
} from './routing-input.ts';
export {
  assertSwapPreCommit,
  checkSwapPreCommit,
  type SwapPreCommitRefusalCode,
  type SwapPreCommitResult,
} from './swap-pre-commit.ts';
