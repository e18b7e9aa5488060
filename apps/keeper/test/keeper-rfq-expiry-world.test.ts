// An RFQ whose execution expires, on the local world: the keeper's co-signed fill never
// reaches the cluster. Below the keeper's send, at the RPC transport: every `sendTransaction`
// of a transaction another party pays for (an RFQ fill: the market maker pays its fee) is
// answered with its signature and dropped, as a lost packet or a congested leader would. The
// real fenced path runs (claim under the lease, the maker's co-signature, the signature
// recorded, confirmation), and confirmation ends when the quote's blockhash passes its last
// valid height (BlockHeightExceeded): the keeper counts an expired execution and re-quotes at
// most 3 times (spec: Limits, States and transitions), then takes the aggregator route with the
// same notional: exactly one leg lands (paid by the keeper, through the venue), none of the
// dropped fills ever does, the simulator reports each quote ExpiredExecution, and the metrics
// count one aggregator leg, no RFQ leg and no failure. The validator runs 100 ms slots so a
// blockhash expires in ~15 s instead of ~60 s (four quotes: about a minute); the keeper reads
// a 10 s quote validity (`swapTimings`), shorter than the blockhash's life, so no fill is
// refused as stale before it is sent.
import {
  createSolanaRpcFromTransport,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  type RpcTransport,
  type Signature,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFencedSender } from '../src/chain/fenced-send.ts';
import { createLimitedRpc, createSubscriptions } from '../src/chain/rpc.ts';
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
    swapTimings: { quoteValiditySeconds: 10, executionTimeoutSeconds: 5 },
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

/**
 * The keeper's own fenced sender (same pool, lease, limits and signer) over an RPC whose
 * transport drops every transaction the keeper does not pay for: `dropped` gets their
 * signatures. Everything else, the keeper's own transactions included, goes through.
 */
function lossySender(ctx: KeeperContext, dropped: string[]): KeeperContext['send'] {
  const { transport } = createLimitedRpc(ctx.config.rpcUrl, ctx.limits);
  const lossy: RpcTransport = async (request) => {
    const payload = request.payload as { id?: unknown; method?: string; params?: unknown[] };
    if (payload.method === 'sendTransaction') {
      const wire = getBase64Encoder().encode(String(payload.params?.[0]));
      const transaction = getTransactionDecoder().decode(wire);
      const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
      if (message.staticAccounts[0] !== ctx.feePayer.address) {
        const signature = getSignatureFromTransaction(transaction);
        // The sender re-sends a transaction until it expires: each one is listed once.
        if (!dropped.includes(signature)) dropped.push(signature);
        // What the cluster answers on receipt: the signature (the packet is then lost).
        return { jsonrpc: '2.0', id: payload.id, result: signature } as never;
      }
    }
    return transport(request);
  };
  return createFencedSender({
    rpc: createSolanaRpcFromTransport(lossy),
    subscriptions: createSubscriptions(ctx.config.wsUrl),
    pool: ctx.pool,
    elector: ctx.elector,
    limits: ctx.limits,
    feePayer: ctx.feePayer,
    programs: ctx.programs,
    logger: ctx.logger,
    dryRun: false,
    claimMarginMs: 500,
  });
}

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
    const send = lossySender(ctx, dropped);
    const lossy: KeeperContext = {
      ...counted.ctx,
      // The nav-push job keeps NAV fresh while quotes expire (it runs every 15-60 s): pushed
      // after each expired fill, so the next quote and the aggregator price a fresh snapshot.
      send: Object.assign(
        async (request: Parameters<KeeperContext['send']>[0]) => {
          try {
            return await send(request);
          } catch (error) {
            if (request.actionKey.includes(':rfq:')) await runNavPush(ctx, sku);
            throw error;
          }
        },
        { priceFor: send.priceFor },
      ),
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

    // The first quote and 3 re-quotes, each sent, never delivered, expired; then the aggregator.
    expect(counted.asked()).toBe(1 + MAX_RFQ_REQUOTES);
    expect(new Set(counted.quoteIds).size).toBe(1 + MAX_RFQ_REQUOTES);
    expect(dropped.length).toBe(1 + MAX_RFQ_REQUOTES);
    expect(result.summary).toMatch(
      new RegExp(
        `aggregator sent .* after: RFQ expired after ${MAX_RFQ_REQUOTES} re-quotes \\(blockhash expired`,
      ),
    );
    // The fenced path recorded each fill's signature, then settled it `expired` (it may run again).
    const { rows } = await ctx.pool.query<{
      action_key: string;
      status: string;
      signature: string;
    }>('select action_key, status, signature from keeper.actions where action_key = any($1)', [
      counted.quoteIds.map((id) => `rebalance:${SKU}:${mint}:rfq:${id}`),
    ]);
    expect(rows.map((r) => r.status)).toEqual(counted.quoteIds.map(() => 'expired'));
    expect(new Set(rows.map((r) => r.signature))).toEqual(new Set(dropped));
    // The simulator reports each ExpiredExecution: its blockhash passed, nothing landed.
    for (const id of counted.quoteIds) {
      await expect
        .poll(async () => (await ctx.api.getQuote(id)).blockchainStatus, {
          timeout: 30_000,
          interval: 1_000,
        })
        .toBe('ExpiredExecution');
    }
    // On chain: none of the dropped fills, exactly one leg, paid by the keeper's fee payer (the venue's).
    const statuses = await kw.world.chain.rpc
      .getSignatureStatuses(dropped as Signature[], { searchTransactionHistory: true })
      .send();
    expect(statuses.value).toEqual(dropped.map(() => null));
    const landed = await landedSince(kw.world, holding, since);
    expect(landed.map((t) => [t.feePayer, t.failed])).toEqual([[ctx.feePayer.address, false]]);
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
