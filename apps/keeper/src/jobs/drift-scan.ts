// drift-scan (every 60 s): every vault's drift from on-chain state only: the vault's books
// (raw holdings), its holding token accounts (what is really there), the snapshot's prices and
// multipliers, and every configured mint (issuer powers) in the holdings' batches. One
// getMultipleAccounts per 100 accounts. A vault beyond the threshold gets one
// rebalance job per (vault, asset) with a unique key; a holding whose real balance is below
// the books means the issuer's powers were used (burn or move by the permanent delegate, a
// freeze): alert and refresh_nav at once so NAV reflects it. A mint's powers and a holding's
// freeze are compared with the baseline last recorded in Postgres, so a change made while no
// keeper ran (or during a failover) is alerted by the next scan, once.
import {
  decodeWith,
  fetchEncodedAccountsBatched,
  type GetMultipleAccountsRpc,
  getRefreshNavInstructionFor,
  navSnapshotAccount,
  readAccounts,
  vaultStateAccount,
} from '@basket/sdk';
import type { Address, MaybeEncodedAccount } from '@solana/kit';
import { computeVaultDrift, type VaultDrift } from '../decisions/drift.ts';
import { decideCorrection } from '../decisions/drift-correction.ts';
import { mintPowers, powerChanges } from '../decisions/mint-powers.ts';
import { usdDecimalToFixed } from '../decisions/valuation.ts';
import type { KeeperSku } from '../service/config.ts';
import {
  baselineOf,
  type IssuerBaseline,
  loadIssuerBaselines,
  recordIssuerBaseline,
  sameBaseline,
} from '../service/issuer-baselines.ts';
import type { JobResult, KeeperContext } from './context.ts';
import { legCooling, refusedForMs } from './leg-cooldown.ts';

/** Token account amount (bytes 64..72) and state (byte 108: 2 = frozen). */
function tokenAccountView(
  account: MaybeEncodedAccount,
): { amount: bigint; frozen: boolean } | null {
  if (!account.exists || account.data.length < 165) return null;
  const data = Uint8Array.from(account.data);
  const view = new DataView(data.buffer);
  return { amount: view.getBigUint64(64, true), frozen: data[108] === 2 };
}

/** The scan's reading of one vault. */
export type ScannedVault = Readonly<{
  sku: KeeperSku;
  drift: VaultDrift;
  /** Holdings whose real balance differs from the books, or that are frozen. */
  issuerEvents: readonly { mint: string; books: bigint; actual: bigint; frozen: boolean }[];
}>;

/**
 * Reads and values every configured vault: 2 accounts per vault plus one per asset holding,
 * fetched in batches of 100.
 *
 * @example
 * const vaults = await scanVaults(ctx.rpc, ctx.skus, ctx.programs);
 */
export async function scanVaults(
  rpc: GetMultipleAccountsRpc,
  skus: readonly KeeperSku[],
  programs: KeeperContext['programs'],
): Promise<ScannedVault[]> {
  return (await readDriftInputs(rpc, skus, programs, [])).vaults;
}

/**
 * What one drift scan reads: every vault (as `scanVaults`) and the accounts of `mints`,
 * fetched in the holdings' batches (one getMultipleAccounts per 100 addresses of both).
 *
 * @example
 * const { vaults, mints } = await readDriftInputs(ctx.rpc, ctx.skus, ctx.programs, mintAddresses);
 */
export async function readDriftInputs(
  rpc: GetMultipleAccountsRpc,
  skus: readonly KeeperSku[],
  programs: KeeperContext['programs'],
  mints: readonly Address[],
): Promise<{ vaults: ScannedVault[]; mints: readonly MaybeEncodedAccount[] }> {
  const heads = skus.flatMap((s) => [s.vault as Address, s.snapshot as Address]);
  const first = await fetchEncodedAccountsBatched(rpc, heads, { commitment: 'confirmed' });
  const states = skus.map((s, i) => {
    const vault = decodeWith(
      vaultStateAccount(s.vault as Address, programs),
      first.accounts[2 * i] as MaybeEncodedAccount,
    );
    const snapshot = decodeWith(
      navSnapshotAccount(s.snapshot as Address, programs),
      first.accounts[2 * i + 1] as MaybeEncodedAccount,
    );
    return { sku: s, vault, snapshot };
  });
  const holdings = states.flatMap(({ vault }) =>
    vault.exists ? vault.data.assets.slice(0, vault.data.assetCount).map((a) => a.holding) : [],
  );
  // The mints ride in the holdings' batches: one call per 100 of both, not a batch set each.
  const second = await fetchEncodedAccountsBatched(rpc, [...holdings, ...mints], {
    commitment: 'confirmed',
  });
  const mintAccounts = second.accounts.slice(holdings.length) as MaybeEncodedAccount[];
  let cursor = 0;
  const out: ScannedVault[] = [];
  for (const { sku, vault, snapshot } of states) {
    if (!vault.exists || !snapshot.exists) continue;
    const assets = vault.data.assets.slice(0, vault.data.assetCount);
    const entries = new Map(
      snapshot.data.entries.slice(0, snapshot.data.entryCount).map((e) => [e.mint, e]),
    );
    const symbolOf = new Map(sku.assets.map((a) => [a.mint, a.symbol]));
    const issuerEvents: { mint: string; books: bigint; actual: bigint; frozen: boolean }[] = [];
    const driftAssets = assets.map((a) => {
      const real = tokenAccountView(second.accounts[cursor++] as MaybeEncodedAccount);
      if (real && (real.amount < a.holdingsRaw || real.frozen)) {
        issuerEvents.push({
          mint: a.mint,
          books: a.holdingsRaw,
          actual: real.amount,
          frozen: real.frozen,
        });
      }
      const entry = entries.get(a.mint);
      return {
        symbol: symbolOf.get(a.mint) ?? a.mint,
        mint: a.mint,
        // Value what is really there when it is less than the books (never more).
        rawAmount: real && real.amount < a.holdingsRaw ? real.amount : a.holdingsRaw,
        decimals: a.decimals,
        multiplierNum: entry?.multiplierNum ?? 0n,
        priceUsd1e8: entry?.priceUsd1E8 ?? 0n,
        targetWeightBps: a.targetWeightBps,
      };
    });
    // The stablecoin has 6 decimals; USD x 1e8 = raw x 100.
    const drift = computeVaultDrift({
      skuId: sku.skuId,
      assets: driftAssets,
      cashUsd1e8: vault.data.cashRaw * 100n,
      cashBufferBps: vault.data.cashBufferBps,
    });
    out.push({ sku, drift, issuerEvents });
  }
  return { vaults: out, mints: mintAccounts };
}

/**
 * One drift scan over every configured vault.
 *
 * @example
 * await runDriftScan(ctx);
 */
export async function runDriftScan(ctx: KeeperContext): Promise<JobResult[]> {
  const mints = configuredMints(ctx.skus);
  const { vaults: scanned, mints: mintAccounts } = await readDriftInputs(
    ctx.rpc,
    ctx.skus,
    ctx.programs,
    mints,
  );
  const accountOf = new Map(
    mints.map((m, i) => [m as string, mintAccounts[i] as MaybeEncodedAccount]),
  );
  const baselines = await loadIssuerBaselines(ctx.pool);
  const results: JobResult[] = [];
  const minNotional = usdDecimalToFixed(ctx.config.minTradeUsd);
  for (const { sku, drift, issuerEvents } of scanned) {
    ctx.metrics.driftBps.set({ sku: sku.skuId }, drift.maxAbsDriftBps);
    const powers = await watchIssuerPowers(ctx, sku, issuerEvents, accountOf, baselines);
    // A balance below the books is alerted at each scan that sees it (the refresh it sends
    // reconciles the books, so it is seen once); a frozen holding once, when it froze.
    const alerted = issuerEvents.filter(
      (e) => e.actual < e.books || (e.frozen && powers.newlyFrozen.has(e.mint)),
    );
    if (alerted.length > 0) await onIssuerPower(ctx, sku, alerted);
    for (const change of powers.mintChanges) await onIssuerPower(ctx, sku, [], change);
    const enqueued: string[] = [];
    const left: string[] = [];
    const cooling: string[] = [];
    ctx.metrics.rebalanceRefusedFor.set(
      { sku: sku.skuId },
      refusedForMs(
        ctx,
        sku.skuId,
        drift.assets.map((a) => a.mint),
      ) / 1_000,
    );
    if (drift.maxAbsDriftBps >= ctx.config.driftThresholdBps) {
      for (const a of drift.assets) {
        const correction = decideCorrection(drift, a, {
          thresholdBps: ctx.config.driftThresholdBps,
          minTradeUsd1e8: minNotional,
        });
        if (correction.action === 'trade' && legCooling(ctx, sku.skuId, a.mint)) {
          cooling.push(a.symbol);
          continue;
        }
        if (correction.action === 'leave') {
          // An asset beyond the threshold that stays says why (the others are the plain rule).
          if (Math.abs(a.driftBps) >= ctx.config.driftThresholdBps) {
            ctx.metrics.driftLeft.inc({ sku: sku.skuId, reason: correction.reason });
            left.push(`${a.symbol} ${a.driftBps} bps: ${correction.reason}`);
          }
          continue;
        }
        await ctx.enqueue(
          'rebalance-exec',
          { skuId: sku.skuId, mint: a.mint, symbol: a.symbol },
          { jobKey: `rebalance:${sku.skuId}:${a.mint}` },
        );
        enqueued.push(a.symbol);
      }
    }
    results.push({
      job: 'drift-scan',
      summary: `${sku.skuId}: max drift ${drift.maxAbsDriftBps} bps${enqueued.length ? `, rebalance queued for ${enqueued.join(', ')}` : ''}${left.length ? `, left ${left.join(', ')}` : ''}${cooling.length ? `, cooling ${cooling.join(', ')}` : ''}`,
      details: { maxAbsDriftBps: drift.maxAbsDriftBps, enqueued, left, cooling },
    });
  }
  return results;
}

/** Every configured mint once (several SKUs hold the same stocks). */
export const configuredMints = (skus: readonly KeeperSku[]): Address[] => [
  ...new Set(skus.flatMap((s) => s.assets.map((a) => a.mint as Address))),
];

/**
 * Compares each asset of `sku` (its mint's powers, its holding frozen or not) with the baseline
 * recorded in Postgres (service/issuer-baselines.ts) and records what changed. Returns what
 * this keeper must alert on: the mints whose powers changed for the worse, and the holdings
 * newly frozen (a holding frozen at the last scan too was alerted then).
 */
async function watchIssuerPowers(
  ctx: KeeperContext,
  sku: KeeperSku,
  events: ScannedVault['issuerEvents'],
  mintAccounts: ReadonlyMap<string, MaybeEncodedAccount>,
  baselines: ReadonlyMap<string, IssuerBaseline>,
): Promise<{ mintChanges: { mint: string; changes: string[] }[]; newlyFrozen: Set<string> }> {
  const mintChanges: { mint: string; changes: string[] }[] = [];
  const newlyFrozen = new Set<string>();
  for (const { mint } of sku.assets) {
    const account = mintAccounts.get(mint);
    if (!account?.exists) continue;
    const before = baselineOf(baselines, sku.vault, mint);
    const now: IssuerBaseline = {
      powers: mintPowers(Uint8Array.from(account.data)),
      holdingFrozen: events.some((e) => e.mint === mint && e.frozen),
    };
    if (sameBaseline(before, now)) continue;
    // Another keeper recorded this change first: it alerts, not this one. A dry run records
    // nothing (it alerts in its own log; the serving keeper must still see the change).
    const recorded =
      ctx.config.dryRun || (await recordIssuerBaseline(ctx.pool, sku.vault, mint, before, now));
    if (!recorded) continue;
    const changes = powerChanges(before?.powers, now.powers);
    if (changes.length > 0) mintChanges.push({ mint, changes });
    if (now.holdingFrozen && !before?.holdingFrozen) newlyFrozen.add(mint);
  }
  return { mintChanges, newlyFrozen };
}

async function onIssuerPower(
  ctx: KeeperContext,
  sku: KeeperSku,
  events: ScannedVault['issuerEvents'],
  mintChange?: { mint: string; changes: string[] },
): Promise<void> {
  const what = mintChange
    ? `mint ${mintChange.mint}: ${mintChange.changes.join(', ')}`
    : "a holding changed outside the vault's own instructions";
  ctx.alert('issuer-power-used', 'critical', `${sku.skuId}: ${what}`, {
    sku: sku.skuId,
    mintChange,
    holdings: events.map((e) => ({
      mint: e.mint,
      books: e.books.toString(),
      actual: e.actual.toString(),
      frozen: e.frozen,
    })),
  });
  const [vault] = await readAccounts(ctx.rpc, [
    vaultStateAccount(sku.vault as Address, ctx.programs),
  ]);
  if (!vault.exists) return;
  // Keyed by the snapshot sequence and the cause: one refresh per cause and snapshot,
  // whichever replica sees it (a later scan of the same state sends nothing), and a new
  // cause in the same snapshot (a pause, then a new delegate) gets its own refresh at once.
  const cause = mintChange
    ? `${mintChange.mint}:${mintChange.changes.join('+')}`
    : events.map((e) => `${e.mint}=${e.actual}${e.frozen ? ':frozen' : ''}`).join(',');
  await ctx
    .send({
      job: 'drift-scan',
      actionKey: `issuer-refresh:${sku.skuId}:${vault.data.lastSnapshotSequence}:${cause}`,
      instructions: [getRefreshNavInstructionFor({ vault }, ctx.programs)],
      describe: `refresh_nav of ${sku.skuId} after an issuer action`,
    })
    .catch((error) =>
      ctx.logger.warn({ err: error, sku: sku.skuId }, 'refresh_nav after issuer action failed'),
    );
}
