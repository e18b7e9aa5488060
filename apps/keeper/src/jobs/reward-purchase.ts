// The epoch's reward purchase (spec, Keeper jobs: "rewards bought in tokenized stocks from
// swept fees"): before the distribution, the keeper spends its configured share of the
// rewards-funding stablecoin account (the keeper's own stablecoin account) on each reward
// mint, through the same routes and routing rules as a rebalance leg (RFQ first, the
// aggregator as fallback; calendar, halts, market hours), into the keeper's funding account
// of that mint, which the distribution then pays out. One fenced action per (epoch, mint)
// across both routes, re-quotes, restarts and replicas: a purchase is never made twice. A part
// that cannot be bought now (route closed, below the minimum trade) stays in the stablecoin
// account and joins the next epoch's budget.
import {
  fetchEncodedAccountsBatched,
  findAssociatedTokenAddress,
  readAccounts,
  tokenAccountAmount,
  tokenMintAccount,
  vaultStateAccount,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import { KeeperError } from '../decisions/errors.ts';
import {
  decidePurchase,
  type PurchaseDecision,
  purchaseKey,
  rewardBudget,
  splitRewardBudget,
  wholeCents,
} from '../decisions/reward-purchase.ts';
import { chooseLegRoute } from '../decisions/route-choice.ts';
import { usdDecimalToFixed } from '../decisions/valuation.ts';
import { chainNowMs } from '../routes/chain-time.ts';
import { alertRfqUnconfirmed, centsText } from '../routes/rfq-route.ts';
import type { KeeperContext } from './context.ts';
import {
  type Buy,
  buyViaAggregator,
  buyViaRfq,
  PurchaseClaimed,
  type Stable,
} from './reward-purchase-routes.ts';

const JOB = 'epoch-distributor';

/** What happened to one reward mint's part this epoch. */
export type PurchaseOutcome = Readonly<{
  decision: PurchaseDecision;
  status: 'bought' | 'already-bought' | 'carried' | 'dry-run' | 'not-leader' | 'failed';
  route?: 'rfq' | 'aggregator';
  /** Stablecoin the purchase spends and stock it receives (raw), as sent. */
  stablePaid?: bigint;
  stockReceived?: bigint;
  detail: string;
}>;

/** The vaults' stablecoin and the keeper's account of it (the rewards-funding account). */
async function stableOf(ctx: KeeperContext): Promise<Stable & { balance: bigint }> {
  const sku = ctx.skus[0];
  if (!sku) throw new KeeperError('STALE_INPUT', 'no SKU configured: no stablecoin known');
  const [vault] = await readAccounts(ctx.rpc, [
    vaultStateAccount(sku.vault as Address, ctx.programs),
  ]);
  if (!vault?.exists) throw new KeeperError('STALE_INPUT', `vault of ${sku.skuId} not found`);
  const [mint] = await readAccounts(ctx.rpc, [tokenMintAccount(vault.data.stableMint)]);
  if (!mint?.exists) throw new KeeperError('STALE_INPUT', 'the stablecoin mint is missing');
  const account = await findAssociatedTokenAddress({
    owner: ctx.distributor.address,
    mint: mint.address,
    tokenProgram: mint.data.tokenProgram,
  });
  const { accounts } = await fetchEncodedAccountsBatched(ctx.rpc, [account], {
    commitment: 'confirmed',
  });
  const data = accounts[0];
  const balance = data?.exists ? (tokenAccountAmount(data.data) ?? 0n) : 0n;
  return { mint: mint.address, ...mint.data, account, balance };
}

/** This epoch's purchase rows (status and what each spent). */
async function epochPurchases(ctx: KeeperContext, epoch: string) {
  const { rows } = await ctx.pool.query<{ action_key: string; status: string; detail: unknown }>(
    'select action_key, status, detail from keeper.actions where action_key like $1',
    [`${purchaseKey(epoch, '' as Address)}%`],
  );
  return new Map(rows.map((r) => [r.action_key, r]));
}

/**
 * Buys this epoch's reward stocks (or, in a dry run, says what it would buy).
 *
 * @example
 * const outcomes = await buyEpochRewards(ctx, 'epoch:2026-11-29', rewardMints);
 */
export async function buyEpochRewards(
  ctx: KeeperContext,
  epoch: string,
  mints: readonly Address[],
): Promise<PurchaseOutcome[]> {
  const shareBps = ctx.config.rewardShareBps ?? 0;
  if (shareBps === 0 || mints.length === 0) return [];
  const stable = await stableOf(ctx);
  const done = await epochPurchases(ctx, epoch);
  // The epoch's budget is taken from the balance before its first purchase: what the sent
  // purchases of this epoch spent is added back, so a resumed run splits the same budget.
  let spent = 0n;
  for (const row of done.values()) {
    const paid = (row.detail as { stablePaid?: string } | null)?.stablePaid;
    if (row.status === 'sent' && paid !== undefined) spent += BigInt(paid);
  }
  const weights = ctx.config.rewardWeights
    ? new Map(Object.entries(ctx.config.rewardWeights) as [Address, number][])
    : undefined;
  const { parts } = splitRewardBudget(
    rewardBudget(stable.balance + spent, shareBps),
    mints,
    weights,
  );
  const [assets, swapAssets] = await Promise.all([
    ctx.api.listAssets(),
    ctx.api.listXChangeAssets(),
  ]);
  const minTradeCents = usdDecimalToFixed(ctx.config.minTradeUsd) / 1_000_000n;
  // The routing rules at the chain's time, as for a rebalance leg (routes/chain-time.ts).
  const now = await chainNowMs(ctx);
  const outcomes: PurchaseOutcome[] = [];
  for (const part of parts) {
    const key = purchaseKey(epoch, part.mint);
    const row = done.get(key);
    if (row && (row.status === 'sent' || row.status === 'sending')) {
      const d = { action: 'carry', ...part, reason: 'bought earlier this epoch' } as const;
      outcomes.push({ decision: d, status: 'already-bought', detail: `${key}: ${row.status}` });
      continue;
    }
    const symbol = assets.find((a) =>
      a.deployments.some((d) => d.mintAddress === part.mint),
    )?.symbol;
    const entry = swapAssets.find((a) => a.symbol === symbol);
    if (!symbol || !entry) {
      const d = { action: 'carry', ...part, reason: 'not a tradable asset of the API' } as const;
      outcomes.push({ decision: d, status: 'carried', detail: d.reason });
      continue;
    }
    const route = chooseLegRoute({
      entry,
      status: await ctx.api.getSystemStatus(symbol),
      aggregatorDepth: ctx.swapApi !== null,
      now,
    });
    if (route.preCommitRefusal) {
      ctx.alert('swap-pre-commit-refused', 'warning', `${symbol}: ${route.preCommitRefusal}`, {
        job: JOB,
      });
    }
    const decision = decidePurchase(part, {
      stableDecimals: stable.decimals,
      minTradeCents,
      route: route.route,
      routeReason: `rule ${route.decision.rule}: ${route.decision.reason}`,
    });
    const what = `${symbol}: $${centsText(wholeCents(part.stableRaw, stable.decimals) * 1_000_000n)}`;
    if (decision.action === 'carry') {
      outcomes.push({ decision, status: 'carried', detail: `${what} carried: ${decision.reason}` });
    } else if (ctx.config.dryRun) {
      // No quote in a dry run: a quote is an order to the market maker.
      outcomes.push({
        decision,
        status: 'dry-run',
        detail: `${what} would buy via ${route.route}`,
      });
    } else if (!ctx.elector.lease()) {
      outcomes.push({ decision, status: 'not-leader', detail: `${what}: not the leader` });
    } else {
      const buy = {
        key,
        symbol,
        decision,
        stable,
        entry,
      };
      outcomes.push(
        await buyOne(ctx, buy, route.route === 'swap').catch((error: unknown) => {
          // A failed purchase is carried like a closed route (its stablecoin stays for the
          // next epoch); the distribution still pays what is funded. A send of unknown
          // outcome stays `sending` under its key, so it is never bought twice.
          const reason = error instanceof Error ? error.message : String(error);
          ctx.logger.error({ job: JOB, symbol, err: error }, 'reward purchase failed');
          return { decision, status: 'failed' as const, detail: `${what} failed: ${reason}` };
        }),
      );
    }
  }
  return outcomes;
}

/** RFQ first when the swap route is open, the aggregator after any RFQ failure. */
async function buyOne(ctx: KeeperContext, buy: Buy, rfqFirst: boolean): Promise<PurchaseOutcome> {
  let why = 'the routing rules choose the aggregator now';
  if (rfqFirst) {
    try {
      const outcome = await buyViaRfq(ctx, buy);
      if (outcome.outcome !== 'aggregator') {
        // Unconfirmed: landed on chain without the API saying done; bought, alerted.
        const detail =
          outcome.outcome === 'done'
            ? `${buy.symbol} via RFQ ${outcome.quoteId}: done`
            : alertRfqUnconfirmed(ctx, outcome, `reward purchase ${buy.symbol}`, { job: JOB });
        return {
          decision: buy.decision,
          status: 'bought',
          route: 'rfq',
          ...(await sentAmounts(ctx, buy.key)),
          detail,
        };
      }
      why = `RFQ expired after ${outcome.requotes} re-quotes (${outcome.why})`;
    } catch (error) {
      if (error instanceof PurchaseClaimed) {
        return { decision: buy.decision, status: 'already-bought', detail: error.message };
      }
      why = error instanceof Error ? error.message : String(error);
    }
    ctx.logger.warn({ job: JOB, symbol: buy.symbol, why }, 'reward RFQ gave up: aggregator');
  }
  const { sent, stockReceived } = await buyViaAggregator(ctx, buy);
  return {
    decision: buy.decision,
    status:
      sent.kind === 'sent'
        ? 'bought'
        : sent.kind === 'skipped' && sent.reason === 'already-claimed'
          ? 'already-bought'
          : 'not-leader',
    route: 'aggregator',
    ...(sent.kind === 'sent' ? { stablePaid: buy.decision.stableRaw, stockReceived } : {}),
    detail: `${buy.symbol} via the aggregator: ${sent.kind} (after: ${why})`,
  };
}

async function sentAmounts(ctx: KeeperContext, key: string) {
  const { rows } = await ctx.pool.query<{ detail: Record<string, string> | null }>(
    "select detail from keeper.actions where action_key = $1 and status = 'sent'",
    [key],
  );
  const d = rows[0]?.detail;
  if (!d?.stablePaid || !d.stockReceived) return {};
  return { stablePaid: BigInt(d.stablePaid), stockReceived: BigInt(d.stockReceived) };
}
