// Route of one rebalance leg: the routing package's rules (calendar, atomic halt, aggregator
// depth) plus the keeper's own guards: the pre-commit check that a MarketHours asset never
// goes through the swap route outside market hours, and the primary-market halt.
import {
  checkSwapPreCommit,
  decideRoute,
  type RoutingDecision,
  type SystemStatus,
  type TradableAssetEntry,
} from '@basket/routing';

/** The route a leg takes, with the rule that chose it. */
export type LegRoute = Readonly<{
  route: 'swap' | 'aggregator' | 'skip';
  decision: RoutingDecision;
  /** Set when the pre-commit check overrode a swap route (should never happen; alerts). */
  preCommitRefusal: string | null;
}>;

/**
 * Chooses the route for a leg at `now`, then re-checks the swap route just before commit:
 * a swap route that the pre-commit check refuses becomes the aggregator (or a skip).
 *
 * @example
 * chooseLegRoute({ entry, status, aggregatorDepth: true, now: Date.now() }).route; // 'swap'
 */
export function chooseLegRoute(input: {
  entry: TradableAssetEntry;
  status: SystemStatus;
  aggregatorDepth: boolean;
  now: number;
}): LegRoute {
  const decision = decideRoute(input);
  if (decision.route !== 'swap') return { route: decision.route, decision, preCommitRefusal: null };
  // The pre-commit check also refuses a swap whose execution deadline outlives the window.
  const check = checkSwapPreCommit(input);
  if (check.ok) return { route: 'swap', decision, preCommitRefusal: null };
  return { route: check.fallbackRoute, decision, preCommitRefusal: check.message };
}
