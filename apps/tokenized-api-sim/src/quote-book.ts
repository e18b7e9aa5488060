/** How simulated quotes evolve after creation (configuration `rfqOutcome`). */
export type RfqOutcome = 'expire' | 'execute' | 'fail';

/** The three status axes of a quote (spec: States and transitions). */
export type QuoteStatuses = Readonly<{
  generalStatus: 'Provided' | 'Accepted' | 'Completed' | 'Expired' | 'Cancelled';
  hedgingStatus:
    | 'NotStarted'
    | 'PendingHedge'
    | 'InProgress'
    | 'Succeeded'
    | 'Failed'
    | 'Unwinding'
    | 'Unwound';
  blockchainStatus:
    | 'NotReady'
    | 'GeneratingSignature'
    | 'PendingExecution'
    | 'Executed'
    | 'ExpiredExecution'
    | 'Failed';
}>;

/** A quote as the simulator keeps it. */
export type QuoteRecord = Readonly<{
  id: string;
  symbol: string;
  side: 'Buy' | 'Sell';
  quantity: string | null;
  cashAmount: string | null;
  /** Trade notional in US cents at the quoted price. */
  notionalCents: bigint;
  priceCents: number;
  walletIdentifier: string;
  createdAt: number;
  outcome: RfqOutcome;
  quoteValiditySeconds: number;
  executionTimeoutSeconds: number;
  /** The compute budget the taker asked the fill to carry (decision 0930); null: none asked. */
  computeBudget?: RfqComputeBudget | null;
}>;

/** A taker's compute budget for the fill: the limit and the price the maker pays at. */
export type RfqComputeBudget = Readonly<{ unitLimit: number; microLamportsPerCu: bigint }>;

type Step = readonly [untilSeconds: number, statuses: QuoteStatuses];

const s = (
  generalStatus: QuoteStatuses['generalStatus'],
  hedgingStatus: QuoteStatuses['hedgingStatus'],
  blockchainStatus: QuoteStatuses['blockchainStatus'],
): QuoteStatuses => ({ generalStatus, hedgingStatus, blockchainStatus });

/** Seconds after creation at which an `execute` quote reaches Completed/Executed. */
export const EXECUTED_AFTER_SECONDS = 6;

function script(quote: QuoteRecord): readonly Step[] {
  const start: Step[] = [
    [1, s('Provided', 'NotStarted', 'GeneratingSignature')],
    [2, s('Provided', 'NotStarted', 'PendingExecution')],
  ];
  switch (quote.outcome) {
    case 'expire':
      // Nobody can submit a transaction the simulator did not build: the quote lapses.
      return [
        [1, s('Provided', 'NotStarted', 'GeneratingSignature')],
        [quote.quoteValiditySeconds, s('Provided', 'NotStarted', 'PendingExecution')],
        [Number.POSITIVE_INFINITY, s('Expired', 'NotStarted', 'ExpiredExecution')],
      ];
    case 'execute':
      return [
        ...start,
        [4, s('Accepted', 'PendingHedge', 'PendingExecution')],
        [EXECUTED_AFTER_SECONDS, s('Accepted', 'InProgress', 'Executed')],
        [Number.POSITIVE_INFINITY, s('Completed', 'Succeeded', 'Executed')],
      ];
    case 'fail':
      return [
        ...start,
        [4, s('Accepted', 'PendingHedge', 'PendingExecution')],
        [6, s('Accepted', 'InProgress', 'Failed')],
        [8, s('Cancelled', 'Unwinding', 'Failed')],
        [Number.POSITIVE_INFINITY, s('Cancelled', 'Unwound', 'Failed')],
      ];
  }
}

/**
 * The status axes of a quote at `now`: a pure function of its age and scripted outcome.
 *
 * @example
 * ```ts
 * quoteStatusesAt(quote, quote.createdAt + 10_000).generalStatus; // 'Completed' for 'execute'
 * ```
 */
export function quoteStatusesAt(quote: QuoteRecord, now: number): QuoteStatuses {
  const ageSeconds = (now - quote.createdAt) / 1000;
  for (const [until, statuses] of script(quote)) {
    if (ageSeconds < until) return statuses;
  }
  throw new Error('unreachable: every script ends with an open-ended step');
}

/** In-memory store of quotes, bounded (oldest dropped first). */
export interface QuoteBook {
  add(quote: QuoteRecord): void;
  get(id: string): QuoteRecord | undefined;
  /** Executed trades whose execution falls in `[from, to]`. */
  executedBetween(symbol: string, from: number, to: number): QuoteRecord[];
}

/**
 * Creates an empty quote book.
 *
 * @example
 * ```ts
 * const book = createQuoteBook();
 * book.add(quote);
 * ```
 */
export function createQuoteBook(maxQuotes = 10_000): QuoteBook {
  const quotes = new Map<string, QuoteRecord>();
  return {
    add(quote) {
      quotes.set(quote.id, quote);
      if (quotes.size > maxQuotes) {
        const oldest = quotes.keys().next().value;
        if (oldest !== undefined) quotes.delete(oldest);
      }
    },
    get: (id) => quotes.get(id),
    executedBetween(symbol, from, to) {
      return [...quotes.values()].filter((q) => {
        if (q.symbol !== symbol || q.outcome !== 'execute') return false;
        const executedAt = q.createdAt + EXECUTED_AFTER_SECONDS * 1000;
        return executedAt >= from && executedAt <= to;
      });
    },
  };
}
