// An RFQ whose execution expires, on the local world: the keeper's co-signed fill never
// reaches the chain (the transport drops it, as a lost packet or a congested leader would), so
// the simulator sees the quote's blockhash pass its last valid height and reports
// ExpiredExecution. The keeper re-quotes at most 3 times (spec: Limits, States and
// transitions), then takes the aggregator route with the same notional: exactly one leg lands
// (paid by the keeper, through the venue), none of the dropped fills ever does, and the
// metrics count one aggregator leg, no RFQ leg and no failure. The validator runs 100 ms slots
// so a blockhash expires in ~15 s instead of ~60 s, and the keeper reads a 3 s execution
// timeout (`swapTimings`): it gives up on each unexecuted quote after 3 s instead of waiting
// for the simulator to see the blockhash expire, so the four quotes take ~16 s, not ~60 s; the
// suite then waits for each to be reported ExpiredExecution (none can land after that).
import { getSignatureFromTransaction, type Signature } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RFQ_REQUOTES } from '../src/decisions/rfq-policy.ts';
import type { KeeperContext } from '../src/jobs/context.ts';
import { runNavPush } from '../src/jobs/nav-push.ts';
import { executeLeg, planLeg } from '../src/jobs/rebalance-exec.ts';
import type { Keeper } from '../src/keeper.ts';
import { demoDeposit, type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';
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
// NVDAx trades Always: the swap route is chosen whatever the day and hour.
const SYMBOL = 'NVDAx';
let kw: KeeperWorld;
let keeper: Keeper;
beforeAll(async () => {
  // The market stands still: the NAV pushed while quotes expire keeps the price the venue was
  // checked against, so the fallback's direction still clears the bound minutes later.
  kw = await startKeeperWorld({
    slotTimeMs: 100,
    freezeMarket: true,
    swapTimings: { quoteValiditySeconds: 2, executionTimeoutSeconds: 3 },
  });
  keeper = await kw.keeper('expiry-a', { minTradeUsd: '100' });
  expect((await runNavPush(keeper.context, skuOf(keeper.context, SKU))).summary).toMatch(/sent/);
  await demoDeposit(kw.world, SKU, 10_000n);
  // Some NVDAx held, so a sale is possible too: the fallback needs a direction the venue
  // prices within the vault's bound, and a buy alone may not be one at this hour.
  const seed = await planLeg(
    keeper.context,
    SKU,
    mintIn(keeper.context, SKU, SYMBOL),
    1_000n * 100_000_000n,
  );
  if ('skipped' in seed) throw new Error(seed.skipped);
  expect((await executeLeg(keeper.context, seed)).summary).toMatch(/RFQ .* executed/);
}, 300_000);
afterAll(async () => {
  await keeper?.close();
  await kw?.stop();
});

const counterValue = async (
  metric: KeeperContext['metrics']['rebalanceLegs'],
  labels: Partial<Record<'sku' | 'route', string>>,
) =>
  (await metric.get()).values
    .filter((v) => Object.entries(labels).every(([k, x]) => v.labels[k as 'sku' | 'route'] === x))
    .reduce((sum, v) => sum + v.value, 0);

describe('RFQ execution expired three re-quotes over, then the aggregator', () => {
  it('re-quotes at most 3 times, then exactly one leg lands through the aggregator', async () => {
    const ctx = keeper.context;
    const sku = skuOf(ctx, SKU);
    const mint = mintIn(ctx, SKU, SYMBOL);
    expect((await runNavPush(ctx, sku)).summary).toMatch(/sent/);
    // A direction the venue prices within the vault's bound, so the fallback can land.
    const counted = countingRfq(ctx);
    const plan = await clearingLeg(counted.ctx, SKU, mint, 300n * 100_000_000n);
    if (!plan) throw new Error(`no ${SYMBOL} leg clears the vault bound at the venue now`);
    expect(plan.route.route).toBe('swap');

    const dropped: string[] = [];
    const expiredSeen: string[] = [];
    const lossy: KeeperContext = {
      ...counted.ctx,
      api: {
        ...counted.ctx.api,
        // The nav-push job keeps NAV fresh while quotes expire (it runs every 15-60 s).
        getQuote: async (id: string) => {
          const state = await counted.ctx.api.getQuote(id);
          if (state.blockchainStatus === 'ExpiredExecution' && !expiredSeen.includes(id)) {
            expiredSeen.push(id);
            await runNavPush(ctx, sku);
          }
          return state;
        },
      },
      // Every RFQ fill is signed as usual, then lost on its way to the cluster.
      send: async (request) => {
        if (!request.actionKey.includes(':rfq:') || !request.prepared) return ctx.send(request);
        const signature = getSignatureFromTransaction(await request.prepared());
        dropped.push(signature);
        return { kind: 'sent', signature };
      },
    };
    const holding = await holdingOf(kw.world, ctx, SKU, mint);
    const since = await lastSignatureOf(kw.world, holding);
    const book = await bookOf(kw.world, ctx, SKU, mint);
    const legsBefore = {
      rfq: await counterValue(ctx.metrics.rebalanceLegs, { sku: SKU, route: 'rfq' }),
      aggregator: await counterValue(ctx.metrics.rebalanceLegs, { sku: SKU, route: 'aggregator' }),
    };
    const failuresBefore = await counterValue(ctx.metrics.rebalanceFailures, { sku: SKU });

    const result = await executeLeg(lossy, plan);

    // The first quote and 3 re-quotes, each expired unexecuted; then the aggregator.
    expect(counted.asked()).toBe(1 + MAX_RFQ_REQUOTES);
    expect(new Set(counted.quoteIds).size).toBe(1 + MAX_RFQ_REQUOTES);
    // Each reported expired by the simulator once its blockhash passes (the last ~15 s after
    // it was quoted); then no dropped fill can ever land.
    for (const id of counted.quoteIds) {
      await expect
        .poll(async () => (await ctx.api.getQuote(id)).blockchainStatus, {
          timeout: 60_000,
          interval: 1_000,
        })
        .toBe('ExpiredExecution');
    }
    expect(dropped.length).toBe(1 + MAX_RFQ_REQUOTES);
    expect(result.summary).toMatch(
      new RegExp(`aggregator sent .* after: RFQ expired after ${MAX_RFQ_REQUOTES} re-quotes`),
    );
    // On chain: none of the dropped fills, exactly one leg, paid by the keeper (the venue's).
    const statuses = await kw.world.chain.rpc
      .getSignatureStatuses(dropped as Signature[], { searchTransactionHistory: true })
      .send();
    expect(statuses.value).toEqual(dropped.map(() => null));
    const landed = await landedSince(kw.world, holding, since);
    expect(landed.map((t) => [t.feePayer, t.failed])).toEqual([[ctx.signer.address, false]]);
    const after = await bookOf(kw.world, ctx, SKU, mint);
    if (plan.trade.side === 'buy') expect(after).toBeGreaterThan(book);
    else expect(after).toBe(book - plan.trade.assetRaw);
    await expectBooksMatch(kw.world, ctx, SKU);
    // Metrics as docs/keeper.md documents them: one aggregator leg, no RFQ leg, no failure.
    expect(await counterValue(ctx.metrics.rebalanceLegs, { sku: SKU, route: 'aggregator' })).toBe(
      legsBefore.aggregator + 1,
    );
    expect(await counterValue(ctx.metrics.rebalanceLegs, { sku: SKU, route: 'rfq' })).toBe(
      legsBefore.rfq,
    );
    expect(await counterValue(ctx.metrics.rebalanceFailures, { sku: SKU })).toBe(failuresBefore);
  }, 600_000);
});
