/**
 * The rewards program's sequences for the driver (run.ts): the command mix and one
 * sequence's fast-check property over a restored rewards world.
 */

import { seedKeys } from '@basket/test-harness';
import fc from 'fast-check';
import type { Mix } from '../harness.ts';
import { addTime } from '../profile.ts';
import * as admin from './admin.ts';
import type { RewardsModel } from './check.ts';
import * as r from './commands.ts';
import { type RewardsTemplate, restoreRewardsWorld, rewardsTemplate } from './world.ts';

const actor = fc.nat({ max: 2 });
const bps = fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(10_000, 5_000, 0));
const amount = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: 1n, max: 5_000_000_000n }) },
  { weight: 1, arbitrary: fc.constant(0n) },
);

/** The first recorded runs' rewards commands with their weights (claims and seizures weigh most). */
export const REWARDS_COMMANDS_V1 = [
  {
    weight: 5,
    arbitrary: fc
      .tuple(actor, bps, fc.constantFrom(30, 90, 180, 30, 7))
      .map(([a, x, t]) => r.stake(a, x, t)),
  },
  { weight: 3, arbitrary: fc.nat({ max: 11 }).map((i) => r.unstake(i)) },
  {
    weight: 4,
    arbitrary: fc
      .constantFrom(3_600, 86_400, 31 * 86_400, 91 * 86_400, 181 * 86_400)
      .map((s) => r.clockMove(s)),
  },
  {
    weight: 3,
    arbitrary: fc
      .array(fc.tuple(amount, amount), { minLength: 3, maxLength: 3 })
      .map((a) => r.distribute(a as [bigint, bigint][])),
  },
  {
    weight: 8,
    arbitrary: fc
      .tuple(
        actor,
        fc.nat({ max: 5 }),
        fc.constantFrom(
          'none' as const,
          'none' as const,
          'none' as const,
          'more' as const,
          'other-proof' as const,
        ),
      )
      .map(([a, e, t]) => r.claim(a, e, t)),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.nat({ max: 5 }), bps, fc.boolean()).map(([e, x, m]) => r.seize(e, x, m)),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat({ max: 3 }) })
      .map((f) => r.pause(f)),
  },
];

const signers = fc.constantFrom(3, 3, 3, 2);
const keeperSet = fc.constantFrom('replacement' as const, 'both' as const, 'original' as const);

/**
 * The admins' commands added after the first recorded runs (command set `v2`): sweeps after
 * the claim window (the clock moves 91 and 181 days), keeper rotations and posts by either
 * keeper, and the recovery of the last epoch id.
 */
export const REWARDS_COMMANDS_V2 = [
  {
    weight: 1,
    arbitrary: fc.tuple(fc.nat({ max: 5 }), signers).map(([e, n]) => admin.sweep(e, n)),
  },
  { weight: 1, arbitrary: fc.tuple(keeperSet, signers).map(([s, n]) => admin.rotateKeepers(s, n)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.array(fc.tuple(amount, amount), { minLength: 3, maxLength: 3 }),
        fc.nat({ max: 1 }),
        fc.constantFrom(1n, 1n, 2n, 16n, 17n),
      )
      .map(([a, k, ahead]) => admin.distributeBy(a as [bigint, bigint][], k, ahead)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('back' as const, 'ahead' as const, 'recover' as const), signers)
      .map(([mode, n]) => admin.resetLastEpoch(mode, n)),
  },
];

/** The rewards commands now: the first runs' and the admins' (`v2`). */
export const REWARDS_COMMANDS = [...REWARDS_COMMANDS_V1, ...REWARDS_COMMANDS_V2];

/**
 * The keys a rewards sequence makes (epoch holdings are new token accounts): apart from the
 * template's (`fuzz/rewards/<first seed>`), whose keys the first sequence's would otherwise
 * repeat (the first rewards run's counterexample, a regression test in fuzz/test).
 */
export function sequenceKeys(seed: number): string {
  return `fuzz/rewards/sequence/${seed}`;
}

/** Shared state of one sequence's checks (set by the property, read by the driver). */
export interface SequenceContext {
  attempt: number;
  failure: string | null;
  setupError: Error | null;
}

/** One rewards sequence from `seed` on the run's template (made on first use under `keys`). */
export function rewardsProperty(
  o: {
    maxCommands?: number;
    shrinkBudget?: number;
    keys: string;
    seed: number;
    commandSet?: 'v1' | 'v2';
  },
  holder: { template: RewardsTemplate | null },
  mix: Mix,
  counter: { count: number; shrinking: number },
  ctx: SequenceContext,
) {
  return fc.asyncProperty(
    fc.commands([fc.oneof(...(o.commandSet === 'v1' ? REWARDS_COMMANDS_V1 : REWARDS_COMMANDS))], {
      maxCommands: o.maxCommands ?? 400,
      size: 'max',
    }),
    async (cmds) => {
      if (ctx.attempt > (o.shrinkBudget ?? 200)) return;
      let template: RewardsTemplate;
      try {
        const t0 = performance.now();
        holder.template ??= await rewardsTemplate(o.keys);
        template = holder.template;
        addTime('world set-up', performance.now() - t0);
      } catch (e) {
        ctx.setupError = e instanceof Error ? e : new Error(String(e));
        return;
      }
      seedKeys(sequenceKeys(o.seed));
      const w = restoreRewardsWorld(template);
      const model: RewardsModel = {
        epochs: [],
        stakes: [],
        nextStakeIndex: w.users.map(() => 0n),
        claimStatuses: [],
        keeperSet: [0],
      };
      const real = { w, mix, steps: counter, shrinking: ctx.attempt > 0 };
      ctx.attempt += 1;
      try {
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      } catch (e) {
        ctx.failure = e instanceof Error ? e.message : String(e);
        throw e;
      }
    },
  );
}
