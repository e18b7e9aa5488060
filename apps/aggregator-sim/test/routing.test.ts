// The router's pure decisions: the venue's exact numbers, thresholds rounded against the
// taker, impact, depth and the API's error codes.
import { quoteExactIn, quoteExactOut, SwapDirection } from '@basket/test-swap-client';
import { describe, expect, it } from 'vitest';
import { quoteResponseOf, swapPlanOf } from '../src/quote-response.ts';
import { findPool, type PoolState, ppmText, quoteRoute, RouteError } from '../src/routing.ts';

const A = '11111111111111111111111111111112';
const STOCK = 'So11111111111111111111111111111111111111112';
const USD = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const OTHER = '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R';

const pool: PoolState = {
  program: A,
  symbol: 'NVDAx',
  pool: 'BPFLoaderUpgradeab1e11111111111111111111111',
  stockMint: STOCK,
  usdMint: USD,
  stockVault: 'SysvarRent111111111111111111111111111111111',
  usdVault: 'SysvarC1ock11111111111111111111111111111111',
  stockTokenProgram: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  usdTokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  feeBps: 30,
  stockReserve: 76_103_500_761n,
  usdReserve: 250_000_000_000n,
};

const code = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    if (error instanceof RouteError) return error.errorCode;
    throw error;
  }
  return 'no error';
};

describe('routing a stock against the stablecoin', () => {
  it('quotes ExactIn at the venue exact output and rounds the minimum out down', () => {
    // Given 1,000 USDC in; When quoted with 50 bps slippage
    const route = quoteRoute(
      [pool],
      {
        inputMint: USD,
        outputMint: STOCK,
        amount: 1_000_000_000n,
        swapMode: 'ExactIn',
        slippageBps: 50,
      },
      200_000n,
    );
    const venue = quoteExactIn({
      reserveIn: pool.usdReserve,
      reserveOut: pool.stockReserve,
      amountIn: 1_000_000_000n,
      feeBps: 30,
    });
    // Then the output is the venue's to the unit, and the threshold is floor(out * 0.995)
    expect(route.direction).toBe(SwapDirection.BuyStock);
    expect(route.outAmount).toBe(venue.amountOut);
    expect(route.otherAmountThreshold).toBe((venue.amountOut * 9_950n) / 10_000n);
    expect(route.otherAmountThreshold * 10_000n <= venue.amountOut * 9_950n).toBe(true);
  });

  it('quotes ExactOut with the smallest input that pays it and rounds the maximum in up', () => {
    const route = quoteRoute(
      [pool],
      {
        inputMint: STOCK,
        outputMint: USD,
        amount: 500_000_001n,
        swapMode: 'ExactOut',
        slippageBps: 33,
      },
      200_000n,
    );
    const venue = quoteExactOut({
      reserveIn: pool.stockReserve,
      reserveOut: pool.usdReserve,
      amountOut: 500_000_001n,
      feeBps: 30,
    });
    expect(route.outAmount).toBe(500_000_001n);
    expect(route.inAmount).toBe(venue.amountIn);
    // ceil(in * 1.0033): never below the exact product
    expect(route.otherAmountThreshold * 10_000n >= route.inAmount * 10_033n).toBe(true);
    expect((route.otherAmountThreshold - 1n) * 10_000n < route.inAmount * 10_033n).toBe(true);
  });

  it('states price impact in ppm, rounded up, and refuses beyond depth', () => {
    const small = quoteRoute(
      [pool],
      {
        inputMint: USD,
        outputMint: STOCK,
        amount: 1_000_000n,
        swapMode: 'ExactIn',
        slippageBps: 0,
      },
      200_000n,
    );
    // a $1 trade pays the 30 bps fee and almost no curve impact
    expect(small.priceImpactPpm).toBeGreaterThanOrEqual(3_000n);
    expect(small.priceImpactPpm).toBeLessThan(3_020n);
    expect(
      code(() =>
        quoteRoute(
          [pool],
          {
            inputMint: USD,
            outputMint: STOCK,
            amount: 100_000_000_000n,
            swapMode: 'ExactIn',
            slippageBps: 0,
          },
          200_000n,
        ),
      ),
    ).toBe('COULD_NOT_FIND_ANY_ROUTE');
  });

  it('answers the API error codes by cause', () => {
    const req = { amount: 1n, swapMode: 'ExactIn' as const, slippageBps: 50 };
    expect(code(() => findPool([pool], USD, USD))).toBe('CIRCULAR_ARBITRAGE_IS_DISABLED');
    expect(code(() => findPool([pool], OTHER, USD))).toBe('TOKEN_NOT_TRADABLE');
    expect(
      code(() => quoteRoute([pool], { ...req, inputMint: USD, outputMint: STOCK, amount: 0n }, 1n)),
    ).toBe('INVALID_REQUEST');
    expect(
      code(() =>
        quoteRoute([pool], { ...req, inputMint: USD, outputMint: STOCK, slippageBps: 10_001 }, 1n),
      ),
    ).toBe('INVALID_REQUEST');
    // a second pool's stock against the first's: no direct route
    const other = { ...pool, stockMint: OTHER, pool: A };
    expect(code(() => findPool([pool, other], STOCK, OTHER))).toBe('COULD_NOT_FIND_ANY_ROUTE');
    // an ExactOut the pool cannot pay
    expect(
      code(() =>
        quoteRoute(
          [pool],
          {
            ...req,
            inputMint: USD,
            outputMint: STOCK,
            amount: pool.stockReserve,
            swapMode: 'ExactOut',
          },
          1_000_000n,
        ),
      ),
    ).toBe('COULD_NOT_FIND_ANY_ROUTE');
  });

  it('writes ppm as the API decimal fraction', () => {
    expect(ppmText(0n)).toBe('0');
    expect(ppmText(12_300n)).toBe('0.0123');
    expect(ppmText(1_000_000n)).toBe('1');
    expect(ppmText(-5n)).toBe('-0.000005');
  });
});

describe('reading a quote sent back to /swap', () => {
  const route = quoteRoute(
    [pool],
    { inputMint: USD, outputMint: STOCK, amount: 1_000_000n, swapMode: 'ExactIn', slippageBps: 50 },
    200_000n,
  );
  const quote = quoteResponseOf(route, 50, 7n);

  it('spends inAmount and requires the threshold (ExactIn) or outAmount (ExactOut)', () => {
    expect(swapPlanOf(quote, [pool])).toMatchObject({
      amountIn: route.inAmount,
      minAmountOut: route.otherAmountThreshold,
    });
    const out = quoteResponseOf(
      quoteRoute(
        [pool],
        {
          inputMint: USD,
          outputMint: STOCK,
          amount: 1_000n,
          swapMode: 'ExactOut',
          slippageBps: 50,
        },
        200_000n,
      ),
      50,
      7n,
    );
    expect(swapPlanOf(out, [pool]).minAmountOut).toBe(1_000n);
  });

  it('refuses a tampered or malformed quote by name', () => {
    const withAmm = (ammKey: string) => ({
      ...quote,
      routePlan: [{ ...quote.routePlan[0], swapInfo: { ...quote.routePlan[0]?.swapInfo, ammKey } }],
    });
    expect(code(() => swapPlanOf(withAmm(A), [pool]))).toBe('INVALID_REQUEST');
    expect(code(() => swapPlanOf({ ...quote, inAmount: '1.5' }, [pool]))).toBe('INVALID_REQUEST');
    expect(code(() => swapPlanOf({ ...quote, inAmount: '0' }, [pool]))).toBe('INVALID_REQUEST');
    expect(code(() => swapPlanOf({ ...quote, swapMode: 'Both' }, [pool]))).toBe('INVALID_REQUEST');
    expect(code(() => swapPlanOf(null, [pool]))).toBe('INVALID_REQUEST');
    expect(code(() => swapPlanOf({ ...quote, outputMint: OTHER }, [pool]))).toBe(
      'TOKEN_NOT_TRADABLE',
    );
  });
});
