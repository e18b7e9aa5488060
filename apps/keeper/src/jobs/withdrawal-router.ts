// withdrawal-router (every minute, leader only): the open stablecoin withdrawal requests of
// each vault, read as accounts (one getProgramAccounts per vault, filtered on the vault; a
// request account exists exactly while the request is open, so nothing is missed across a
// restart and nothing needs a history backfill). Planned by `planWithdrawals`: fulfilled at a
// snapshot newer than the request, once (action key per request; the account closes when
// paid); when the buffer is short, the sales that pay it and refill the buffer to its target
// (`planCashRaise`: the most overweight assets first, down to their targets after the
// payout; what paying needs beyond that from the tradable assets nearest their target) run
// first through the same routes as a rebalance, under the same per-(vault, asset) guard
// (leg-guard.ts) and cooldown, so a sale never races a queued rebalance leg of that asset.
import {
  findWithdrawalRequests,
  getCreateAssociatedTokenAccountInstructionFor,
  getFulfilWithdrawalInstructionFor,
  getNavQuote,
  navSnapshotAccount,
  quoteWithdrawalRequest,
  readAccounts,
  tokenMintAccount,
  tokenProgramAddress,
  vaultStateAccount,
} from '@basket/sdk';
import type { Address } from '@solana/kit';
import { planCashRaise, type RaisePlan } from '../decisions/cash-raise.ts';
import { isKeeperError } from '../decisions/errors.ts';
import { stableUsd1e8, usdDecimalToFixed } from '../decisions/valuation.ts';
import { type OpenRequest, planWithdrawals } from '../decisions/withdrawal-plan.ts';
import type { KeeperSku } from '../service/config.ts';
import type { JobResult, KeeperContext } from './context.ts';
import { scanVaults } from './drift-scan.ts';
import { legCooling } from './leg-cooldown.ts';
import { type Guarded, withLegGuard } from './leg-guard.ts';
import { skuLookupTables } from './nav-push.ts';
import { executeLeg, planLeg } from './rebalance-exec.ts';

/** Extra sold over the shortfall, in bps: the price moves between the sale and the payout. */
const RAISE_MARGIN_BPS = 100;

/** The vault's pending withdrawal requests, oldest first, as flat records. */
async function openRequests(ctx: KeeperContext, vault: Address) {
  const found = await findWithdrawalRequests(ctx.rpc, { vault }, ctx.programs);
  return found.map((r) => ({ address: r.address, ...r.data }));
}

/**
 * One run for one SKU.
 *
 * @example
 * await runWithdrawalRouter(ctx, sku);
 */
export async function runWithdrawalRouter(ctx: KeeperContext, sku: KeeperSku): Promise<JobResult> {
  const job = 'withdrawal-router';
  const requests = await openRequests(ctx, sku.vault as Address);
  if (requests.length === 0) return { job, summary: `${sku.skuId}: no open request` };
  const [vault, snapshot] = await readAccounts(ctx.rpc, [
    vaultStateAccount(sku.vault as Address, ctx.programs),
    navSnapshotAccount(sku.snapshot as Address, ctx.programs),
  ]);
  if (!vault?.exists) return { job, summary: `${sku.skuId}: no vault` };
  const nav = await getNavQuote(ctx.rpc, sku.skuId, { programs: ctx.programs });
  const open: (OpenRequest & { owner: Address; nonce: bigint })[] = requests.map((r) => {
    const q = quoteWithdrawalRequest(nav, r.shares, { programs: ctx.programs });
    return {
      address: r.address,
      owner: r.owner,
      nonce: r.nonce,
      requestedAt: r.requestedAt,
      minOut: r.minOut,
      // A refused quote (stale NAV, paused): valued at zero, so it waits below its minimum.
      payoutRaw: q.ok ? q.netUsd : 0n,
      grossRaw: q.ok ? q.grossUsd : 0n,
    };
  });
  const steps = planWithdrawals(open, {
    cashRaw: vault.data.cashRaw,
    snapshotPublishTime: snapshot?.exists ? snapshot.data.publishUnixTime : null,
  });
  const done: string[] = [];
  for (const step of steps) {
    const request = open.find((r) => r.address === step.address);
    if (!request) continue;
    if (step.action === 'fulfil') {
      const stable = {
        mint: vault.data.stableMint,
        tokenProgram: tokenProgramAddress(vault.data.stableTokenProgram),
      };
      const [destination, treasury] = await Promise.all([
        getCreateAssociatedTokenAccountInstructionFor({
          ...stable,
          owner: request.owner,
          payer: ctx.feePayer,
        }),
        getCreateAssociatedTokenAccountInstructionFor({
          ...stable,
          owner: vault.data.treasury,
          payer: ctx.feePayer,
        }),
      ]);
      const fulfil = await getFulfilWithdrawalInstructionFor(
        {
          keeper: ctx.signer,
          vault,
          owner: request.owner,
          nonce: request.nonce,
          destination: destination.address,
          treasuryStable: treasury.address,
        },
        ctx.programs,
      );
      const tables = await skuLookupTables(ctx, sku);
      const outcome = await ctx.send({
        ...(tables ? { addressLookupTables: tables } : {}),
        job,
        actionKey: `withdrawal:${request.address}`,
        instructions: [destination, treasury, fulfil],
        describe: `fulfil_withdrawal ${request.address} of ${sku.skuId}`,
        detail: {
          sku: sku.skuId,
          request: request.address,
          payoutRaw: request.payoutRaw.toString(),
        },
      });
      done.push(`${request.address} fulfil ${outcome.kind}`);
    } else if (step.action === 'raise-cash') {
      done.push(`${request.address} ${await raiseCash(ctx, sku, step.paysRaw, vault.data)}`);
      // One raise per run: the next run re-reads the buffer and the requests.
      break;
    } else done.push(`${request.address} ${step.action}`);
  }
  return { job, summary: `${sku.skuId}: ${done.join('; ')}`, details: steps };
}

/**
 * Sells what pays the requests and keeps the basket on target (`planCashRaise`): an asset
 * whose route is closed now (skipped by `planLeg`, or priced outside the vault's bound on
 * both routes) is left out and the rest planned again over the others.
 */
async function raiseCash(
  ctx: KeeperContext,
  sku: KeeperSku,
  paysRaw: bigint,
  vault: { stableMint: Address; cashRaw: bigint; cashBufferBps: number },
): Promise<string> {
  const [mint] = await readAccounts(ctx.rpc, [tokenMintAccount(vault.stableMint)]);
  const decimals = mint?.exists ? mint.data.decimals : 6;
  const [scanned] = await scanVaults(ctx.rpc, [sku], ctx.programs);
  const assets = scanned?.drift.assets ?? [];
  const closed = new Set<string>();
  const sold = new Map<string, bigint>();
  const done: string[] = [];
  let soldTotal = 0n;
  let plan: RaisePlan | undefined;
  // Each round either sells every leg or closes one more asset: at most one per asset.
  for (let round = 0; round <= assets.length; round++) {
    plan = planCashRaise({
      assets: assets.map((a) => ({
        mint: a.mint,
        valueUsd1e8: a.valueUsd1e8 - (sold.get(a.mint) ?? 0n),
        targetWeightBps: a.targetWeightBps,
        tradable: !closed.has(a.mint),
      })),
      cashUsd1e8: stableUsd1e8(vault.cashRaw, decimals, 'floor') + soldTotal,
      payoutsUsd1e8: stableUsd1e8(paysRaw, decimals, 'ceil'),
      cashBufferBps: vault.cashBufferBps,
      marginBps: RAISE_MARGIN_BPS,
      minTradeUsd1e8: usdDecimalToFixed(ctx.config.minTradeUsd),
      thresholdBps: ctx.config.driftThresholdBps,
    });
    let replan = false;
    for (const leg of plan.legs) {
      const symbol = assets.find((a) => a.mint === leg.mint)?.symbol ?? leg.mint;
      // A leg refused for price a moment ago waits out its cooldown, as a scan's leg does.
      const cooling = legCooling(ctx, sku.skuId, leg.mint);
      if (cooling) {
        ctx.logger.info({ sku: sku.skuId, symbol }, `raise-cash: cooling (${cooling.reason})`);
        closed.add(leg.mint);
        replan = true;
        break;
      }
      const planned = await planLeg(ctx, sku.skuId, leg.mint, -leg.notionalUsd1e8);
      if ('skipped' in planned || planned.route.route === 'skip') {
        closed.add(leg.mint);
        replan = true;
        break;
      }
      if (ctx.config.dryRun) {
        done.push(`would sell ${symbol} for ${planned.trade.notionalUsd1e8} (USD x 1e8)`);
      } else {
        let guarded: Guarded<JobResult>;
        try {
          // The rebalance's own guard: never at the same moment as a queued leg of this
          // (vault, asset), nor while one is in flight.
          guarded = await withLegGuard(ctx, sku.skuId, leg.mint, () => executeLeg(ctx, planned));
        } catch (error) {
          // Neither route prices this asset within the vault's bound now: plan without it.
          if (!isKeeperError(error, 'LEG_OUTSIDE_BOUND')) throw error;
          ctx.logger.info({ sku: sku.skuId, symbol }, `raise-cash: ${error.message}`);
          closed.add(leg.mint);
          replan = true;
          break;
        }
        if (!guarded.ran) {
          // Another leg of this asset is being traded: plan without it (the next run re-reads).
          ctx.logger.info({ sku: sku.skuId, symbol }, `raise-cash: ${guarded.reason}`);
          closed.add(leg.mint);
          replan = true;
          break;
        }
        done.push(guarded.value.summary);
      }
      sold.set(leg.mint, (sold.get(leg.mint) ?? 0n) + planned.trade.notionalUsd1e8);
      soldTotal += planned.trade.notionalUsd1e8;
    }
    if (!replan) break;
  }
  const prefix = ctx.config.dryRun ? 'dry-run: raise-cash' : 'raise-cash';
  if (done.length === 0) {
    // Nothing can trade now (halts, freezes, closed markets): the request stays open and the
    // next run tries again; the owner may cancel it (anyone after 72 h).
    return `${prefix}: no asset can be sold now (the next run tries again)`;
  }
  const unraised = plan?.unraisedUsd1e8 ?? 0n;
  const short = unraised > 0n ? `; ${unraised} (USD x 1e8) not coverable now` : '';
  return `${prefix}: ${done.join('; ')}${short}`;
}
