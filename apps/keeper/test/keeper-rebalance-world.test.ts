// Rebalancing end to end on the local world: a deposit leaves TECH6 under target, the drift
// scan queues one rebalance per (vault, asset) under a stable job key, and a leg lands through
// the RFQ route (the market maker's fill wrapped between rebalance_leg and rebalance_settle,
// co-signed by the maker, polled to Completed + Executed); when the RFQ is refused (a 4xx,
// asked once, never retried) the leg lands through the aggregator. After each, the vault's
// books equal its token balances. A withdrawal request is fulfilled once, at a snapshot
// published after it (forward pricing).
import {
  findAssociatedTokenAddress,
  findVaultHoldingPda,
  getNavQuote,
  getRequestWithdrawUsdcInstructionFor,
  quoteWithdrawalRequest,
  readAccounts,
  TOKEN_2022_PROGRAM_ADDRESS,
  vaultStateAccount,
} from '@basket/sdk';
import { readSigner } from '@basket/world';
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDepositRouter } from '../src/jobs/deposit-router.ts';
import { runDriftScan } from '../src/jobs/drift-scan.ts';
import { runNavPush } from '../src/jobs/nav-push.ts';
import { executeLeg, planLeg, runRebalanceExec } from '../src/jobs/rebalance-exec.ts';
import { runWithdrawalRouter } from '../src/jobs/withdrawal-router.ts';
import type { Keeper } from '../src/keeper.ts';
import { payRawOf } from '../src/routes/aggregator-route.ts';
import { legSetup, minReceiveRaw } from '../src/routes/leg-setup.ts';
import { demoDeposit, type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';

let kw: KeeperWorld;
let keeper: Keeper;
const SKU = 'TECH6';
// NVDAx trades Always (no market-hours dependence of the route) and has no transfer hook.
const SYMBOL = 'NVDAx';
beforeAll(async () => {
  kw = await startKeeperWorld();
  keeper = await kw.keeper('rebalance-a', { minTradeUsd: '100' });
}, 240_000);
afterAll(async () => {
  await keeper?.close();
  await kw?.stop();
});

const sku = () => {
  const s = keeper.context.skus.find((x) => x.skuId === SKU);
  if (!s) throw new Error('no TECH6');
  return s;
};
const mintOf = (symbol: string) => {
  const a = sku().assets.find((x) => x.symbol === symbol);
  if (!a) throw new Error(symbol);
  return a.mint;
};

/** Every book of the vault (cash and each asset) against its holding's token balance. */
async function booksAndBalances() {
  const rpc = kw.world.chain.rpc;
  const [vault] = await readAccounts(rpc, [
    vaultStateAccount(sku().vault as Address, keeper.context.programs),
  ]);
  if (!vault?.exists) throw new Error('vault');
  const v = vault.data;
  const balance = async (holding: Address) =>
    BigInt(
      (await rpc.getTokenAccountBalance(holding, { commitment: 'confirmed' }).send()).value.amount,
    );
  const rows = [{ name: 'cash', book: v.cashRaw, balance: await balance(v.cashHolding) }];
  for (const a of v.assets.slice(0, v.assetCount)) {
    const [holding] = await findVaultHoldingPda(v.skuId, a.mint, keeper.context.programs);
    rows.push({ name: a.mint, book: a.holdingsRaw, balance: await balance(holding) });
  }
  return rows;
}

/** A small leg the venue's pool quotes within the vault's bound now. */
const SMALL_LEG = 300n * 100_000_000n;

/**
 * The venue's pools hold the world's catalog prices while the API's oracle (which the
 * snapshot carries) moves around them, and the pool charges 30 bps: at a small size a buy
 * clears the vault's 50 bps bound when the pool is at most ~5 bps above the snapshot, a
 * sale when it is at most ~5 bps below, so one direction of any unfrozen asset always does.
 */
async function aggregatorCandidate(ctx: Keeper['context']) {
  for (const { symbol, mint } of sku().assets) {
    for (const delta of [SMALL_LEG, -SMALL_LEG]) {
      const plan = await planLeg(ctx, SKU, mint, delta);
      if ('skipped' in plan || plan.route.route === 'skip') continue;
      const setup = await legSetup(ctx, plan);
      const payRaw = payRawOf(plan, setup.pay.decimals);
      let least: bigint;
      try {
        least = minReceiveRaw(ctx, setup, payRaw);
      } catch {
        continue; // the vault refuses any leg of it now (frozen ahead of a corporate action)
      }
      const quote = await ctx.swapApi?.quoteGet({
        inputMint: setup.pay.mint,
        outputMint: setup.receive.mint,
        amount: Number(payRaw),
        slippageBps: setup.nav.config.maxSlipBps,
      });
      if (quote && BigInt(quote.outAmount) >= least) return { symbol, plan };
    }
  }
  throw new Error('no TECH6 leg clears the vault bound at the venue now');
}

async function pushAndDeposit(usd: bigint) {
  expect((await runNavPush(keeper.context, sku())).summary).toMatch(/sent/);
  await demoDeposit(kw.world, SKU, usd);
}

async function holdingOf(symbol: string) {
  const rows = await booksAndBalances();
  return rows.find((r) => r.name === mintOf(symbol))?.book ?? 0n;
}

describe('rebalance-exec on the local world', () => {
  it('a drift queues one rebalance per (vault, asset); the leg lands through the RFQ', async () => {
    await pushAndDeposit(20_000n);
    const queued: { task: string; jobKey: string }[] = [];
    const scanning = {
      ...keeper.context,
      enqueue: async (task: string, _p: Record<string, unknown>, o: { jobKey: string }) => {
        queued.push({ task, jobKey: o.jobKey });
      },
    };
    await runDriftScan(scanning);
    await runDriftScan(scanning);
    const keys = queued.map((q) => q.jobKey);
    expect(queued.every((q) => q.task === 'rebalance-exec')).toBe(true);
    // Two scans of the same drift name the same jobs: the queue keeps one per key.
    const unique = [...new Set(keys)];
    expect(keys.length).toBe(unique.length * 2);
    expect(unique).toContain(`rebalance:${SKU}:${mintOf(SYMBOL)}`);

    const before = await holdingOf(SYMBOL);
    const result = await runRebalanceExec(keeper.context, { skuId: SKU, mint: mintOf(SYMBOL) });
    expect(result.summary).toMatch(/RFQ .* executed/);
    const details = result.details as { quoteId: string; requotes: number };
    expect(details.requotes).toBe(0);
    const quote = await keeper.context.api.getQuote(details.quoteId);
    expect([quote.generalStatus, quote.blockchainStatus]).toEqual(['Completed', 'Executed']);
    expect(await holdingOf(SYMBOL)).toBeGreaterThan(before);
    for (const row of await booksAndBalances()) expect(row.balance, row.name).toBe(row.book);
    // The action was recorded under the lease's fencing token.
    const { rows } = await keeper.context.pool.query(
      "select status, token from keeper.actions where action_key like 'rebalance:%:rfq:%'",
    );
    expect(rows).toEqual([
      { status: 'sent', token: String(keeper.context.elector.lease()?.token) },
    ]);
    expect(
      (await keeper.context.metrics.lossBudgetUsed.get()).values.find((v) => v.labels.sku === SKU),
    ).toBeDefined();
  }, 180_000);

  it('a refused RFQ (4xx, asked at most once) sends the leg through the aggregator', async () => {
    expect((await runNavPush(keeper.context, sku())).summary).toMatch(/sent/);
    const api = keeper.context.api;
    let asked = 0;
    const refusing = {
      ...keeper.context,
      // The simulator itself refuses: the amount is beyond the per-transaction limit (422).
      api: {
        ...api,
        requestRfq: (request: Parameters<typeof api.requestRfq>[0]) => {
          asked += 1;
          return api.requestRfq({ ...request, cashAmount: '999999999.00' });
        },
      },
    };
    const { symbol, plan } = await aggregatorCandidate(refusing);
    const before = await holdingOf(symbol);
    const result = await executeLeg(refusing, plan);
    expect(result.summary).toMatch(/aggregator sent/);
    // Inside the asset's trading window the swap route is chosen, the RFQ refused (asked
    // once, never retried) and the aggregator taken; outside it the routing rules choose the
    // aggregator at once and no quote is asked.
    if (plan.route.route === 'swap') {
      expect(asked).toBe(1);
      expect(result.summary).toMatch(/after: RFQ for .* refused with HTTP 422/);
    } else expect(asked).toBe(0);
    const after = await holdingOf(symbol);
    if (plan.trade.side === 'buy') expect(after).toBeGreaterThan(before);
    else expect(after).toBe(before - plan.trade.assetRaw);
    for (const row of await booksAndBalances()) expect(row.balance, row.name).toBe(row.book);
  }, 180_000);

  it('a withdrawal request is fulfilled once, at a snapshot newer than the request', async () => {
    const world = kw.world;
    const rpc = world.chain.rpc;
    const programs = keeper.context.programs;
    expect((await runNavPush(keeper.context, sku())).summary).toMatch(/sent/);
    const wallet = await readSigner(world.manifest.keys.demoWallets[0] as string);
    const [vault] = await readAccounts(rpc, [vaultStateAccount(sku().vault as Address, programs)]);
    if (!vault?.exists) throw new Error('vault');
    const shareSource = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: vault.data.shareMint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    const shares = (await world.chain.tokenAmount(shareSource)) / 40n;
    const nav = await getNavQuote(rpc, SKU, { programs, commitment: 'confirmed' });
    const quote = quoteWithdrawalRequest(nav, shares, {
      toleranceBps: 100,
      vaultProgram: programs.vault,
    });
    if (!quote.ok) throw new Error(quote.refusal.message);
    const request = await getRequestWithdrawUsdcInstructionFor(
      { owner: wallet, vault, shareSource, shares, minOut: quote.minOut, nonce: 7n },
      programs,
    );
    await world.chain.land('request_withdraw_usdc', wallet, [request]);
    const usdc = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: world.manifest.stablecoin.mint as Address,
      tokenProgram: world.manifest.stablecoin.tokenProgram as Address,
    });
    const before = await world.chain.tokenAmount(usdc);

    // The snapshot in force was published before the request: forward pricing waits.
    expect((await runWithdrawalRouter(keeper.context, sku())).summary).toMatch(/wait-snapshot/);
    expect(await world.chain.exists(request.request)).toBe(true);

    // A push published after the request (the oracle's time trails by a second): paid.
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await runNavPush(keeper.context, sku())).summary).toMatch(/sent/);
    expect((await runWithdrawalRouter(keeper.context, sku())).summary).toMatch(/fulfil sent/);
    expect(await world.chain.exists(request.request)).toBe(false);
    const paid = (await world.chain.tokenAmount(usdc)) - before;
    expect(paid).toBeGreaterThanOrEqual(quote.minOut);
    // Once: the request is closed and its action recorded; a second run finds nothing.
    expect((await runWithdrawalRouter(keeper.context, sku())).summary).toMatch(/no open request/);
    const { rows } = await keeper.context.pool.query(
      'select status from keeper.actions where action_key = $1',
      [`withdrawal:${request.request}`],
    );
    expect(rows).toEqual([{ status: 'sent' }]);
    for (const row of await booksAndBalances()) expect(row.balance, row.name).toBe(row.book);
  }, 120_000);

  it('the deposit-router splits the cash above the buffer by weights; a leg lands', async () => {
    await pushAndDeposit(5_000n);
    const queued: { payload: Record<string, unknown>; jobKey: string }[] = [];
    const routing = {
      ...keeper.context,
      enqueue: async (_t: string, payload: Record<string, unknown>, o: { jobKey: string }) => {
        queued.push({ payload, jobKey: o.jobKey });
      },
    };
    const result = await runDepositRouter(routing, sku());
    expect(result.summary).toMatch(/buy legs queued/);
    // One leg per asset under the rebalance's own key, in proportion to the target weights.
    const weights = new Map<string, bigint>(
      (await scanWeights()).map((a) => [a.mint, BigInt(a.targetWeightBps)]),
    );
    expect(queued.map((q) => q.jobKey).sort()).toEqual(
      sku()
        .assets.map((a) => `rebalance:${SKU}:${a.mint}`)
        .sort(),
    );
    const legs = queued.map((q) => ({
      mint: q.payload.mint as string,
      usd: BigInt(q.payload.deltaUsd1e8 as string),
    }));
    const [a, b] = legs;
    if (!a || !b) throw new Error('legs');
    // a / b = wa / wb, to a cent of rounding each.
    const cross = a.usd * (weights.get(b.mint) ?? 0n) - b.usd * (weights.get(a.mint) ?? 0n);
    expect(cross < 0n ? -cross : cross).toBeLessThanOrEqual(1_000_000n * 10_000n);
    const nvda = queued.find((q) => q.payload.mint === mintOf(SYMBOL));
    if (!nvda) throw new Error('no NVDAx leg');
    const before = await holdingOf(SYMBOL);
    const leg = await runRebalanceExec(keeper.context, nvda.payload);
    expect(leg.summary).toMatch(/executed|aggregator sent/);
    expect(await holdingOf(SYMBOL)).toBeGreaterThan(before);
    for (const row of await booksAndBalances()) expect(row.balance, row.name).toBe(row.book);
  }, 120_000);
});

describe('withdrawal-router on the local world, buffer short', () => {
  it('sells through the routes for the shortfall first, then fulfils the request', async () => {
    const world = kw.world;
    const rpc = world.chain.rpc;
    const programs = keeper.context.programs;
    expect((await runNavPush(keeper.context, sku())).summary).toMatch(/sent/);
    const wallet = await readSigner(world.manifest.keys.demoWallets[0] as string);
    const [vault] = await readAccounts(rpc, [vaultStateAccount(sku().vault as Address, programs)]);
    if (!vault?.exists) throw new Error('vault');
    const shareSource = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: vault.data.shareMint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    const nav = await getNavQuote(rpc, SKU, { programs, commitment: 'confirmed' });
    // Shares worth the whole cash buffer and $400 more: the buffer alone cannot pay.
    const held = await world.chain.tokenAmount(shareSource);
    const whole = quoteWithdrawalRequest(nav, held, { vaultProgram: programs.vault });
    if (!whole.ok) throw new Error(whole.refusal.message);
    const wantUsd = vault.data.cashRaw + 400_000_000n;
    const shares = (held * wantUsd) / whole.netUsd;
    const quote = quoteWithdrawalRequest(nav, shares, {
      toleranceBps: 200,
      vaultProgram: programs.vault,
    });
    if (!quote.ok) throw new Error(quote.refusal.message);
    expect(quote.payableNow).toBe(false);
    const request = await getRequestWithdrawUsdcInstructionFor(
      { owner: wallet, vault, shareSource, shares, minOut: quote.minOut, nonce: 8n },
      programs,
    );
    await world.chain.land('request_withdraw_usdc', wallet, [request]);
    const cashBefore = (await booksAndBalances())[0]?.book ?? 0n;
    const sold = await runWithdrawalRouter(keeper.context, sku());
    expect(sold.summary).toMatch(/raise-cash: .*(executed|aggregator sent)/);
    const cashAfter = (await booksAndBalances())[0]?.book ?? 0n;
    expect(cashAfter).toBeGreaterThan(cashBefore);
    await new Promise((r) => setTimeout(r, 3_000));
    expect((await runNavPush(keeper.context, sku())).summary).toMatch(/sent/);
    expect((await runWithdrawalRouter(keeper.context, sku())).summary).toMatch(/fulfil sent/);
    expect(await world.chain.exists(request.request)).toBe(false);
    for (const row of await booksAndBalances()) expect(row.balance, row.name).toBe(row.book);
  }, 180_000);
});

async function scanWeights() {
  const [vault] = await readAccounts(kw.world.chain.rpc, [
    vaultStateAccount(sku().vault as Address, keeper.context.programs),
  ]);
  if (!vault?.exists) throw new Error('vault');
  return vault.data.assets.slice(0, vault.data.assetCount);
}
