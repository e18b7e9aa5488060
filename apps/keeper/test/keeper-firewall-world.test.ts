// The transaction firewall on the local world (issue 29): the tokenized-asset simulator's
// market maker and the aggregator turned hostile, one attack kind at a time. For every kind
// the keeper refuses with the kind's reason, raises a `transaction-refused` alert, and the chain
// shows that nothing happened: no transaction naming the keeper (here also the trade
// authority, bootstrap/skus.ts) landed, its lamports and token accounts and the vault's
// holdings are unchanged. A provider's low lastValidBlockHeight is the one kind that lands: the
// keeper takes the height from its RPC, so the fill is done once, never re-quoted. Then, the
// modes reset, the honest RFQ route lands a leg as before, and a reward purchase by RFQ lands,
// each carrying the compute-unit limit and price the keeper's policy chose and asked for with
// the quote, paid by the maker (decision 0930).
import { DEFAULT_SIM_CONFIG } from '@basket/tokenized-api-sim';
import { loadWorldKeys } from '@basket/world';
import type { Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirewallRefusal, type RefusalReason } from '../src/firewall/refusal.ts';
import type { KeeperContext } from '../src/jobs/context.ts';
import { runNavPush } from '../src/jobs/nav-push.ts';
import { executeLeg, planLeg } from '../src/jobs/rebalance-exec.ts';
import { type Buy, buyViaRfq } from '../src/jobs/reward-purchase-routes.ts';
import type { Keeper } from '../src/keeper.ts';
import { runAggregatorRoute } from '../src/routes/aggregator-route.ts';
import { legSetup } from '../src/routes/leg-setup.ts';
import { runRfqRoute } from '../src/routes/rfq-route.ts';
import { sweepFeesTo } from './support/epoch-purchase-world.ts';
import { demoDeposit, type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';
import { landedComputeBudget } from './support/landed-budget.ts';
import { clearingLeg, holdingOf, lastSignatureOf, mintIn, skuOf } from './support/vault-checks.ts';

const SKU = 'TECH6';
// NVDAx trades Always: the swap route is chosen whatever the day and hour.
const SYMBOL = 'NVDAx';

const RFQ_KINDS: Record<string, RefusalReason> = {
  'transfer-out-of-keeper': 'SYSTEM_INSTRUCTION',
  'transfer-out-of-trade-authority': 'PAYMENT_MISMATCH',
  approve: 'TOKEN_INSTRUCTION_NOT_ALLOWED',
  'set-authority': 'TOKEN_INSTRUCTION_NOT_ALLOWED',
  'close-account': 'TOKEN_INSTRUCTION_NOT_ALLOWED',
  'unknown-program-keeper-writable': 'UNKNOWN_PROGRAM',
  'lookup-table-hides-keeper': 'PRODUCT_KEY_NAMED',
  'keeper-as-fee-payer': 'FEE_PAYER_IS_PRODUCT_KEY',
  'compute-unit-price': 'COMPUTE_BUDGET_FROM_OUTSIDE',
  'durable-nonce-advance': 'NONCE_ADVANCE',
  'instruction-before-leg': 'MESSAGE_CHANGED',
  'instruction-after-settle': 'MESSAGE_CHANGED',
  'short-delivery': 'SHORT_DELIVERY',
  'other-mint-delivery': 'UNEXPECTED_TRANSFER',
};

const SWAP_KINDS: Record<string, RefusalReason> = {
  'transfer-out-of-keeper': 'SYSTEM_INSTRUCTION',
  'transfer-out-of-trade-authority': 'TOKEN_INSTRUCTION_NOT_ALLOWED',
  approve: 'TOKEN_INSTRUCTION_NOT_ALLOWED',
  'set-authority': 'TOKEN_INSTRUCTION_NOT_ALLOWED',
  'close-account': 'TOKEN_INSTRUCTION_NOT_ALLOWED',
  'unknown-program-keeper-writable': 'UNKNOWN_PROGRAM',
  'compute-unit-price': 'COMPUTE_BUDGET_FROM_OUTSIDE',
  'durable-nonce-advance': 'NONCE_ADVANCE',
  'swap-names-keeper': 'PRODUCT_KEY_NAMED',
  'swap-writes-other-account': 'PRODUCT_KEY_NAMED',
  'instruction-after-swap': 'SYSTEM_INSTRUCTION',
};

let kw: KeeperWorld;
let keeper: Keeper;
beforeAll(async () => {
  kw = await startKeeperWorld({ freezeMarket: true });
  keeper = await kw.keeper('firewall-a', { minTradeUsd: '100' });
  expect((await runNavPush(keeper.context, skuOf(keeper.context, SKU))).summary).toMatch(/sent/);
  await demoDeposit(kw.world, SKU, 10_000n);
  // Some NVDAx held, so either direction is possible.
  const ctx = keeper.context;
  const seed = await planLeg(ctx, SKU, mintIn(ctx, SKU, SYMBOL), 1_000n * 100_000_000n);
  if ('skipped' in seed) throw new Error(seed.skipped);
  expect((await executeLeg(ctx, seed)).summary).toMatch(/RFQ .* executed/);
}, 300_000);
afterAll(async () => {
  await keeper?.close();
  await kw?.stop();
});

async function setMode(url: string, body: { kind: string | null; victim?: string }) {
  const response = await fetch(`${url}/admin/adversarial`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-API-Key': DEFAULT_SIM_CONFIG.apiKey },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}
const rfqMode = (kind: string | null, victim?: Address) =>
  setMode(kw.apiUrl, { kind, ...(victim ? { victim } : {}) });
const swapMode = (kind: string | null, victim?: Address) =>
  setMode(keeper.context.config.aggregatorUrl as string, { kind, ...(victim ? { victim } : {}) });

/** What a product key could lose, read from the chain. */
async function productState(ctx: KeeperContext, mint: string) {
  const rpc = kw.world.chain.rpc;
  const setupNow = await legSetup(ctx, (await planFor(ctx, mint)) as never);
  const balance = async (a: Address) =>
    (
      await rpc
        .getTokenAccountBalance(a, { commitment: 'confirmed' })
        .send()
        .catch(() => null)
    )?.value.amount ?? 'none';
  // Every role's key (one key per role): none may pay, sign or lose anything to a hostile fill.
  const keys = [
    ctx.signer.address,
    ctx.tradeSigner.address,
    ctx.navSigner.address,
    ctx.distributor.address,
    ctx.feePayer.address,
  ];
  return {
    lamports: await Promise.all(
      keys.map(async (k) => (await rpc.getBalance(k, { commitment: 'confirmed' }).send()).value),
    ),
    lastSignatures: await Promise.all(keys.map((k) => lastSignatureOf(kw.world, k))),
    tokens: await Promise.all(
      [
        setupNow.pay.tradeAccount,
        setupNow.receive.tradeAccount,
        setupNow.pay.holding,
        setupNow.receive.holding,
      ].map(balance),
    ),
    holding: await lastSignatureOf(kw.world, await holdingOf(kw.world, ctx, SKU, mint)),
  };
}

async function planFor(ctx: KeeperContext, mint: string) {
  const plan = await planLeg(ctx, SKU, mint, 300n * 100_000_000n);
  if ('skipped' in plan) throw new Error(plan.skipped);
  expect(plan.route.route).toBe('swap');
  return plan;
}

const refusals = async (ctx: KeeperContext) =>
  (await ctx.metrics.alerts.get()).values
    .filter((v) => v.labels.kind === 'transaction-refused')
    .reduce((sum, v) => sum + v.value, 0);

async function expectRefused(run: () => Promise<unknown>, reason: RefusalReason) {
  const error = await run().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'signed: the firewall did not refuse').toBeInstanceOf(FirewallRefusal);
  expect((error as FirewallRefusal).reason).toBe(reason);
}

/**
 * A reward purchase of `SYMBOL` by RFQ under `key`, the distributor paying 300 USDC from a
 * funding account freshly swept 500 USDC of fees.
 */
async function rewardBuy(ctx: KeeperContext, key: string): Promise<Buy> {
  const keys = await loadWorldKeys(kw.world.dir);
  const account = await sweepFeesTo(kw.world, keys.distributor, 500_000_000n);
  const stable = kw.world.manifest.stablecoin;
  const entry = (await ctx.api.listXChangeAssets()).find((a) => a.symbol === SYMBOL);
  if (!entry) throw new Error(`${SYMBOL} is not a swap asset`);
  return {
    key,
    symbol: SYMBOL,
    decision: {
      action: 'buy',
      mint: mintIn(ctx, SKU, SYMBOL) as Address,
      stableRaw: 300_000_000n,
      cents: 30_000n,
    },
    stable: {
      mint: stable.mint as Address,
      tokenProgram: stable.tokenProgram as Address,
      decimals: stable.decimals,
      account,
    },
    entry,
  };
}

/**
 * What landed as `signature` failed nothing, was paid by another key than `product`, and
 * carried exactly the compute-unit limit and price the keeper recorded (`detail`) and asked
 * the maker for: two budget instructions, at least 1,000 micro-lamports a unit.
 */
async function expectAskedBudget(
  signature: string,
  product: Address,
  detail: Record<string, string> | undefined,
) {
  const landed = await landedComputeBudget(kw.world, signature);
  expect(landed.failed).toBe(false);
  expect(landed.feePayer).not.toBe(product);
  expect(landed.budgetInstructions).toBe(2);
  expect(landed.unitLimit).toBe(Number(detail?.computeUnitLimit));
  expect(landed.microLamportsPerCu).toBe(BigInt(detail?.computeUnitPrice ?? -1));
  expect(landed.microLamportsPerCu).toBeGreaterThanOrEqual(1_000n);
}

describe('a hostile RFQ market maker', () => {
  for (const [kind, reason] of Object.entries(RFQ_KINDS)) {
    it(`${kind}: refused (${reason}), alerted, nothing signed or moved`, async () => {
      const ctx = keeper.context;
      const mint = mintIn(ctx, SKU, SYMBOL);
      const plan = await planFor(ctx, mint);
      const before = await productState(ctx, mint);
      const alerts = await refusals(ctx);
      await rfqMode(kind, ctx.signer.address);
      try {
        await expectRefused(async () => runRfqRoute(ctx, await legSetup(ctx, plan), plan), reason);
      } finally {
        await rfqMode(null);
      }
      expect(await refusals(ctx)).toBe(alerts + 1);
      expect(await productState(ctx, mint)).toEqual(before);
    }, 120_000);
  }

  it("a low lastValidBlockHeight in the payload: the fill lands once (our RPC's height)", async () => {
    const ctx = keeper.context;
    const mint = mintIn(ctx, SKU, SYMBOL);
    const plan = await planFor(ctx, mint);
    await rfqMode('low-last-valid-block-height');
    try {
      const outcome = await runRfqRoute(ctx, await legSetup(ctx, plan), plan);
      expect({ outcome: outcome.outcome, requotes: outcome.requotes }).toEqual({
        outcome: 'done',
        requotes: 0,
      });
    } finally {
      await rfqMode(null);
    }
  }, 120_000);
});

describe('a hostile aggregator', () => {
  for (const [kind, reason] of Object.entries(SWAP_KINDS)) {
    it(`${kind}: refused (${reason}), alerted, nothing signed or moved`, async () => {
      const ctx = keeper.context;
      const mint = mintIn(ctx, SKU, SYMBOL);
      await runNavPush(ctx, skuOf(ctx, SKU));
      const plan = await clearingLeg(ctx, SKU, mint, 300n * 100_000_000n);
      if (!plan) throw new Error(`no ${SYMBOL} leg clears the vault bound at the venue now`);
      const before = await productState(ctx, mint);
      const alerts = await refusals(ctx);
      await swapMode(kind, ctx.signer.address);
      try {
        await expectRefused(
          async () => runAggregatorRoute(ctx, ctx.swapApi, await legSetup(ctx, plan), plan),
          reason,
        );
      } finally {
        await swapMode(null);
      }
      expect(await refusals(ctx)).toBe(alerts + 1);
      expect(await productState(ctx, mint)).toEqual(before);
    }, 120_000);
  }
});

describe('a hostile RFQ market maker selling reward stock to the keeper', () => {
  // The distributor is the taker: its key pays, so every attack is aimed at it.
  const REWARD_KINDS: Record<string, RefusalReason> = {
    'transfer-out-of-keeper': 'SYSTEM_INSTRUCTION',
    approve: 'TOKEN_INSTRUCTION_NOT_ALLOWED',
    'lookup-table-hides-keeper': 'PRODUCT_KEY_NAMED',
    'keeper-as-fee-payer': 'FEE_PAYER_IS_PRODUCT_KEY',
    'short-delivery': 'SHORT_DELIVERY',
    'other-mint-delivery': 'UNEXPECTED_TRANSFER',
  };
  for (const [kind, reason] of Object.entries(REWARD_KINDS)) {
    it(`${kind}: refused (${reason}), the funding account unchanged`, async () => {
      const ctx = keeper.context;
      const buy = await rewardBuy(ctx, `reward-purchase:firewall-test:${kind}`);
      const rpc = kw.world.chain.rpc;
      const balance = async () =>
        (await rpc.getTokenAccountBalance(buy.stable.account, { commitment: 'confirmed' }).send())
          .value.amount;
      const before = {
        stable: await balance(),
        last: await lastSignatureOf(kw.world, ctx.distributor.address),
      };
      const alerts = await refusals(ctx);
      await rfqMode(kind);
      try {
        await expectRefused(() => buyViaRfq(ctx, buy), reason);
      } finally {
        await rfqMode(null);
      }
      expect(await refusals(ctx)).toBe(alerts + 1);
      expect({
        stable: await balance(),
        last: await lastSignatureOf(kw.world, ctx.distributor.address),
      }).toEqual(before);
    }, 120_000);
  }
});

describe('honest providers again', () => {
  it('the RFQ route lands a leg as before', async () => {
    const ctx = keeper.context;
    const plan = await planFor(ctx, mintIn(ctx, SKU, SYMBOL));
    expect((await executeLeg(ctx, plan)).summary).toMatch(/RFQ .* executed/);
    // What landed: the maker paid, at exactly the limit and price the keeper asked for.
    const { rows } = await ctx.pool.query<{ signature: string; detail: Record<string, string> }>(
      `select signature, detail from keeper.actions
        where job = 'rebalance-exec' and status = 'sent' and action_key like '%:rfq:%'
        order by updated_at desc limit 1`,
    );
    const row = rows[0];
    if (!row) throw new Error('no RFQ leg recorded');
    await expectAskedBudget(row.signature, ctx.signer.address, row.detail);
  }, 120_000);

  it("the reward purchase's RFQ lands as the maker signed it, at the asked limit and price", async () => {
    const ctx = keeper.context;
    const outcome = await buyViaRfq(
      ctx,
      await rewardBuy(ctx, 'reward-purchase:firewall-test:honest'),
    );
    expect(outcome.outcome).toBe('done');
    if (outcome.outcome !== 'done') return;
    const { rows } = await ctx.pool.query<{ detail: Record<string, string> }>(
      'select detail from keeper.actions where action_key = $1',
      ['reward-purchase:firewall-test:honest'],
    );
    await expectAskedBudget(outcome.signature, ctx.distributor.address, rows[0]?.detail);
  }, 120_000);
});
