// What the keeper's world suites check after every leg, written once: the vault's books against
// its holdings' token balances, one holding's book, a leg whose direction the venue prices
// within the vault's bound, what landed on a holding, and an API client that counts RFQs.
import {
  fetchEncodedAccountsBatched,
  findVaultHoldingPda,
  readAccounts,
  vaultStateAccount,
} from '@basket/sdk';
import type { TestWorld } from '@basket/world';
import type { Address, MaybeEncodedAccount } from '@solana/kit';
import { expect } from 'vitest';
import type { PlannedLeg } from '../../src/decisions/planned-leg.ts';
import type { KeeperContext } from '../../src/jobs/context.ts';
import { planLeg } from '../../src/jobs/rebalance-exec.ts';
import { payRawOf } from '../../src/routes/aggregator-route.ts';
import { legSetup, minReceiveRaw } from '../../src/routes/leg-setup.ts';

export { requestUsdcWithdrawal } from '../../src/demo/demo-wallet.ts';

/** The configured SKU of a keeper, or a failure naming it. */
export function skuOf(ctx: KeeperContext, skuId: string) {
  const s = ctx.skus.find((x) => x.skuId === skuId);
  if (!s) throw new Error(`no ${skuId}`);
  return s;
}

/** The mint of `symbol` in a SKU. */
export function mintIn(ctx: KeeperContext, skuId: string, symbol: string): string {
  const a = skuOf(ctx, skuId).assets.find((x) => x.symbol === symbol);
  if (!a) throw new Error(`${symbol} is not in ${skuId}`);
  return a.mint;
}

async function vaultOf(world: TestWorld, ctx: KeeperContext, skuId: string) {
  const [vault] = await readAccounts(world.chain.rpc, [
    vaultStateAccount(skuOf(ctx, skuId).vault as Address, ctx.programs),
  ]);
  if (!vault?.exists) throw new Error(`${skuId}: no vault`);
  return vault;
}

/** A token account's amount (bytes 64..72 of its data), 0 when it does not exist. */
const tokenAmountOf = (account: MaybeEncodedAccount) =>
  account.exists ? new DataView(Uint8Array.from(account.data).buffer).getBigUint64(64, true) : 0n;

/**
 * Every book of the vault (cash with the fees owed, each asset) with its holding's balance;
 * the holdings read in one getMultipleAccounts (BROAD20 has 21 of them).
 */
export async function booksAndBalances(world: TestWorld, ctx: KeeperContext, skuId: string) {
  const v = (await vaultOf(world, ctx, skuId)).data;
  const assets = v.assets.slice(0, v.assetCount);
  const holdings = await Promise.all(
    assets.map(async (a) => (await findVaultHoldingPda(v.skuId, a.mint, ctx.programs))[0]),
  );
  const { accounts } = await fetchEncodedAccountsBatched(
    world.chain.rpc,
    [v.cashHolding, ...holdings],
    { commitment: 'confirmed' },
  );
  const balance = (i: number) => tokenAmountOf(accounts[i] as MaybeEncodedAccount);
  // The cash holding also keeps the withdrawal fees owed to the treasury until
  // collect_withdraw_fees (never part of cash_raw).
  return [
    { name: 'cash', mint: 'cash', book: v.cashRaw + v.withdrawFeesOwed, balance: balance(0) },
    ...assets.map((a, i) => ({
      name: a.mint as string,
      mint: a.mint as string,
      book: a.holdingsRaw,
      balance: balance(i + 1),
    })),
  ];
}

/**
 * Waits until the chain's clock has passed the second it reads now: a snapshot pushed after
 * this is newer than anything that landed before it (forward pricing), in about a second at
 * most instead of a fixed wait.
 */
export async function waitNextChainSecond(world: TestWorld): Promise<void> {
  const now = (await world.clock.now()).unixTimestamp;
  await world.clock.waitForTimestamp(now + 1n, 30_000);
}

/** The vault's books equal its token balances, row by row (the check after every leg). */
export async function expectBooksMatch(world: TestWorld, ctx: KeeperContext, skuId: string) {
  for (const row of await booksAndBalances(world, ctx, skuId)) {
    expect(row.balance, `${skuId} ${row.name}`).toBe(row.book);
  }
}

/** The vault's book of one asset (raw), or of its cash with `mint = 'cash'`. */
export async function bookOf(world: TestWorld, ctx: KeeperContext, skuId: string, mint: string) {
  const rows = await booksAndBalances(world, ctx, skuId);
  return rows.find((r) => r.mint === mint)?.book ?? 0n;
}

/**
 * A leg of `mint` in the direction the venue's pool prices within the vault's bound now, or
 * null. The pools hold the world's catalog prices while the snapshot carries the API's moving
 * oracle, and the pool charges 30 bps: at a small size a buy clears the 50 bps bound when the
 * pool is at most ~5 bps above the snapshot, a sale when at most ~5 bps below, so one
 * direction of an unfrozen asset does.
 */
export async function clearingLeg(
  ctx: KeeperContext,
  skuId: string,
  mint: string,
  usd1e8: bigint,
): Promise<PlannedLeg | null> {
  for (const delta of [usd1e8, -usd1e8]) {
    const plan = await planLeg(ctx, skuId, mint, delta);
    if ('skipped' in plan || plan.route.route === 'skip') continue;
    const setup = await legSetup(ctx, plan);
    const payRaw = payRawOf(plan, setup.pay.decimals);
    let least: bigint;
    try {
      least = minReceiveRaw(ctx, setup, payRaw);
    } catch {
      continue; // the vault refuses any leg of it now (frozen ahead of a corporate action)
    }
    const quote = await ctx.swapApi?.quoteGet({
      inputMint: setup.pay.mint,
      outputMint: setup.receive.mint,
      amount: Number(payRaw),
      slippageBps: setup.nav.config.maxSlipBps,
    });
    if (quote && BigInt(quote.outAmount) >= least) return plan;
  }
  return null;
}

/** The first asset of a SKU with a leg the venue prices within the bound now. */
export async function anyClearingLeg(ctx: KeeperContext, skuId: string, usd1e8: bigint) {
  for (const { mint } of skuOf(ctx, skuId).assets) {
    const plan = await clearingLeg(ctx, skuId, mint, usd1e8);
    if (plan) return plan;
  }
  throw new Error(`no ${skuId} leg clears the vault bound at the venue now`);
}

/**
 * A context whose API counts RFQ requests (asked, even when refused) and keeps the ids of the
 * quotes given; `rewrite` may change a request first. Everything else is the keeper's own.
 */
export function countingRfq(
  ctx: KeeperContext,
  rewrite: (r: Parameters<KeeperContext['api']['requestRfq']>[0]) => typeof r = (r) => r,
) {
  const api = ctx.api;
  const quoteIds: string[] = [];
  let asked = 0;
  const counted: KeeperContext = {
    ...ctx,
    api: {
      ...api,
      requestRfq: async (request: Parameters<typeof api.requestRfq>[0]) => {
        asked += 1;
        const quote = await api.requestRfq(rewrite(request));
        quoteIds.push(quote.id);
        return quote;
      },
    },
  };
  return { ctx: counted, asked: () => asked, quoteIds };
}

/** The vault's holding (token account) of `mint`. */
export async function holdingOf(world: TestWorld, ctx: KeeperContext, skuId: string, mint: string) {
  const v = (await vaultOf(world, ctx, skuId)).data;
  const [holding] = await findVaultHoldingPda(v.skuId, mint as Address, ctx.programs);
  return holding;
}

/** The newest transaction signature that touched `address` (null: none yet). */
export async function lastSignatureOf(world: TestWorld, address: Address): Promise<string | null> {
  const sigs = await world.chain.rpc
    .getSignaturesForAddress(address, { limit: 1, commitment: 'confirmed' })
    .send();
  return sigs[0]?.signature ?? null;
}

/**
 * The transactions that moved the token balance of `address` after `since` (oldest first),
 * each with its fee payer, whether it failed and the amount moved: what landed on chain,
 * whatever the keeper reported. Transactions that only read the account (refresh_nav prices
 * the holdings) are left out.
 */
export async function landedSince(world: TestWorld, address: Address, since: string | null) {
  const rpc = world.chain.rpc;
  const sigs = await rpc
    .getSignaturesForAddress(address, {
      commitment: 'confirmed',
      ...(since ? { until: since as never } : {}),
    })
    .send();
  const out: { signature: string; feePayer: string; failed: boolean; moved: bigint }[] = [];
  for (const s of [...sigs].reverse()) {
    const tx = await rpc
      .getTransaction(s.signature, {
        commitment: 'confirmed',
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
      })
      .send();
    if (!tx) continue;
    const loaded = tx.meta?.loadedAddresses;
    const keys = [
      ...tx.transaction.message.accountKeys,
      ...(loaded?.writable ?? []),
      ...(loaded?.readonly ?? []),
    ].map(String);
    const index = keys.indexOf(address);
    const amount = (
      list:
        | readonly { accountIndex: number; uiTokenAmount: { amount: string } }[]
        | null
        | undefined,
    ) => BigInt(list?.find((b) => b.accountIndex === index)?.uiTokenAmount.amount ?? '0');
    const moved = amount(tx.meta?.postTokenBalances) - amount(tx.meta?.preTokenBalances);
    if (moved === 0n) continue;
    out.push({
      signature: s.signature,
      feePayer: String(keys[0] ?? ''),
      failed: s.err !== null,
      moved,
    });
  }
  return out;
}
