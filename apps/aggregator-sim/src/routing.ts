// The router's decisions, pure: a direct route through the one pool of a stock/stablecoin pair
// (ExactIn, or ExactOut over the exact-in venue), the slippage threshold, the price impact,
// and the depth limit. The numbers are the venue's own (@basket/test-swap-client), so a quote
// is what the program will pay to the unit on the same reserves.
import {
  quoteExactIn,
  quoteExactOut,
  SwapDirection,
  SwapQuoteError,
} from '@basket/test-swap-client';

/** A pool's accounts, as read from its pool account. */
export type PoolAccounts = Readonly<{
  /** The venue program that owns the pool. */
  program: string;
  symbol: string;
  pool: string;
  stockMint: string;
  usdMint: string;
  stockVault: string;
  usdVault: string;
  stockTokenProgram: string;
  usdTokenProgram: string;
  feeBps: number;
}>;

/** A pool as the router sees it: its accounts and the reserves read at one slot. */
export type PoolState = PoolAccounts & Readonly<{ stockReserve: bigint; usdReserve: bigint }>;

export type SwapMode = 'ExactIn' | 'ExactOut';

/** The swap API's error codes this simulator answers with (HTTP 400). */
export type RouteErrorCode =
  | 'TOKEN_NOT_TRADABLE'
  | 'CIRCULAR_ARBITRAGE_IS_DISABLED'
  | 'COULD_NOT_FIND_ANY_ROUTE'
  | 'INVALID_REQUEST';

export class RouteError extends Error {
  constructor(
    readonly errorCode: RouteErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RouteError';
  }
}

export type Route = Readonly<{
  pool: PoolState;
  direction: SwapDirection;
  swapMode: SwapMode;
  inAmount: bigint;
  outAmount: bigint;
  /** ExactIn: least output accepted; ExactOut: most input spent. */
  otherAmountThreshold: bigint;
  feeAmount: bigint;
  feeMint: string;
  /** Price impact in parts per million of the spot price (rounded up). */
  priceImpactPpm: bigint;
}>;

const BPS = 10_000n;
const PPM = 1_000_000n;

/** Finds the pool of a pair, in either direction. */
export function findPool<P extends PoolAccounts>(
  pools: readonly P[],
  inputMint: string,
  outputMint: string,
): { pool: P; direction: SwapDirection } {
  if (inputMint === outputMint) {
    throw new RouteError('CIRCULAR_ARBITRAGE_IS_DISABLED', 'inputMint and outputMint are the same');
  }
  const known = new Set(pools.flatMap((p) => [p.stockMint, p.usdMint]));
  for (const mint of [inputMint, outputMint]) {
    if (!known.has(mint))
      throw new RouteError('TOKEN_NOT_TRADABLE', `${mint} is not tradable here`);
  }
  for (const pool of pools) {
    if (pool.stockMint === inputMint && pool.usdMint === outputMint) {
      return { pool, direction: SwapDirection.SellStock };
    }
    if (pool.usdMint === inputMint && pool.stockMint === outputMint) {
      return { pool, direction: SwapDirection.BuyStock };
    }
  }
  throw new RouteError(
    'COULD_NOT_FIND_ANY_ROUTE',
    `no direct route from ${inputMint} to ${outputMint} (routes are direct, through the stablecoin pools)`,
  );
}

/**
 * The best (only) route for `amount` in `swapMode`, refusing one whose price impact passes
 * `maxImpactPpm` (beyond the pool's depth).
 *
 * @example
 * const route = quoteRoute(pools, { inputMint: usdc, outputMint: nvdax, amount: 1_000_000n, swapMode: 'ExactIn', slippageBps: 50 }, 200_000n);
 */
export function quoteRoute(
  pools: readonly PoolState[],
  request: {
    inputMint: string;
    outputMint: string;
    amount: bigint;
    swapMode: SwapMode;
    slippageBps: number;
  },
  maxImpactPpm: bigint,
): Route {
  if (request.amount <= 0n) throw new RouteError('INVALID_REQUEST', 'amount must be above zero');
  if (request.slippageBps < 0 || request.slippageBps > 10_000) {
    throw new RouteError('INVALID_REQUEST', 'slippageBps must be within 0-10000');
  }
  const { pool, direction } = findPool(pools, request.inputMint, request.outputMint);
  const selling = direction === SwapDirection.SellStock;
  const reserveIn = selling ? pool.stockReserve : pool.usdReserve;
  const reserveOut = selling ? pool.usdReserve : pool.stockReserve;
  let inAmount: bigint;
  let outAmount: bigint;
  let feeAmount: bigint;
  try {
    if (request.swapMode === 'ExactIn') {
      const q = quoteExactIn({
        reserveIn,
        reserveOut,
        amountIn: request.amount,
        feeBps: pool.feeBps,
      });
      [inAmount, outAmount, feeAmount] = [request.amount, q.amountOut, q.fee];
    } else {
      // The API's ExactOut promises exactly `amount` out (the venue may pay a unit more).
      const q = quoteExactOut({
        reserveIn,
        reserveOut,
        amountOut: request.amount,
        feeBps: pool.feeBps,
      });
      [inAmount, outAmount, feeAmount] = [q.amountIn, request.amount, q.quote.fee];
    }
  } catch (error) {
    if (error instanceof SwapQuoteError) {
      throw new RouteError('COULD_NOT_FIND_ANY_ROUTE', `the pool cannot fill it: ${error.message}`);
    }
    throw error;
  }
  // Impact = 1 - (out / in) / (reserveOut / reserveIn), fee included, in ppm rounded up.
  const executed = outAmount * reserveIn * PPM;
  const spot = inAmount * reserveOut;
  const priceImpactPpm = PPM - executed / spot;
  if (priceImpactPpm > maxImpactPpm) {
    throw new RouteError(
      'COULD_NOT_FIND_ANY_ROUTE',
      `beyond the pool's depth: price impact ${priceImpactPpm} ppm passes ${maxImpactPpm} ppm`,
    );
  }
  const slip = BigInt(request.slippageBps);
  const otherAmountThreshold =
    request.swapMode === 'ExactIn'
      ? (outAmount * (BPS - slip)) / BPS
      : (inAmount * (BPS + slip) + BPS - 1n) / BPS;
  return {
    pool,
    direction,
    swapMode: request.swapMode,
    inAmount,
    outAmount,
    otherAmountThreshold,
    feeAmount,
    feeMint: request.inputMint,
    priceImpactPpm,
  };
}

/** Parts per million as the API's decimal fraction string ("0.0123" for 12,300 ppm). */
export function ppmText(ppm: bigint): string {
  const sign = ppm < 0n ? '-' : '';
  const abs = ppm < 0n ? -ppm : ppm;
  const frac = (abs % PPM).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}${abs / PPM}${frac ? `.${frac}` : ''}`;
}
