import { accountBytes, mintTo, newKeyPairSigner, send, tokenAmount } from '@basket/test-harness';
import {
  getAddLiquidityInstruction,
  getSwapInstruction,
  quoteExactOut,
  quoteSwap,
  SwapDirection,
  TEST_SWAP_PROGRAM_ADDRESS,
  TestSwapError,
} from '@basket/test-swap-client';
import { type Address, lamports } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ata,
  expectSent,
  initializePoolIx,
  poolState,
  type SwapWorld,
  setupSwap,
} from './fixture.ts';

function swapIx(
  w: SwapWorld,
  direction: SwapDirection,
  amountIn: bigint,
  minAmountOut = 0n,
  overrides: Partial<Parameters<typeof getSwapInstruction>[0]> = {},
) {
  return getSwapInstruction({
    ...w.accounts,
    user: w.trader,
    userStock: w.traderStock,
    userUsd: w.traderUsd,
    direction,
    amountIn,
    minAmountOut,
    ...overrides,
  });
}

const touched = (w: SwapWorld): Address[] => [
  w.accounts.stockVault,
  w.accounts.usdVault,
  w.traderStock,
  w.traderUsd,
];

describe('swap', () => {
  it('buys the stock for exactly the quoted raw amount, the pool keeping the fee', async () => {
    // Given a seeded pool (fee 30 bps) and a trader with stablecoin
    const w = await setupSwap();
    const pool = poolState(w);
    const usdIn = 12_345_678_901n;
    const quote = quoteSwap(pool, SwapDirection.BuyStock, usdIn);
    const stockBefore = tokenAmount(w.svm, w.traderStock);
    // When the trader buys with the quote as its minimum
    const r = await send(
      w.svm,
      [swapIx(w, SwapDirection.BuyStock, usdIn, quote.amountOut)],
      w.trader,
    );
    // Then the trader receives the quote to the unit and the vaults move by the same amounts
    expect(r.error).toBeNull();
    expect(tokenAmount(w.svm, w.traderStock) - stockBefore).toBe(quote.amountOut);
    expect(poolState(w).usdReserve).toBe(pool.usdReserve + usdIn);
    expect(poolState(w).stockReserve).toBe(pool.stockReserve - quote.amountOut);
    expect(quote.fee).toBe((usdIn * 30n + 9_999n) / 10_000n);
  });

  it('sells the stock for exactly the quoted raw amount', async () => {
    const w = await setupSwap();
    const pool = poolState(w);
    const stockIn = 3n * 10n ** 8n + 7n;
    const quote = quoteSwap(pool, SwapDirection.SellStock, stockIn);
    const usdBefore = tokenAmount(w.svm, w.traderUsd);
    const r = await send(
      w.svm,
      [swapIx(w, SwapDirection.SellStock, stockIn, quote.amountOut)],
      w.trader,
    );
    expect(r.error).toBeNull();
    expect(tokenAmount(w.svm, w.traderUsd) - usdBefore).toBe(quote.amountOut);
    expect(poolState(w).stockReserve).toBe(pool.stockReserve + stockIn);
  });

  it('the TypeScript quote matches the program to the unit over random swaps in both directions', async () => {
    // Given one pool that every swap of the sequence moves, and a trader who can pay for all
    const w = await setupSwap();
    await mintTo(w.svm, w.payer, w.stock, w.traderStock, 10_000n * 10n ** 8n);
    await mintTo(w.svm, w.payer, w.usd, w.traderUsd, 10n ** 13n);
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.bigInt({ min: 1n, max: 50n * 10n ** 8n }),
        async (buy, raw) => {
          const direction = buy ? SwapDirection.BuyStock : SwapDirection.SellStock;
          // Stablecoin amounts in 6 decimals, stock in 8: scale the draw to a similar value.
          const amountIn = buy ? raw * 25n : raw;
          const pool = poolState(w);
          let expected: bigint | null;
          try {
            expected = quoteSwap(pool, direction, amountIn).amountOut;
          } catch {
            expected = null;
          }
          const out = buy ? w.traderStock : w.traderUsd;
          const before = tokenAmount(w.svm, out);
          const r = await send(w.svm, [swapIx(w, direction, amountIn)], w.trader);
          if (expected === null) {
            expect(r.ok).toBe(false);
          } else {
            expect(r.error).toBeNull();
            expect(tokenAmount(w.svm, out) - before).toBe(expected);
          }
        },
      ),
      { numRuns: 40, seed: 14 },
    );
  });

  it('moves both sides by TransferChecked CPIs a calling program sees as inner instructions', async () => {
    const w = await setupSwap();
    const r = await send(w.svm, [swapIx(w, SwapDirection.BuyStock, 10n ** 6n)], w.trader);
    expect(r.error).toBeNull();
    const inner = r.logs.filter((l) => / invoke \[2\]$/.test(l));
    expect(inner).toEqual([
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [2]',
      'Program TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb invoke [2]',
    ]);
  });

  it('refuses a swap that would pay less than min_amount_out and changes nothing', async () => {
    const w = await setupSwap();
    const quote = quoteSwap(poolState(w), SwapDirection.SellStock, 10n ** 8n);
    const before = accountBytes(w.svm, touched(w));
    const r = await send(
      w.svm,
      [swapIx(w, SwapDirection.SellStock, 10n ** 8n, quote.amountOut + 1n)],
      w.trader,
    );
    expect(r.customError).toBe(TestSwapError.SlippageExceeded);
    expect(accountBytes(w.svm, touched(w))).toEqual(before);
  });

  it('refuses an amount in of zero, and one too small to buy a unit', async () => {
    const w = await setupSwap();
    expect((await send(w.svm, [swapIx(w, SwapDirection.BuyStock, 0n)], w.trader)).customError).toBe(
      TestSwapError.ZeroAmount,
    );
    // One micro-dollar pays its one-unit fee and buys nothing.
    expect((await send(w.svm, [swapIx(w, SwapDirection.BuyStock, 1n)], w.trader)).customError).toBe(
      TestSwapError.ZeroAmountOut,
    );
  });

  it('refuses a direction other than sell (0) or buy (1)', async () => {
    const w = await setupSwap();
    const r = await send(w.svm, [swapIx(w, 2 as SwapDirection, 10n ** 6n)], w.trader);
    expect(r.customError).toBe(TestSwapError.InvalidDirection);
  });

  it('refuses to price a pool with an empty side', async () => {
    // Given a pool that holds stock but no stablecoin
    const w = await setupSwap({ seed: false });
    await expectSent(w, [initializePoolIx(w)], w.owner);
    await expectSent(
      w,
      [
        getAddLiquidityInstruction({
          ...w.accounts,
          owner: w.owner,
          ownerStock: w.ownerStock,
          ownerUsd: w.ownerUsd,
          stockAmount: 10n ** 8n,
          usdAmount: 0n,
        }),
      ],
      w.owner,
    );
    const r = await send(w.svm, [swapIx(w, SwapDirection.SellStock, 10n ** 6n)], w.trader);
    expect(r.customError).toBe(TestSwapError.EmptyPool);
  });

  it('refuses a byte-identical copy of the pool owned by another program', async () => {
    // Given a copy of the pool's bytes at another address, owned by the system program
    const w = await setupSwap();
    const fake = (await newKeyPairSigner()).address;
    const real = w.svm.getAccount(w.pool);
    if (!real.exists) throw new Error('pool missing');
    const data = Uint8Array.from(real.data);
    w.svm.setAccount({
      address: fake,
      data,
      executable: false,
      lamports: lamports(10n ** 9n),
      programAddress: '11111111111111111111111111111111' as Address,
      space: BigInt(data.length),
    });
    const r = await send(
      w.svm,
      [swapIx(w, SwapDirection.BuyStock, 10n ** 6n, 0n, { pool: fake })],
      w.trader,
    );
    expect(r.customError).toBe(102);
  });

  it('refuses a vault that is not the pool’s', async () => {
    const w = await setupSwap();
    const stray = await ata(w.svm, w.payer, w.stock, w.owner.address);
    const r = await send(
      w.svm,
      [swapIx(w, SwapDirection.BuyStock, 10n ** 6n, 0n, { stockVault: stray })],
      w.trader,
    );
    expect(r.customError).toBe(TestSwapError.PoolAccountMismatch);
  });

  it('refuses a user account of the wrong mint, or the pool’s own vault as the user’s', async () => {
    const w = await setupSwap();
    const swapped = await send(
      w.svm,
      [swapIx(w, SwapDirection.BuyStock, 10n ** 6n, 0n, { userStock: w.traderUsd })],
      w.trader,
    );
    expect(swapped.customError).toBe(TestSwapError.InvalidUserAccount);
    const vaultAsUser = await send(
      w.svm,
      [swapIx(w, SwapDirection.BuyStock, 10n ** 6n, 0n, { userStock: w.accounts.stockVault })],
      w.trader,
    );
    expect(vaultAsUser.customError).toBe(TestSwapError.InvalidUserAccount);
  });

  it('refuses a swap the trader did not sign', async () => {
    const w = await setupSwap();
    const ix = swapIx(w, SwapDirection.BuyStock, 10n ** 6n);
    const accounts = [...(ix.accounts ?? [])];
    accounts[0] = { address: w.trader.address, role: 0 };
    const r = await send(w.svm, [{ ...ix, accounts }], w.payer);
    expect(r.customError).toBe(100);
  });

  it('runs under its own program id only', () => {
    expect(TEST_SWAP_PROGRAM_ADDRESS).toBe('5FkVB7mxXKuXw6TWvPy1eo1NMBbLk8c1cSLqy5x6hvNf');
  });
});

describe('quoteExactOut', () => {
  it('finds the smallest input the program pays the wanted output for, in both directions', async () => {
    const w = await setupSwap();
    for (const [direction, want] of [
      [SwapDirection.BuyStock, 123_456_789n],
      [SwapDirection.SellStock, 987_654_321n],
    ] as const) {
      const pool = poolState(w);
      const buying = direction === SwapDirection.BuyStock;
      const reserves = buying
        ? { reserveIn: pool.usdReserve, reserveOut: pool.stockReserve }
        : { reserveIn: pool.stockReserve, reserveOut: pool.usdReserve };
      const { amountIn } = quoteExactOut({ ...reserves, amountOut: want, feeBps: pool.feeBps });
      // One unit less pays less than wanted (the program refuses it at that minimum)
      const short = await send(w.svm, [swapIx(w, direction, amountIn - 1n, want)], w.trader);
      expect(short.customError).toBe(TestSwapError.SlippageExceeded);
      // The input found pays at least what was wanted
      const out = buying ? w.traderStock : w.traderUsd;
      const before = tokenAmount(w.svm, out);
      const r = await send(w.svm, [swapIx(w, direction, amountIn, want)], w.trader);
      expect(r.error).toBeNull();
      expect(tokenAmount(w.svm, out) - before).toBeGreaterThanOrEqual(want);
    }
  });
});
