// Rebalancing end to end on the local world: a deposit leaves TECH6 under target, the drift
// scan queues one rebalance per (vault, asset) under a stable job key, and a leg lands through
// the RFQ route (the market maker's fill wrapped between rebalance_leg and rebalance_settle,
// co-signed by the maker, polled to Completed + Executed); when the RFQ is refused (a 4xx,
// asked once, never retried) the same leg lands through the aggregator. After each, the
// vault's books equal its token balances.
import { findVaultHoldingPda, readAccounts, vaultStateAccount } from '@basket/sdk';
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDriftScan } from '../src/jobs/drift-scan.ts';
import { runNavPush } from '../src/jobs/nav-push.ts';
import { planLeg, runRebalanceExec } from '../src/jobs/rebalance-exec.ts';
import type { Keeper } from '../src/keeper.ts';
import { demoDeposit, type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';

let kw: KeeperWorld;
let keeper: Keeper;
const SKU = 'TECH6';
// NVDAx trades Always (no market-hours dependence of the route) and has no transfer hook.
const SYMBOL = 'NVDAx';
// TSLAx: the venue's pool holds the world catalog's price, below the API's oracle price that
// the keeper pushes, so a purchase there clears the vault's bound with room to spare.
const AGGREGATOR_SYMBOL = 'TSLAx';

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
    await pushAndDeposit(10_000n);
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
    // TSLAx trades 24/5: inside that window
    // the swap route is chosen, the RFQ refused and the aggregator taken; outside it the
    // routing rules choose the aggregator at once and no quote is asked.
    const plan = await planLeg(keeper.context, SKU, mintOf(AGGREGATOR_SYMBOL));
    if ('skipped' in plan) throw new Error(plan.skipped);
    const before = await holdingOf(AGGREGATOR_SYMBOL);
    const result = await runRebalanceExec(refusing, {
      skuId: SKU,
      mint: mintOf(AGGREGATOR_SYMBOL),
    });
    expect(result.summary).toMatch(/aggregator sent/);
    if (plan.route.route === 'swap') {
      expect(asked).toBe(1);
      expect(result.summary).toMatch(/after: RFQ for TSLAx refused with HTTP 422/);
    } else expect(asked).toBe(0);
    expect(await holdingOf(AGGREGATOR_SYMBOL)).toBeGreaterThan(before);
    for (const row of await booksAndBalances()) expect(row.balance, row.name).toBe(row.book);
  }, 180_000);
});
