// The keeper end to end on the local world: real validator, the API simulator backed by it,
// real Postgres. NAV pushes land with refresh_nav, dry-run sends nothing, a follower never
// sends, a leader killed in the middle of a push is replaced with zero double actions, the
// drift scan reads every vault in batched calls, fees are collected once per day; the
// rebalancing suites (support/rebalance-cases.ts) run on the same world, one start less.

import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '@basket/localnet';
import { navPushCadenceSecsAt } from '@basket/market-calendar';
import { type DistributionArtifact, verifyArtifact } from '@basket/merkle';
import { navSnapshotAccount, readAccounts, vaultStateAccount } from '@basket/sdk';
import { SEED_ASSETS } from '@basket/tokenized-api-sim';
import { loadWorldKeys, MANIFEST_FILE } from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lastClosedEpoch } from '../src/decisions/epoch.ts';
import { runCollectFees } from '../src/jobs/collect-fees.ts';
import { runDriftScan } from '../src/jobs/drift-scan.ts';
import { runEpochDistributor } from '../src/jobs/epoch-distributor.ts';
import { runNavPush } from '../src/jobs/nav-push.ts';
import type { Keeper } from '../src/keeper.ts';
import { claimAction, resolveInFlight } from '../src/service/actions.ts';
import { demoWithdraw } from './support/demo-withdraw.ts';
import { claimFromArtifact, epochRoot, fundKeeper, stake } from './support/epoch-world.ts';
import { demoDeposit, type KeeperWorld, startKeeperWorld } from './support/keeper-world.ts';
import { describeRebalancing } from './support/rebalance-cases.ts';

let kw: KeeperWorld;
const open: Keeper[] = [];

beforeAll(async () => {
  // 100 ms slots: confirmations (and the leader's pushes) come 4x sooner than at 400 ms.
  kw = await startKeeperWorld({ slotTimeMs: 100 });
}, 240_000);
afterEach(async () => {
  // A failing test must not leave a replica holding the lease for the next one.
  for (const k of open.splice(0)) await k.close().catch(() => {});
}, 120_000);
afterAll(async () => {
  await kw?.stop();
});

async function keeper(
  id: string,
  over: Parameters<KeeperWorld['keeper']>[1] = {},
  options: Parameters<KeeperWorld['keeper']>[2] = {},
) {
  const k = await kw.keeper(id, over, options);
  open.push(k);
  return k;
}

async function sequences(sku: (typeof kw.world.manifest.skus)[number]) {
  const [snap, vault] = await readAccounts(kw.world.chain.rpc, [
    navSnapshotAccount(sku.snapshot as Address, kw.config('x').programs as never),
    vaultStateAccount(sku.vault as Address, kw.config('x').programs as never),
  ]);
  if (!snap.exists || !vault.exists) throw new Error('missing accounts');
  return {
    pushed: snap.data.sequence,
    refreshed: vault.data.lastSnapshotSequence,
    publish: snap.data.publishUnixTime,
  };
}

/** SKUs whose every stock the API simulator lists (seeded from the world catalog: all). */
const SIM_SYMBOLS = new Set(SEED_ASSETS.map((a) => a.symbol));
const covered = (sku: (typeof kw.world.manifest.skus)[number]) =>
  sku.assets.every((a) => SIM_SYMBOLS.has(a.symbol));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the keeper on the local world', () => {
  it('pushes with refresh_nav (BROAD20 through its lookup table), recording the fencing token', async () => {
    const a = await keeper('replica-a');
    expect(a.context.elector.lease()?.token).toBeDefined();
    for (const sku of kw.world.manifest.skus) {
      const before = await sequences(sku);
      const config = a.context.skus.find((s) => s.skuId === sku.skuId);
      if (!config) throw new Error('sku');
      if (covered(sku)) {
        expect((await runNavPush(a.context, config)).summary).toMatch(/sent/);
        const after = await sequences(sku);
        expect(after.pushed).toBe(before.pushed + 1n);
        expect(after.refreshed).toBe(after.pushed);
      } else {
        // A SKU the simulator lacks data for: nothing is sent on it.
        await expect(runNavPush(a.context, config)).rejects.toThrow(/404/);
        expect(await sequences(sku)).toEqual(before);
      }
    }
    const { rows } = await a.context.pool.query(
      // A 20-asset SKU pushes, then refreshes through its lookup table (refresh-nav:...).
      "select action_key, status, token, signature from keeper.actions where action_key like 'nav-push:%'",
    );
    expect(rows.length).toBe(kw.world.manifest.skus.filter(covered).length);
    for (const r of rows) {
      expect(r.status).toBe('sent');
      expect(r.token).toBe(a.context.elector.lease()?.token.toString());
      expect(r.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
    }
  }, 120_000);

  it('dry-run simulates and sends nothing', async () => {
    const d = await keeper('replica-dry', { dryRun: true });
    const sku = kw.world.manifest.skus.find(covered);
    if (!sku) throw new Error('sku');
    const before = await sequences(sku);
    const result = await runNavPush(
      d.context,
      d.context.skus.find((s) => s.skuId === sku.skuId) as never,
    );
    expect(result.summary).toMatch(/dry-run/);
    expect((result.details as { unitsConsumed: bigint }).unitsConsumed).toBeGreaterThan(0n);
    expect(await sequences(sku)).toEqual(before);
    await d.close();
  }, 60_000);

  it('keeper once nav-push --dry-run prints what it would send and sends nothing', async () => {
    const sku = kw.world.manifest.skus.find(covered);
    if (!sku) throw new Error('sku');
    const before = await sequences(sku);
    // Asynchronous: the simulator answering the child runs in this process.
    const run = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
      // The repository's tsx directly: npx's own resolution costs a second per run.
      execFile(
        'node_modules/.bin/tsx',
        ['apps/keeper/src/cli.ts', 'once', 'nav-push', '--dry-run'],
        {
          cwd: fileURLToPath(new URL('../../..', import.meta.url)),
          timeout: 90_000,
          env: {
            ...process.env,
            WORLD_MANIFEST: join(kw.world.dir, MANIFEST_FILE),
            DATABASE_URL: kw.databaseUrl,
            TOKENIZED_API_URL: kw.apiUrl,
            KEEPER_REPLICA_ID: 'cli-dry',
            LOG_LEVEL: 'warn',
          },
        },
        (error, stdout) =>
          resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stdout }),
      );
    });
    // A SKU without API data is reported as failed, and the exit code says so.
    expect(run.status).toBe(kw.world.manifest.skus.every(covered) ? 0 : 1);
    for (const s of kw.world.manifest.skus.filter(covered)) {
      expect(run.stdout).toMatch(new RegExp(`nav-push: ${s.skuId} #\\d+: dry-run`));
    }
    expect(await sequences(sku)).toEqual(before);
  }, 120_000);

  it('a follower never sends; a leader killed mid-push is replaced with no double push', async () => {
    const sku = kw.world.manifest.skus.find(covered);
    if (!sku) throw new Error('sku');
    const leader = await keeper('replica-leader');
    const follower = await keeper('replica-follower');
    expect(leader.context.elector.lease()).not.toBeNull();
    expect(follower.context.elector.lease()).toBeNull();
    const before = await sequences(sku);
    expect(
      (
        await runNavPush(
          follower.context,
          follower.context.skus.find((s) => s.skuId === sku.skuId) as never,
        )
      ).summary,
    ).toMatch(/skipped/);
    expect(await sequences(sku)).toEqual(before);
    // The leader claims the next push and dies before sending (kill -9: no release).
    const next = before.pushed + 1n;
    const lease = leader.context.elector.lease();
    if (!lease) throw new Error('lease');
    const key = `nav-push:${sku.skuId}:${next}`;
    expect((await claimAction(leader.context.pool, lease, key, 'nav-push', 0)).claimed).toBe(true);
    const [held] = (await leader.context.pool.query('select expires_at from keeper.leader_lease'))
      .rows as { expires_at: Date }[];
    await leader.context.elector.stop({ release: false });
    const killedAt = Date.now();
    // A bound for a hung test only: the takeover's speed is measured by the bench, not here.
    while (!follower.context.elector.lease() && Date.now() - killedAt < 60_000) await sleep(50);
    expect(follower.context.elector.lease()?.token).toBe(lease.token + 1n);
    // The follower's lease began once the dead leader's had expired (the database's clock).
    const [taken] = (
      await follower.context.pool.query('select acquired_at from keeper.leader_lease')
    ).rows as { acquired_at: Date }[];
    expect(taken?.acquired_at.getTime()).toBeGreaterThanOrEqual(held?.expires_at.getTime() ?? 0);
    // The survivor finds the dead leader's in-flight push and does not send it again.
    expect(
      (
        await runNavPush(
          follower.context,
          follower.context.skus.find((s) => s.skuId === sku.skuId) as never,
        )
      ).summary,
    ).toMatch(/skipped/);
    expect((await sequences(sku)).pushed).toBe(before.pushed);
    // Once settled (no signature: it never left), the survivor pushes that sequence once.
    expect(await resolveInFlight(follower.context.pool, async () => [], 0)).toBe(1);
    expect(
      (
        await runNavPush(
          follower.context,
          follower.context.skus.find((s) => s.skuId === sku.skuId) as never,
        )
      ).summary,
    ).toMatch(/sent/);
    const after = await sequences(sku);
    expect(after.pushed).toBe(next);
    expect(after.refreshed).toBe(next);
    const { rows } = await follower.context.pool.query(
      'select token, status from keeper.actions where action_key = $1',
      [key],
    );
    expect(rows).toEqual([{ token: (lease.token + 1n).toString(), status: 'sent' }]);
    await follower.close();
    await leader.close();
  }, 120_000);

  it('drift-scan values every vault from chain in batched reads', async () => {
    const k = await keeper('replica-scan', { dryRun: true });
    // Account reads only: the readiness probe's getHealth runs on its own timer meanwhile.
    const calls = () =>
      k.context.metrics.rpcCalls
        .get()
        .then((m) =>
          m.values.filter((v) => v.labels.method !== 'getHealth').reduce((s, v) => s + v.value, 0),
        );
    const before = await calls();
    const results = await runDriftScan(k.context);
    expect(results.map((r) => r.summary.split(':')[0])).toEqual(
      kw.world.manifest.skus.map((s) => s.skuId),
    );
    // Vault + snapshot heads in one call, every holding and mint in one more (<= 100 accounts).
    expect((await calls()) - before).toBe(2);
    await k.close();
  }, 60_000);

  it('an API answering 5xx for six minutes raises the alert and nothing is sent', async () => {
    const failing = await kw.failingApi();
    let offsetMs = 0;
    const apiClock = {
      now: () => Date.now() + offsetMs,
      sleep: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)),
    };
    const k = await keeper('replica-5xx', { tokenizedApiUrl: failing.url }, { apiClock });
    const sku = k.context.skus.find((s) =>
      kw.world.manifest.skus.some((w) => w.skuId === s.skuId && covered(w)),
    );
    const world = kw.world.manifest.skus.find((w) => w.skuId === sku?.skuId);
    if (!sku || !world) throw new Error('sku');
    const before = await sequences(world);
    const alerts = async () =>
      (await k.context.metrics.alerts.get()).values.find(
        (v) => v.labels.kind === 'api-5xx-persisting',
      )?.value ?? 0;
    await expect(runNavPush(k.context, sku)).rejects.toThrow();
    expect(await alerts()).toBe(0);
    const outage = async () => (await k.context.metrics.api5xxPersisting.get()).values[0]?.value;
    expect(await outage()).toBe(0);
    offsetMs = 6 * 60_000;
    await expect(runNavPush(k.context, sku)).rejects.toThrow();
    expect(await alerts()).toBe(1);
    // The outage gauge the rule pages on holds while the API still answers 5xx.
    expect(await outage()).toBe(1);
    expect(await sequences(world)).toEqual(before);
    const { rows } = await k.context.pool.query(
      "select count(*)::int as n from keeper.actions where holder = 'replica-5xx'",
    );
    expect(rows[0].n).toBe(0);
    await k.close();
    await failing.close();
  }, 120_000);
});

// Rebalance-exec, the deposit- and withdrawal-routers on this world, before the clock moves.
describeRebalancing(() => kw);

describe('the keeper as a service, and its daily fees (the chain clock moved)', () => {
  it('as a service, the leader pushes from its queue; a second replica only follows', async () => {
    const skus = kw.world.manifest.skus.filter(covered);
    const before = await Promise.all(skus.map(sequences));
    // The served keeper pushes when a push is due at the chain's time (one cadence after the
    // last publish: up to 60 s off-hours after the pushes above): the chain's clock is moved
    // by that cadence so the leader's first tick is due, not a minute of waiting.
    const chainNow = Number((await kw.world.clock.now()).unixTimestamp) * 1_000;
    await kw.world.clock.advanceBy(navPushCadenceSecsAt(chainNow) * 1_000);
    const a = await kw.keeper('service-a', {}, { serve: true });
    const b = await kw.keeper('service-b', {}, { serve: true });
    open.push(a, b);
    await waitFor(
      'the queue did not push every SKU',
      async () => {
        const now = await Promise.all(skus.map(sequences));
        return now.every((s, i) => s.pushed > (before[i]?.pushed ?? 0n) && s.refreshed === s.pushed)
          ? true
          : null;
      },
      { timeoutMs: 60_000, intervalMs: 100 },
    );
    expect(a.context.elector.lease()).not.toBeNull();
    expect(b.context.elector.lease()).toBeNull();
    const { rows } = await a.context.pool.query(
      "select count(*)::int as n from keeper.actions where holder = 'service-b'",
    );
    expect(rows[0].n).toBe(0);
    // /status is on the admin listener only, never the public one.
    expect((await fetch(`${a.url}/status`)).status).toBe(404);
    const status = await (await fetch(`${a.adminUrl}/status`)).json();
    expect(status.leading).toBe(true);
    // The epoch artifacts' index is served for a dapp on another host.
    const index = await fetch(`${a.url}/distributions`);
    expect(index.status).toBe(200);
    expect(Array.isArray(((await index.json()) as { files: unknown }).files)).toBe(true);
    await b.close();
    await a.close();
  }, 120_000);

  it('collects the management fee and the withdrawal fees once a day has passed, once', async () => {
    const k = await keeper('replica-fees');
    const sku = k.context.skus.find((s) =>
      kw.world.manifest.skus.some((w) => w.skuId === s.skuId && covered(w)),
    );
    if (!sku) throw new Error('sku');
    await runNavPush(k.context, sku);
    await demoDeposit(kw.world, sku.skuId, 1_000n);
    // Before the day passes: a withdrawal accrues the management fee too (resetting its clock).
    await demoWithdraw(kw.world, sku.skuId);
    await kw.world.clock.advanceBy(86_400_000 + 60_000);
    await runNavPush(k.context, sku);
    const programs = k.context.programs;
    const owedBefore = (
      await readAccounts(k.context.rpc, [vaultStateAccount(sku.vault as Address, programs)])
    )[0];
    if (!owedBefore.exists) throw new Error('no vault');
    expect(owedBefore.data.withdrawFeesOwed).toBeGreaterThan(0n);
    const first = await runCollectFees(k.context, sku);
    expect(first.summary).toMatch(/mgmt sent/);
    expect(first.summary).toMatch(/withdraw sent/);
    const [after] = await readAccounts(k.context.rpc, [
      vaultStateAccount(sku.vault as Address, programs),
    ]);
    if (!after.exists) throw new Error('no vault');
    expect(after.data.withdrawFeesOwed).toBe(0n);
    const second = await runCollectFees(k.context, sku);
    expect(second.summary).toMatch(/mgmt (not due|skipped)/);
    expect(second.summary).toMatch(/withdraw not due/);
    await k.close();
  }, 120_000);
});

describe('epoch-distributor on the local world', () => {
  it('pays the closed epoch once: artifact root equals the posted root, a claim from it lands', async () => {
    const keys = await loadWorldKeys(kw.world.dir);
    const [alice, bob] = keys.demoWallets as [KeyPairSigner, KeyPairSigner];
    await stake(kw.world, alice, 100_000_000n, 30);
    await stake(kw.world, bob, 50_000_000n, 90);
    const funded = 1_000_000_001n;
    await fundKeeper(kw.world, keys.distributor, keys.issuer, funded);
    // Past the next Sunday 00:00 UTC of the chain's clock: the stakes' epoch is closed.
    const now = (await kw.world.clock.now()).unixTimestamp;
    const end = lastClosedEpoch(now).end + 7n * 86_400n;
    await kw.world.clock.advanceBy(Number(end - now + 60n) * 1000);
    const k = await keeper('replica-epoch');
    const first = await runEpochDistributor(k.context);
    expect(first.summary).toMatch(/: sent, artifact /);
    const { epochId, file } = first.details as { epochId: string; file: string };
    const artifact = JSON.parse(readFileSync(file, 'utf8')) as DistributionArtifact;
    expect(file).toBe(join(kw.world.dir, 'distributions', `epoch-${epochId}.json`));
    expect(verifyArtifact(artifact)).toEqual([]);
    expect(artifact.root).toBe(await epochRoot(kw.world, BigInt(epochId)));
    // Both stakers paid, rounded down: never more than funded, less than one unit per staker kept.
    expect(artifact.claims.map((c) => c.claimant).sort()).toEqual(
      [alice.address, bob.address].sort(),
    );
    const total = BigInt(artifact.totals[0] as string);
    expect(total).toBeLessThanOrEqual(funded);
    expect(funded - total).toBeLessThan(2n);
    // Bob staked half as much at twice the weight: about the same points as Alice.
    const [a, b] = [alice, bob].map((w) =>
      BigInt(artifact.claims.find((c) => c.claimant === w.address)?.amounts[0] ?? '0'),
    ) as [bigint, bigint];
    expect(a > b ? a - b : b - a).toBeLessThan(funded / 1_000n);
    expect(await claimFromArtifact(kw.world, bob, artifact)).toEqual([b]);
    // The same epoch is never paid twice, even with the funding account refilled.
    await fundKeeper(kw.world, keys.distributor, keys.issuer, funded);
    const again = await runEpochDistributor(k.context);
    expect(again.summary).toMatch(/already paid \(sent\)/);
    expect(
      existsSync(join(kw.world.dir, 'distributions', `epoch-${BigInt(epochId) + 1n}.json`)),
    ).toBe(false);
    await k.close();
  }, 180_000);
});
