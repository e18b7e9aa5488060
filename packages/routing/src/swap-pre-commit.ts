import { toEpochMillis } from '@basket/market-calendar';
import { decideRoute, type Route, type RoutingDecision } from './decide-route.ts';
import { SwapPreCommitRefusedError } from './errors.ts';
import { executionTimeoutMillis, type RoutingInput } from './routing-input.ts';

/**
 * Why the pre-commit check refused a swap-route transaction:
 * - `RouteNoLongerSwap`: re-evaluated now, the routing rule no longer gives the swap route (the
 *   window closed or an atomic halt appeared since the leg was routed).
 * - `WindowClosesBeforeExecutionDeadline`: the window is open but closes before
 *   now + executionTimeoutSeconds, so the trade could execute after the close.
 *
 * @example
 * const code: SwapPreCommitRefusalCode = 'RouteNoLongerSwap';
 */
export type SwapPreCommitRefusalCode = 'RouteNoLongerSwap' | 'WindowClosesBeforeExecutionDeadline';

/**
 * Outcome of the pre-commit check. On refusal, `fallbackRoute` says where the leg goes instead
 * (aggregator, or skip when the aggregator lacks depth).
 *
 * @example
 * const result: SwapPreCommitResult = checkSwapPreCommit(input);
 * if (!result.ok) routeLeg(result.fallbackRoute);
 */
export type SwapPreCommitResult =
  | {
      readonly ok: true;
      readonly decision: RoutingDecision;
      readonly executionDeadline: Date;
    }
  | {
      readonly ok: false;
      readonly code: SwapPreCommitRefusalCode;
      readonly message: string;
      readonly fallbackRoute: Exclude<Route, 'swap'>;
      readonly decision: RoutingDecision;
      readonly executionDeadline: Date;
    };

/**
 * The keeper's pre-commit check, run just before a swap-route transaction is submitted: it
 * re-evaluates the routing rule at `now` with fresh inputs and accepts only when the rule still
 * gives the swap route and the execution deadline (now + executionTimeoutSeconds) falls strictly
 * before the window's close, so the deadline itself is inside the window. `Always` assets have no
 * close.
 *
 * @throws {InvalidRoutingInputError} for a malformed input (including a non-positive
 *   executionTimeoutSeconds).
 * @example
 * const result = checkSwapPreCommit({ entry, status, aggregatorDepth: true, now: Date.now() });
 * if (result.ok) submit(transaction);
 */
export function checkSwapPreCommit(input: RoutingInput): SwapPreCommitResult {
  const decision = decideRoute(input);
  const timeout = executionTimeoutMillis(input.entry);
  const executionDeadline = new Date(toEpochMillis(input.now) + timeout);
  const fallbackRoute = decision.aggregatorHasDepth ? 'aggregator' : 'skip';
  if (decision.route !== 'swap') {
    return {
      ok: false,
      code: 'RouteNoLongerSwap',
      message: `The routing rule now gives ${decision.route}: ${decision.message}`,
      fallbackRoute,
      decision,
      executionDeadline,
    };
  }
  const closesAt = decision.windowClosesAt;
  if (closesAt !== null && executionDeadline.getTime() >= closesAt.getTime()) {
    return {
      ok: false,
      code: 'WindowClosesBeforeExecutionDeadline',
      message:
        `The ${decision.tradingHoursMode} window closes at ${closesAt.toISOString()}, not after the ` +
        `execution deadline ${executionDeadline.toISOString()} (executionTimeoutSeconds ` +
        `${input.entry.executionTimeoutSeconds}).`,
      fallbackRoute,
      decision,
      executionDeadline,
    };
  }
  return { ok: true, decision, executionDeadline };
}

/**
 * Runs {@link checkSwapPreCommit} and throws on refusal.
 *
 * @throws {SwapPreCommitRefusedError} carrying the refusal code.
 * @example
 * const { executionDeadline } = assertSwapPreCommit(input);
 */
export function assertSwapPreCommit(
  input: RoutingInput,
): Extract<SwapPreCommitResult, { ok: true }> {
  const result = checkSwapPreCommit(input);
  if (!result.ok) {
    throw new SwapPreCommitRefusedError(result.decision.symbol, result.code, result.message);
  }
  return result;
}
