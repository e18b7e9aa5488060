// The trading day attached to the world of `npm start -- --chain-clock` (`--rpc`): no keeper of
// its own. It moves the chain's clock (the simulator follows it), makes the users' deposits and
// withdrawal requests, and waits, bounded and with progress output, for the SERVED keepers (the
// leader of the two replicas) to push NAV at their cadence and run their jobs; it reads the
// chain and the replicas' /metrics. Rather than wait up to a minute for a job's cron, it puts
// the job on the replicas' own queue (as `keeper enqueue` does): nav-push right after the clock
// jumps, then withdrawal-router, drift-scan and deposit-router for the pass. The cadence between
// pushes is the served keeper's own (decided at the chain's time), never forced.
import { localnetClock, readWorldManifest } from '@basket/localnet';
import { isOpen, maxStaleSecsAt, navPushCadenceSecsAt } from '@basket/market-calendar';
import {
  clockSysvarAccount,
  fetchEncodedAccountsBatched,
  navSnapshotAccount,
  readAccounts,
} from '@basket/sdk';
import { connectChain, programAddressesOf } from '@basket/world';
import { type Address, createSolanaRpc } from '@solana/kit';
import type { KeeperRpc } from '../jobs/context.ts';
import { scanVaults } from '../jobs/drift-scan.ts';
import type { JobName } from '../jobs/registry.ts';
import { keeperSkusOf } from './local-world.ts';
import { leaderOf, servedCounts, servedQueue, waitWithProgress } from './served-keepers.ts';
import type { AgeLog, Counts, DayDriver, DayReader } from './trading-day-driver.ts';

export type AttachOptions = Readonly<{
  rpcUrl: string;
  wsUrl?: string;
  manifestPath: string;
  databaseUrl: string;
  keeperUrls: readonly string[];
  driftThresholdBps: number;
  print: (line: string) => void;
}>;

/** Bounds of the waits (wall time; the served keeper works at the chain's cadence). */
export const ATTACH_TIMEOUTS_MS = {
  /** A push of the moved clock's time, after nav-push was queued. */
  jumpPush: 120_000,
  /** Per expected push, beyond the calendar's cadence. */
  tickSlack: 45_000,
  /** Each phase of the pass (requests paid, a job run, its legs done). */
  phase: 300_000,
} as const;

/**
 * Publishes seen per SKU, polled every second with the chain's clock: the age each snapshot
 * reached before the next replaced it (publish - previous publish, the oracle's measure), and
 * the age of the last one when the step ends.
 */
function navSampler(reader: DayReader, print: (l: string) => void) {
  const last = new Map<string, number>();
  const seen = new Map<string, number>();
  let ages: AgeLog | null = null;
  let nowSecs = 0;
  let timer: NodeJS.Timeout | null = null;
  const poll = async () => {
    const [clock, ...snaps] = await readAccounts(
      reader.rpc,
      [
        clockSysvarAccount(),
        ...reader.skus.map((s) => navSnapshotAccount(s.snapshot as Address, reader.programs)),
      ],
      { commitment: 'confirmed' },
    );
    if (!clock.exists) return;
    nowSecs = Number(clock.data.unixTimestamp);
    reader.skus.forEach((sku, i) => {
      const snap = snaps[i] as { exists: boolean; data?: { publishUnixTime: bigint } };
      if (!snap.exists || !snap.data) return;
      const publish = Number(snap.data.publishUnixTime);
      const prev = last.get(sku.skuId);
      if (prev !== undefined && publish > prev) {
        ages
          ?.get(sku.skuId)
          ?.push({ age: publish - prev, window: maxStaleSecsAt(publish * 1_000) });
        seen.set(sku.skuId, (seen.get(sku.skuId) ?? 0) + 1);
      }
      last.set(sku.skuId, publish);
    });
  };
  const tick = () => {
    timer = setTimeout(() => {
      poll()
        .catch((e) => print(`   !! NAV poll failed: ${String(e)}`))
        .finally(() => {
          if (timer) tick();
        });
    }, 1_000);
  };
  return {
    poll,
    publishOf: (skuId: string) => last.get(skuId) ?? 0,
    seen: (skuId: string) => seen.get(skuId) ?? 0,
    /** Starts sampling into `into` from the snapshots on chain now. */
    start: async (into: AgeLog) => {
      last.clear();
      seen.clear();
      ages = null;
      await poll();
      ages = into;
      tick();
    },
    /** Stops, adding each SKU's age at the end of the step. */
    stop: async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      await poll();
      for (const sku of reader.skus) {
        const age = nowSecs - (last.get(sku.skuId) ?? nowSecs);
        if (age > 0) ages?.get(sku.skuId)?.push({ age, window: maxStaleSecsAt(nowSecs * 1_000) });
      }
      ages = null;
    },
  };
}

/**
 * The driver of a day whose keepers are the served replicas of a running world.
 *
 * @example
 * const { driver, close } = await attachedDriver({ rpcUrl, manifestPath, ... });
 * await runDay(driver, { short: false, print: console.log });
 * await close();
 */
export async function attachedDriver(o: AttachOptions) {
  const manifest = readWorldManifest(o.manifestPath);
  const programs = programAddressesOf(manifest);
  const reader: DayReader = {
    rpc: createSolanaRpc(o.rpcUrl) as unknown as KeeperRpc,
    programs,
    skus: keeperSkusOf(manifest),
  };
  const chain = connectChain(o.rpcUrl, o.wsUrl ?? manifest.wsUrl, programs);
  const chainClock = localnetClock(o.rpcUrl);
  const chainMs = async () => Number((await chainClock.now()).unixTimestamp) * 1_000;
  const queue = await servedQueue(o.databaseUrl);
  const sampler = navSampler(reader, o.print);
  const wait = <T>(what: string, probe: () => Promise<T | null>, timeoutMs: number) =>
    waitWithProgress(what, probe, { timeoutMs, print: o.print });
  // A world just started: its replicas take a while to listen and elect a leader.
  const leader = await wait(
    'a leading keeper replica',
    () => leaderOf(o.keeperUrls),
    ATTACH_TIMEOUTS_MS.jumpPush,
  );
  if (!leader) throw new Error(`no served keeper leads at ${o.keeperUrls.join(', ')}`);
  o.print(`trading-day: attached; the served keepers' leader: ${leader}`);

  /** Queues `job`, then waits for a run of it to end (counted by the replicas) and its legs. */
  async function runServed(job: JobName) {
    const before = (await servedCounts(o.keeperUrls)).runs.get(job) ?? 0;
    await queue.enqueue(job);
    await wait(
      `${job} run by the leader`,
      async () => ((await servedCounts(o.keeperUrls)).runs.get(job) ?? 0) > before || null,
      ATTACH_TIMEOUTS_MS.phase,
    );
    await wait(
      `${job}'s rebalance legs done`,
      async () => (await queue.pendingLegs()) === 0 || null,
      ATTACH_TIMEOUTS_MS.phase,
    );
  }

  const driver: DayDriver = {
    reader,
    world: { manifest, chain },
    clock: {
      sync: chainMs,
      travelTo: async (ms) => {
        await chainClock.travelTo(ms);
        return chainMs();
      },
    },
    driftThresholdBps: o.driftThresholdBps,
    afterJump: async (ages) => {
      const jumped = Math.floor((await chainMs()) / 1_000);
      for (const sku of reader.skus) await queue.enqueue('nav-push', sku.skuId);
      await wait(
        'a push at the moved clock by the served keeper',
        async () => {
          await sampler.poll();
          return reader.skus.every((s) => sampler.publishOf(s.skuId) >= jumped) || null;
        },
        ATTACH_TIMEOUTS_MS.jumpPush,
      );
      await sampler.start(ages);
    },
    ticks: async (count) => {
      const cadenceSecs = navPushCadenceSecsAt(await chainMs());
      await wait(
        `${count} pushes per SKU at the served keeper's ${cadenceSecs} s cadence`,
        async () => reader.skus.every((s) => sampler.seen(s.skuId) >= count) || null,
        count * (cadenceSecs * 1_000 + ATTACH_TIMEOUTS_MS.tickSlack),
      );
    },
    pass: async (_ages, requests) => {
      const failuresBefore = (await servedCounts(o.keeperUrls)).failures;
      if (requests.length > 0) {
        // The withdrawal-router pays at a snapshot newer than the request, selling first when
        // the buffer is short; its cron runs every minute, queued here every 15 s until paid.
        let lastQueued = 0;
        await wait(
          `${requests.length} withdrawal request(s) paid`,
          async () => {
            if (Date.now() - lastQueued > 15_000) {
              await queue.enqueue('withdrawal-router');
              lastQueued = Date.now();
            }
            // A request account closes when it is paid.
            const { accounts } = await fetchEncodedAccountsBatched(
              reader.rpc,
              requests as Address[],
              { commitment: 'confirmed' },
            );
            return accounts.every((a) => !a.exists) || null;
          },
          ATTACH_TIMEOUTS_MS.phase,
        );
      }
      await runServed('drift-scan');
      await runServed('deposit-router');
      // In market hours the served cron scans again every minute: a vault the first scan's legs
      // left beyond the threshold (fills at the market maker's price, not the snapshot's) is
      // scanned again here rather than waited for, up to two more rounds.
      for (let round = 0; round < 2 && isOpen('MarketHours', await chainMs()); round++) {
        const scanned = await scanVaults(reader.rpc, reader.skus, reader.programs);
        if (scanned.every((v) => v.drift.maxAbsDriftBps < o.driftThresholdBps)) break;
        await runServed('drift-scan');
      }
      const failuresAfter = (await servedCounts(o.keeperUrls)).failures;
      const failed: Counts = new Map();
      for (const sku of reader.skus) {
        const n = (failuresAfter.get(sku.skuId) ?? 0) - (failuresBefore.get(sku.skuId) ?? 0);
        failed.set(sku.skuId, n);
      }
      return { skipped: null, failed };
    },
    counts: async () => {
      const c = await servedCounts(o.keeperUrls);
      return { legs: c.legs, alerts: c.alerts };
    },
    endStep: () => sampler.stop(),
  };
  return {
    driver,
    close: async () => {
      await sampler.stop();
      await queue.close();
    },
  };
}
