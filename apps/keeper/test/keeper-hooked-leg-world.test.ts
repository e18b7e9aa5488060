// Legs of a hooked stock on the local world, and the issuer-power watch. HOODx's transfer hook
// is set (the test hook program, record mode): every transfer of it must carry the hook's
// extra accounts, and the hook counts what it saw. A SKU made for this suite (HOOK2: HOODx and
// NVDAx) buys and sells HOODx through the aggregator (market closed: the routing rules take the
// aggregator at once) and through the RFQ (market open: the market maker's fill wrapped between
// rebalance_leg and rebalance_settle, the forward into the holding). Each leg lands, the
// vault's books equal its balances, and the hook's record shows exactly the leg's transfers:
// a buy's delivery (and the RFQ's forward), a sale's payment out of the vault (rebalance_leg)
// and its delivery to the venue or the maker. Then the issuer pauses HOODx, changes its
// permanent delegate, changes its hook program: each is alerted by the drift scan
// (issuer-power-used, with the cause) and followed at once by a refresh_nav.
import { isOpen, nextClose, nextOpen } from '@basket/market-calendar';
import { getApproveDeviationInstructionFor } from '@basket/sdk';
import { loadWorldKeys, programAddressesOf } from '@basket/world';
import { type Address, generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlannedLeg } from '../src/decisions/planned-leg.ts';
import { runDriftScan } from '../src/jobs/drift-scan.ts';
import { runNavPush } from '../src/jobs/nav-push.ts';
import { executeLeg, planLeg } from '../src/jobs/rebalance-exec.ts';
import type { Keeper } from '../src/keeper.ts';
import type { KeeperSku } from '../src/service/config.ts';
import {
  createHookedSku,
  HOOKED_SKU,
  hookRecord,
  issuerActs,
  pushCatalogPrices,
  stockOf,
} from './hooked-sku-world.ts';
import { demoDeposit, type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';
import { bookOf, expectBooksMatch } from './support/vault-checks.ts';

let kw: KeeperWorld;
let keeper: Keeper;
let sku: KeeperSku;
let hood: string;
const USD = 100_000_000n;

beforeAll(async () => {
  // The simulator and the keeper follow the chain's clock, which the suite moves.
  kw = await startKeeperWorld({ followChainClock: true, slotTimeMs: 100 });
  // The aggregator legs first, with HOODx's market closed (a weekend, a holiday or the night).
  const now = kw.clock.now();
  if (isOpen('MarketHours', now)) {
    const close = nextClose('MarketHours', now);
    if (!close) throw new Error('no next close');
    await kw.clock.travelTo(close.getTime() + 3_600_000);
  }
  sku = await createHookedSku(kw.world);
  hood = stockOf(kw.world, 'HOODx').mint;
  keeper = await kw.keeper('hooked-a', { skus: [sku], minTradeUsd: '50' });
  await demoDeposit(kw.world, HOOKED_SKU, 3_000n);
}, 480_000);
afterAll(async () => {
  await keeper?.close();
  await kw?.stop();
}, 120_000);

const book = () => bookOf(kw.world, keeper.context, HOOKED_SKU, hood);

async function planned(deltaUsd1e8: bigint): Promise<PlannedLeg> {
  const plan = await planLeg(keeper.context, HOOKED_SKU, hood, deltaUsd1e8);
  if ('skipped' in plan) throw new Error(plan.skipped);
  return plan;
}

/** Runs a leg; returns its summary and how the book and the hook's record moved. */
async function leg(plan: PlannedLeg) {
  const [bookBefore, recordBefore] = await Promise.all([book(), hookRecord(kw.world, hood)]);
  const result = await executeLeg(keeper.context, plan);
  const [bookAfter, recordAfter] = await Promise.all([book(), hookRecord(kw.world, hood)]);
  await expectBooksMatch(kw.world, keeper.context, HOOKED_SKU);
  return {
    summary: result.summary,
    moved: bookAfter - bookBefore,
    transfers: recordAfter.count - recordBefore.count,
    hookedRaw: recordAfter.total - recordBefore.total,
  };
}

describe('a hooked stock (HOODx) bought and sold by the keeper', () => {
  it('through the aggregator: the venue delivers with the hook accounts, the sale pays with them', async () => {
    // Small enough that the pool's fee and price impact stay within max_slip_bps (50).
    const buy = await planned(200n * USD);
    expect([buy.trade.side, buy.route.route]).toEqual(['buy', 'aggregator']);
    const bought = await leg(buy);
    expect(bought.summary).toMatch(/aggregator sent/);
    expect(bought.moved).toBeGreaterThan(0n);
    // One hooked transfer: the pool's delivery into the vault's holding.
    expect([bought.transfers, bought.hookedRaw]).toEqual([1n, bought.moved]);

    // The next sale is priced at a fresh snapshot at the pools' prices (the bound's reference).
    await pushCatalogPrices(kw.world, sku);
    const sell = await planned(-100n * USD);
    expect([sell.trade.side, sell.route.route]).toEqual(['sell', 'aggregator']);
    const sold = await leg(sell);
    expect(sold.summary).toMatch(/aggregator sent/);
    expect(sold.moved).toBe(-sell.trade.assetRaw);
    // Two: rebalance_leg's payment to the trade account, the trade account's swap into the pool.
    expect([sold.transfers, sold.hookedRaw]).toEqual([2n, 2n * sell.trade.assetRaw]);
  }, 240_000);

  it('through the RFQ in market hours: the maker fills, the forward carries the hook accounts', async () => {
    const opens = nextOpen('MarketHours', kw.clock.now());
    if (!opens) throw new Error('no next session');
    await kw.clock.travelTo(opens.getTime() + 30 * 60_000);
    // As an operator would: the admins approve the first keeper push beyond the deviation cap
    // (the catalog's prices pushed above, the simulator's market now).
    const keys = await loadWorldKeys(kw.world.dir);
    const approve = await getApproveDeviationInstructionFor(
      { sku: HOOKED_SKU, adminSigners: keys.admins.slice(0, 3) },
      programAddressesOf(kw.world.manifest),
    );
    await kw.world.chain.land('approve_deviation', keys.admins[0] as never, [approve]);
    expect((await runNavPush(keeper.context, sku)).summary).toMatch(/sent/);

    const buy = await planned(300n * USD);
    expect([buy.trade.side, buy.route.route]).toEqual(['buy', 'swap']);
    const bought = await leg(buy);
    expect(bought.summary).toMatch(/RFQ .* executed/);
    expect(bought.moved).toBeGreaterThan(0n);
    // Two: the maker's delivery to the trade account, the forward into the vault's holding.
    expect([bought.transfers, bought.hookedRaw]).toEqual([2n, 2n * bought.moved]);

    const sell = await planned(-100n * USD);
    expect([sell.trade.side, sell.route.route]).toEqual(['sell', 'swap']);
    const sold = await leg(sell);
    expect(sold.summary).toMatch(/RFQ .* executed/);
    // The maker sizes the stock for the notional asked; the vault pays exactly that.
    expect(sold.moved).toBeLessThan(0n);
    // Two: rebalance_leg's payment to the trade account, the trade account's fill to the maker.
    expect([sold.transfers, sold.hookedRaw]).toEqual([2n, -2n * sold.moved]);
  }, 300_000);
});

describe("the issuer's powers used on a held mint", () => {
  it('a pause, a new permanent delegate, a new hook program: each alerted and refreshed at once', async () => {
    const alerts: { kind: string; message: string; fields?: Record<string, unknown> }[] = [];
    // One context for every scan, its alerts collected (the watch's baselines are in Postgres).
    const watching = {
      ...keeper.context,
      enqueue: async () => {},
      alert: (kind: string, _s: string, message: string, fields?: Record<string, unknown>) => {
        alerts.push({ kind, message, ...(fields ? { fields } : {}) });
      },
    } as typeof keeper.context;
    const refreshes = async () => {
      const { rows } = await keeper.context.pool.query(
        "select action_key, status from keeper.actions where action_key like 'issuer-refresh:%' order by action_key",
      );
      return rows as { action_key: string; status: string }[];
    };
    await runDriftScan(watching);
    expect(alerts.filter((a) => a.kind === 'issuer-power-used')).toEqual([]);

    const cases = [
      { power: { kind: 'pause', paused: true } as const, cause: 'paused' },
      {
        power: { kind: 'permanent-delegate', to: (await generateKeyPairSigner()).address } as const,
        cause: 'permanent-delegate-changed',
      },
      {
        // The hook program becomes another program (the swap venue's id stands in for it).
        power: {
          kind: 'transfer-hook',
          to: kw.world.manifest.programs.testSwap as Address,
        } as const,
        cause: 'transfer-hook-changed',
      },
    ];
    for (const [i, c] of cases.entries()) {
      alerts.length = 0;
      await issuerActs(kw.world, 'HOODx', c.power);
      await runDriftScan(watching);
      const used = alerts.filter((a) => a.kind === 'issuer-power-used');
      expect(used.map((a) => a.message)).toEqual([`${HOOKED_SKU}: mint ${hood}: ${c.cause}`]);
      expect(used[0]?.fields?.mintChange).toEqual({ mint: hood, changes: [c.cause] });
      // A refresh_nav sent for each cause, not only for the first of the snapshot.
      const sent = (await refreshes()).filter((r) => r.status === 'sent');
      expect(sent.length, `refreshes after ${c.cause}`).toBe(i + 1);
      // A scan that sees nothing new alerts nothing and sends nothing.
      alerts.length = 0;
      await runDriftScan(watching);
      expect(alerts.filter((a) => a.kind === 'issuer-power-used')).toEqual([]);
      expect((await refreshes()).filter((r) => r.status === 'sent').length).toBe(i + 1);
    }
  }, 180_000);
});
