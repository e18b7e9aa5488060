// The RFQ execution sequence (spec, RFQ execution sequence and Errors) as a driver around the
// pure decisions: request a quote (a 4xx is never retried), hand it to the route's submitter
// (steps 3-6: decode the transaction, prepend rebalance_leg, co-sign, send before the
// blockhash expires and confirm), then poll the quote for Completed + Executed. A fill that
// provably never landed (its blockhash expired, or the quote went stale before it was signed)
// is an expired execution: re-quoted at most MAX_RFQ_REQUOTES times, then the caller takes
// the aggregator route with the same notional. A fill that confirmed is never re-quoted: if
// the API does not report it done within the window, the outcome is `unconfirmed`.
import { waitFor } from '@basket/localnet';
import {
  isTokenizedApiError,
  type RfqQuote,
  type RfqRequest,
  TOKENIZED_API_ERROR__HTTP_STATUS,
  type TokenizedApiClient,
} from '@basket/tokenized-api';
import { KeeperError } from '../decisions/errors.ts';
import {
  afterExpiredExecution,
  afterLandedPoll,
  expiredExecutionReason,
  isRfqRequestRetryable,
  pollDeadlineMs,
  type QuoteAxes,
  quoteIsStale,
} from '../decisions/rfq-policy.ts';

/** How a sequence ended. */
export type RfqSequenceOutcome =
  | Readonly<{ outcome: 'done'; quoteId: string; signature: string; requotes: number }>
  /**
   * The fill confirmed on chain (the trade happened) but the API did not report Completed +
   * Executed within the execution window: never re-quoted, the caller alerts.
   */
  | Readonly<{
      outcome: 'unconfirmed';
      quoteId: string;
      signature: string;
      requotes: number;
      lastState: QuoteAxes | null;
    }>
  | Readonly<{ outcome: 'aggregator'; requotes: number; lastQuoteId: string; why: string }>;

/** Handed to the submitter: call `assertFresh` right before signing the quote's fill. */
export type QuoteGuard = Readonly<{
  /** @throws {KeeperError} `RFQ_QUOTE_STALE` once the quote is older than its validity. */
  assertFresh: () => void;
}>;

export type RfqSequenceDeps = Readonly<{
  api: Pick<TokenizedApiClient, 'requestRfq' | 'getQuote'>;
  /**
   * Steps 3-6 for one quote; resolves with the transaction's signature once it confirmed on
   * chain. Rejects with an expired blockhash (`BasketTransactionError`, `BlockHeightExceeded`)
   * when it never landed, or with the guard's `RFQ_QUOTE_STALE` when nothing was signed.
   */
  submit: (quote: RfqQuote, guard: QuoteGuard) => Promise<string>;
  /** From the swap assets list, never hard-coded. */
  quoteValiditySeconds: number;
  /** From the swap assets list, never hard-coded. */
  executionTimeoutSeconds: number;
  pollIntervalMs: number;
  now?: () => number;
}>;

/**
 * Runs the sequence for one leg.
 *
 * @throws {KeeperError} `RFQ_REJECTED` on a 4xx answer to the request (never retried).
 * @example
 * const r = await runRfqSequence(deps, { symbol: 'AAPLx', side: 'Buy', cashAmount: '500', ... });
 * if (r.outcome === 'aggregator') await aggregatorRoute(sameNotional);
 */
export async function runRfqSequence(
  deps: RfqSequenceDeps,
  request: RfqRequest,
): Promise<RfqSequenceOutcome> {
  const now = deps.now ?? Date.now;
  for (let requotes = 0; ; requotes += 1) {
    const requestedAt = now();
    const quote = await requestQuote(deps, request);
    const guard: QuoteGuard = {
      assertFresh: () => {
        if (quoteIsStale(requestedAt, now(), deps.quoteValiditySeconds)) {
          throw new KeeperError(
            'RFQ_QUOTE_STALE',
            `quote ${quote.id} is older than its ${deps.quoteValiditySeconds} s validity: not signed`,
          );
        }
      },
    };
    let signature: string;
    try {
      signature = await deps.submit(quote, guard);
    } catch (error) {
      const expired = expiredExecutionReason(error);
      if (expired === null) throw error;
      if (afterExpiredExecution(requotes) === 'aggregator') {
        return { outcome: 'aggregator', requotes, lastQuoteId: quote.id, why: expired };
      }
      continue;
    }
    return pollLanded(deps, now, { quoteId: quote.id, signature, requotes });
  }
}

async function requestQuote(deps: RfqSequenceDeps, request: RfqRequest): Promise<RfqQuote> {
  try {
    return await deps.api.requestRfq(request);
  } catch (error) {
    const http = isTokenizedApiError(error, TOKENIZED_API_ERROR__HTTP_STATUS)
      ? error.context
      : null;
    if (http !== null && !isRfqRequestRetryable(http.status)) {
      // The API's own code and words say why (a trading window, a limit, a halt): the
      // operator reads them in the log line and the alert, not just the status.
      const why = [http.upstreamCode, http.upstreamMessage].filter(Boolean).join(': ');
      throw new KeeperError(
        'RFQ_REJECTED',
        `RFQ for ${request.symbol} refused with HTTP ${http.status}${why ? ` (${why})` : ''}`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** Step 7 for a fill that confirmed: done, or unconfirmed once the window passes. */
async function pollLanded(
  deps: RfqSequenceDeps,
  now: () => number,
  landed: Readonly<{ quoteId: string; signature: string; requotes: number }>,
): Promise<RfqSequenceOutcome> {
  const started = now();
  let lastState: QuoteAxes | null = null;
  const deadline = pollDeadlineMs(deps.executionTimeoutSeconds, deps.pollIntervalMs);
  try {
    const step = await waitFor(
      `quote ${landed.quoteId} was not reported done`,
      async () => {
        // An API error is no answer: the fill landed whatever the API says, keep polling.
        lastState = await deps.api.getQuote(landed.quoteId).catch(() => lastState);
        const next = afterLandedPoll(lastState, {
          elapsedMs: now() - started,
          executionTimeoutMs: deps.executionTimeoutSeconds * 1_000,
        });
        return next === 'poll' ? null : next;
      },
      { timeoutMs: deadline + deps.pollIntervalMs, intervalMs: deps.pollIntervalMs },
    );
    if (step === 'done') return { outcome: 'done', ...landed };
  } catch {
    // The window passed in this machine's time before `now` saw it: unconfirmed as well.
  }
  return { outcome: 'unconfirmed', ...landed, lastState };
}
