/**
 * The rewards program's sequences for the driver (run.ts): the command mix and one
 * sequence's fast-check property over a restored rewards world.
 */

import { seedKeys } from '@basket/test-harness';
import fc from 'fast-check';
import type { Mix } from '../harness.ts';
import { addTime } from '../profile.ts';
import type { RewardsModel } from './check.ts';
import * as r from './commands.ts';
import { type RewardsTemplate, restoreRewardsWorld, rewardsTemplate } from './world.ts';

const actor = fc.nat({ max: 2 });
const bps = fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(10_000, 5_000, 0));
const amount = fc.oneof(
  { weight: 4, arbitrary: fc.bigInt({ min: 1n, max: 5_000_000_000n }) },
  { weight: 1, arbitrary: fc.constant(0n) },
);

/** The rewards commands with their weights (claims and seizures between them weigh most). */
export const REWARDS_COMMANDS = [
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
  o: { maxCommands?: number; shrinkBudget?: number; keys: string; seed: number },
  holder: { template: RewardsTemplate | null },
  mix: Mix,
  counter: { count: number; shrinking: number },
  ctx: SequenceContext,
) {
  return fc.asyncProperty(
    fc.commands([fc.oneof(...REWARDS_COMMANDS)], {
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
