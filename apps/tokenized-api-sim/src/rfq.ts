import { fractionDigits, parseFixed } from './fixed-point.ts';
import type { QuoteBook, QuoteRecord, RfqComputeBudget, RfqOutcome } from './quote-book.ts';
import { apiError, type SimResponse } from './sim-response.ts';
import { findAsset, haltsAt, type ViewContext } from './views.ts';
import { shareQuoteCents, usageCents } from './views-trading.ts';

const ALLOWED_FIELDS = new Set([
  'symbol',
  'side',
  'quantity',
  'cashAmount',
  'paymentWalletIdentifier',
  'receivingWalletIdentifier',
  'computeUnitLimit',
  'computeUnitPrice',
]);
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const DECIMAL = /^\d{1,15}(?:\.\d{1,18})?$/;
const U64_TEXT = /^\d{1,20}$/;
/** The runtime's largest compute-unit limit of one transaction. */
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
/** Request bodies larger than this are refused (413). */
export const MAX_RFQ_BODY_BYTES = 16 * 1024;

/** What an RFQ request needs from the simulator. */
export type RfqContext = ViewContext &
  Readonly<{
    quotes: QuoteBook;
    whitelistedWallets: readonly string[];
    rfqOutcome: RfqOutcome;
    newQuoteId: () => string;
    quotePath: (id: string) => string;
    /**
     * Present when the simulator is backed by the local chain: builds the quote's partially
     * signed transaction and answers with it (the quote is kept only when that succeeds).
     */
    fill?: (
      quote: QuoteRecord,
      trade: Readonly<{ quantity8: bigint; priceCents: bigint }>,
    ) => Promise<SimResponse>;
  }>;

const bad = (field: string, message: string) => apiError(400, 'InvalidField', message, { field });
const refused = (code: string, message: string, field?: string) =>
  apiError(422, code, message, field === undefined ? {} : { field });

/**
 * Handles `POST {swap}/rfq`: validates the request fully (content type, JSON, fields, the
 * quantity/cashAmount exclusivity, wallet equality and whitelist, trading window, halts, trade
 * size, per-transaction and daily limits), then records a quote whose status axes evolve with
 * time. Backed by the local chain (`ctx.fill`), a valid request answers with the real partially
 * signed transaction; without a chain it answers 501 with the quote id in
 * `error.details.quoteId` and a `Location` header; `GET {swap}/quote/{id}` then serves the quote.
 *
 * @example
 * ```ts
 * const response = handleRfq(ctx, contentType, body, Date.now());
 * ```
 */
export function handleRfq(
  ctx: RfqContext,
  contentType: string | undefined,
  rawBody: string,
  now: number,
): SimResponse | Promise<SimResponse> {
  if (!/^application\/json(\s*;.*)?$/i.test(contentType ?? '')) {
    return apiError(415, 'UnsupportedMediaType', 'send Content-Type: application/json');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    return apiError(400, 'InvalidJson', 'the body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return apiError(400, 'InvalidBody', 'the body must be a JSON object');
  }
  const body = parsed as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (!ALLOWED_FIELDS.has(key)) return bad(key, `unknown field ${key}`);
  }

  const { symbol, side, quantity, cashAmount } = body;
  if (typeof symbol !== 'string' || symbol === '') return bad('symbol', 'symbol is required');
  if (side !== 'Buy' && side !== 'Sell') return bad('side', 'side must be Buy or Sell');
  if (quantity !== undefined && cashAmount !== undefined) {
    return apiError(400, 'AmountConflict', 'quantity and cashAmount are mutually exclusive', {
      field: 'quantity',
    });
  }
  if (quantity === undefined && cashAmount === undefined) {
    return apiError(400, 'AmountMissing', 'one of quantity or cashAmount is required', {
      field: 'quantity',
    });
  }
  const amountField = quantity !== undefined ? 'quantity' : 'cashAmount';
  const amount = quantity ?? cashAmount;
  const maxDecimals = amountField === 'quantity' ? 8 : 2;
  if (typeof amount !== 'string' || !DECIMAL.test(amount)) {
    return bad(amountField, `${amountField} must be a decimal string`);
  }
  if (fractionDigits(amount) > maxDecimals) {
    return bad(amountField, `${amountField} has more than ${maxDecimals} decimals`);
  }
  const amount8 = parseFixed(amount, 8) ?? 0n;
  if (amount8 <= 0n) return bad(amountField, `${amountField} must be greater than zero`);

  const { paymentWalletIdentifier: pay, receivingWalletIdentifier: receive } = body;
  for (const [field, value] of [
    ['paymentWalletIdentifier', pay],
    ['receivingWalletIdentifier', receive],
  ] as const) {
    if (typeof value !== 'string' || !BASE58_ADDRESS.test(value)) {
      return bad(field, `${field} must be a base58 account address`);
    }
  }
  if (pay !== receive) {
    return apiError(
      400,
      'WalletMismatch',
      'receivingWalletIdentifier must equal paymentWalletIdentifier',
      {
        field: 'receivingWalletIdentifier',
      },
    );
  }
  const budget = computeBudgetOf(body);
  if ('error' in budget) return budget.error;
  const wallet = pay as string;
  if (!ctx.whitelistedWallets.includes(wallet)) {
    return apiError(403, 'WalletNotWhitelisted', 'the wallet is not registered and whitelisted', {
      field: 'paymentWalletIdentifier',
    });
  }

  const asset = findAsset(symbol);
  if (asset === undefined)
    return refused('UnknownAsset', 'no tradable asset with this symbol', 'symbol');
  if (!ctx.market.isTradingOpen(asset, now)) {
    return refused(
      'MarketClosed',
      `${asset.symbol} is outside its ${asset.tradingHoursMode} window`,
    );
  }
  if (haltsAt(ctx, asset, now).isAtomicTradingHalted) {
    return refused('AtomicTradingHalted', `atomic trading of ${asset.symbol} is halted`);
  }

  // Priced per displayed token (one share: the oracle's price), because the quantity is in
  // displayed tokens and the chain fill divides it by the mint's multiplier to get raw units
  // (rfq-amounts.ts); the whole-token price (share x multiplier) would count it twice.
  const { bid, ask } = shareQuoteCents(ctx, asset, now);
  const priceCents = BigInt(side === 'Buy' ? ask : bid);
  if (priceCents <= 0n) return refused('NoPrice', 'no price available');
  // Token quantity at 1e8 and notional in cents, from whichever amount was given.
  const quantity8 = amountField === 'quantity' ? amount8 : (amount8 * 100n) / priceCents;
  const notionalCents =
    amountField === 'quantity' ? (amount8 * priceCents) / 100_000_000n : amount8 / 1_000_000n;
  const min8 = parseFixed(asset.minTradeSize, 8) ?? 0n;
  const max8 = parseFixed(asset.maxTradeSize, 8) ?? 0n;
  if (quantity8 < min8 || quantity8 > max8) {
    return refused(
      'TradeSizeOutOfRange',
      `trade size must be between ${asset.minTradeSize} and ${asset.maxTradeSize} tokens`,
      amountField,
    );
  }
  const perTransaction = parseFixed(asset.maxCashPerTransaction, 2) ?? 0n;
  const perDay = parseFixed(asset.maxCashPerDay, 2) ?? 0n;
  if (notionalCents > perTransaction) {
    return refused('LimitExceeded', 'the trade exceeds the per-transaction limit', amountField);
  }
  if (usageCents(ctx, asset, now).cents + notionalCents > perDay) {
    return refused('LimitExceeded', 'the trade exceeds the rolling daily limit', amountField);
  }

  const quote: QuoteRecord = {
    id: ctx.newQuoteId(),
    symbol: asset.symbol,
    side,
    quantity: amountField === 'quantity' ? amount : null,
    cashAmount: amountField === 'cashAmount' ? amount : null,
    notionalCents,
    priceCents: Number(priceCents),
    walletIdentifier: wallet,
    createdAt: now,
    outcome: ctx.rfqOutcome,
    quoteValiditySeconds: asset.quoteValiditySeconds,
    executionTimeoutSeconds: asset.executionTimeoutSeconds,
    computeBudget: budget.computeBudget,
  };
  if (ctx.fill) return ctx.fill(quote, { quantity8, priceCents });
  ctx.quotes.add(quote);
  return apiError(
    501,
    'TransactionBuildingNotSimulated',
    'quote recorded; the simulator does not build partially signed swap transactions yet',
    { details: { quoteId: quote.id }, headers: { Location: ctx.quotePath(quote.id) } },
  );
}

/**
 * The compute budget a taker asks the fill to carry: `computeUnitLimit` (an integer up to the
 * runtime's 1,400,000) and `computeUnitPrice` (micro-lamports per unit, a u64 as a decimal
 * string), both or neither. The maker pays at that price (it stays fee payer).
 */
function computeBudgetOf(
  body: Record<string, unknown>,
): { computeBudget: RfqComputeBudget | null } | { error: SimResponse } {
  const { computeUnitLimit: limit, computeUnitPrice: price } = body;
  if (limit === undefined && price === undefined) return { computeBudget: null };
  if (limit === undefined) {
    return { error: bad('computeUnitLimit', 'computeUnitLimit is required with computeUnitPrice') };
  }
  if (price === undefined) {
    return { error: bad('computeUnitPrice', 'computeUnitPrice is required with computeUnitLimit') };
  }
  if (
    typeof limit !== 'number' ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > MAX_COMPUTE_UNIT_LIMIT
  ) {
    return {
      error: bad(
        'computeUnitLimit',
        `computeUnitLimit must be an integer 1..${MAX_COMPUTE_UNIT_LIMIT}`,
      ),
    };
  }
  if (typeof price !== 'string' || !U64_TEXT.test(price) || BigInt(price) > 2n ** 64n - 1n) {
    return { error: bad('computeUnitPrice', 'computeUnitPrice must be a u64 decimal string') };
  }
  return { computeBudget: { unitLimit: limit, microLamportsPerCu: BigInt(price) } };
}
