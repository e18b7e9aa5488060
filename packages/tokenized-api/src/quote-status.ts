import type { QuoteState, RfqQuote } from './schemas/quote.ts';

/**
 * The spec's only "done" rule: a trade is done when `generalStatus` is `Completed` and
 * `blockchainStatus` is `Executed`, and under no other combination.
 *
 * @example
 * ```ts
 * if (isQuoteTradeDone(await client.getQuote(id))) bookTheLeg();
 * ```
 */
export function isQuoteTradeDone(
  state: Pick<QuoteState, 'generalStatus' | 'blockchainStatus'>,
): boolean {
  return state.generalStatus === 'Completed' && state.blockchainStatus === 'Executed';
}

/**
 * True when the quote's execution window passed unexecuted (`ExpiredExecution`): the keeper
 * re-quotes (at most 3 times) and then falls back to the aggregator.
 *
 * @example
 * ```ts
 * if (isQuoteExecutionExpired(state)) requote();
 * ```
 */
export function isQuoteExecutionExpired(state: Pick<QuoteState, 'blockchainStatus'>): boolean {
  return state.blockchainStatus === 'ExpiredExecution';
}

/**
 * True once `generalStatus` is final (`Completed`, `Expired` or `Cancelled`): polling can
 * stop. Our reading of the enum (the spec does not list the moves); see docs/decisions/0009-quote-status-helpers-trade-done-and-settled.md.
 *
 * @example
 * ```ts
 * while (!isQuoteSettled(state)) state = await client.getQuote(id);
 * ```
 */
export function isQuoteSettled(state: Pick<QuoteState, 'generalStatus'>): boolean {
  return (
    state.generalStatus === 'Completed' ||
    state.generalStatus === 'Expired' ||
    state.generalStatus === 'Cancelled'
  );
}

/**
 * Decodes the quote's `signature` field (base64 of a partially signed versioned
 * transaction) into bytes for a transaction decoder. Works in Node and browsers (`atob`).
 *
 * @example
 * ```ts
 * const bytes = decodeQuoteTransaction(quote); // then getTransactionDecoder().decode(bytes)
 * ```
 */
export function decodeQuoteTransaction(quote: Pick<RfqQuote, 'signature'>): Uint8Array {
  const binary = atob(quote.signature);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
