// TECH6 holds the hooked HOODx (the test hook, record mode). On the local world the keeper buys
// it (the hook records exactly the leg's transfers), then the issuer switches the hook to
// refuse: a sale of HOODx fails whole and moves nothing; a redemption's claim is paid by the
// keeper's redemption-payer slot by slot (the batch refused, every other slot and the cash
// paid, HOODx's slot stays owed and is alerted past its age); an in-kind withdrawal fails
// whole (nothing burned). The issuer switches the hook back to record: the next payer run pays
// the owed slot exactly once, the claim closes, and the hook's record has exactly that transfer.
import { isOpen, nextClose } from '@basket/market-calendar';
import {
  fetchAddressLookupTables,
  findAssociatedTokenAddress,
  getBeginRedemptionInstructionFor,
  getWithdrawInKindInstructionsFor,
  readAccounts,
  redemptionClaimAccount,
  TOKEN_2022_PROGRAM_ADDRESS,
  type VaultStateAccount,
  vaultStateAccount,
} from '@basket/sdk';
import {
  catalogPrices,
  loadWorldKeys,
  programAddressesOf,
  pushNav,
  readSigner,
  STOCKS,
  setWorldHookMode,
} from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeLeg, planLeg } from '../src/jobs/rebalance-exec.ts';
import { runRedemptionPayer } from '../src/jobs/redemption-payer.ts';
import type { Keeper } from '../src/keeper.ts';
import type { KeeperSku } from '../src/service/config.ts';
import { hookRecord, stockOf } from './hooked-sku-world.ts';
import { demoDeposit, type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';
import { expectBooksMatch } from './support/vault-checks.ts';

const USD = 100_000_000n;
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
  keeper = await kw.keeper('hooked-refuse-a', {
    redemptionOwedAlertSeconds: 60,
    minTradeUsd: '50',
  });
  const found = keeper.context.skus.find((s) => s.skuId === 'TECH6');
  if (!found) throw new Error('no TECH6');
  sku = found;
  hood = stockOf(kw.world, 'HOODx').mint as Address;
}, 480_000);
afterAll(async () => {
  await keeper?.close();
  await kw?.stop();
}, 120_000);

const readVault = async (): Promise<VaultStateAccount> => {
  const [v] = await readAccounts(
    kw.world.chain.rpc,
    [vaultStateAccount(sku.vault as Address, keeper.context.programs)],
    { commitment: 'confirmed' },
  );
  if (!v?.exists) throw new Error('no vault');
  return { address: v.address, data: v.data };
};
const hookMode = async (mode: 'record' | 'refuse') =>
  setWorldHookMode(kw.world.chain, {
    issuer: (await loadWorldKeys(kw.world.dir)).issuer,
    mint: hood,
    mode,
  });

/** Why the last buys did not land (for the assertion's message). */
const notBought: string[] = [];

/** Buys `usd` of `mint` for TECH6; true when the leg landed. */
async function buy(mint: string, usd: bigint): Promise<boolean> {
  const plan = await planLeg(keeper.context, sku.skuId, mint, usd * USD);
  if ('skipped' in plan || plan.route.route === 'skip' || plan.trade.side !== 'buy') {
    notBought.push(
      `${mint}: ${JSON.stringify(plan, (_, v) => (typeof v === 'bigint' ? `${v}` : v))}`,
    );
    return false;
  }
  try {
    const { summary } = await executeLeg(keeper.context, plan);
    if (!/sent|executed/.test(summary)) notBought.push(`${mint}: ${summary}`);
    return /sent|executed/.test(summary);
  } catch (error) {
    // Priced outside the vault's bound at the venue now.
    notBought.push(`${mint}: ${(error as Error).message}`);
    return false;
  }
}

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

describe('a hooked stock held by TECH6', () => {
  it('is bought with its hook accounts: the hook records exactly the leg transfers', async () => {
    const ctx = keeper.context;
    await catalogPush();
    await demoDeposit(kw.world, sku.skuId, 3_000n);
    const slot = (await readVault()).data.assets.findIndex((a) => a.mint === hood);
    expect(slot).toBeGreaterThanOrEqual(0);
    const holding = (await readVault()).data.assets[slot]?.holding as Address;
    const [record, held] = [
      await hookRecord(kw.world, hood),
      await kw.world.chain.tokenAmount(holding),
    ];
    expect(await buy(hood, 100n), notBought.join('; ')).toBe(true);
    const moved = (await kw.world.chain.tokenAmount(holding)) - held;
    const after = await hookRecord(kw.world, hood);
    // The aggregator's delivery into the holding (one), or the maker's delivery to the trade
    // authority and its forward into the holding (two), each of exactly `moved`.
    const transfers = after.count - record.count;
    expect(moved).toBeGreaterThan(0n);
    expect([1n, 2n]).toContain(transfers);
    expect(after.total - record.total).toBe(transfers * moved);
    await expectBooksMatch(kw.world, ctx, sku.skuId);
    // A second stock, so a claim has a slot that moves while HOODx's is refused.
    let bought = false;
    for (const a of sku.assets.filter((x) => x.mint !== hood)) {
      bought = bought || (await buy(a.mint, 200n));
    }
    expect(bought, notBought.join('; ')).toBe(true);
    await catalogPush();
  }, 300_000);

  it('refused by the issuer: a sale and an in-kind exit fail whole, a claim keeps the slot owed and is paid after', async () => {
    const ctx = keeper.context;
    const rpc = kw.world.chain.rpc;
    let vault = await readVault();
    const slot = vault.data.assets.findIndex((a) => a.mint === hood);
    const holding = vault.data.assets[slot]?.holding as Address;
    await hookMode('refuse');
    const refusedAt = await hookRecord(kw.world, hood);
    const heldAt = await kw.world.chain.tokenAmount(holding);

    // A sale of HOODx: the leg fails whole (the payment out of the holding is refused).
    const sell = await planLeg(ctx, sku.skuId, hood, -60n * USD);
    if ('skipped' in sell) throw new Error(sell.skipped);
    expect(sell.route.route).not.toBe('skip');
    const sold = await executeLeg(ctx, sell).then(
      (r) => r.summary,
      (e: unknown) => `threw ${(e as Error).message}`,
    );
    expect(sold).not.toMatch(/aggregator sent|executed/);
    expect(await kw.world.chain.tokenAmount(holding)).toBe(heldAt);
    await expectBooksMatch(kw.world, ctx, sku.skuId);

    // An in-kind exit moving HOODx fails whole: nothing burned.
    const wallet: KeyPairSigner = await readSigner(kw.world.manifest.keys.demoWallets[0] as string);
    const shareSource = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: vault.data.shareMint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    const shares = await kw.world.chain.tokenAmount(shareSource);
    const inKind = await getWithdrawInKindInstructionsFor(
      { owner: wallet, vault, shares: shares / 4n },
      { rpc, programs: ctx.programs, commitment: 'confirmed' },
    );
    // Through the SKU's table (six assets with the hook's accounts fit a packet only so), so
    // what refuses it is the hook, not its size.
    const tables = await fetchAddressLookupTables(rpc, [sku.lookupTable as Address], {
      commitment: 'confirmed',
    });
    await expect(
      kw.world.chain.land('withdraw_in_kind (hook refusing)', wallet, inKind.instructions, tables),
    ).rejects.toThrow(/7000|refus/i);
    expect(await kw.world.chain.tokenAmount(shareSource)).toBe(shares);

    // The way out: a claim. The keeper's payer sends every slot; the batch is refused and paid
    // slot by slot: every other slot and the cash now, HOODx's stays owed.
    vault = await readVault();
    const begin = await getBeginRedemptionInstructionFor(
      { owner: wallet, vault, shareSource, shares: shares / 2n, nonce: 35n },
      ctx.programs,
    );
    await kw.world.chain.land('begin_redemption', wallet, [begin]);
    const readClaim = async () => {
      const [c] = await readAccounts(rpc, [redemptionClaimAccount(begin.claim, ctx.programs)], {
        commitment: 'confirmed',
      });
      return c?.exists ? c : null;
    };
    const owedHood = (await readClaim())?.data.owed[slot] ?? 0n;
    expect(owedHood).toBeGreaterThan(0n);
    const first = await runRedemptionPayer(ctx, sku);
    expect(first.summary).toContain('refused (slot by slot)');
    const owing = await readClaim();
    expect(owing?.data.owed.map((o, i) => (o > 0n ? i : -1)).filter((i) => i >= 0)).toEqual([slot]);
    expect(owing?.data.cashOwed).toBe(0n);
    expect(await hookRecord(kw.world, hood)).toEqual(refusedAt);

    // Owed past the alert age (60 s here): alerted once over two runs.
    await kw.world.clock.advanceBy(90_000);
    await runRedemptionPayer(ctx, sku);
    await runRedemptionPayer(ctx, sku);
    const alerts = (await ctx.metrics.alerts.get()).values.find(
      (v) => v.labels.kind === 'redemption-owed',
    )?.value;
    expect(alerts).toBe(1);
    expect((await readClaim())?.data.owed[slot]).toBe(owedHood);

    // The issuer lets transfers through again: the next run pays the slot, exactly once.
    await hookMode('record');
    await catalogPush();
    const paid = await runRedemptionPayer(ctx, sku);
    expect(paid.summary).toContain(`${slot} sent`);
    expect(await readClaim()).toBeNull();
    const after = await hookRecord(kw.world, hood);
    expect([after.count - refusedAt.count, after.total - refusedAt.total]).toEqual([1n, owedHood]);
    expect(heldAt - (await kw.world.chain.tokenAmount(holding))).toBe(owedHood);
    await expectBooksMatch(kw.world, ctx, sku.skuId);
  }, 300_000);
});
