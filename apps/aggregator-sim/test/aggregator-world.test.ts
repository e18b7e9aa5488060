// The aggregator simulator against the local world: the swap API client pointed at it quotes
// the venue's exact numbers on the chain's reserves, and both swap forms land for the quote.
import { waitFor } from '@basket/localnet';
import { findAssociatedTokenAddress } from '@basket/sdk';
import { createLogger, createMetrics } from '@basket/service-kit';
import { swapTransactionInstructions, testHookRecordAddress } from '@basket/test-harness';
import { quoteExactIn, TestSwapError, tokenAccountAmount } from '@basket/test-swap-client';
import { readSigner, startWorld, type TestWorld } from '@basket/world';
import { Configuration, type QuoteResponse, ResponseError, SwapApi } from '@jup-ag/api';
import {
  type Address,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  type KeyPairSigner,
  signTransaction,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAggregatorConfig } from '../src/config.ts';
import { type Aggregator, startAggregator } from '../src/start-aggregator.ts';

describe('the aggregator simulator on the local world', () => {
  let world: TestWorld;
  let aggregator: Aggregator;
  let api: SwapApi;
  let wallet: KeyPairSigner;
  let pool: TestWorld['manifest']['pools'][number];

  beforeAll(async () => {
    // 100 ms slots: the swaps are sent as soon as they are built (a blockhash then lives 15 s),
    // so mainnet's 400 ms would only be waited at each confirmation.
    world = await startWorld({ slotTimeMs: 100 });
    const manifestPath = `${world.dir}/world.json`;
    const config = loadAggregatorConfig({
      SOLANA_RPC_URL: world.localnet.rpcUrl,
      WORLD_MANIFEST: manifestPath,
      AGGREGATOR_PORT: '0',
      AGGREGATOR_RESERVES_TTL_MS: '1',
    });
    const logger = createLogger({ name: 'aggregator_sim', level: 'warn' });
    aggregator = await startAggregator(config, logger, createMetrics('aggregator_sim'));
    api = new SwapApi(new Configuration({ basePath: aggregator.url }));
    wallet = await readSigner(world.manifest.keys.demoWallets[2] as string);
    pool = world.manifest.pools.find((p) => p.symbol === 'TSLAx') as typeof pool;
  }, 300_000);

  afterAll(async () => {
    await aggregator?.close();
    await world?.stop();
  });

  const ata = (mint: string, program: string) =>
    findAssociatedTokenAddress({
      owner: wallet.address,
      mint: mint as Address,
      tokenProgram: program as Address,
    });
  const reserves = async () => {
    const { value } = await world.chain.rpc
      .getMultipleAccounts([pool.stockVault, pool.usdVault] as Address[], {
        encoding: 'base64',
        commitment: 'confirmed',
      })
      .send();
    const amount = (i: number) =>
      tokenAccountAmount(Buffer.from(value[i]?.data[0] ?? '', 'base64'));
    return { stock: amount(0), usd: amount(1) };
  };
  const errorOf = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (error) {
      if (error instanceof ResponseError)
        return { status: error.response.status, ...(await error.response.json()) };
      throw error;
    }
    throw new Error('expected a refusal');
  };
  const sendSigned = async (base64: string, skipPreflight = false) => {
    const tx = getTransactionDecoder().decode(Buffer.from(base64, 'base64'));
    const signed = await signTransaction([wallet.keyPair], tx);
    const signature = await world.chain.rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), {
        encoding: 'base64',
        preflightCommitment: 'confirmed',
        skipPreflight,
      })
      .send();
    await waitFor('the swap was not confirmed', async () => {
      const { value } = await world.chain.rpc.getSignatureStatuses([signature]).send();
      const status = value[0];
      if (status?.err)
        throw new Error(
          `swap failed: ${JSON.stringify(status.err, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`,
        );
      const done =
        status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized';
      return done ? signature : null;
    });
  };

  /** Transfers the test hook recorded for `mint` (u64 at offset 33 of its record). */
  const hookCount = async (mint: string) => {
    const data = await world.chain.accountData(await testHookRecordAddress(mint as Address));
    if (data === null) throw new Error('no hook record');
    return Buffer.from(data).readBigUInt64LE(33);
  };

  it('quotes ExactIn at the venue exact output on the chain reserves', async () => {
    // Given the pool's reserves now
    const before = await reserves();
    // When 2,000 USDC -> TSLAx is quoted
    const quote = await api.quoteGet({
      inputMint: pool.usdMint,
      outputMint: pool.stockMint,
      amount: 2_000_000_000,
      slippageBps: 25,
    });
    // Then it is the venue's exact output, with the API's fields
    const exact = quoteExactIn({
      reserveIn: before.usd,
      reserveOut: before.stock,
      amountIn: 2_000_000_000n,
      feeBps: Number(pool.feeBps),
    });
    expect(quote.outAmount).toBe(exact.amountOut.toString());
    expect(quote.otherAmountThreshold).toBe(((exact.amountOut * 9_975n) / 10_000n).toString());
    expect(quote.routePlan[0]?.swapInfo.ammKey).toBe(pool.pool);
    expect(quote.contextSlot).toBeGreaterThan(0);
    expect(Number(quote.priceImpactPct)).toBeGreaterThan(0.003);
  });

  it('gives swap instructions that land for the quoted amount', async () => {
    const quote = await api.quoteGet({
      inputMint: pool.usdMint,
      outputMint: pool.stockMint,
      amount: 1_000_000_000,
      slippageBps: 0,
    });
    const answer = await api.swapInstructionsPost({
      swapRequest: { userPublicKey: wallet.address, quoteResponse: quote },
    });
    const stock = await ata(pool.stockMint, pool.stockTokenProgram);
    const held = (await world.chain.exists(stock)) ? await world.chain.tokenAmount(stock) : 0n;
    await world.chain.landRaw('swap-instructions', wallet, swapTransactionInstructions(answer));
    expect((await world.chain.tokenAmount(stock)) - held).toBe(BigInt(quote.outAmount));
  });

  it('builds an ExactOut /swap transaction the user signs, paying exactly the asked amount at most the quoted input', async () => {
    // Given an ExactOut quote for 300 USDC out of TSLAx
    const usd = await ata(pool.usdMint, pool.usdTokenProgram);
    const stock = await ata(pool.stockMint, pool.stockTokenProgram);
    const [usdBefore, stockBefore] = [
      await world.chain.tokenAmount(usd),
      await world.chain.tokenAmount(stock),
    ];
    const quote = await api.quoteGet({
      inputMint: pool.stockMint,
      outputMint: pool.usdMint,
      amount: 300_000_000,
      swapMode: 'ExactOut',
    });
    expect(quote.outAmount).toBe('300000000');
    // When the /swap transaction is signed by the user and sent
    const { swapTransaction, lastValidBlockHeight } = await api.swapPost({
      swapRequest: { userPublicKey: wallet.address, quoteResponse: quote },
    });
    expect(lastValidBlockHeight).toBeGreaterThan(0);
    await sendSigned(swapTransaction);
    // Then it received at least the asked amount and spent exactly the quoted input
    expect((await world.chain.tokenAmount(usd)) - usdBefore >= 300_000_000n).toBe(true);
    expect(stockBefore - (await world.chain.tokenAmount(stock))).toBe(BigInt(quote.inAmount));
  });

  it('lets a moved price fail the swap on chain rather than pay less than the threshold', async () => {
    // Given a quote with no slippage allowed, then the price moves against it
    const quote: QuoteResponse = await api.quoteGet({
      inputMint: pool.usdMint,
      outputMint: pool.stockMint,
      amount: 500_000_000,
      slippageBps: 0,
    });
    const mover = await api.quoteGet({
      inputMint: pool.usdMint,
      outputMint: pool.stockMint,
      amount: 100_000_000,
      slippageBps: 0,
    });
    await sendSigned(
      (await api.swapPost({ swapRequest: { userPublicKey: wallet.address, quoteResponse: mover } }))
        .swapTransaction,
    );
    // When the stale quote is swapped, Then the venue refuses it with SlippageExceeded
    const stale = await api.swapPost({
      swapRequest: { userPublicKey: wallet.address, quoteResponse: quote },
    });
    await expect(sendSigned(stale.swapTransaction, true)).rejects.toThrow(
      new RegExp(`"Custom":"?${TestSwapError.SlippageExceeded}"?}`),
    );
  });

  it('routes the hooked stock both ways, the hook extra accounts passed through the venue', async () => {
    // Given the pool of the stock whose transfer hook is set (record mode)
    const hooked = world.manifest.stocks.find((s) => s.transferHookProgram !== null);
    const hp = world.manifest.pools.find((p) => p.symbol === hooked?.symbol);
    if (hooked === undefined || hp === undefined) throw new Error('no hooked pool');
    const seen = await hookCount(hooked.mint);
    const stock = await ata(hp.stockMint, hp.stockTokenProgram);
    const held = (await world.chain.exists(stock)) ? await world.chain.tokenAmount(stock) : 0n;

    // When 100 USDC buys it through /swap-instructions
    const buy = await api.quoteGet({
      inputMint: hp.usdMint,
      outputMint: hp.stockMint,
      amount: 100_000_000,
      slippageBps: 0,
    });
    const answer = await api.swapInstructionsPost({
      swapRequest: { userPublicKey: wallet.address, quoteResponse: buy },
    });
    expect(answer.swapInstruction.accounts.map((a) => a.pubkey)).toContain(
      hooked.transferHookProgram,
    );
    await world.chain.landRaw(
      'hooked swap-instructions',
      wallet,
      swapTransactionInstructions(answer),
    );
    expect((await world.chain.tokenAmount(stock)) - held).toBe(BigInt(buy.outAmount));

    // and half of it is sold back through /swap
    const sell = await api.quoteGet({
      inputMint: hp.stockMint,
      outputMint: hp.usdMint,
      amount: Number(BigInt(buy.outAmount) / 2n),
      slippageBps: 0,
    });
    await sendSigned(
      (await api.swapPost({ swapRequest: { userPublicKey: wallet.address, quoteResponse: sell } }))
        .swapTransaction,
    );

    // Then the stock moved exactly, and the hook saw both transfers
    expect((await world.chain.tokenAmount(stock)) - held).toBe(
      BigInt(buy.outAmount) - BigInt(sell.inAmount),
    );
    expect(await hookCount(hooked.mint)).toBe(seen + 2n);
  });

  it('refuses bad requests with the API error codes and a message naming the cause', async () => {
    const same = await errorOf(
      api.quoteGet({ inputMint: pool.usdMint, outputMint: pool.usdMint, amount: 1 }),
    );
    expect(same).toMatchObject({ status: 400, errorCode: 'CIRCULAR_ARBITRAGE_IS_DISABLED' });
    const unknown = await errorOf(
      api.quoteGet({ inputMint: pool.usdMint, outputMint: world.manifest.stakingMint, amount: 1 }),
    );
    expect(unknown).toMatchObject({ status: 400, errorCode: 'TOKEN_NOT_TRADABLE' });
    const zero = await errorOf(
      api.quoteGet({ inputMint: pool.usdMint, outputMint: pool.stockMint, amount: 0 }),
    );
    expect(zero).toMatchObject({ status: 400, errorCode: 'INVALID_REQUEST' });
    expect(zero.error).toContain('amount');
    const deep = await errorOf(
      api.quoteGet({
        inputMint: pool.usdMint,
        outputMint: pool.stockMint,
        amount: 200_000_000_000,
      }),
    );
    expect(deep).toMatchObject({ status: 400, errorCode: 'COULD_NOT_FIND_ANY_ROUTE' });
    const quote = await api.quoteGet({
      inputMint: pool.usdMint,
      outputMint: pool.stockMint,
      amount: 1_000_000,
    });
    const otherPool = world.manifest.pools.find((p) => p.symbol !== pool.symbol)?.pool as string;
    const tampered = {
      ...quote,
      routePlan: [
        { ...quote.routePlan[0], swapInfo: { ...quote.routePlan[0]?.swapInfo, ammKey: otherPool } },
      ],
    } as QuoteResponse;
    const bad = await errorOf(
      api.swapPost({ swapRequest: { userPublicKey: wallet.address, quoteResponse: tampered } }),
    );
    expect(bad).toMatchObject({ status: 400, errorCode: 'INVALID_REQUEST' });
    const labels = await api.programIdToLabelGet();
    expect(labels[world.manifest.programs.testSwap as string]).toBe('Basket Test Swap');
  });
});
