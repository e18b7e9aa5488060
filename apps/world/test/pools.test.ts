// The local world's swap venue: a pool per stock at the catalog's price, and a swap at the
// client's exact quote lands for the quoted amount.
import { findAssociatedTokenAddress } from '@basket/sdk';
import {
  decodePool,
  getCreateAssociatedTokenIdempotentInstruction,
  getSwapInstruction,
  quoteSwap,
  SwapDirection,
  tokenAccountAmount,
} from '@basket/test-swap-client';
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCKS } from '../src/bootstrap/catalog.ts';
import { decimalFraction, POOL_DEPTH_USD, seedReserves } from '../src/bootstrap/pools.ts';
import { readSigner } from '../src/keys.ts';
import { startWorld, type TestWorld } from '../src/start-world.ts';

describe('pool seeding', () => {
  it('reads decimal multipliers exactly and prices the seed at the catalog price', () => {
    expect(decimalFraction('1.0571')).toEqual({ num: 10_571n, den: 10_000n });
    expect(decimalFraction('3')).toEqual({ num: 3n, den: 1n });
    expect(() => decimalFraction('1e-7')).toThrow('not a plain decimal');
    // NVDAx: $131.40 per display share at x2.5 -> $328.50 per raw share (1e8 raw)
    const r = seedReserves(
      { symbol: 'NVDAx', name: 'NVIDIA', multiplier: 2.5, priceUsd1e8: 131_40000000n },
      8,
      6,
    );
    expect(r.usdRaw).toBe(POOL_DEPTH_USD * 1_000_000n);
    // 250,000 / 328.5 = 761.0350... raw shares, rounded down at 1e-8
    expect(r.stockRaw).toBe(76_103_500_761n);
  });
});

describe('the swap venue of the local world', () => {
  let world: TestWorld;

  beforeAll(async () => {
    // 100 ms slots: the suite waits on its swaps' confirmations only.
    world = await startWorld({ slotTimeMs: 100 });
  }, 300_000);

  afterAll(async () => {
    await world?.stop();
  });

  it('has one pool per stock, deployed at the test swap program, priced as the catalog', async () => {
    expect(world.manifest.programs.testSwap).not.toBeNull();
    expect(world.manifest.pools.map((p) => p.symbol)).toEqual(STOCKS.map((s) => s.symbol));
    for (const p of world.manifest.pools) {
      const stock = STOCKS.find((s) => s.symbol === p.symbol);
      if (!stock) throw new Error(p.symbol);
      const usd = await world.chain.tokenAmount(p.usdVault as Address);
      const raw = await world.chain.tokenAmount(p.stockVault as Address);
      const expected = seedReserves(stock, 8, 6);
      expect([raw, usd]).toEqual([expected.stockRaw, expected.usdRaw]);
    }
  });

  it('buys a stock at the exact quote of the client', async () => {
    // Given a demo wallet with stablecoin and the NVDAx pool
    const wallet = await readSigner(world.manifest.keys.demoWallets[1] as string);
    const p = world.manifest.pools.find((x) => x.symbol === 'NVDAx');
    if (!p) throw new Error('no NVDAx pool');
    const info = await world.chain.rpc
      .getMultipleAccounts([p.pool, p.stockVault, p.usdVault] as Address[], {
        encoding: 'base64',
        commitment: 'confirmed',
      })
      .send();
    const bytes = (i: number) => Buffer.from(info.value[i]?.data[0] ?? '', 'base64');
    const pool = decodePool(bytes(0));
    const quote = quoteSwap(
      {
        feeBps: pool.feeBps,
        stockReserve: tokenAccountAmount(bytes(1)),
        usdReserve: tokenAccountAmount(bytes(2)),
      },
      SwapDirection.BuyStock,
      1_000_000_000n,
    );
    const userUsd = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: p.usdMint as Address,
      tokenProgram: p.usdTokenProgram as Address,
    });
    const userStock = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: p.stockMint as Address,
      tokenProgram: p.stockTokenProgram as Address,
    });
    // When it swaps 1,000 USDC for the quoted minimum
    await world.chain.landRaw('swap', wallet, [
      getCreateAssociatedTokenIdempotentInstruction({
        payer: wallet,
        account: userStock,
        owner: wallet.address,
        mint: p.stockMint as Address,
        tokenProgram: p.stockTokenProgram as Address,
      }),
      getSwapInstruction({
        pool: p.pool as Address,
        stockMint: pool.stockMint,
        usdMint: pool.usdMint,
        stockVault: pool.stockVault,
        usdVault: pool.usdVault,
        stockTokenProgram: p.stockTokenProgram as Address,
        usdTokenProgram: p.usdTokenProgram as Address,
        user: wallet,
        userStock,
        userUsd,
        direction: SwapDirection.BuyStock,
        amountIn: 1_000_000_000n,
        minAmountOut: quote.amountOut,
      }),
    ]);
    // Then it received exactly the quote
    expect(await world.chain.tokenAmount(userStock)).toBe(quote.amountOut);
  });
});
