// The RFQ execution sequence (spec, RFQ execution sequence and Errors) as a driver around the
// pure decisions: request a quote (a 4xx is never retried), hand it to the route's submitter
// (steps 3-6: decode the transaction, prepend rebalance_leg, co-sign, send before the
// blockhash expires; it belongs to the vault executor of issue 15), poll the quote until
// `rfqNextStep` leaves `poll`, re-quote an expired execution at most 3 times, then tell the
// caller to take the aggregator route with the same notional.
import { waitFor } from '@basket/localnet';
import {
  isTokenizedApiError,
  type QuoteState,
  type RfqQuote,
  type RfqRequest,
  TOKENIZED_API_ERROR__HTTP_STATUS,
  type TokenizedApiClient,
} from '@basket/tokenized-api';
import { KeeperError } from '../decisions/errors.ts';
import { isRfqRequestRetryable, pollDeadlineMs, rfqNextStep } from '../decisions/rfq-policy.ts';

/** How a sequence ended. */
export type RfqSequenceOutcome =
  | Readonly<{ outcome: 'done'; quoteId: string; signature: string; requotes: number }>
  | Readonly<{ outcome: 'aggregator'; requotes: number; lastQuoteId: string | null }>
  | Readonly<{ outcome: 'failed'; quoteId: string; signature: string | null }>;

export type RfqSequenceDeps = Readonly<{
  api: Pick<TokenizedApiClient, 'requestRfq' | 'getQuote'>;
  /** Steps 3-6 for one quote; resolves with the transaction's signature once sent. */
  submit: (quote: RfqQuote) => Promise<string>;
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
  let requotes = 0;
  let lastQuoteId: string | null = null;
  for (;;) {
    let quote: RfqQuote;
    try {
      quote = await deps.api.requestRfq(request);
    } catch (error) {
      const status = isTokenizedApiError(error, TOKENIZED_API_ERROR__HTTP_STATUS)
        ? error.context.status
        : null;
      if (status !== null && !isRfqRequestRetryable(status)) {
        throw new KeeperError(
          'RFQ_REJECTED',
          `RFQ for ${request.symbol} refused with HTTP ${status}`,
          {
            cause: error,
          },
        );
      }
      throw error;
    }
    lastQuoteId = quote.id;
    const started = now();
    const signature = await deps.submit(quote);
    const deadline = pollDeadlineMs(deps.executionTimeoutSeconds, deps.pollIntervalMs);
    let step: ReturnType<typeof rfqNextStep>;
    try {
      step = await waitFor(
        `quote ${quote.id} did not reach a terminal state`,
        async () => {
          const state: QuoteState = await deps.api.getQuote(quote.id);
          const next = rfqNextStep(state, {
            requotesUsed: requotes,
            elapsedMs: now() - started,
            executionTimeoutMs: deps.executionTimeoutSeconds * 1_000,
          });
          return next === 'poll' ? null : next;
        },
        { timeoutMs: deadline + deps.pollIntervalMs, intervalMs: deps.pollIntervalMs },
      );
    } catch {
      // No answer within the window: an expired execution as far as the budget goes.
      step = requotes < 3 ? 'requote' : 'aggregator';
    }
    if (step === 'done') return { outcome: 'done', quoteId: quote.id, signature, requotes };
    if (step === 'failed') return { outcome: 'failed', quoteId: quote.id, signature };
    if (step === 'aggregator') return { outcome: 'aggregator', requotes, lastQuoteId };
    requotes += 1;
  }
}
