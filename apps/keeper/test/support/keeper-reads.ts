// What the keeper's world suites read to check a job's effect: the alerts a keeper raised (its
// own counter), its action rows, a vault's state and NAV, a snapshot entry, and whether the API
// simulator has written a scheduled corporate action on chain.
import { getNavQuote, navSnapshotAccount, readAccounts, vaultStateAccount } from '@basket/sdk';
import { DEFAULT_SIM_CONFIG, type RunningSimulator } from '@basket/tokenized-api-sim';
import type { Address } from '@solana/kit';
import type { KeeperContext } from '../../src/jobs/context.ts';
import type { Keeper } from '../../src/keeper.ts';
import { skuOf } from './vault-checks.ts';

/** Every alert of `kind` the keeper raised for `skuId` (its own counter). */
export async function alertsOf(k: Keeper, kind: string, skuId: string): Promise<number> {
  const values = (await k.context.metrics.alerts.get()).values;
  return values
    .filter((v) => v.labels.kind === kind && v.labels.sku === skuId)
    .reduce((s, v) => s + v.value, 0);
}

/** The vault of `skuId` as the chain holds it now. */
export async function vaultState(ctx: KeeperContext, skuId: string) {
  const [vault] = await readAccounts(ctx.rpc, [
    vaultStateAccount(skuOf(ctx, skuId).vault as Address, ctx.programs),
  ]);
  if (!vault.exists) throw new Error(`${skuId}: no vault`);
  return vault.data;
}

/** NAV (1e-6 USD) the vault last refreshed, and the SDK's quote of it from the chain now. */
export async function navs(ctx: KeeperContext, skuId: string) {
  const quote = await getNavQuote(ctx.rpc, skuId, {
    programs: ctx.programs,
    commitment: 'confirmed',
  });
  return { refreshed: (await vaultState(ctx, skuId)).lastNavUsd, quote };
}

/** The value (1e-6 USD, rounded down) a NAV quote gives the vault's holding of `mint`. */
export const assetValue = (quote: Awaited<ReturnType<typeof getNavQuote>>, mint: string) =>
  quote.assets.find((a) => a.mint === mint)?.valueUsd?.down ?? -1n;

/** The keeper's action rows whose key is `like` (SQL), oldest first. */
export async function actionRows(ctx: KeeperContext, like: string) {
  const { rows } = await ctx.pool.query<{
    action_key: string;
    status: string;
    token: string;
    signature: string;
  }>(
    'select action_key, status, token, signature from keeper.actions where action_key like $1 order by created_at',
    [like],
  );
  return rows;
}

/** The entry of `mint` in the snapshot of `skuId`. */
export async function snapshotEntry(ctx: KeeperContext, mint: string, skuId: string) {
  const [snapshot] = await readAccounts(ctx.rpc, [
    navSnapshotAccount(skuOf(ctx, skuId).snapshot as Address, ctx.programs),
  ]);
  const entry = snapshot.exists
    ? snapshot.data.entries.slice(0, snapshot.data.entryCount).find((e) => e.mint === mint)
    : undefined;
  if (!entry) throw new Error(`no snapshot entry for ${mint}`);
  return entry;
}

/** Waits until the simulator has written `symbol`'s scheduled action on chain. */
export async function announced(sim: RunningSimulator, symbol: string): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`${sim.baseUrl}/admin/corporate-actions`, {
      headers: { 'X-API-Key': DEFAULT_SIM_CONFIG.apiKey },
    });
    const { data } = (await response.json()) as { data: { symbol: string; status: string }[] };
    const status = data.find((a) => a.symbol === symbol)?.status;
    if (status === 'announced' || status === 'effective') return;
    if (status === 'failed' || Date.now() > until) throw new Error(`${symbol}: ${status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
