// The local world end to end over JSON-RPC and PubSub, as the dapp and keeper meet it (issue
// 13, item 8), on one world: a demo wallet deposits and withdraws both ways through the SDK,
// fills an RFQ with the API simulator's transaction, swaps through the aggregator simulator's
// /swap-instructions, the webhook emitter posts those transactions, the clock moves and the
// vault's staleness guard follows it, and stopping the world leaves nothing running.
import { join } from 'node:path';
import { waitFor } from '@basket/localnet';
import {
  type BasketTransactionError,
  findAssociatedTokenAddress,
  getDepositInstructionsFor,
  getNavQuote,
  getWithdrawInKindInstructionsFor,
  getWithdrawUsdcInstructionsFor,
  quoteDeposit,
  quoteStableWithdrawal,
  rawAmount,
  readAccounts,
  TOKEN_2022_PROGRAM_ADDRESS,
  vaultStateAccount,
} from '@basket/sdk';
import { createLogger, createMetrics } from '@basket/service-kit';
import { type SwapInstructionsAnswer, swapTransactionInstructions } from '@basket/test-harness';
import { createEmitter } from '@basket/webhook-emitter';
import {
  type Address,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  partiallySignTransaction,
} from '@solana/kit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCKS } from '../src/bootstrap/catalog.ts';
import { loadLookupTables } from '../src/bootstrap/lookup-table.ts';
import { catalogPrices, pushNav } from '../src/bootstrap/nav.ts';
import { runBootstrap } from '../src/bootstrap/run-bootstrap.ts';
import { readSigner } from '../src/keys.ts';
import { programAddressesOf } from '../src/manifest-programs.ts';
import { startWorld, type TestWorld } from '../src/start-world.ts';
import { type E2eServices, portOpen, startE2eServices } from './support/e2e-services.ts';

const USDC = 1_000_000n;
const SKU = 'TECH6';

describe('the local world', () => {
  let world: TestWorld;
  const programs = () => programAddressesOf(world.manifest);
  const vaultOf = async () => {
    const sku = world.manifest.skus.find((s) => s.skuId === SKU);
    if (!sku) throw new Error(`no ${SKU} in the manifest`);
    const [v] = await readAccounts(
      world.chain.rpc,
      [vaultStateAccount(sku.vault as Address, programs())],
      {
        commitment: 'confirmed',
      },
    );
    if (!v.exists) throw new Error('vault missing');
    return { address: v.address, data: v.data };
  };
  const push = async () => {
    const sku = world.manifest.skus.find((s) => s.skuId === SKU);
    const { loadWorldKeys } = await import('../src/bootstrap/keys.ts');
    await pushNav(world.chain, {
      keys: await loadWorldKeys(world.dir),
      programs: programs(),
      skuId: SKU,
      snapshot: sku?.snapshot as Address,
      prices: catalogPrices(world.manifest, STOCKS),
      lookupTable: (sku?.lookupTable ?? null) as Address | null,
    });
  };

  let services: E2eServices;
  /** Signatures of the RFQ fill and the aggregator swap, for the webhooks to carry. */
  const landed: { rfq?: string; swap?: string } = {};

  beforeAll(async () => {
    // 100 ms slots: the services' waits (RFQ fill, swap, webhooks, finality) are slot counts;
    // mainnet's 400 ms stays with `npm start` and the keeper's and the browser's suites.
    world = await startWorld({ slotTimeMs: 100 });
    services = await startE2eServices(world);
  }, 240_000);

  afterAll(async () => {
    await services?.close();
  });

  afterAll(async () => {
    await world?.stop();
  });

  it('bootstraps two SKUs with different baskets, one of them 20 assets, and six or more stocks with non-unit multipliers', () => {
    const sizes = world.manifest.skus.map((s) => s.assets.length).sort((a, b) => a - b);
    expect(sizes).toEqual([6, 20]);
    expect(world.manifest.stocks.length).toBeGreaterThanOrEqual(6);
    expect(world.manifest.stocks.filter((s) => s.multiplier !== '1').length).toBeGreaterThan(3);
    for (const s of world.manifest.stocks) expect(s.tokenProgram).toBe(TOKEN_2022_PROGRAM_ADDRESS);
  });

  it('a second bootstrap changes nothing but the fresh NAV push', async () => {
    const again = await runBootstrap({
      dir: world.dir,
      chain: world.chain,
      rpcUrl: world.localnet.rpcUrl,
      wsUrl: world.localnet.wsUrl,
      log: () => {},
    });
    expect(again.skus.map((s) => [s.vault, s.lookupTable])).toEqual(
      world.manifest.skus.map((s) => [s.vault, s.lookupTable]),
    );
    expect(again.stocks).toEqual(world.manifest.stocks);
  });

  it('a demo wallet deposits, withdraws in stablecoin and in kind through the SDK over RPC', async () => {
    // Given a demo wallet with stablecoin and a fresh NAV
    const wallet = await readSigner(world.manifest.keys.demoWallets[0] as string);
    const rpc = world.chain.rpc;
    const source = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: world.manifest.stablecoin.mint as Address,
      tokenProgram: world.manifest.stablecoin.tokenProgram as Address,
    });
    await push();
    const before = await world.chain.tokenAmount(source);
    // When it deposits 1,000 USDC at the SDK's quote
    const quote = quoteDeposit(
      await getNavQuote(rpc, SKU, { programs: programs(), commitment: 'confirmed' }),
      rawAmount(1_000n * USDC),
      {
        vaultProgram: programs().vault as Address,
      },
    );
    if (!quote.ok) throw new Error(quote.refusal.message);
    const deposit = await getDepositInstructionsFor(
      {
        depositor: wallet,
        vault: await vaultOf(),
        source,
        rawAmount: quote.rawAmount,
        minSharesOut: quote.minSharesOut,
      },
      { rpc, programs: programs(), commitment: 'confirmed' },
    );
    await world.chain.land('deposit', wallet, deposit.instructions);
    // Then it holds at least the quoted minimum of shares and paid exactly 1,000 USDC
    const shares = await world.chain.tokenAmount(deposit.accounts.shares);
    expect(shares).toBeGreaterThanOrEqual(quote.minSharesOut);
    expect(before - (await world.chain.tokenAmount(source))).toBe(1_000n * USDC);

    // When it withdraws a third in stablecoin at the quoted net
    const third = shares / 3n;
    const usdcQuote = quoteStableWithdrawal(
      await getNavQuote(rpc, SKU, { programs: programs(), commitment: 'confirmed' }),
      third,
      {
        vaultProgram: programs().vault as Address,
      },
    );
    if (!usdcQuote.ok) throw new Error(usdcQuote.refusal.message);
    const sku = world.manifest.skus.find((s) => s.skuId === SKU);
    const { loadWorldKeys } = await import('../src/bootstrap/keys.ts');
    const keys = await loadWorldKeys(world.dir);
    const treasuryStable = await findAssociatedTokenAddress({
      owner: keys.treasury.address,
      mint: world.manifest.stablecoin.mint as Address,
      tokenProgram: world.manifest.stablecoin.tokenProgram as Address,
    });
    const beforeUsdc = await world.chain.tokenAmount(source);
    const usdc = await getWithdrawUsdcInstructionsFor(
      {
        owner: wallet,
        vault: await vaultOf(),
        treasuryStable,
        shares: third,
        quotedOut: usdcQuote.netUsd,
        maxSlipBps: 0,
      },
      { rpc, programs: programs(), commitment: 'confirmed' },
    );
    await world.chain.land('withdraw_usdc', wallet, usdc.instructions);
    // Then exactly the quoted net arrives; the 0.05% fee stays in the cash buffer, owed to the
    // treasury until collect_withdraw_fees
    expect((await world.chain.tokenAmount(source)) - beforeUsdc).toBe(usdcQuote.netUsd);
    expect(usdcQuote.feeUsd).toBeGreaterThan(0n);

    // When it redeems the rest in kind
    const rest = await world.chain.tokenAmount(deposit.accounts.shares);
    const inKind = await getWithdrawInKindInstructionsFor(
      { owner: wallet, vault: await vaultOf(), shares: rest },
      { rpc, programs: programs(), commitment: 'confirmed' },
    );
    // Six assets' accounts need the SKU's lookup table to fit a packet
    const tables = await loadLookupTables(world.chain, [sku?.lookupTable as Address]);
    await world.chain.land('withdraw_in_kind', wallet, inKind.instructions, tables);
    // Then no shares are left and the vault's cash paid its pro-rata part in stablecoin
    expect(await world.chain.tokenAmount(deposit.accounts.shares)).toBe(0n);
    expect(await world.chain.tokenAmount(source)).toBeGreaterThan(beforeUsdc + usdcQuote.netUsd);
    expect(sku?.assets).toHaveLength(6);
  }, 120_000);

  it("fills an RFQ with the simulator's transaction, co-signed by the taker", async () => {
    // Given a demo wallet and AAPLx (multiplier 1.0571 on chain)
    const wallet = await readSigner(world.manifest.keys.demoWallets[1] as string);
    const aapl = world.manifest.stocks.find((s) => s.symbol === 'AAPLx');
    const account = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: aapl?.mint as Address,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    const before = await world.chain.tokenAmount(account);
    // When it asks for 2 tokens and signs the market maker's transaction
    const { status, json } = await services.api('/trades/swap/rfq', {
      symbol: 'AAPLx',
      side: 'Buy',
      quantity: '2',
      paymentWalletIdentifier: wallet.address,
      receivingWalletIdentifier: wallet.address,
    });
    expect(status).toBe(200);
    const quote = json as {
      id: string;
      signature: string;
      signaturePayload: Record<string, string>;
    };
    const tx = getTransactionDecoder().decode(getBase64Encoder().encode(quote.signature));
    const signed = await partiallySignTransaction([wallet.keyPair], tx);
    landed.rfq = await world.chain.rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), {
        encoding: 'base64',
        preflightCommitment: 'confirmed',
      })
      .send();
    // Then the quote completes and the wallet received exactly the quoted raw amount
    await waitFor('the RFQ did not complete', async () => {
      const state = await services.api(`/trades/swap/quote/${quote.id}`);
      return state.json.generalStatus === 'Completed' ? state : null;
    });
    expect((await world.chain.tokenAmount(account)) - before).toBe(
      BigInt(quote.signaturePayload.stockAmount as string),
    );
  }, 60_000);

  it("swaps through the aggregator simulator's /swap-instructions for the quoted amount", async () => {
    const wallet = await readSigner(world.manifest.keys.demoWallets[1] as string);
    const pool = world.manifest.pools.find((p) => p.symbol === 'TSLAx');
    const quote = await services.swapApi(
      `/quote?inputMint=${pool?.usdMint}&outputMint=${pool?.stockMint}&amount=500000000&slippageBps=0`,
    );
    const answer = (await services.swapApi('/swap-instructions', {
      userPublicKey: wallet.address,
      quoteResponse: quote,
    })) as unknown as SwapInstructionsAnswer;
    const stock = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: pool?.stockMint as Address,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    const held = (await world.chain.exists(stock)) ? await world.chain.tokenAmount(stock) : 0n;
    const swapped = await world.chain.landRaw(
      'aggregator swap',
      wallet,
      swapTransactionInstructions(answer),
    );
    landed.swap = swapped.signature;
    expect((await world.chain.tokenAmount(stock)) - held).toBe(BigInt(quote.outAmount as string));
  }, 60_000);

  it('moving the clock an hour ahead makes the NAV stale for the vault, and a new push makes it fresh', async () => {
    // Given a fresh NAV
    await push();
    const wallet = await readSigner(world.manifest.keys.demoWallets[1] as string);
    const source = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: world.manifest.stablecoin.mint as Address,
      tokenProgram: world.manifest.stablecoin.tokenProgram as Address,
    });
    const depositFlow = async () =>
      getDepositInstructionsFor(
        {
          depositor: wallet,
          vault: await vaultOf(),
          source,
          rawAmount: rawAmount(10n * USDC),
          minSharesOut: 0n,
        },
        { rpc: world.chain.rpc, programs: programs(), commitment: 'confirmed' },
      );
    // When the chain's clock moves an hour ahead
    const before = await world.clock.now();
    const after = await world.clock.advanceBy(3_600_000);
    expect(after.unixTimestamp - before.unixTimestamp).toBeGreaterThanOrEqual(3_600n);
    // Then a deposit is refused by the vault with StaleNav
    const refused = await world.chain
      .land('stale deposit', wallet, (await depositFlow()).instructions)
      .catch((e: unknown) => e);
    const failure = ((refused as Error).cause as BasketTransactionError | undefined)?.failure;
    expect(failure?.kind === 'custom' ? failure.constant : null).toBe('VAULT_ERROR__STALE_NAV');
    // And after the keeper's next push the same deposit lands
    await push();
    await world.chain.land('fresh deposit', wallet, (await depositFlow()).instructions);
  }, 120_000);

  it("posts the vault program's transactions, deposits and withdrawals included, as raw-transaction webhooks", async () => {
    // Given a receiver and the emitter watching the vault program
    const seen: {
      auth: string | undefined;
      items: { meta: { logMessages: string[] }; transaction: { signatures: string[] } }[];
    }[] = [];
    const receiver = Fastify({ bodyLimit: 20 * 1024 * 1024 });
    const trades: string[] = [];
    receiver.post('/webhooks/vault', async (request) => {
      seen.push({ auth: request.headers.authorization, items: request.body as never });
      return { ok: true };
    });
    receiver.post('/webhooks/trades', async (request) => {
      const items = request.body as { transaction: { signatures: string[] } }[];
      trades.push(...items.map((i) => i.transaction.signatures[0] as string));
      return { ok: true };
    });
    await receiver.listen({ host: '127.0.0.1', port: 0 });
    try {
      const url = `http://127.0.0.1:${(receiver.server.address() as { port: number }).port}/webhooks/vault`;
      const emitter = createEmitter({
        config: {
          rpcUrl: world.localnet.rpcUrl,
          port: 0,
          stateDir: join(world.dir, 'webhook-emitter-test'),
          pollMs: 100,
          batchSize: 50,
          duplicateEvery: 0,
          delayMs: 0,
          reorder: false,
          webhooks: [
            {
              name: 'vault',
              url,
              authorization: 'env:X',
              authorizationValue: 'Bearer world',
              programs: [programs().vault],
              commitment: 'confirmed',
            },
            {
              // The venue's program (the swap) and the market maker (the RFQ fill's fee payer).
              name: 'trades',
              url: url.replace('/vault', '/trades'),
              authorization: 'env:X',
              authorizationValue: 'Bearer world',
              programs: [
                world.manifest.programs.testSwap as Address,
                (await readSigner(world.manifest.keys.marketMaker)).address,
              ],
              commitment: 'confirmed',
            },
          ],
        },
        rpc: world.chain.rpc,
        logger: createLogger({ name: 'test', level: 'silent' }),
        metrics: createMetrics('world_emitter_test'),
      });
      // When it makes a pass
      await emitter.tick();
      // Then every vault transaction so far arrived, with the vault's deposit log among them
      const items = seen.flatMap((s) => s.items);
      const logs = items.flatMap((i) => i.meta.logMessages);
      expect(seen.every((s) => s.auth === 'Bearer world')).toBe(true);
      expect(
        logs.some((l) => l.includes('Instruction: Deposit') || l.startsWith('Program data:')),
      ).toBe(true);
      const listed = await world.chain.rpc
        .getSignaturesForAddress(programs().vault, { commitment: 'confirmed' })
        .send();
      expect(new Set(items.map((i) => i.transaction.signatures[0]))).toEqual(
        new Set(listed.map((v) => v.signature)),
      );
      // and the RFQ fill and the aggregator swap arrived on the trades webhook
      expect(trades).toEqual(expect.arrayContaining([landed.rfq, landed.swap]));
    } finally {
      await receiver.close();
    }
  }, 60_000);

  it('stops with nothing left running and its ports free', async () => {
    const { rpcUrl, wsUrl, pid } = world.localnet;
    await world.localnet.stop();
    expect(await portOpen(rpcUrl)).toBe(false);
    expect(await portOpen(wsUrl.replace('ws://', 'http://'))).toBe(false);
    expect(() => process.kill(pid as number, 0)).toThrow();
  });
});
