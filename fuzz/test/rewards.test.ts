import { seedKeys } from '@basket/test-harness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mix } from '../src/harness.ts';
import type { RewardsModel } from '../src/rewards/check.ts';
import * as r from '../src/rewards/commands.ts';
import { createRewardsWorld } from '../src/rewards/world.ts';

// The rewards program's commands, every invariant checked after each step (staked tokens
// conserved, claims never above an epoch's funding, nobody paid above its leaf, refusals
// change nothing): stakes and unstakes around the lock, an epoch whose stock holding the
// issuer seizes from between distribution and claims, tampered claims refused.
describe('fuzz: the rewards program', () => {
  it('stakes, posts an epoch, seizes from it and claims, within every invariant', async () => {
    seedKeys('fuzz/regression/rewards');
    const w = await createRewardsWorld();
    const mix: Mix = {};
    const model: RewardsModel = {
      epochs: [],
      stakes: [],
      nextStakeIndex: w.users.map(() => 0n),
      claimStatuses: [],
      keeperSet: [0],
    };
    const real = { w, mix, steps: { count: 0, shrinking: 0 }, shrinking: false };
    await fc.asyncModelRun(
      () => ({ model, real }),
      [
        r.stake(0, 5_000, 30),
        r.stake(1, 10_000, 7),
        r.unstake(0),
        r.distribute([
          [1_000_000n, 5n],
          [3_000_000n, 0n],
          [0n, 7n],
        ]),
        r.seize(0, 4_000, false),
        r.claim(1, 0, 'more'),
        r.claim(1, 0, 'other-proof'),
        r.claim(1, 0, 'none'),
        r.claim(1, 0, 'none'),
        r.clockMove(31 * 86_400),
        r.unstake(0),
        r.claim(0, 0, 'none'),
      ],
    );
    expect(mix['rewards stake']).toMatchObject({ ok: 1, refused: 1 });
    expect(mix['rewards unstake']).toMatchObject({ ok: 1, refused: 1 });
    expect(mix['rewards distribute_epoch']?.ok).toBe(1);
    expect(mix['rewards issuer burn']?.ok).toBe(1);
    expect(mix['rewards claim(more)']).toMatchObject({ ok: 0, refused: 1 });
    expect(mix['rewards claim(other-proof)']).toMatchObject({ ok: 0, refused: 1 });
    // The first claim of user 1 lands (pro rata after the burn), the second is refused.
    expect(mix['rewards claim(none)']).toMatchObject({ ok: 2, refused: 1 });
    const paid = model.epochs[0]?.paid;
    // 60% of the stock holding is left for 4,000,000 owed: user 1 is paid 60% of its 3,000,000.
    expect(paid?.[1]?.[0]).toBe(1_800_000n);
    expect(paid?.[0]?.[0]).toBe(600_000n);
  });
});
