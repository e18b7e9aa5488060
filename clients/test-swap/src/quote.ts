import { MAX_FEE_BPS, SwapDirection } from './program.ts';

const BPS = 10_000n;
const U64_MAX = (1n << 64n) - 1n;

/** What an exact-in swap pays out and charges, in raw units. */
export interface SwapQuote {
  amountOut: bigint;
  /** The fee kept by the pool, in raw units of the input token. */
  fee: bigint;
}

/** Why a swap cannot be quoted; the same cases the program refuses with these names. */
export class SwapQuoteError extends Error {
  constructor(
    readonly reason: 'ZeroAmount' | 'EmptyPool' | 'ZeroAmountOut' | 'MathOverflow' | 'FeeTooHigh',
    message: string,
  ) {
    super(message);
    this.name = 'SwapQuoteError';
  }
}

/**
 * The exact constant-product quote the program charges (`programs/test-swap/src/curve.rs`),
 * on the vaults' real balances: `fee = ceil(amountIn * feeBps / 10000)`,
 * `out = floor(reserveOut * (amountIn - fee) / (reserveIn + amountIn - fee))`; both
 * roundings favour the pool. Throws {@link SwapQuoteError} where the program would refuse.
 *
 * @example
 * const { amountOut } = quoteExactIn({ reserveIn: 1_000_000n, reserveOut: 2_000_000n, amountIn: 10_000n, feeBps: 30 });
 */
export function quoteExactIn(input: {
  reserveIn: bigint;
  reserveOut: bigint;
  amountIn: bigint;
  feeBps: number;
}): SwapQuote {
  const { reserveIn, reserveOut, amountIn } = input;
  const feeBps = BigInt(input.feeBps);
  if (input.feeBps < 0 || input.feeBps > MAX_FEE_BPS) {
    throw new SwapQuoteError('FeeTooHigh', `fee ${input.feeBps} bps is outside 0..${MAX_FEE_BPS}`);
  }
  if (amountIn <= 0n) throw new SwapQuoteError('ZeroAmount', 'amountIn must be above zero');
  if (reserveIn === 0n || reserveOut === 0n) {
    throw new SwapQuoteError('EmptyPool', 'a pool side holds nothing, so no price exists');
  }
  const fee = (amountIn * feeBps + BPS - 1n) / BPS;
  const net = amountIn - fee;
  if (reserveIn + net > U64_MAX) {
    throw new SwapQuoteError('MathOverflow', 'the input vault would hold more than a u64');
  }
  const amountOut = (reserveOut * net) / (reserveIn + net);
  if (amountOut === 0n) {
    throw new SwapQuoteError('ZeroAmountOut', `${amountIn} raw in would pay out nothing`);
  }
  return { amountOut, fee };
}

/**
 * {@link quoteExactIn} for a pool's direction: selling the stock prices against
 * `(stockReserve, usdReserve)`, buying against `(usdReserve, stockReserve)`.
 *
 * @example
 * const q = quoteSwap({ stockReserve, usdReserve, feeBps: 30 }, SwapDirection.BuyStock, 1_000_000n);
 */
export function quoteSwap(
  pool: { stockReserve: bigint; usdReserve: bigint; feeBps: number },
  direction: SwapDirection,
  amountIn: bigint,
): SwapQuote {
  const selling = direction === SwapDirection.SellStock;
  return quoteExactIn({
    reserveIn: selling ? pool.stockReserve : pool.usdReserve,
    reserveOut: selling ? pool.usdReserve : pool.stockReserve,
    amountIn,
    feeBps: pool.feeBps,
  });
}

/**
 * The smallest exact-in `amountIn` whose {@link quoteExactIn} pays at least `amountOut`
 * (for an aggregator's ExactOut mode over this venue, which itself only swaps exact-in).
 * Throws {@link SwapQuoteError} when the pool cannot pay that much.
 *
 * @example
 * const { amountIn } = quoteExactOut({ reserveIn, reserveOut, amountOut: 10n ** 8n, feeBps: 30 });
 */
export function quoteExactOut(input: {
  reserveIn: bigint;
  reserveOut: bigint;
  amountOut: bigint;
  feeBps: number;
}): { amountIn: bigint; quote: SwapQuote } {
  const { reserveIn, reserveOut, amountOut } = input;
  if (amountOut <= 0n) throw new SwapQuoteError('ZeroAmount', 'amountOut must be above zero');
  if (reserveIn === 0n || reserveOut === 0n) {
    throw new SwapQuoteError('EmptyPool', 'a pool side holds nothing, so no price exists');
  }
  if (amountOut >= reserveOut) {
    throw new SwapQuoteError(
      'ZeroAmountOut',
      `the pool holds ${reserveOut}, cannot pay ${amountOut}`,
    );
  }
  // The net input that buys amountOut: net * (reserveOut - amountOut) >= amountOut * reserveIn.
  const net = (amountOut * reserveIn + (reserveOut - amountOut) - 1n) / (reserveOut - amountOut);
  // Gross it up for the fee, then step to the smallest input that still pays amountOut
  // (the fee's rounding makes the first estimate off by at most a unit or two).
  const keep = BPS - BigInt(input.feeBps);
  let amountIn = (net * BPS + keep - 1n) / keep;
  const pays = (a: bigint) => {
    try {
      return (
        quoteExactIn({ reserveIn, reserveOut, amountIn: a, feeBps: input.feeBps }).amountOut >=
        amountOut
      );
    } catch {
      return false;
    }
  };
  while (!pays(amountIn)) amountIn += 1n;
  while (amountIn > 1n && pays(amountIn - 1n)) amountIn -= 1n;
  return {
    amountIn,
    quote: quoteExactIn({ reserveIn, reserveOut, amountIn, feeBps: input.feeBps }),
  };
}
