// nav-push (spec, Keeper jobs): prices from /v2/oracles (the indicative price-data as a
// fallback), multipliers from the API compared with each mint's on-chain ScaledUiAmount state,
// freeze and halt flags, then the signed push and refresh_nav in one transaction when it fits
// (two otherwise, the refresh right after). Nothing is sent on bad data; when the snapshot
// would go stale before the next push, an alert.
import { isOpen, maxStaleSecsAt, navPushCadenceSecsAt } from '@basket/market-calendar';
import {
  BasketTransactionError,
  clockSysvarAccount,
  currentMultiplier,
  decodeF64Multiplier,
  getRefreshNavInstructionFor,
  navSnapshotAccount,
  readAccounts,
  tokenMintAccount,
  vaultStateAccount,
} from '@basket/sdk';
import { formatDecimal } from '@basket/tokenized-api';
import {
  type Address,
  type AddressesByLookupTableAddress,
  fetchAddressesForLookupTables,
} from '@solana/kit';
import { fits } from '../chain/fenced-send.ts';
import { buildSignedPush } from '../chain/nav-push-instructions.ts';
import { KeeperError } from '../decisions/errors.ts';
import { decideNavEntry, type NavEntryDecision, wouldGoStale } from '../decisions/nav-entries.ts';
import { entriesFingerprint } from '../decisions/publication-origin.ts';
import { MULTIPLIER_ONE } from '../decisions/valuation.ts';
import { chainMsOf, clockMs } from '../routes/chain-time.ts';
import type { KeeperSku } from '../service/config.ts';
import type { JobResult, KeeperContext } from './context.ts';
import { checkPublication } from './nav-publication.ts';

/** What the API says about one symbol, fetched once per push. */
async function apiView(ctx: KeeperContext, symbols: readonly string[]) {
  const [oracles, assets] = await Promise.all([ctx.api.getOracles(), ctx.api.listAssets()]);
  const oracle = new Map(oracles.map((o) => [o.symbol, formatDecimal(o.price)]));
  const asset = new Map(assets.map((a) => [a.symbol, a]));
  const perSymbol = await Promise.all(
    symbols.map(async (symbol) => {
      const [multiplier, status, fallback] = await Promise.all([
        ctx.api.getMultiplier(symbol),
        ctx.api.getSystemStatus(symbol),
        oracle.has(symbol) ? Promise.resolve(null) : ctx.api.getPrice(symbol),
      ]);
      return { symbol, multiplier, status, fallback };
    }),
  );
  return { oracle, asset, perSymbol: new Map(perSymbol.map((p) => [p.symbol, p])) };
}

/**
 * Decides every entry of `sku`'s snapshot from the chain and the API (no sending).
 *
 * @throws {KeeperError} `STALE_INPUT` when a price or multiplier is missing.
 */
export async function decideNavPush(ctx: KeeperContext, sku: KeeperSku) {
  const [snapshot, vault, clock] = await readAccounts(
    ctx.rpc,
    [
      navSnapshotAccount(sku.snapshot as Address, ctx.programs),
      vaultStateAccount(sku.vault as Address, ctx.programs),
      clockSysvarAccount(),
    ],
    { commitment: 'confirmed' },
  );
  if (!snapshot.exists || !vault.exists || !clock.exists) {
    throw new KeeperError('STALE_INPUT', `${sku.skuId}: snapshot, vault or clock not found`);
  }
  const mints = snapshot.data.entries.slice(0, snapshot.data.entryCount).map((e) => e.mint);
  const mintInfo = await readAccounts(
    ctx.rpc,
    mints.map((m) => tokenMintAccount(m)),
    { commitment: 'confirmed' },
  );
  const symbolOf = new Map(sku.assets.map((a) => [a.mint, a.symbol]));
  const symbols = mints.map((m) => {
    const s = symbolOf.get(m);
    if (!s) throw new KeeperError('STALE_INPUT', `${sku.skuId}: mint ${m} is not configured`);
    return s;
  });
  const api = await apiView(ctx, symbols);
  const slot = await ctx.rpc.getSlot({ commitment: 'processed' }).send();
  // The chain's time decides the session (the oracle judges the snapshot by it), not this
  // machine's: a moved world's clock or a lagging node would otherwise flip the halt flags.
  const chainTime = clock.data.unixTimestamp;
  const now = clockMs(chainTime);
  const marketOpen = isOpen('MarketHours', now);
  const entries: (NavEntryDecision & { symbol: string })[] = mints.map((mint, i) => {
    const symbol = symbols[i] as string;
    const info = mintInfo[i];
    if (!info?.exists) throw new KeeperError('STALE_INPUT', `${symbol}: mint ${mint} not found`);
    const onChainF64 = info.data.scaledUiAmount
      ? currentMultiplier(info.data.scaledUiAmount, chainTime)
      : 1;
    const onChain = info.data.scaledUiAmount
      ? decodeF64Multiplier(onChainF64).floor
      : MULTIPLIER_ONE;
    const view = api.perSymbol.get(symbol);
    if (!view) throw new KeeperError('STALE_INPUT', `${symbol}: no API data`);
    const active = api.asset.get(symbol)?.status === 'Active';
    return {
      symbol,
      ...decideNavEntry({
        symbol,
        oraclePrice: api.oracle.get(symbol) ?? null,
        fallbackPrice: view.fallback ? formatDecimal(view.fallback.price) : null,
        multiplier: {
          currentMultiplier: formatDecimal(view.multiplier.currentMultiplier),
          newMultiplier: formatDecimal(view.multiplier.newMultiplier),
          activationDateTime: view.multiplier.activationDateTime,
          reason: view.multiplier.reason,
        },
        onChainMultiplierNum: onChain,
        onChainMultiplierF64: onChainF64,
        marketOpen,
        halted: view.status.isMarketTradingHalted || !active,
        now,
        slot,
      }),
    };
  });
  return { snapshot: snapshot.data, vault, entries, chainTime };
}

/**
 * One nav-push of one SKU.
 *
 * @example
 * await runNavPush(ctx, ctx.skus[0]);
 */
export async function runNavPush(ctx: KeeperContext, sku: KeeperSku): Promise<JobResult> {
  let decided: Awaited<ReturnType<typeof decideNavPush>>;
  try {
    decided = await decideNavPush(ctx, sku);
  } catch (error) {
    await staleCheck(ctx, sku).catch(() => {});
    throw error;
  }
  const { snapshot, vault, entries } = decided;
  // Whose publication the chain carries, judged before pushing over it (decision 0997): a
  // foreign one is alerted, and the push below still restores the true price.
  await checkPublication(ctx, sku, {
    sequence: snapshot.sequence,
    publishSlot: snapshot.publishSlot,
    publishUnixTime: snapshot.publishUnixTime,
    entries: snapshot.entries.slice(0, snapshot.entryCount),
  });
  const sequence = snapshot.sequence + 1n;
  for (const e of entries) {
    if (e.notes.includes('multiplier-mismatch')) {
      ctx.alert('multiplier-mismatch', 'warning', `${e.symbol}: API and mint multipliers differ`, {
        sku: sku.skuId,
        detail: e.freezeMessage,
      });
    }
  }
  const push = await buildSignedPush({
    signer: ctx.navSigner,
    oracle: ctx.programs.oracle,
    snapshot: sku.snapshot as Address,
    skuId: sku.skuId,
    sequence,
    entries,
  });
  const refresh = getRefreshNavInstructionFor({ vault }, ctx.programs);
  const detail = { sku: sku.skuId, sequence: sequence.toString() };
  // The pushed entries, recorded with the action: what a raised sequence leaves on chain.
  const pushDetail = { ...detail, entries: entriesFingerprint(entries) };
  const together = [...push, refresh];
  const tables = await skuLookupTables(ctx, sku);
  if (fits(ctx.feePayer, together, tables)) {
    const outcome = await ctx
      .send({
        ...(tables ? { addressLookupTables: tables } : {}),
        job: 'nav-push',
        actionKey: `nav-push:${sku.skuId}:${sequence}`,
        instructions: together,
        describe: `push_snapshot #${sequence} + refresh_nav of ${sku.skuId}`,
        detail: pushDetail,
      })
      .catch((error: unknown) => refused(ctx, sku, sequence, error));
    return {
      job: 'nav-push',
      summary: `${sku.skuId} #${sequence}: ${outcome.kind}`,
      details: outcome,
    };
  }
  const pushed = await ctx
    .send({
      job: 'nav-push',
      actionKey: `nav-push:${sku.skuId}:${sequence}`,
      instructions: push,
      describe: `push_snapshot #${sequence} of ${sku.skuId}`,
      detail: pushDetail,
    })
    .catch((error: unknown) => refused(ctx, sku, sequence, error));
  if (pushed.kind !== 'sent') {
    return {
      job: 'nav-push',
      summary: `${sku.skuId} #${sequence}: ${pushed.kind}`,
      details: pushed,
    };
  }
  try {
    await ctx.send({
      ...(tables ? { addressLookupTables: tables } : {}),
      job: 'nav-push',
      actionKey: `refresh-nav:${sku.skuId}:${sequence}`,
      instructions: [refresh],
      describe: `refresh_nav of ${sku.skuId} at #${sequence}`,
      detail,
    });
  } catch (error) {
    ctx.metrics.pushWithoutRefresh.inc({ sku: sku.skuId });
    ctx.alert(
      'push-without-refresh',
      'critical',
      `${sku.skuId}: push #${sequence} landed but refresh_nav failed`,
      {
        sku: sku.skuId,
        err: error instanceof Error ? error.message : String(error),
      },
    );
    throw error;
  }
  return { job: 'nav-push', summary: `${sku.skuId} #${sequence}: sent (push, then refresh)` };
}

/** The oracle's `DeviationTooLarge`: the push moves a price beyond the cap of its reference. */
const DEVIATION_TOO_LARGE = 2014;

/**
 * A push refused beyond the deviation cap cannot land until the admins approve it (decision
 * 0620): every later push is refused the same way and NAV goes stale. A real overnight gap or a
 * split does this, so it is not a keeper fault: the alert names the SKU and the approval the
 * operators must sign. Every other failure passes through unchanged; this one is thrown on too.
 *
 * @example
 * await ctx.send(push).catch((e: unknown) => refused(ctx, sku, 12n, e));
 */
export function refused(
  ctx: KeeperContext,
  sku: KeeperSku,
  sequence: bigint,
  error: unknown,
): never {
  const f = error instanceof BasketTransactionError ? error.failure : null;
  if (f?.kind === 'custom' && f.program === 'oracle' && f.code === DEVIATION_TOO_LARGE) {
    ctx.alert(
      'nav-deviation-approval',
      'critical',
      `${sku.skuId}: push #${sequence} moves a price beyond the oracle's deviation cap; NAV stays stale until 3 admins approve it: basket-ops propose oracle.approve-deviation --sku ${sku.skuId}`,
      { sku: sku.skuId, sequence: sequence.toString(), approval: 'oracle.approve-deviation' },
    );
  }
  throw error;
}

/**
 * The SKU's lookup table, read from chain (one call; refresh_nav names every asset's mint and
 * holding, which passes a packet beyond about 15 assets without it).
 */
export async function skuLookupTables(
  ctx: KeeperContext,
  sku: KeeperSku,
): Promise<AddressesByLookupTableAddress | undefined> {
  if (!sku.lookupTable) return undefined;
  return fetchAddressesForLookupTables([sku.lookupTable as Address], ctx.rpc as never, {
    commitment: 'confirmed',
  });
}

/**
 * Records the snapshot's age at the chain's time (the oracle's staleness check reads the same
 * Clock) and alerts when it would be stale before the next push.
 */
export async function staleCheck(ctx: KeeperContext, sku: KeeperSku): Promise<number> {
  const [snapshot, clock] = await readAccounts(ctx.rpc, [
    navSnapshotAccount(sku.snapshot as Address, ctx.programs),
    clockSysvarAccount(),
  ]);
  if (!snapshot.exists) return Number.POSITIVE_INFINITY;
  const now = chainMsOf(clock);
  const publish = Number(snapshot.data.publishUnixTime);
  const age = now / 1000 - publish;
  ctx.metrics.navAge.set({ sku: sku.skuId }, age);
  ctx.metrics.navMaxStale.set({ sku: sku.skuId }, maxStaleSecsAt(now));
  if (wouldGoStale(publish, now, navPushCadenceSecsAt(now) * 1000)) {
    ctx.alert(
      'nav-stale',
      'critical',
      `${sku.skuId}: the NAV snapshot would be stale before the next push`,
      {
        sku: sku.skuId,
        ageSeconds: Math.round(age),
      },
    );
  }
  return age;
}
