// A decided rebalance leg: what rebalance-exec plans and the routes (RFQ, aggregator, leg
// set-up) execute. It lives here, below both, so the routes never import the job that calls them.
import type { SwapAsset } from '@basket/tokenized-api';
import type { LegRoute } from './route-choice.ts';
import type { TradeDecision } from './trade-size.ts';

/** A decided leg, ready for an executor. */
export type PlannedLeg = Readonly<{
  skuId: string;
  symbol: string;
  mint: string;
  trade: Extract<TradeDecision, { action: 'trade' }>;
  route: LegRoute;
  asset: SwapAsset;
}>;
