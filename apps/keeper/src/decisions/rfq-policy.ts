// The RFQ sequence's decisions (spec, RFQ execution sequence and Errors): what a polled quote
// state means, when to re-quote, when to give up on the RFQ route and take the aggregator,
// and which request errors are never retried.

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
 * What to do after one poll of a submitted quote:
 * - `done`: Completed and Executed, the only "done" (spec, States and transitions);
 * - `poll`: not terminal yet and the execution timeout has not passed;
 * - `requote`: the execution window passed unexecuted and re-quotes remain;
 * - `aggregator`: re-quotes are used up, or the quote ended without executing;
 * - `failed`: the chain says the transaction failed: nothing moved, the leg is reported and
 *   the next drift scan decides again (no blind retry of a failing transaction).
 */
export type RfqNextStep = 'done' | 'poll' | 'requote' | 'aggregator' | 'failed';

/**
 * The next step of the RFQ sequence after a poll.
 *
 * @example
 * rfqNextStep({ generalStatus: 'Accepted', blockchainStatus: 'ExpiredExecution' }, { requotesUsed: 3, elapsedMs: 1, executionTimeoutMs: 60_000 });
 * // 'aggregator'
 */
export function rfqNextStep(
  state: QuoteAxes,
  progress: Readonly<{ requotesUsed: number; elapsedMs: number; executionTimeoutMs: number }>,
): RfqNextStep {
  if (state.generalStatus === 'Completed' && state.blockchainStatus === 'Executed') return 'done';
  if (state.blockchainStatus === 'Failed') return 'failed';
  if (state.blockchainStatus === 'ExpiredExecution') {
    return progress.requotesUsed < MAX_RFQ_REQUOTES ? 'requote' : 'aggregator';
  }
  // Executed on chain but not (yet) Completed: keep polling; the money already moved, so a
  // second route would double the trade.
  if (state.blockchainStatus === 'Executed') return 'poll';
  if (state.generalStatus === 'Expired' || state.generalStatus === 'Cancelled') return 'aggregator';
  if (progress.elapsedMs > progress.executionTimeoutMs) {
    // Past its window with no chain outcome: treat as an expired execution (re-quote budget).
    return progress.requotesUsed < MAX_RFQ_REQUOTES ? 'requote' : 'aggregator';
  }
  return 'poll';
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
 * How long to poll a quote: its asset's `executionTimeoutSeconds` from the swap assets list
 * (never a constant), plus one poll interval of grace for the status to move.
 *
 * @example
 * pollDeadlineMs(60, 2_000); // 62_000
 */
export function pollDeadlineMs(executionTimeoutSeconds: number, pollIntervalMs: number): number {
  return executionTimeoutSeconds * 1_000 + pollIntervalMs;
}
