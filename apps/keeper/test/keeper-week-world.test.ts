// The routing rules over a trading week on the local world, with the CHAIN's clock moved
// (surfpool's time travel) and the simulator's market following it: at a weekend afternoon,
// the Sunday-night 24/5 window, Monday's open, mid-session, after the close and a holiday,
// rebalance-exec runs one small leg of a MarketHours asset (AMCx), a 24/5 asset (GOOGLx), an
// Always asset (NVDAx) and a 24/5 asset whose atomic trading is halted (TSLAx). The
// route must be the one the spec's rules give at the chain's time, and it is asserted on what
// lands: a swap-route leg is one transaction paid by the market maker (the RFQ fill), an
// aggregator leg one paid by the keeper, and no RFQ is even requested for a leg routed away
// from the swap route (so a MarketHours asset never trades through it outside market hours).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlannedLeg } from '../src/decisions/planned-leg.ts';
import { runNavPush } from '../src/jobs/nav-push.ts';
import { executeLeg, planLeg } from '../src/jobs/rebalance-exec.ts';
import type { Keeper } from '../src/keeper.ts';
import { demoDeposit, type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';
import { tradingWeekAfter, type WeekInstant } from './support/trading-week.ts';
import {
  bookOf,
  clearingLeg,
  countingRfq,
  expectBooksMatch,
  holdingOf,
  landedSince,
  lastSignatureOf,
  mintIn,
  skuOf,
} from './support/vault-checks.ts';

const SKU = 'TECH6';
const INSTANTS: readonly WeekInstant['name'][] = [
  'weekend',
  'overnight-24/5',
  'monday-open',
  'mid-session',
  'after-close',
  'holiday',
];
const LEG_USD = 300n * 100_000_000n;
type Case = Readonly<{ symbol: string; mode: 'MarketHours' | 'TwentyFourFive' | 'Always' }>;
// AMCx, GOOGLx, NVDAx, TSLAx: one asset per mode, none with a transfer hook.
const CASES: readonly (Case & { halted?: true })[] = [
  { symbol: 'AMCx', mode: 'MarketHours' },
  { symbol: 'GOOGLx', mode: 'TwentyFourFive' },
  { symbol: 'NVDAx', mode: 'Always' },
  { symbol: 'TSLAx', mode: 'TwentyFourFive', halted: true },
];

/** The spec's routing rules 1-3, written out for the table (not the keeper's code). */
function expected(c: (typeof CASES)[number], at: WeekInstant) {
  const open =
    c.mode === 'Always' || (c.mode === 'MarketHours' ? at.marketHoursOpen : at.twentyFourFiveOpen);
  if (!open) return { route: 'aggregator', rule: 1 } as const;
  if (c.halted) return { route: 'aggregator', rule: 2 } as const;
  return { route: 'swap', rule: 3 } as const;
}

let kw: KeeperWorld;
let keeper: Keeper;
let week: readonly WeekInstant[];
let startedAt = 0;
const landedRoutes: string[] = [];

beforeAll(async () => {
  kw = await startKeeperWorld({
    // 100 ms slots: each aggregator leg's `finalized` comes 4x sooner than at 400 ms.
    slotTimeMs: 100,
    followChainClock: true,
    // TSLAx's atomic trading halted the whole week (the API's flag, read at each request).
    halts: { TSLAx: { market: false, atomic: true } },
  });
  keeper = await kw.keeper('week-a', { minTradeUsd: '100' });
  startedAt = await kw.clock.sync();
  week = tradingWeekAfter(startedAt);
  expect((await runNavPush(keeper.context, skuOf(keeper.context, SKU))).summary).toMatch(/sent/);
  // Cash for the buys of the week.
  await demoDeposit(kw.world, SKU, 20_000n);
}, 300_000);
afterAll(async () => {
  await keeper?.close();
  await kw?.stop();
});

/** Plans the leg of a case: a buy on the swap route, a venue-clearing direction otherwise. */
async function plan(ctx: Keeper['context'], mint: string, route: 'swap' | 'aggregator') {
  if (route === 'aggregator') {
    const clearing = await clearingLeg(ctx, SKU, mint, LEG_USD);
    if (clearing) return { plan: clearing, clears: true };
  }
  const buy = await planLeg(ctx, SKU, mint, LEG_USD);
  if ('skipped' in buy) throw new Error(buy.skipped);
  return { plan: buy, clears: route === 'swap' };
}

async function runCase(c: (typeof CASES)[number], at: WeekInstant) {
  const ctx = keeper.context;
  const want = expected(c, at);
  const mint = mintIn(ctx, SKU, c.symbol);
  const holding = await holdingOf(kw.world, ctx, SKU, mint);
  expect((await runNavPush(ctx, skuOf(ctx, SKU))).summary).toMatch(/sent/);
  const counted = countingRfq(ctx);
  const { plan: leg, clears } = await plan(counted.ctx, mint, want.route);
  const label = `${at.name} ${c.symbol} (${c.mode}${c.halted ? ', halted' : ''})`;
  expect(leg.route.route, label).toBe(want.route);
  expect(leg.route.decision.rule, label).toBe(want.rule);
  // The decision was taken at the chain's time, not this machine's.
  expect(Math.abs(leg.route.decision.evaluatedAt.getTime() - at.ms), label).toBeLessThan(300_000);
  const since = await lastSignatureOf(kw.world, holding);
  const book = await bookOf(kw.world, ctx, SKU, mint);
  let outcome: string;
  try {
    outcome = (await executeLeg(counted.ctx, leg as PlannedLeg)).summary;
  } catch (error) {
    outcome = `refused: ${(error as Error).message}`;
  }
  const landed = (await landedSince(kw.world, holding, since)).filter((t) => !t.failed);
  // Every keeper transaction is paid by its fee payer (one key per role).
  const keeperKey = ctx.feePayer.address as string;
  if (want.route === 'swap') {
    expect(counted.asked(), label).toBe(1);
    expect(outcome, label).toMatch(/RFQ .* executed/);
    const quote = await ctx.api.getQuote(counted.quoteIds[0] as string);
    expect([quote.generalStatus, quote.blockchainStatus], label).toEqual(['Completed', 'Executed']);
    // One transaction, paid by the market maker: the RFQ fill, wrapped.
    expect(landed.length, label).toBe(1);
    expect(landed[0]?.feePayer, label).not.toBe(keeperKey);
    const after = await bookOf(kw.world, ctx, SKU, mint);
    expect(after, label).toBeGreaterThan(book);
    expect(landed[0]?.moved, label).toBe(after - book);
  } else {
    // Routed away from the swap route: no RFQ is even asked for.
    expect(counted.asked(), label).toBe(0);
    if (clears) {
      expect(outcome, label).toMatch(/aggregator sent/);
      expect(
        landed.map((t) => t.feePayer),
        label,
      ).toEqual([keeperKey]);
      const after = await bookOf(kw.world, ctx, SKU, mint);
      if (leg.trade.side === 'buy') expect(after, label).toBeGreaterThan(book);
      else expect(after, label).toBe(book - leg.trade.assetRaw);
      expect(landed[0]?.moved, label).toBe(after - book);
    } else {
      // Neither direction prices within the vault's bound at the venue: nothing lands.
      expect(outcome, label).toMatch(/refused/);
      expect(landed, label).toEqual([]);
    }
  }
  landedRoutes.push(`${label}: ${want.route} rule ${want.rule}, ${landed.length} tx`);
  await expectBooksMatch(kw.world, ctx, SKU);
}

describe('routing over a trading week, the chain clock moved', () => {
  it('has the week in order, after the chain time, with weekday instants on trading days', () => {
    expect(week.map((w) => w.name)).toEqual(INSTANTS);
    for (let i = 1; i < week.length; i++) expect(week[i]?.ms).toBeGreaterThan(week[i - 1]?.ms ?? 0);
    // Every instant is after the chain's time at the start (its clock only moves forward).
    expect(week[0]?.ms).toBeGreaterThan(startedAt);
  });

  for (const name of INSTANTS) {
    it(`${name}: each mode takes the route the rules give, asserted on chain`, async () => {
      const at = week.find((w) => w.name === name) as WeekInstant;
      const chainNow = await kw.clock.travelTo(at.ms);
      expect(chainNow).toBeGreaterThanOrEqual(at.ms - 1_000);
      for (const c of CASES) await runCase(c, at);
    }, 600_000);
  }

  it('never sent a MarketHours asset through the swap route outside market hours', () => {
    const offHours = landedRoutes.filter(
      (r) => /AMCx/.test(r) && !/monday-open|mid-session/.test(r),
    );
    expect(offHours.length).toBe(4);
    for (const r of offHours) expect(r).toMatch(/aggregator rule 1/);
  });
});
