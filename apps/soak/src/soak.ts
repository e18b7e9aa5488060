// One soak: the world up, users and monitors running, the seeded faults one after another
// (each injected, held, lifted, its detection and recovery timed, then a checkpoint from the
// chain), simulated trading days between them, and the final proofs.
import pg from 'pg';
import { type ChainScan, chainScan } from './chain-scan.ts';
import {
  type BooksRow,
  booksAgainstBalances,
  type EventsCheck,
  eventsIndexedOnce,
  type KeeperActionsCheck,
  keeperActionsOnce,
  type RequestsCheck,
  requestsAndClaims,
} from './checks.ts';
import { type Injected, inject } from './faults.ts';
import { type NavViolation, navWatch, type Outage } from './nav-watch.ts';
import { type Approval, operator, settleOwed } from './operator.ts';
import { seeded } from './random.ts';
import { type RewardsCheck, rewardsClaimed } from './rewards-check.ts';
import { type FaultKind, faultSchedule } from './schedule.ts';
import { REDEMPTION_OWED_ALERT_SECONDS, SERVICE_NAMES } from './services.ts';
import { type Signals, signalSampler } from './signals.ts';
import { nextTradingOpen } from './trading-days.ts';
import { simulatedUsers, type UserTally } from './users.ts';
import { type SoakWorld, startSoakWorld } from './world.ts';

export type FaultRecord = {
  kind: FaultKind;
  target: string;
  expects: string | null;
  injectedAt: number;
  detectedAt: number | null;
  recoveredAt: number | null;
  lost: number;
  doubled: number;
};

export type SoakProgress = Readonly<{
  elapsedMs: number;
  totalMs: number;
  faultsDone: number;
  faultsPlanned: number;
  userActions: number;
  line: string;
}>;

export type SoakResult = Readonly<{
  seed: number;
  minutes: number;
  startedAt: string;
  wallSeconds: number;
  faults: readonly FaultRecord[];
  events: EventsCheck;
  keeper: KeeperActionsCheck;
  books: { checked: number; differing: readonly BooksRow[] };
  requests: RequestsCheck & { openWithoutAlert: readonly string[] };
  nav: { samples: number; staleInOutage: number; violations: readonly NavViolation[] };
  users: UserTally;
  rewards: RewardsCheck;
  /** The operator's approvals of NAV moves beyond the oracle's deviation cap. */
  approvals: readonly Approval[];
  tradingDays: number;
  reasons: readonly string[];
  verdict: 'pass' | 'fail';
}>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const allReady = (s: Signals) => SERVICE_NAMES.every((n) => s.notReady[n] === null);
/** After a fault's recovery, the keeper's grace to push NAV again before staleness counts. */
const NAV_GRACE_MS = 90_000;
/** Raw units of the reward stock funded for each epoch the clock crosses. */
const EPOCH_FUNDING = 5_000_000n;
/** Sunday 00:00 UTC boundaries (the rewards epochs) up to unix second `s`. */
const weekOf = (s: number) => Math.floor((s / 86_400 + 4) / 7);

/**
 * @example
 * const result = await runSoak({ minutes: 3, seed: 1, dir, say: console.log, progress: () => {} });
 */
export async function runSoak(o: {
  minutes: number;
  seed: number;
  dir: string;
  say: (line: string) => void;
  progress: (p: SoakProgress) => void;
  /** Every kind once, compatible kinds together (the short soak in npm test). */
  compact?: boolean;
}): Promise<SoakResult> {
  const started = Date.now();
  const r = seeded(o.seed);
  const totalMs = Math.round(o.minutes * 60_000);
  const plan = faultSchedule(r, totalMs, { compact: o.compact ?? false });
  const planned = plan.flatMap((st) => st.faults.map((f) => f.kind));
  o.say(
    `soak: seed ${o.seed}, ${planned.length} faults in ${plan.length} steps over ${o.minutes} min; world in ${o.dir}`,
  );
  const world = await startSoakWorld({
    dir: o.dir,
    seed: o.seed,
    say: (l) => o.say(`world: ${l}`),
  });
  const pool = new pg.Pool({ connectionString: world.databaseUrl(), max: 3 });
  // Postgres is stopped on purpose: a dropped idle connection must not crash the soak.
  pool.on('error', () => {});
  const rpc = world.chain.rpc;
  const sampler = signalSampler(world);
  let latest = await sampler.sample();
  const waitFor = async (what: string, ok: (s: Signals) => boolean, ms: number) => {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      latest = await sampler.sample();
      if (ok(latest)) return latest.at;
      await sleep(1_000);
    }
    o.say(`soak: ${what}: not within ${ms / 1000} s`);
    return null;
  };
  // The users' loops run while `running`; the operator keeps watching until the books close (a
  // NAV move beyond the deviation cap alerted after the users stopped still needs its
  // approval, or no claim can be paid). Both end in `finally` whatever happened.
  let running = true;
  let operating = true;
  try {
    if ((await waitFor('every service ready', allReady, 300_000)) === null)
      throw new Error(`services not ready: ${JSON.stringify(latest.notReady)}`);
    const startSlot = await rpc.getSlot({ commitment: 'confirmed' }).send();
    o.say(`soak: every service ready (slot ${startSlot}); users and faults start`);
    const scan: ChainScan = chainScan(rpc, world.programs);
    const users = await simulatedUsers(
      world.world,
      world.programs,
      seeded(o.seed ^ 0x5eed),
      `http://127.0.0.1:${world.ports.dapp.port}`,
    );
    const outages: Outage[] = [];
    const nav = navWatch(rpc, world.programs, world.world.manifest.skus, outages);
    const op = operator(world, pool, outages, NAV_GRACE_MS, (l) => o.say(l));
    let userActions = 0;
    const operating$ = (async () => {
      while (operating) {
        await op.watch().catch((e) => o.say(`operator: ${e}`));
        await sleep(3_000);
      }
    })();
    const loops = [
      (async () => {
        const ur = seeded(o.seed ^ 0xabc);
        while (running) {
          // A send to a validator that is down may wait long: the next user does not.
          const step = await Promise.race([
            users.step(),
            sleep(60_000).then(() => ({ ok: false, action: 'timeout', note: 'no answer in 60 s' })),
          ]);
          userActions += 1;
          if (!step.ok && process.env.SOAK_VERBOSE)
            o.say(`user: ${step.action} refused: ${step.note}`);
          await sleep(ur.int(500, 2_500));
        }
      })(),
      (async () => {
        while (running) {
          await nav.sample().catch(() => {});
          await sleep(5_000);
        }
      })(),
    ];
    const faults: FaultRecord[] = [];
    const phaseStart = Date.now();
    let tradingDays = 0;
    let lastTotals = { lost: 0, doubled: 0 };
    const report = (line: string) =>
      o.progress({
        elapsedMs: Date.now() - phaseStart,
        totalMs,
        faultsDone: faults.length,
        faultsPlanned: planned.length,
        userActions,
        line,
      });
    const checkpoint = async (waitMs: number): Promise<EventsCheck> => {
      const until = Date.now() + waitMs;
      const slot = await rpc.getSlot({ commitment: 'confirmed' }).send();
      let events: EventsCheck | null = null;
      // The indexer catches up behind the emitter: wait for it, up to the deadline.
      for (;;) {
        try {
          await scan.refresh();
          events = await eventsIndexedOnce(scan.all(), pool, slot);
          if (events.lost === 0 && events.doubled === 0) return events;
        } catch (error) {
          if (Date.now() > until) throw error;
        }
        if (events && Date.now() > until) return events;
        await sleep(3_000);
      }
    };

    for (const [i, step] of plan.entries()) {
      while (Date.now() - phaseStart < step.atMs) {
        report(`next: ${step.faults.map((f) => f.kind).join(' + ')}`);
        await sleep(1_000);
      }
      // A simulated trading day: every fourth step, the chain's clock leaps to the next open.
      // Every third one leaps a month instead, so 30-day stakes unlock and epochs are caught up.
      if (i > 0 && i % 4 === 0) {
        const now = Number((await world.clock.now()).unixTimestamp) * 1000;
        const month = tradingDays % 3 === 2 ? 31 * 86_400_000 : 0;
        const at = nextTradingOpen(now + month) + r.int(0, 300) * 60_000;
        outages.push({ from: Date.now(), to: Date.now() + NAV_GRACE_MS, why: 'clock moved' });
        await world.clock.travelTo(at).catch((e) => o.say(`soak: clock move failed: ${e}`));
        tradingDays += 1;
        o.say(
          `soak: trading day ${tradingDays}: the chain's clock moved to ${new Date(at).toISOString()}`,
        );
        // Sunday's epoch boundary crossed: the distributor's cron (on the wall clock) is run
        // now, on what the epoch's reward purchase would have bought.
        if (weekOf(at / 1000) > weekOf(now / 1000)) {
          await op
            .fundRewards(EPOCH_FUNDING)
            .then(() => op.enqueue('epoch-distributor'))
            .then(() => o.say('soak: epoch boundary crossed: rewards funded, distributor run'))
            .catch((e) => o.say(`soak: epoch funding or distributor run failed: ${e}`));
        }
      }
      const baseline = await sampler.sample();
      const outage: Outage = {
        from: Date.now(),
        to: null,
        why: step.faults.map((f) => f.kind).join(' + '),
      };
      outages.push(outage);
      const held: { rec: FaultRecord; injected: Injected; holdMs: number; lifted: boolean }[] = [];
      for (const f of step.faults) {
        report(`injecting ${f.kind}`);
        try {
          const injected = await inject(f.kind, world, pool);
          const rec: FaultRecord = {
            kind: f.kind,
            target: injected.target,
            expects: injected.expects,
            injectedAt: Date.now(),
            detectedAt: null,
            recoveredAt: null,
            lost: 0,
            doubled: 0,
          };
          held.push({ rec, injected, holdMs: f.holdMs, lifted: false });
          o.say(`soak: step ${i + 1}/${plan.length}: ${f.kind} (${injected.target})`);
        } catch (error) {
          o.say(`soak: ${f.kind}: injection failed: ${error}`);
        }
      }
      const observe = (s: Signals) => {
        for (const h of held)
          if (h.rec.detectedAt === null && h.injected.detected(s, baseline))
            h.rec.detectedAt = s.at;
      };
      // Each held fault is watched until its hold ends, then lifted; a kill until its alert
      // shows (30 s at most); then the recovery of everything is watched.
      for (;;) {
        latest = await sampler.sample();
        observe(latest);
        const now = Date.now();
        for (const h of held) {
          if (h.holdMs > 0 && !h.lifted && now >= h.rec.injectedAt + h.holdMs) {
            h.lifted = true;
            await h.injected
              .lift()
              .catch((e) => o.say(`soak: ${h.rec.kind}: lifting failed: ${e}`));
          }
        }
        const watching = held.some((h) =>
          h.holdMs > 0
            ? !h.lifted
            : h.rec.detectedAt === null &&
              h.rec.expects !== null &&
              now < h.rec.injectedAt + 30_000,
        );
        if (!watching) break;
        await sleep(500);
      }
      const recovered = await waitFor(
        `${outage.why} recovery`,
        (s) => {
          observe(s);
          return held.every((h) => h.injected.recovered(s));
        },
        180_000,
      );
      outage.to = (recovered ?? Date.now()) + NAV_GRACE_MS;
      const events = await checkpoint(45_000);
      for (const h of held) {
        h.rec.recoveredAt = recovered;
        // Faults injected together share what the checkpoint after them found.
        h.rec.lost = Math.max(0, events.lost - lastTotals.lost);
        h.rec.doubled = Math.max(0, events.doubled - lastTotals.doubled);
        faults.push(h.rec);
      }
      lastTotals = { lost: events.lost, doubled: events.doubled };
      report(
        `step ${i + 1} recovered; events on chain ${events.eventsOnChain}, lost ${events.lost}`,
      );
    }
    while (Date.now() - phaseStart < totalMs) {
      report('faults done; users still running');
      await sleep(1_000);
    }
    running = false;
    await Promise.all(loops);
    report('final checks');
    o.say('soak: users stopped; the keeper pays what is owed, then final checks from the chain');
    await settleOwed(world, op, (l) => o.say(l));
    const finalClaims = await users.claimAll();
    o.say(
      `soak: users claimed their published rewards (${finalClaims.landed} landed, ${finalClaims.refused} refused)`,
    );
    operating = false;
    await operating$;
    op.close();
    const events = await checkpoint(120_000);
    const keeperAddress = (await readKeeperAddress(world)) as string;
    const { rows } = await pool.query<{ signature: string }>(
      'select signature from keeper.actions where signature is not null',
    );
    const keeper = keeperActionsOnce(
      scan.all(),
      keeperAddress,
      startSlot,
      new Set(rows.map((x) => x.signature)),
    );
    const vaults = world.world.manifest.skus;
    const books = await booksAgainstBalances(rpc, world.programs, vaults);
    const nowSecs = (await world.clock.now()).unixTimestamp;
    const requests = await requestsAndClaims(rpc, world.programs, scan.all(), nowSecs, vaults);
    const alerted = new Set(
      (
        await pool.query<{ action_key: string }>(
          "select action_key from keeper.actions where action_key like 'redemption-owed-alert:%'",
        )
      ).rows.map((x) => x.action_key.slice('redemption-owed-alert:'.length)),
    );
    // An open claim older than the keeper's alert age must have been alerted (the keeper's
    // payer runs every minute: a minute's slack). Requests have no age alert: they are listed.
    const openWithoutAlert = requests.open
      .filter((x) => x.kind === 'claim' && x.ageSecs > BigInt(REDEMPTION_OWED_ALERT_SECONDS + 60))
      .filter((x) => !alerted.has(x.address))
      .map((x) => x.address);
    const rewards = rewardsClaimed(scan.all(), users.claims());
    const claimsOpen = requests.open.filter((x) => x.kind === 'claim').length;
    const reasons: string[] = [];
    if (rewards.lost > 0) reasons.push(`${rewards.lost} reward claim(s) landed but not on chain`);
    if (rewards.doubled > 0) reasons.push(`${rewards.doubled} reward claim(s) paid twice`);
    if (rewards.epochsDistributed > 0 && rewards.claimsOnChain === 0)
      reasons.push('epochs were distributed but no reward was claimed');
    if (requests.claimsBegun > 0 && requests.claimsBegun - claimsOpen <= 0)
      reasons.push(`no redemption claim of ${requests.claimsBegun} was paid`);
    if (events.lost > 0) reasons.push(`${events.lost} event(s) on chain not indexed`);
    if (events.doubled > 0)
      reasons.push(`${events.doubled} event(s) indexed twice or not on chain`);
    if (keeper.doubled > 0) reasons.push(`${keeper.doubled} keeper action(s) landed twice`);
    if (books.differing.length > 0)
      reasons.push(`${books.differing.length} book(s) differ from balances`);
    if (openWithoutAlert.length > 0)
      reasons.push(`${openWithoutAlert.length} overdue claim(s) not alerted`);
    if (nav.violations().length > 0)
      reasons.push(`${nav.violations().length} stale NAV sample(s) outside outages`);
    for (const f of faults) {
      if (f.expects !== null && f.detectedAt === null)
        reasons.push(`${f.kind}: not detected (${f.expects})`);
      if (f.recoveredAt === null) reasons.push(`${f.kind}: did not recover`);
    }
    const kinds = new Set(faults.map((f) => f.kind));
    if (kinds.size < new Set(planned).size)
      reasons.push('not every planned fault kind was injected');
    return {
      seed: o.seed,
      minutes: o.minutes,
      startedAt: new Date(started).toISOString(),
      wallSeconds: Math.round((Date.now() - started) / 1000),
      faults,
      events,
      keeper,
      books,
      requests: { ...requests, openWithoutAlert },
      nav: { ...nav.counts(), violations: nav.violations() },
      users: users.tally(),
      rewards,
      approvals: op.approvals(),
      tradingDays,
      reasons,
      verdict: reasons.length === 0 ? 'pass' : 'fail',
    };
  } finally {
    running = false;
    operating = false;
    await pool.end().catch(() => {});
    await world.stop();
  }
}

/** The keeper's fee payer: every keeper transaction names it first (one key per role). */
async function readKeeperAddress(world: SoakWorld): Promise<string> {
  const { loadWorldKeys } = await import('@basket/world');
  return (await loadWorldKeys(world.dir)).feePayer.address;
}
