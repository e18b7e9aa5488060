// The local world end to end over JSON-RPC and PubSub, as the dapp and keeper meet it: a demo
// wallet deposits and withdraws both ways through the SDK, the clock moves and the vault's
// staleness guard follows it, and stopping the world leaves nothing running.
import { createConnection } from 'node:net';
import { join } from 'node:path';
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
import { createEmitter } from '@basket/webhook-emitter';
import type { Address } from '@solana/kit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCKS } from '../src/bootstrap/catalog.ts';
import { loadLookupTables } from '../src/bootstrap/lookup-table.ts';
import { catalogPrices, pushNav } from '../src/bootstrap/nav.ts';
import { runBootstrap } from '../src/bootstrap/run-bootstrap.ts';
import { readSigner } from '../src/keys.ts';
import { programAddressesOf } from '../src/manifest-programs.ts';
import { startWorld, type TestWorld } from '../src/start-world.ts';

const USDC = 1_000_000n;
const SKU = 'TECH6';

function portOpen(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

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

  beforeAll(async () => {
    world = await startWorld();
  }, 240_000);

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
    // Then exactly the quoted net arrives, the 0.05% fee having gone to the treasury
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
    receiver.post('/webhooks/vault', async (request) => {
      seen.push({ auth: request.headers.authorization, items: request.body as never });
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
    } finally {
      await receiver.close();
    }
  });

  it('stops with nothing left running and its ports free', async () => {
    const { rpcUrl, wsUrl, pid } = world.localnet;
    await world.localnet.stop();
    expect(await portOpen(rpcUrl)).toBe(false);
    expect(await portOpen(wsUrl.replace('ws://', 'http://'))).toBe(false);
    expect(() => process.kill(pid as number, 0)).toThrow();
  });
});
