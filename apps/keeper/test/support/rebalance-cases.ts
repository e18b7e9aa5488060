// Rebalancing end to end on the local world (registered by keeper-world.test.ts on its world,
// one world start less, between its tests that leave the clock alone and those that move it):
// a deposit leaves TECH6 under target, the drift scan queues one rebalance per (vault, asset)
// under a stable job key, and a leg lands through
// the RFQ route (the market maker's fill wrapped between rebalance_leg and rebalance_settle,
// co-signed by the maker, polled to Completed + Executed); when the RFQ is refused (a 4xx,
// asked once, never retried) the leg lands through the aggregator. After each, the vault's
// books equal its token balances. A withdrawal request is fulfilled once, at a snapshot
// published after it (forward pricing); so is one of BROAD20, through its lookup table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxOf } from '../../src/decisions/allocation.ts';
import { runDepositRouter } from '../../src/jobs/deposit-router.ts';
import { runDriftScan, scanVaults } from '../../src/jobs/drift-scan.ts';
import { runNavPush } from '../../src/jobs/nav-push.ts';
import { executeLeg, runRebalanceExec } from '../../src/jobs/rebalance-exec.ts';
import { runWithdrawalRouter } from '../../src/jobs/withdrawal-router.ts';
import type { Keeper } from '../../src/keeper.ts';
import { demoDeposit, type KeeperWorld } from './keeper-world.ts';
import {
  bookOf,
  booksAndBalances,
  clearingLeg,
  countingRfq,
  expectBooksMatch,
  mintIn,
  requestUsdcWithdrawal,
  skuOf,
  waitNextChainSecond,
} from './vault-checks.ts';

let kw: KeeperWorld;
let keeper: Keeper;
const SKU = 'TECH6';
// NVDAx trades Always (no market-hours dependence of the route) and has no transfer hook.
const SYMBOL = 'NVDAx';

const sku = (id = SKU) => skuOf(keeper.context, id);
const mintOf = (symbol: string) => mintIn(keeper.context, SKU, symbol);
const holdingOf = (symbol: string) => bookOf(kw.world, keeper.context, SKU, mintOf(symbol));
const booksMatch = (id = SKU) => expectBooksMatch(kw.world, keeper.context, id);
const cashBook = async () => (await booksAndBalances(kw.world, keeper.context, SKU))[0]?.book ?? 0n;

/** A small leg the venue's pool quotes within the vault's bound now. */
const SMALL_LEG = 300n * 100_000_000n;

/** Pushes a snapshot of `skuId` (the keeper's own nav-push) and checks it was sent. */
async function push(skuId = SKU) {
  expect((await runNavPush(keeper.context, sku(skuId))).summary).toMatch(/sent/);
}

async function pushAndDeposit(usd: bigint, skuId = SKU) {
  await push(skuId);
  await demoDeposit(kw.world, skuId, usd);
}

/** A request is paid only from a snapshot published after it: wait, push, run the router. */
async function fulfilAfterNewSnapshot(skuId = SKU) {
  await waitNextChainSecond(kw.world);
  await push(skuId);
  return runWithdrawalRouter(keeper.context, sku(skuId));
}

/**
 * Registers the rebalancing suites on a world another suite started: one keeper of its own
 * (the leader while these run), closed after them.
 *
 * @example
 * describeRebalancing(() => kw);
 */
export function describeRebalancing(world: () => KeeperWorld): void {
  describe('rebalancing on the local world', () => {
    beforeAll(async () => {
      kw = world();
      keeper = await kw.keeper('rebalance-a', { minTradeUsd: '100' });
    }, 120_000);
    afterAll(async () => {
      await keeper?.close();
    });

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
        await booksMatch();
        // The action was recorded under the lease's fencing token.
        const { rows } = await keeper.context.pool.query(
          "select status, token from keeper.actions where action_key like 'rebalance:%:rfq:%'",
        );
        expect(rows).toEqual([
          { status: 'sent', token: String(keeper.context.elector.lease()?.token) },
        ]);
        expect(
          (await keeper.context.metrics.lossBudgetUsed.get()).values.find(
            (v) => v.labels.sku === SKU,
          ),
        ).toBeDefined();
      }, 180_000);

      it('a refused RFQ (4xx, asked once, never retried) sends the leg through the aggregator', async () => {
        await push();
        // The simulator itself refuses: the amount is beyond the per-transaction limit (422).
        const refusing = countingRfq(keeper.context, (r) => ({ ...r, cashAmount: '999999999.00' }));
        // NVDAx trades Always: the routing rules choose the swap route at any hour, so the
        // refusal is exercised whenever the suite runs (a MarketHours asset would be routed to
        // the aggregator outside market hours and no quote asked).
        const plan = await clearingLeg(refusing.ctx, SKU, mintOf(SYMBOL), SMALL_LEG);
        if (!plan) throw new Error(`no ${SYMBOL} leg clears the vault bound at the venue now`);
        expect(plan.route.route).toBe('swap');
        const book = () => bookOf(kw.world, keeper.context, SKU, plan.mint);
        const before = await book();
        const result = await executeLeg(refusing.ctx, plan);
        expect(result.summary).toMatch(
          new RegExp(`aggregator sent .* after: RFQ for ${SYMBOL} refused with HTTP 422`),
        );
        expect(refusing.asked()).toBe(1);
        expect(refusing.quoteIds).toEqual([]);
        const after = await book();
        if (plan.trade.side === 'buy') expect(after).toBeGreaterThan(before);
        else expect(after).toBe(before - plan.trade.assetRaw);
        await booksMatch();
      }, 180_000);

      it('a withdrawal request is fulfilled once, at a snapshot newer than the request', async () => {
        await push();
        const { request, quote, usdc } = await requestUsdcWithdrawal(
          kw.world,
          keeper.context,
          SKU,
          { part: 40n },
          { nonce: 7n, toleranceBps: 100 },
        );
        const before = await kw.world.chain.tokenAmount(usdc);
        // The snapshot in force was published before the request: forward pricing waits.
        expect((await runWithdrawalRouter(keeper.context, sku())).summary).toMatch(/wait-snapshot/);
        expect(await kw.world.chain.exists(request)).toBe(true);
        expect((await fulfilAfterNewSnapshot()).summary).toMatch(/fulfil sent/);
        expect(await kw.world.chain.exists(request)).toBe(false);
        expect((await kw.world.chain.tokenAmount(usdc)) - before).toBeGreaterThanOrEqual(
          quote.minOut,
        );
        // Once: the request is closed and its action recorded; a second run finds nothing.
        expect((await runWithdrawalRouter(keeper.context, sku())).summary).toMatch(
          /no open request/,
        );
        const { rows } = await keeper.context.pool.query(
          'select status from keeper.actions where action_key = $1',
          [`withdrawal:${request}`],
        );
        expect(rows).toEqual([{ status: 'sent' }]);
        await booksMatch();
      }, 120_000);

      it('the deposit-router buys the shortfalls with the cash above the buffer; a leg lands', async () => {
        await pushAndDeposit(5_000n);
        const queued: { payload: Record<string, unknown>; jobKey: string }[] = [];
        const routing = {
          ...keeper.context,
          enqueue: async (_t: string, payload: Record<string, unknown>, o: { jobKey: string }) => {
            queued.push({ payload, jobKey: o.jobKey });
          },
        };
        const [scanned] = await scanVaults(kw.world.chain.rpc, [sku()], keeper.context.programs);
        if (!scanned) throw new Error('no vault');
        const result = await runDepositRouter(routing, sku());
        expect(result.summary).toMatch(/buy legs queued/);
        // Each leg under the rebalance's own key, of an asset under its target; never more than
        // the cash above the buffer.
        const drift = new Map(scanned.drift.assets.map((a) => [a.mint, a]));
        const legs = queued.map((q) => ({
          key: q.jobKey,
          mint: q.payload.mint as string,
          usd: BigInt(q.payload.deltaUsd1e8 as string),
        }));
        expect(legs.length).toBeGreaterThan(0);
        for (const l of legs) {
          expect(l.key).toBe(`rebalance:${SKU}:${l.mint}`);
          expect(drift.get(l.mint)?.deltaUsd1e8).toBeGreaterThan(0n);
        }
        const spent = legs.reduce((s, l) => s + l.usd, 0n);
        const assetsValue = scanned.drift.assets.reduce((s, a) => s + a.valueUsd1e8, 0n);
        expect(spent).toBeLessThanOrEqual(scanned.drift.investableUsd1e8 - assetsValue);
        // The largest shortfalls first: the bought assets end equally short of target (a cent of
        // rounding each), and no asset left out is further short than that by a minimum trade.
        const left = legs.map((l) => (drift.get(l.mint)?.deltaUsd1e8 ?? 0n) - l.usd);
        const level = left.reduce(maxOf, 0n);
        for (const x of left) expect(level - x).toBeLessThanOrEqual(2_000_000n);
        const minimum = 100n * 100_000_000n;
        for (const a of scanned.drift.assets.filter((x) => !legs.some((l) => l.mint === x.mint)))
          expect(a.deltaUsd1e8).toBeLessThanOrEqual(level + minimum);
        // A leg lands on its route: NVDAx's when it has one (it trades Always, no hook), else
        // the first, largest first, the venue prices within the vault's bound now.
        const order = [...queued].sort((x, y) =>
          x.payload.mint === mintOf(SYMBOL)
            ? -1
            : BigInt(y.payload.deltaUsd1e8 as string) > BigInt(x.payload.deltaUsd1e8 as string)
              ? 1
              : -1,
        );
        let landed: string | undefined;
        for (const q of order) {
          const mint = q.payload.mint as string;
          const before = await bookOf(kw.world, keeper.context, SKU, mint);
          const leg = await runRebalanceExec(keeper.context, q.payload).catch((e: Error) => ({
            summary: `failed: ${e.message}`,
          }));
          if (!/executed|aggregator sent/.test(leg.summary)) continue;
          expect(await bookOf(kw.world, keeper.context, SKU, mint)).toBeGreaterThan(before);
          landed = mint;
          break;
        }
        expect(landed).toBeDefined();
        await booksMatch();
      }, 120_000);
    });

    describe('withdrawal-router on the local world, buffer short', () => {
      it('sells through the routes for the shortfall first, then fulfils the request', async () => {
        await push();
        // Shares worth the whole cash buffer and $400 more: the buffer alone cannot pay.
        const { request, quote } = await requestUsdcWithdrawal(
          kw.world,
          keeper.context,
          SKU,
          { aboveCashRaw: 400_000_000n },
          { nonce: 8n, toleranceBps: 200 },
        );
        expect(quote.payableNow).toBe(false);
        const cashBefore = await cashBook();
        const sold = await runWithdrawalRouter(keeper.context, sku());
        expect(sold.summary).toMatch(/raise-cash: .*(executed|aggregator sent)/);
        expect(await cashBook()).toBeGreaterThan(cashBefore);
        expect((await fulfilAfterNewSnapshot()).summary).toMatch(/fulfil sent/);
        expect(await kw.world.chain.exists(request)).toBe(false);
        await booksMatch();
      }, 180_000);
    });

    describe('BROAD20 (20 assets, its lookup table) on the local world', () => {
      it('a withdrawal request is fulfilled through the SKU lookup table', async () => {
        const B = 'BROAD20';
        await pushAndDeposit(2_000n, B);
        const { request, quote, usdc } = await requestUsdcWithdrawal(
          kw.world,
          keeper.context,
          B,
          { usdRaw: 500_000_000n },
          { nonce: 9n, toleranceBps: 100 },
        );
        expect(quote.payableNow).toBe(true);
        const before = await kw.world.chain.tokenAmount(usdc);
        expect((await fulfilAfterNewSnapshot(B)).summary).toMatch(/fulfil sent/);
        expect(await kw.world.chain.exists(request)).toBe(false);
        expect((await kw.world.chain.tokenAmount(usdc)) - before).toBeGreaterThanOrEqual(
          quote.minOut,
        );
        // What landed: one v0 transaction whose accounts come through the SKU's lookup table.
        const { rows } = await keeper.context.pool.query(
          'select status, signature from keeper.actions where action_key = $1',
          [`withdrawal:${request}`],
        );
        expect(rows.map((r: { status: string }) => r.status)).toEqual(['sent']);
        const tx = await kw.world.chain.rpc
          .getTransaction(rows[0].signature, {
            commitment: 'confirmed',
            encoding: 'json',
            maxSupportedTransactionVersion: 0,
          })
          .send();
        expect(tx?.meta?.err).toBeNull();
        expect(tx?.version).toBe(0);
        const message = tx?.transaction.message;
        const lookups =
          message && 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
        expect(lookups.map((l: { accountKey: string }) => l.accountKey)).toEqual([
          sku(B).lookupTable,
        ]);
        await booksMatch(B);
      }, 180_000);
    });
  });
}
