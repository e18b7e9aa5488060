import { type Decimal, formatDecimal, tryParseDecimal } from './decimal.ts';
import { TOKENIZED_API_ERROR__INVALID_RFQ_REQUEST, TokenizedApiError } from './errors.ts';

/** Direction of the swap, from the requester's side. */
export type RfqSide = 'Buy' | 'Sell';

/**
 * Parameters of `requestRfq` (spec: RFQ request and response). Exactly one of `quantity`
 * (tokenized-stock amount) and `cashAmount` (stablecoin amount, preferred for rebalancing)
 * is given; the payment and receiving wallets are the same account (the vault authority for
 * vault trades).
 */
export type RfqRequest = Readonly<{
  symbol: string;
  side: RfqSide;
  quantity?: Decimal | string;
  cashAmount?: Decimal | string;
  paymentWalletIdentifier: string;
  receivingWalletIdentifier: string;
  /**
   * The compute budget the fill must carry (both or neither): the taker's priority-fee policy
   * chooses the price (micro-lamports per compute unit) and the limit, the market maker stays
   * fee payer and its fill holds exactly `SetComputeUnitLimit(computeUnitLimit)` and
   * `SetComputeUnitPrice(computeUnitPrice)` (decision 0930).
   */
  computeUnitLimit?: number;
  computeUnitPrice?: bigint | string;
}>;

/** The JSON body sent to `POST /trades/swap/rfq`. */
export type RfqRequestBody = Readonly<{
  symbol: string;
  side: RfqSide;
  quantity?: string;
  cashAmount?: string;
  paymentWalletIdentifier: string;
  receivingWalletIdentifier: string;
  computeUnitLimit?: number;
  /** Micro-lamports per compute unit, a decimal integer string (a u64). */
  computeUnitPrice?: string;
}>;

/** The runtime's largest compute-unit limit of one transaction. */
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
const U64_MAX = 2n ** 64n - 1n;

const SYMBOL = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const MAX_SCALE = 18;

/**
 * Validates an RFQ request and builds its body; throws `INVALID_RFQ_REQUEST` naming the
 * field before anything is sent. Only the known fields are copied into the body.
 *
 * @example
 * ```ts
 * buildRfqRequestBody({ symbol: 'AAPLx', side: 'Buy', cashAmount: '2500.00',
 *   paymentWalletIdentifier: vault, receivingWalletIdentifier: vault });
 * ```
 */
export function buildRfqRequestBody(request: RfqRequest): RfqRequestBody {
  if (typeof request !== 'object' || request === null)
    throw invalid('(request)', 'is not an object');
  if (typeof request.symbol !== 'string' || !SYMBOL.test(request.symbol)) {
    throw invalid('symbol', 'is not a valid symbol');
  }
  if (request.side !== 'Buy' && request.side !== 'Sell')
    throw invalid('side', 'must be Buy or Sell');
  const hasQuantity = request.quantity !== undefined;
  const hasCash = request.cashAmount !== undefined;
  if (hasQuantity && hasCash) {
    throw invalid('quantity', 'and cashAmount are mutually exclusive; give exactly one');
  }
  if (!hasQuantity && !hasCash) throw invalid('quantity', 'or cashAmount is required');
  for (const field of ['paymentWalletIdentifier', 'receivingWalletIdentifier'] as const) {
    const value = request[field];
    if (typeof value !== 'string' || !BASE58_ADDRESS.test(value)) {
      throw invalid(field, 'is not a base58 account address');
    }
  }
  if (request.paymentWalletIdentifier !== request.receivingWalletIdentifier) {
    throw invalid('receivingWalletIdentifier', 'must equal paymentWalletIdentifier');
  }
  const amountField = hasQuantity ? 'quantity' : 'cashAmount';
  const amount = positiveAmount(amountField, hasQuantity ? request.quantity : request.cashAmount);
  return {
    symbol: request.symbol,
    side: request.side,
    [amountField]: amount,
    paymentWalletIdentifier: request.paymentWalletIdentifier,
    receivingWalletIdentifier: request.receivingWalletIdentifier,
    ...computeBudget(request),
  };
}

/** The requested compute budget, checked: both fields or neither, each in the runtime's range. */
function computeBudget(
  request: RfqRequest,
): Pick<RfqRequestBody, 'computeUnitLimit' | 'computeUnitPrice'> {
  const { computeUnitLimit: limit, computeUnitPrice: price } = request;
  if (limit === undefined && price === undefined) return {};
  if (limit === undefined) throw invalid('computeUnitLimit', 'is required with computeUnitPrice');
  if (price === undefined) throw invalid('computeUnitPrice', 'is required with computeUnitLimit');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_COMPUTE_UNIT_LIMIT) {
    throw invalid('computeUnitLimit', `must be an integer 1..${MAX_COMPUTE_UNIT_LIMIT}`);
  }
  let micro: bigint;
  try {
    micro = typeof price === 'bigint' ? price : /^\d{1,20}$/.test(price) ? BigInt(price) : -1n;
  } catch {
    micro = -1n;
  }
  if (micro < 0n || micro > U64_MAX) {
    throw invalid('computeUnitPrice', 'must be a whole number of micro-lamports (a u64)');
  }
  return { computeUnitLimit: limit, computeUnitPrice: micro.toString() };
}

function positiveAmount(field: string, raw: Decimal | string | undefined): string {
  const decimal = typeof raw === 'string' ? tryParseDecimal(raw) : isDecimal(raw) ? raw : null;
  if (decimal === null) throw invalid(field, 'is not a decimal string or Decimal');
  if (decimal.value <= 0n) throw invalid(field, 'must be greater than zero');
  if (decimal.scale > MAX_SCALE) throw invalid(field, `has more than ${MAX_SCALE} decimals`);
  return formatDecimal(decimal);
}

function isDecimal(value: unknown): value is Decimal {
  if (typeof value !== 'object' || value === null) return false;
  const { value: units, scale } = value as { value?: unknown; scale?: unknown };
  return (
    typeof units === 'bigint' &&
    typeof scale === 'number' &&
    Number.isInteger(scale) &&
    scale >= 0 &&
    scale <= 36
  );
}

function invalid(field: string, reason: string) {
  return new TokenizedApiError(TOKENIZED_API_ERROR__INVALID_RFQ_REQUEST, { field, reason });
}
