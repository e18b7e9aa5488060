// A dry-run keeper on the local world changes nothing: with every job given work to do (a
// deposit to invest, a withdrawal request to fulfil, a day of fees, a closed epoch with stake
// and funding, the simulator's corporate actions, a leg to trade), each job run once with
// --dry-run leaves the chain as it was (every vault, snapshot, request, the rewards config and
// the keeper's own balance: any send costs it a fee), records no action, queues no job, writes
// no artifact and never takes the leader lease, even when it is free.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findRewardsConfigAddress } from '@basket/sdk';
import { DEFAULT_SIM_CONFIG, startSimulator } from '@basket/tokenized-api-sim';
import { loadWorldKeys, readSigner } from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastClosedEpoch } from '../src/decisions/epoch.ts';
import { runCorpActionWatch } from '../src/jobs/corp-action-watch.ts';
import { runNavPush } from '../src/jobs/nav-push.ts';
import { JOBS, JobFailedError, type JobName } from '../src/jobs/registry.ts';
import { fundKeeper, stake } from './support/epoch-world.ts';
import {
  demoDeposit,
  type KeeperWorld,
  requestUsdcWithdrawal,
  startKeeperWorld,
} from './support/keeper-world.ts';

let kw: KeeperWorld;
let request: Address;

/**
 * Monday 15:00 UTC after `nowSecs`: the work below starts at the same point of the week
 * whatever day the suite runs, so every job finds the same work (on a Saturday the next
 * Sunday was under a day away and no management fee was due yet).
 */
function nextMondayAfternoon(nowSecs: bigint): bigint {
  const monday = lastClosedEpoch(nowSecs).end + 39n * 3_600n;
  return monday > nowSecs ? monday : monday + 7n * 86_400n;
}

beforeAll(async () => {
  kw = await startKeeperWorld({ slotTimeMs: 100 });
  const start = (await kw.world.clock.now()).unixTimestamp;
  await kw.world.clock.travelTo(Number(nextMondayAfternoon(start)) * 1000);
  // Work for every job, made by a keeper that sends (then closes and gives the lease back).
  const live = await kw.keeper('live');
  const sku = live.context.skus[0];
  if (!sku) throw new Error('no SKU');
  await runNavPush(live.context, sku);
  await demoDeposit(kw.world, sku.skuId, 2_000n);
  const keys = await loadWorldKeys(kw.world.dir);
  const [alice] = keys.demoWallets as [KeyPairSigner];
  await stake(kw.world, alice, 100_000_000n, 30);
  await fundKeeper(kw.world, keys.distributor, keys.issuer, 1_000_000n);
  ({ request } = await requestUsdcWithdrawal(
    kw.world,
    live.context,
    sku.skuId,
    { part: 40n },
    { nonce: 3n, toleranceBps: 100 },
  ));
  // Past the next Sunday (six days on, whatever the weekday today): the stake's epoch is
  // closed, days of fees are owed; then a push newer than the request, so the withdrawal is
  // payable.
  const now = (await kw.world.clock.now()).unixTimestamp;
  const end = lastClosedEpoch(now).end + 7n * 86_400n;
  await kw.world.clock.advanceBy(Number(end - now + 60n) * 1000);
  await runNavPush(live.context, sku);
  await live.close();
}, 480_000);
afterAll(async () => {
  await kw?.stop();
});

/** Everything a send could change: the accounts' bytes and the fee payer's lamports. */
async function chainState(): Promise<string[]> {
  const rpc = kw.world.chain.rpc;
  const m = kw.world.manifest;
  const feePayer = await readSigner(m.keys.feePayer);
  const config = await findRewardsConfigAddress(kw.config('x').programs as never);
  const addresses = [...m.skus.flatMap((s) => [s.vault, s.snapshot]), request, config] as Address[];
  const { value } = await rpc
    .getMultipleAccounts(addresses, { encoding: 'base64', commitment: 'confirmed' })
    .send();
  const balance = await rpc.getBalance(feePayer.address, { commitment: 'confirmed' }).send();
  return [...value.map((a) => (a ? `${a.lamports}:${a.data[0]}` : 'none')), `${balance.value}`];
}

async function rows(sql: string): Promise<unknown[]> {
  const pool = new pg.Pool({ connectionString: kw.databaseUrl, max: 1 });
  try {
    return (await pool.query(sql)).rows;
  } finally {
    await pool.end();
  }
}

/** Rows in `table`, 0 when it does not exist yet (the queue's tables come with its first job). */
async function count(table: string): Promise<number> {
  const [exists] = (await rows(`select to_regclass('${table}') is not null as e`)) as {
    e: boolean;
  }[];
  if (!exists?.e) return 0;
  const [n] = (await rows(`select count(*)::int as n from ${table}`)) as { n: number }[];
  return n?.n ?? 0;
}

const dbState = async () => ({
  actions: await rows('select action_key, status, signature from keeper.actions order by 1'),
  lease: await rows('select holder, token, expires_at from keeper.leader_lease'),
  history: await count('keeper.leader_history'),
  // The drift scan's issuer-power baselines (a dry run records none either).
  baselines: await count('keeper.issuer_baselines'),
  queued: await count('keeper_worker._private_jobs'),
});

describe('a dry-run keeper', () => {
  it('runs every job once and changes nothing: chain, actions, queue, lease, artifacts', async () => {
    const chainBefore = await chainState();
    const dbBefore = await dbState();
    const distributions = join(kw.world.dir, 'distributions');
    const filesBefore = existsSync(distributions) ? readdirSync(distributions) : [];
    // A simulator announcing its built-in corporate actions (the watch reads nothing else from
    // it; the chain's Clock comes from the world), anchored so the
    // TSLAx split (two days after the anchor) is upcoming: severe, with a freeze push to queue.
    const chainMs = await kw.clock.sync();
    const sim = await startSimulator(
      {
        ...DEFAULT_SIM_CONFIG,
        port: 0,
        logRequests: false,
        anchorMs: chainMs - 2 * 86_400_000 + 62 * 60_000,
        // No world: its built-in actions are announced and never written on chain.
        world: null,
      },
      { clock: { now: kw.clock.now } },
    );
    // The lease is free (the live keeper gave it back): a campaigning dry run would take it.
    const dry = await kw.keeper('dry', { dryRun: true });
    const watcher = await kw.keeper('dry-watch', { dryRun: true, tokenizedApiUrl: sim.baseUrl });
    expect(dry.context.elector.lease()).toBeNull();
    const sku = dry.context.skus[0];
    const payloads: Partial<Record<JobName, unknown>> = {
      'rebalance-exec': { skuId: sku?.skuId, mint: sku?.assets[0]?.mint },
    };
    const summaries: string[] = [];
    for (const name of Object.keys(JOBS) as JobName[]) {
      try {
        const out = await JOBS[name].run(dry.context, payloads[name] ?? null);
        for (const r of Array.isArray(out) ? out : [out]) summaries.push(`${name}: ${r.summary}`);
      } catch (error) {
        // A SKU without the simulator's data fails as it would when sending: no change either.
        if (!(error instanceof JobFailedError)) throw error;
        for (const r of error.results) summaries.push(`${name}: ${r.summary}`);
        for (const f of error.failures) summaries.push(`${name}: failed ${f}`);
      }
    }
    const watch = await runCorpActionWatch(watcher.context);
    summaries.push(`corp-action-watch (announcing simulator): ${watch.summary}`);
    process.stdout.write(`${summaries.join('\n')}\n`);
    // The jobs found their work and only described it.
    for (const job of [
      'nav-push',
      'rebalance-exec',
      'collect-fees',
      'epoch-distributor',
      'withdrawal-router',
    ]) {
      expect(summaries.filter((s) => s.startsWith(`${job}:`)).join('\n')).toMatch(/dry-run/);
    }
    expect(watch.summary).toMatch(
      /^dry-run: \d+ upcoming, [1-9]\d* severe, [1-9]\d* freeze pushes that would be scheduled/,
    );
    await watcher.close();
    await dry.close();
    await sim.close();
    expect(await chainState()).toEqual(chainBefore);
    expect(await dbState()).toEqual(dbBefore);
    expect(existsSync(distributions) ? readdirSync(distributions) : []).toEqual(filesBefore);
  }, 300_000);

  it('keeper once (not dry) never shares a running replica lease, even under its replica id', async () => {
    // A served replica leads under KEEPER_REPLICA_ID=svc ...
    const svc = await kw.keeper('svc', {}, { serve: true });
    const held = svc.context.elector.lease();
    expect(held?.holder).toBe('svc');
    // ... and an operator runs `keeper once` with the same environment: it must not renew
    // svc's lease as its own (it would act under svc's token, then release it on exit).
    const once = await kw.keeper('svc');
    expect(once.context.elector.lease()).toBeNull();
    await once.close();
    const [lease] = (await rows(
      'select holder, token, expires_at > now() as live from keeper.leader_lease',
    )) as { holder: string; token: string; live: boolean }[];
    expect(lease).toEqual({ holder: 'svc', token: held?.token.toString(), live: true });
    // With the lease free, `keeper status` (it only reads) never takes it ...
    await svc.close();
    const status = await kw.keeper('svc', {}, { campaign: false });
    expect(status.context.elector.lease()).toBeNull();
    await status.close();
    expect(
      await rows('select count(*)::int as n from keeper.leader_lease where expires_at > now()'),
    ).toEqual([{ n: 0 }]);
    // ... and `keeper once` leads under a name of its own and gives it back.
    const alone = await kw.keeper('svc');
    expect(alone.context.elector.lease()?.holder).toMatch(/^svc\/once-\d+$/);
    await alone.close();
    expect(
      await rows('select count(*)::int as n from keeper.leader_lease where expires_at > now()'),
    ).toEqual([{ n: 0 }]);
  }, 180_000);
});
