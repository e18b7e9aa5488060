// The swap API's JSON shapes (as the @jup-ag/api client types them): a route as a
// QuoteResponse, and a QuoteResponse sent back to /swap read into what the swap needs. What
// comes back is checked against the pools, never trusted for addresses.

import { SwapDirection } from '@basket/test-swap-client';
import type { QuoteResponse } from '@jup-ag/api';
import { findPool, type PoolAccounts, ppmText, type Route, RouteError } from './routing.ts';

export const VENUE_LABEL = 'Basket Test Swap';

export function quoteResponseOf(
  route: Route,
  slippageBps: number,
  contextSlot: bigint,
): QuoteResponse {
  const selling = route.direction === SwapDirection.SellStock;
  const inputMint = selling ? route.pool.stockMint : route.pool.usdMint;
  const outputMint = selling ? route.pool.usdMint : route.pool.stockMint;
  return {
    inputMint,
    inAmount: route.inAmount.toString(),
    outputMint,
    outAmount: route.outAmount.toString(),
    otherAmountThreshold: route.otherAmountThreshold.toString(),
    swapMode: route.swapMode,
    slippageBps,
    platformFee: undefined,
    priceImpactPct: ppmText(route.priceImpactPpm),
    routePlan: [
      {
        swapInfo: {
          ammKey: route.pool.pool,
          label: VENUE_LABEL,
          inputMint,
          outputMint,
          inAmount: route.inAmount.toString(),
          outAmount: route.outAmount.toString(),
          feeAmount: route.feeAmount.toString(),
          feeMint: route.feeMint,
        } as QuoteResponse['routePlan'][number]['swapInfo'],
        percent: 100,
      },
    ],
    contextSlot: Number(contextSlot),
    timeTaken: 0,
  };
}

const INTEGER = /^\d{1,20}$/;

/** What a swap built from a returned quote does: the pool, direction and amounts. */
export type SwapPlan = Readonly<{
  pool: PoolAccounts;
  direction: SwapDirection;
  amountIn: bigint;
  minAmountOut: bigint;
}>;

/**
 * Reads a QuoteResponse sent back with a swap request. ExactIn spends `inAmount` and accepts
 * no less than `otherAmountThreshold`; ExactOut (over this exact-in venue) spends the quoted
 * `inAmount` and requires `outAmount`, so a moved price fails the swap rather than overpaying.
 */
export function swapPlanOf(quote: unknown, pools: readonly PoolAccounts[]): SwapPlan {
  const q = quote as Partial<QuoteResponse> | null;
  if (!q || typeof q !== 'object')
    throw new RouteError('INVALID_REQUEST', 'quoteResponse is required');
  for (const field of ['inAmount', 'outAmount', 'otherAmountThreshold'] as const) {
    if (typeof q[field] !== 'string' || !INTEGER.test(q[field] as string)) {
      throw new RouteError('INVALID_REQUEST', `quoteResponse.${field} must be an integer string`);
    }
  }
  if (q.swapMode !== 'ExactIn' && q.swapMode !== 'ExactOut') {
    throw new RouteError('INVALID_REQUEST', 'quoteResponse.swapMode must be ExactIn or ExactOut');
  }
  const { pool, direction } = findPool(pools, String(q.inputMint), String(q.outputMint));
  const step = q.routePlan?.[0]?.swapInfo;
  if (!step || step.ammKey !== pool.pool || q.routePlan?.length !== 1) {
    throw new RouteError('INVALID_REQUEST', 'quoteResponse.routePlan does not match this route');
  }
  const inAmount = BigInt(q.inAmount as string);
  const outAmount = BigInt(q.outAmount as string);
  const threshold = BigInt(q.otherAmountThreshold as string);
  if (inAmount === 0n || outAmount === 0n) {
    throw new RouteError('INVALID_REQUEST', 'quoteResponse amounts must be above zero');
  }
  return q.swapMode === 'ExactIn'
    ? { pool, direction, amountIn: inAmount, minAmountOut: threshold }
    : { pool, direction, amountIn: inAmount, minAmountOut: outAmount };
}
