/**
 * The driver: fast-check's model-based commands over a fresh world per sequence, seeded,
 * shrinking a failing sequence to a shortest one, run sequence after sequence until the
 * requested number of steps. Used by the CLI (`npm run fuzz`) and the fixed-seed test.
 */

import { seedKeys } from '@basket/test-harness';
import fc from 'fast-check';
import { COMMANDS_V2 } from './commands/mix-v2.ts';
import * as ops from './commands/ops.ts';
// Checked against the SDK's quote of its second.
import { collectPerfFee } from './commands/perf-fee.ts';
import * as routes from './commands/routes.ts';
import * as users from './commands/users.ts';
import type { Mix, Model, Real } from './harness.ts';
import { addTime } from './profile.ts';
import { rewardsProperty, type SequenceContext } from './rewards/run.ts';
import type { RewardsTemplate } from './rewards/world.ts';
import {
  createWorld,
  restoreWorld,
  USDC,
  type World,
  type WorldTemplate,
  worldTemplate,
} from './world.ts';

const actor = fc.nat({ max: 2 });
const bps = fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(10_000, 5_000, 1, 0));
const asset = fc.nat({ max: 2 });
// Mostly fair fills; some one unit short of the leg's promise, some below the slippage bound.
const quality = fc.constantFrom<routes.Quality>('fair', 'fair', 'fair', 'short', 'below-bound');
// Cents, unbiased (fast-check's bias would make most deposits fall below the $1 minimum).
const usdcAmount = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .noBias(fc.integer({ min: 1, max: 500_000 }))
      .map((c) => BigInt(c) * (USDC / 100n)),
  },
  { weight: 1, arbitrary: fc.constantFrom(0n, 1n, 999_999n, USDC, 60_000n * USDC) },
);

/** Every command of the first recorded runs with its weight (money paths weigh most). */
export const COMMANDS_V1 = [
  { weight: 10, arbitrary: fc.tuple(actor, usdcAmount).map(([a, x]) => users.deposit(a, x)) },
  { weight: 4, arbitrary: fc.tuple(actor, bps).map(([a, x]) => users.withdrawInKind(a, x)) },
  { weight: 5, arbitrary: fc.tuple(actor, bps).map(([a, x]) => users.withdrawUsdc(a, x)) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(actor, bps, fc.integer({ min: 0, max: 20_000 }))
      .map(([a, x, y]) => users.requestWithdraw(a, x, y)),
  },
  { weight: 3, arbitrary: fc.nat({ max: 7 }).map((i) => users.fulfilRequest(i)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.nat({ max: 7 }), fc.boolean())
      .map(([i, o]) => users.cancelRequest(i, o)),
  },
  { weight: 2, arbitrary: fc.tuple(actor, bps).map(([a, x]) => users.beginRedemption(a, x)) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.nat({ max: 7 }), fc.nat({ max: 7 }), fc.boolean())
      .map(([i, s, c]) => users.payRedemption(i, s, c)),
  },
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        // Mostly small moves (the cap holds against a reference kept for 150 slots, so a
        // random walk of large ones is refused most of the time), some past the 10% cap.
        fc.array(
          fc.oneof(
            { weight: 6, arbitrary: fc.noBias(fc.integer({ min: -300, max: 300 })) },
            { weight: 1, arbitrary: fc.noBias(fc.integer({ min: -1_200, max: 1_200 })) },
          ),
          { minLength: 3, maxLength: 3 },
        ),
        // One push in twelve flags a corporate-action freeze on one asset.
        fc.oneof({ weight: 11, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: asset }),
      )
      .map(([moves, freeze]) => ops.navPush(moves, freeze)),
  },
  { weight: 2, arbitrary: fc.constant(null).map(() => ops.refreshNav()) },
  {
    weight: 5,
    arbitrary: fc
      .oneof(fc.integer({ min: 1, max: 90 }), fc.constantFrom(3_600, 86_400, 48 * 3_600 + 1))
      .map((s) => ops.clockMove(s)),
  },
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        fc.nat({ max: 3 }),
        fc.nat({ max: 3 }),
        bps,
        fc.constantFrom('fair' as const, 'generous' as const, 'short' as const),
      )
      .map(([p, r, x, q]) => ops.rebalanceLeg(p, r, x, q)),
  },
  // The other route shapes: the swap venue (buy or sell asset 0) and an RFQ provider.
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.boolean(), bps, quality)
      .map(([buy, x, q]) => routes.venueLeg(buy, x, q)),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(bps, fc.integer({ min: 9_900, max: 10_100 }), quality)
      .map(([x, f, q]) => routes.rfqLeg(x, f, q)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(asset, fc.constantFrom(50, 200, 150, 110, 90), fc.constantFrom(0, 0, 30, 3_600))
      .map(([a, f, d]) => ops.multiplierChange(a, f, d)),
  },
  // The hooked stock's issuer: back to recording weighs most, so refusals come and go.
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'record' as const,
          'record' as const,
          'refuse' as const,
          'refuse-actor' as const,
          'refuse-holding' as const,
        ),
        actor,
      )
      .map(([mode, a]) => ops.hookMode(mode, a)),
  },
  { weight: 1, arbitrary: fc.constant(null).map(() => ops.collectMgmtFee()) },
  { weight: 1, arbitrary: fc.constant(null).map(() => collectPerfFee()) },
  { weight: 1, arbitrary: fc.constant(null).map(() => ops.collectWithdrawFees()) },
  // Resuming weighs more: a vault paused half the time refuses half of every money path.
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        { weight: 1, arbitrary: fc.constant(true) },
        { weight: 4, arbitrary: fc.constant(false) },
      )
      .map((p) => ops.setPaused(p)),
  },
  { weight: 1, arbitrary: fc.nat({ max: 2 }).map((s) => ops.weightsChange(s + 1)) },
  { weight: 1, arbitrary: fc.constant(null).map(() => ops.applyWeights()) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'freeze' as const,
          'thaw' as const,
          'thaw' as const,
          'pause' as const,
          'resume' as const,
          'resume' as const,
          'burn' as const,
          'move' as const,
        ),
        asset,
        bps,
      )
      .map(([k, a, x]) => ops.issuerPower(k, a, x)),
  },
];

/** The vault world's commands now: the first runs' and those added since (mix-v2.ts). */
export const COMMANDS = [...COMMANDS_V1, ...COMMANDS_V2];

/** Which command lists a run draws from: `v1` replays the first recorded runs' sequences. */
export type CommandSet = 'v1' | 'v2';

export interface FuzzOptions {
  steps: number;
  seed: number;
  /** Commands per sequence (each sequence starts from a fresh world). */
  maxCommands?: number;
  /** Shrink candidates tried per failure (default 200). */
  shrinkBudget?: number;
  /** Which program's world: the vault's (default), the rewards program's, or both in turn. */
  world?: 'vault' | 'rewards' | 'both';
  /** `v2` (default): every command; `v1`: only those of the runs recorded before them. */
  commandSet?: CommandSet;
  onProgress?: (steps: number, violations: number) => void;
}

export interface Violation {
  /** The world's keys (`replay`'s `keys`): the run's first seed. */
  worldKeys: string;
  seed: number;
  sequence: number;
  error: string;
  /** The shrunk command sequence. */
  shrunk: string;
  /** fast-check's replay path of the shrunk case. */
  path: string | null;
}

export interface FuzzResult {
  steps: number;
  /** Steps replayed while shrinking failures (not in `steps` nor in the mix). */
  shrinkSteps: number;
  sequences: number;
  seeds: number[];
  violations: Violation[];
  mix: Mix;
  elapsedMs: number;
}

/** Runs sequences until `steps` commands have run; each sequence's seed is `seed + k`. */
export async function runFuzz(o: FuzzOptions): Promise<FuzzResult> {
  const mix: Mix = {};
  const counter = { count: 0, shrinking: 0 };
  const violations: Violation[] = [];
  const seeds: number[] = [];
  const started = performance.now();
  let template: WorldTemplate | null = null;
  const rewardsHolder: { template: RewardsTemplate | null } = { template: null };
  let sequence = 0;
  while (counter.count < o.steps) {
    const seed = o.seed + sequence;
    seeds.push(seed);
    let failure: string | null = null;
    // A world that cannot be set up is no violation: the run stops with the set-up's error.
    let setupError: Error | null = null;
    // fast-check runs the generated sequence once, then only shrink candidates.
    let attempt = 0;
    // 'both': the vault's and the rewards program's sequences take turns.
    const rewards = o.world === 'rewards' || (o.world === 'both' && sequence % 2 === 1);
    const ctx: SequenceContext = { attempt: 0, failure: null, setupError: null };
    const rewardsRun = rewardsProperty(
      { ...o, keys: `fuzz/rewards/${o.seed}`, seed },
      rewardsHolder,
      mix,
      counter,
      ctx,
    );
    const vaultRun = fc.asyncProperty(
      fc.commands([fc.oneof(...(o.commandSet === 'v1' ? COMMANDS_V1 : COMMANDS))], {
        maxCommands: o.maxCommands ?? 400,
        size: 'max',
      }),
      async (cmds) => {
        // A shrinking budget: past it every candidate passes, so fast-check stops at the
        // shortest failing sequence found so far (a 400-command case can take an hour).
        if (attempt > (o.shrinkBudget ?? 200)) return;
        let w: World;
        try {
          const t0 = performance.now();
          // One world per run (its keys from the run's first seed), restored fresh for every
          // sequence; the commands come from the sequence's seed, so (world keys, seed)
          // replays a sequence and its shrinking exactly.
          template ??= await worldTemplate(`fuzz/${o.seed}`);
          seedKeys(`fuzz/${seed}`);
          w = restoreWorld(template);
          addTime('world set-up', performance.now() - t0);
        } catch (e) {
          setupError = e instanceof Error ? e : new Error(String(e));
          return;
        }
        const model: Model = {
          requests: [],
          claims: [],
          nonces: w.actors.map(() => 1n),
          seized: w.b.assets.map(() => 0n),
        };
        const real: Real = { w, mix, steps: counter, shrinking: attempt > 0 };
        attempt += 1;
        try {
          await fc.asyncModelRun(() => ({ model, real }), cmds);
        } catch (e) {
          failure = e instanceof Error ? e.message : String(e);
          throw e;
        }
      },
    );
    const details = rewards
      ? await fc.check(rewardsRun, { seed, numRuns: 1, endOnFailure: false })
      : await fc.check(vaultRun, { seed, numRuns: 1, endOnFailure: false });
    failure ??= ctx.failure;
    setupError ??= ctx.setupError;
    if (setupError) throw setupError;
    if (details.failed) {
      violations.push({
        worldKeys: rewards ? `fuzz/rewards/${o.seed}` : `fuzz/${o.seed}`,
        seed,
        sequence,
        error: failure ?? String(details.errorInstance),
        shrunk: details.counterexample ? String(details.counterexample[0]) : '(none)',
        path: details.counterexamplePath,
      });
    }
    sequence += 1;
    o.onProgress?.(counter.count, violations.length);
  }
  return {
    steps: counter.count,
    shrinkSteps: counter.shrinking,
    sequences: sequence,
    seeds,
    violations,
    mix,
    elapsedMs: performance.now() - started,
  };
}

/** Runs a fixed command sequence on the world `w` (checked after every step). */
export async function runOn(
  w: World,
  cmds: Iterable<ReturnType<(typeof users)['deposit']>>,
): Promise<Mix> {
  const mix: Mix = {};
  const model: Model = {
    requests: [],
    claims: [],
    nonces: w.actors.map(() => 1n),
    seized: w.b.assets.map(() => 0n),
  };
  const real: Real = { w, mix, steps: { count: 0, shrinking: 0 }, shrinking: false };
  await fc.asyncModelRun(() => ({ model, real }), cmds);
  return mix;
}

/** Replays a fixed command sequence on a fresh world (the regression tests' driver). */
export async function replay(
  label: string,
  cmds: Iterable<ReturnType<(typeof users)['deposit']>>,
  keys?: string,
): Promise<Mix> {
  // The keys of the run that found it (`fuzz/<seed>`), or a label's own.
  seedKeys(keys ?? `fuzz/regression/${label}`);
  return runOn(await createWorld(), cmds);
}
