// The RFQ sequence's decisions (spec, RFQ execution sequence and Errors): which failures of a
// fill are expired executions (re-quoted at most 3 times, then the aggregator), when a quote is
// too old to sign, what a polled quote state means once the fill confirmed on chain, and which
// request errors are never retried.
import { BasketTransactionError } from '@basket/sdk';
import { isKeeperError } from './errors.ts';

/** The RFQ route allows this many re-quotes after an `ExpiredExecution` (spec, Limits). */
export const MAX_RFQ_REQUOTES = 3;

/** The three status axes of a polled quote, as the API client returns them. */
export type QuoteAxes = Readonly<{
  generalStatus: 'Provided' | 'Accepted' | 'Completed' | 'Expired' | 'Cancelled';
  blockchainStatus:
    | 'NotReady'
    | 'GeneratingSignature'
    | 'PendingExecution'
    | 'Executed'
    | 'ExpiredExecution'
    | 'Failed';
}>;

/**
 * After an expired execution: a new quote while re-quotes remain, else the aggregator with
 * the same notional.
 *
 * @example
 * afterExpiredExecution(3); // 'aggregator'
 */
export function afterExpiredExecution(requotesUsed: number): 'requote' | 'aggregator' {
  return requotesUsed < MAX_RFQ_REQUOTES ? 'requote' : 'aggregator';
}

/**
 * Why a failed submission is an expired execution, or null when it is not one. Only two
 * failures qualify, both proving nothing of the quote moved: the fill's blockhash passed its
 * last valid height unconfirmed (it can never land), and a quote found too old to sign
 * (`RFQ_QUOTE_STALE`, thrown before any signature). Anything else (a program error, a network
 * error after the send whose outcome is unknown) is not re-quoted: a second quote for a fill
 * that may have landed would be a double trade.
 *
 * @example
 * expiredExecutionReason(new BasketTransactionError({ kind: 'transaction', errorName: 'BlockHeightExceeded', message: 'm' }));
 * // 'blockhash expired: m'
 */
export function expiredExecutionReason(error: unknown): string | null {
  if (
    error instanceof BasketTransactionError &&
    error.failure.kind === 'transaction' &&
    error.failure.errorName === 'BlockHeightExceeded'
  ) {
    return `blockhash expired: ${error.failure.message}`;
  }
  if (isKeeperError(error, 'RFQ_QUOTE_STALE')) return error.message;
  return null;
}

/**
 * Whether a quote is older than its asset's `quoteValiditySeconds` (swap assets list) at
 * `nowMs`. Its age is counted from when it was requested: the quote cannot be older, so a
 * quote this calls fresh is fresh.
 *
 * @example
 * quoteIsStale(0, 30_001, 30); // true
 */
export function quoteIsStale(
  requestedAtMs: number,
  nowMs: number,
  quoteValiditySeconds: number,
): boolean {
  return nowMs - requestedAtMs > quoteValiditySeconds * 1_000;
}

/**
 * What to do after one poll of a quote whose fill confirmed on chain (the money moved):
 * - `done`: Completed and Executed, the only "done" (spec, States and transitions);
 * - `poll`: any other answer (or none) while the execution window lasts;
 * - `unconfirmed`: the window passed without the API saying done. Never a re-quote nor the
 *   aggregator: the leg landed, a second route would double the trade.
 *
 * @example
 * afterLandedPoll({ generalStatus: 'Expired', blockchainStatus: 'ExpiredExecution' }, { elapsedMs: 61_000, executionTimeoutMs: 60_000 });
 * // 'unconfirmed'
 */
export function afterLandedPoll(
  state: QuoteAxes | null,
  progress: Readonly<{ elapsedMs: number; executionTimeoutMs: number }>,
): 'done' | 'poll' | 'unconfirmed' {
  if (state?.generalStatus === 'Completed' && state.blockchainStatus === 'Executed') return 'done';
  return progress.elapsedMs > progress.executionTimeoutMs ? 'unconfirmed' : 'poll';
}

/**
 * Whether an RFQ request failure may be retried: a 4xx never (spec, Errors: the request is
 * wrong and the same request stays wrong), a 429 only as the client's own policy does
 * (Retry-After), a 5xx, timeout or network error yes.
 *
 * @example
 * isRfqRequestRetryable(400); // false
 */
export function isRfqRequestRetryable(httpStatus: number | null): boolean {
  if (httpStatus === null) return true;
  if (httpStatus === 429) return true;
  return httpStatus >= 500;
}

/**
 * How long to poll a landed fill's quote: its asset's `executionTimeoutSeconds` from the swap
 * assets list (never a constant), plus one poll interval of grace for the status to move.
 *
 * @example
 * pollDeadlineMs(60, 2_000); // 62_000
 */
export function pollDeadlineMs(executionTimeoutSeconds: number, pollIntervalMs: number): number {
  return executionTimeoutSeconds * 1_000 + pollIntervalMs;
}
