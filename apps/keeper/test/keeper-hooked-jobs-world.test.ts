// The keeper's jobs on TECH6, which holds the hooked HOODx (the test hook, record mode): the
// deposit-router's buy of HOODx (queued, then run by rebalance-exec) carries the hook's
// accounts and the hook records exactly that leg's transfers; fee collection moves no stock
// (shares and stablecoin only) and the hook records nothing; a withdrawal moves no stock; the
// withdrawal-router's cash raise sells the overweight HOODx with the hook's accounts (the
// vault's payment to the trade authority and its delivery to the venue or the maker).
import { isOpen, nextClose } from '@basket/market-calendar';
import {
  findAssociatedTokenAddress,
  getNavQuote,
  getRequestWithdrawUsdcInstructionFor,
  quoteWithdrawalRequest,
  readAccounts,
  TOKEN_2022_PROGRAM_ADDRESS,
  vaultStateAccount,
} from '@basket/sdk';
import {
  catalogPrices,
  loadWorldKeys,
  programAddressesOf,
  pushNav,
  readSigner,
  STOCKS,
} from '@basket/world';
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCollectFees } from '../src/jobs/collect-fees.ts';
import type { KeeperContext } from '../src/jobs/context.ts';
import { runDepositRouter } from '../src/jobs/deposit-router.ts';
import { runRebalanceExec } from '../src/jobs/rebalance-exec.ts';
import { runWithdrawalRouter } from '../src/jobs/withdrawal-router.ts';
import type { Keeper } from '../src/keeper.ts';
import type { KeeperSku } from '../src/service/config.ts';
import { hookRecord, stockOf } from './hooked-sku-world.ts';
import { demoWithdraw } from './support/demo-withdraw.ts';
import { demoDeposit, type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';
import { expectBooksMatch } from './support/vault-checks.ts';

let kw: KeeperWorld;
let keeper: Keeper;
let sku: KeeperSku;
let hood: Address;

beforeAll(async () => {
  // The simulator and the keeper follow the chain's clock; HOODx's market closed (the routing
  // rules take the aggregator, whose pools are at the catalog's prices, pushed below).
  kw = await startKeeperWorld({ followChainClock: true, slotTimeMs: 100 });
  const now = kw.clock.now();
  if (isOpen('MarketHours', now)) {
    const close = nextClose('MarketHours', now);
    if (!close) throw new Error('no next close');
    await kw.clock.travelTo(close.getTime() + 3_600_000);
  }
  keeper = await kw.keeper('hooked-jobs-a', { minTradeUsd: '50' });
  const found = keeper.context.skus.find((s) => s.skuId === 'TECH6');
  if (!found) throw new Error('no TECH6');
  sku = found;
  hood = stockOf(kw.world, 'HOODx').mint as Address;
}, 480_000);
afterAll(async () => {
  await keeper?.close();
  await kw?.stop();
}, 120_000);

/** A snapshot of TECH6 at the catalog's prices (the pools' own), then refresh_nav. */
async function catalogPush(): Promise<void> {
  const world = kw.world.manifest.skus.find((s) => s.skuId === sku.skuId);
  await pushNav(kw.world.chain, {
    keys: await loadWorldKeys(kw.world.dir),
    programs: programAddressesOf(kw.world.manifest),
    skuId: sku.skuId,
    snapshot: sku.snapshot as Address,
    prices: catalogPrices(kw.world.manifest, STOCKS),
    lookupTable: (world?.lookupTable ?? null) as Address | null,
  });
}

describe("the keeper's jobs on a basket holding a hooked stock", () => {
  it("deposit-router: the queued buy of HOODx lands with the hook's accounts, recorded exactly", async () => {
    await catalogPush();
    await demoDeposit(kw.world, sku.skuId, 3_000n);
    const queued: { task: string; payload: Record<string, string> }[] = [];
    const routing: KeeperContext = {
      ...keeper.context,
      enqueue: async (task, payload) => {
        queued.push({ task, payload: payload as Record<string, string> });
      },
    };
    const routed = await runDepositRouter(routing, sku);
    const leg = queued.find((q) => q.task === 'rebalance-exec' && q.payload.mint === hood);
    if (!leg) throw new Error(`no HOODx leg queued: ${routed.summary}`);
    const holding = await holdingOf(hood);
    const [record, held] = [
      await hookRecord(kw.world, hood),
      await kw.world.chain.tokenAmount(holding),
    ];
    const ran = await runRebalanceExec(keeper.context, leg.payload);
    expect(ran.summary).toMatch(/aggregator sent|executed/);
    const moved = (await kw.world.chain.tokenAmount(holding)) - held;
    const after = await hookRecord(kw.world, hood);
    const transfers = after.count - record.count;
    // The venue's delivery into the holding, or the maker's delivery and the forward.
    expect(moved).toBeGreaterThan(0n);
    expect([1n, 2n]).toContain(transfers);
    expect(after.total - record.total).toBe(transfers * moved);
    await expectBooksMatch(kw.world, keeper.context, sku.skuId);
  }, 300_000);

  it('collect-fees and a stablecoin withdrawal move no stock: the hook records nothing', async () => {
    const before = await hookRecord(kw.world, hood);
    await catalogPush();
    await demoWithdraw(kw.world, sku.skuId);
    await kw.world.clock.advanceBy(86_400_000);
    await catalogPush();
    const collected = await runCollectFees(keeper.context, sku);
    expect(collected.summary).toMatch(/mgmt sent/);
    expect(await hookRecord(kw.world, hood)).toEqual(before);
  }, 240_000);
});

describe("the withdrawal-router's sale of a hooked stock", () => {
  it('a request beyond the cash buffer sells HOODx, each transfer recorded', async () => {
    const ctx = keeper.context;
    const rpc = kw.world.chain.rpc;
    await catalogPush();
    const [vault] = await readAccounts(
      rpc,
      [vaultStateAccount(sku.vault as Address, ctx.programs)],
      {
        commitment: 'confirmed',
      },
    );
    if (!vault?.exists) throw new Error('no vault');
    const wallet = await readSigner(kw.world.manifest.keys.demoWallets[0] as string);
    const shareSource = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: vault.data.shareMint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    const shares = ((await kw.world.chain.tokenAmount(shareSource)) * 9n) / 10n;
    const nav = await getNavQuote(rpc, sku.skuId, {
      programs: ctx.programs,
      commitment: 'confirmed',
    });
    const quote = quoteWithdrawalRequest(nav, shares, { programs: ctx.programs });
    if (!quote.ok) throw new Error('request refused');
    // More than the cash: the router must sell, and HOODx is the one stock held (overweight).
    expect(quote.payableNow).toBe(false);
    const request = await getRequestWithdrawUsdcInstructionFor(
      { owner: wallet, vault, shareSource, shares, minOut: quote.minOut, nonce: 35n },
      ctx.programs,
    );
    await kw.world.chain.land('request_withdraw_usdc', wallet, [request]);
    const holding = await holdingOf(hood);
    const [record, held] = [
      await hookRecord(kw.world, hood),
      await kw.world.chain.tokenAmount(holding),
    ];
    const raised = await runWithdrawalRouter(ctx, sku);
    const sold = held - (await kw.world.chain.tokenAmount(holding));
    const after = await hookRecord(kw.world, hood);
    expect(sold, raised.summary).toBeGreaterThan(0n);
    // Each sale leg: the vault's payment to the trade authority, then its delivery onward,
    // both of the leg's amount: two transfers per leg, twice what left the holding.
    expect((after.count - record.count) % 2n).toBe(0n);
    expect(after.count - record.count).toBeGreaterThan(0n);
    expect(after.total - record.total).toBe(2n * sold);
    await expectBooksMatch(kw.world, ctx, sku.skuId);
  }, 300_000);
});

async function holdingOf(mint: Address): Promise<Address> {
  const m = kw.world.manifest.skus.find((s) => s.skuId === sku.skuId);
  const a = m?.assets.find((x) => x.mint === mint);
  if (!a) throw new Error(`no holding of ${mint}`);
  return a.holding as Address;
}
