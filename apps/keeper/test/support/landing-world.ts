// The keeper world behind two fault proxies (packages/fault-proxy), for the landing world test
// and `npm run bench:landing`: endpoint 0 answers a share of every call with 429 (Retry-After)
// and both drop a share of sendTransaction calls, so every send of the keeper crosses a drop.
// Keeper actions are NAV pushes (push_snapshot + refresh_nav, one action key per sequence);
// what landed is read back from the chain (the snapshot's signatures), not from the keeper.
import {
  clockSysvarAccount,
  navSnapshotAccount,
  navStaleness,
  readAccounts,
  vaultStateAccount,
} from '@basket/sdk';
import { createLogger, createMetrics } from '@basket/service-kit';
import type { Address, Signature } from '@solana/kit';
import {
  type FaultProxy,
  faultsSchema,
  startFaultProxy,
} from '../../../../packages/fault-proxy/src/index.ts';
import { runNavPush } from '../../src/jobs/nav-push.ts';
import type { Keeper } from '../../src/keeper.ts';
import { type KeeperWorld, startKeeperWorld } from './keeper-world.ts';

export type LandingWorld = Readonly<{
  kw: KeeperWorld;
  /** [0]: 429s and drops; [1]: drops only. */
  proxies: readonly [FaultProxy, FaultProxy];
  /** Both proxies' drop share, and endpoint 0's 429 share (percent). */
  setFaults: (dropSendPercent: number, rateLimitPercent: number) => void;
  keeper: (id: string) => Promise<Keeper>;
  stop: () => Promise<void>;
}>;

/**
 * @example
 * const lw = await startLandingWorld({ seed: 7 });
 * lw.setFaults(50, 30);
 */
export async function startLandingWorld(options: { seed: number }): Promise<LandingWorld> {
  const kw = await startKeeperWorld({ slotTimeMs: 100 });
  const silent = createLogger({ name: 'fault-proxy', level: 'silent' });
  const proxy = (seed: number, name: string) =>
    startFaultProxy(
      {
        host: '127.0.0.1',
        port: 0,
        adminPort: 0,
        upstream: kw.world.localnet.rpcUrl,
        seed,
        faults: faultsSchema.parse({ retryAfterSeconds: 1 }),
      },
      silent,
      createMetrics(name),
    );
  const proxies = [
    await proxy(options.seed, 'fault_proxy_a'),
    await proxy(options.seed + 1, 'fault_proxy_b'),
  ] as const;
  return {
    kw,
    proxies,
    setFaults(dropSendPercent, rateLimitPercent) {
      proxies[0].setFaults({ dropSendPercent, rateLimitPercent });
      proxies[1].setFaults({ dropSendPercent });
    },
    keeper: (id) =>
      kw.keeper(id, {
        rpcUrls: proxies.map((p) => p.url),
        // Every action runs at once here; the per-minute cap is not what is measured.
        txPerMinutePerJob: 10_000,
        resendIntervalMs: 300,
        maxTxVersions: 10,
      }),
    stop: async () => {
      for (const p of proxies) await p.close();
      await kw.stop();
    },
  };
}

/** What one run of actions did, read from the keeper's rows and from the chain. */
export type LandingRun = Readonly<{
  actions: number;
  landed: number;
  /** Successful transactions on the snapshots beyond one per landed transaction of an action. */
  duplicates: number;
  /** Transactions on the snapshots that landed with an error (a refused second version). */
  failedOnChain: number;
  p50Ms: number;
  p99Ms: number;
  resends: number;
  rebuilds: number;
  /** NAV was fresh at the chain's clock after every push, and refreshed with it. */
  navFresh: boolean;
}>;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p * sorted.length) / 100) - 1))] ?? 0
  );
}

/** Signatures on `address` newer than `until` (all pages). */
async function signaturesSince(
  lw: LandingWorld,
  address: Address,
  until: Signature | undefined,
): Promise<{ signature: Signature; err: unknown }[]> {
  const out: { signature: Signature; err: unknown }[] = [];
  let before: Signature | undefined;
  for (;;) {
    const page = await lw.kw.world.chain.rpc
      .getSignaturesForAddress(address, {
        limit: 1_000,
        commitment: 'confirmed',
        ...(until ? { until } : {}),
        ...(before ? { before } : {}),
      })
      .send();
    out.push(...page.map((p) => ({ signature: p.signature, err: p.err })));
    if (page.length < 1_000) return out;
    before = page[page.length - 1]?.signature;
  }
}

/**
 * Runs `count` NAV pushes, spread over the keeper's SKUs (one SKU's pushes in turn, the SKUs
 * side by side), and reads back what landed.
 *
 * @example
 * const run = await driveNavPushes(lw, keeper, 200);
 */
export async function driveNavPushes(
  lw: LandingWorld,
  keeper: Keeper,
  count: number,
  onProgress: (done: number) => void = () => {},
): Promise<LandingRun> {
  const ctx = keeper.context;
  const rpc = lw.kw.world.chain.rpc;
  const skus = ctx.skus;
  const newest = async (a: Address) =>
    (await rpc.getSignaturesForAddress(a, { limit: 1, commitment: 'confirmed' }).send())[0]
      ?.signature;
  const marks = await Promise.all(skus.map((s) => newest(s.snapshot as Address)));
  const before = new Set(
    (
      await ctx.pool.query<{ action_key: string }>('select action_key from keeper.actions')
    ).rows.map((r) => r.action_key),
  );
  let done = 0;
  let landed = 0;
  let navFresh = true;
  await Promise.all(
    skus.map(async (sku, i) => {
      const share = Math.floor(count / skus.length) + (i < count % skus.length ? 1 : 0);
      for (let n = 0; n < share; n += 1) {
        const result = await runNavPush(ctx, sku).catch((e: unknown) => ({ summary: String(e) }));
        if (/: sent( \(push, then refresh\))?$/.test(result.summary)) landed += 1;
        const [clock, snap, vault] = await readAccounts(rpc, [
          clockSysvarAccount(),
          navSnapshotAccount(sku.snapshot as Address, ctx.programs),
          vaultStateAccount(sku.vault as Address, ctx.programs),
        ]);
        if (!clock?.exists || !snap?.exists || !vault?.exists) navFresh = false;
        else {
          const fresh = navStaleness(snap.data.publishUnixTime, clock.data.unixTimestamp).fresh;
          if (!fresh || vault.data.lastSnapshotSequence !== snap.data.sequence) navFresh = false;
        }
        done += 1;
        onProgress(done);
      }
    }),
  );
  let successes = 0;
  let failedOnChain = 0;
  for (const [i, sku] of skus.entries()) {
    for (const s of await signaturesSince(lw, sku.snapshot as Address, marks[i])) {
      if (s.err) failedOnChain += 1;
      else successes += 1;
    }
  }
  // Every sent row is one landed transaction naming the snapshot (a push, or a refresh of a
  // SKU whose push and refresh do not fit one transaction).
  const { rows: all } = await ctx.pool.query<{
    action_key: string;
    detail: { ms?: number; resends?: number; versions?: number };
  }>("select action_key, detail from keeper.actions where job = 'nav-push' and status = 'sent'");
  const rows = all.filter((r) => !before.has(r.action_key));
  const times = rows.map((r) => r.detail.ms ?? 0).sort((a, b) => a - b);
  return {
    actions: count,
    landed,
    duplicates: Math.max(0, successes - rows.length),
    failedOnChain,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    resends: rows.reduce((n, r) => n + (r.detail.resends ?? 0), 0),
    rebuilds: rows.reduce((n, r) => n + Math.max(0, (r.detail.versions ?? 1) - 1), 0),
    navFresh,
  };
}
