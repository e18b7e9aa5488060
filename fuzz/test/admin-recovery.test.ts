import { seedKeys } from '@basket/test-harness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as ops from '../src/commands/ops.ts';
import * as oracle from '../src/commands/oracle-admin.ts';
import * as users from '../src/commands/users.ts';
import type { Mix } from '../src/harness.ts';
import * as admin from '../src/rewards/admin.ts';
import type { RewardsModel } from '../src/rewards/check.ts';
import * as r from '../src/rewards/commands.ts';
import { createRewardsWorld } from '../src/rewards/world.ts';
import { replay } from '../src/run.ts';

// The admins' commands as the fuzzer sends them, every invariant checked after each step:
// keeper rotations (a removed key's push or epoch refused, the new key's landing), ids and
// sequences bounded to 16 ahead and recovered by the admin threshold (2 of 5 refused; a
// sequence only raised), and
// sweeps after the claim window moving exactly what was left, the swept epoch's claims refused.
describe('fuzz: the oracle admins in the vault world', () => {
  it('rotates the keeper set, bounds and resets the sequence, and the vault prices on', async () => {
    const mix = await replay('oracle-admin', [
      users.deposit(0, 1_000_000_000n),
      oracle.pushBy(1, 1n),
      oracle.oracleRotateKeepers('replacement', 2),
      oracle.oracleRotateKeepers('replacement', 3),
      oracle.pushBy(0, 1n),
      oracle.pushBy(1, 1n),
      ops.navPush([100, 100, 100], null),
      oracle.pushBy(1, 17n),
      oracle.pushBy(1, 16n),
      // Never lowered nor repeated (decision 0995): the keeper pushes on in the old numbering.
      oracle.oracleResetSequence('back', 3),
      oracle.oracleResetSequence('same', 3),
      ops.navPush([100, 100, 100], null),
      users.deposit(1, 1_000_000_000n),
      users.withdrawUsdc(1, 5_000),
      oracle.oracleResetSequence('ahead', 2),
      oracle.oracleResetSequence('ahead', 3),
      ops.navPush([-100, -100, -100], null),
      ops.refreshNav(),
    ]);
    expect(mix['oracle push_snapshot(keeper 1)']).toMatchObject({ ok: 2, refused: 1 });
    expect(mix['oracle push_snapshot(keeper 0)']).toEqual({
      ok: 0,
      refused: 1,
      codes: { '0x7d5': 1 },
    });
    expect(mix['oracle push_snapshot(too far ahead)']?.codes).toEqual({ '0x7e6': 1 });
    expect(mix['oracle rotate_keepers']).toMatchObject({ ok: 1, refused: 1 });
    expect(mix['oracle reset_sequence']).toEqual({
      ok: 1,
      refused: 3,
      codes: { '0x7e9': 2, '0x6c': 1 },
    });
    expect(mix['oracle push_snapshot']?.ok).toBe(3);
    expect(mix.deposit?.ok).toBe(2);
    expect(mix.refresh_nav?.ok).toBe(1);
  });
});

describe('fuzz: the rewards admins', () => {
  it('sweeps after the window, rotates keepers and recovers the last epoch id', async () => {
    seedKeys('fuzz/regression/rewards-admin');
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
    const amounts: [bigint, bigint][] = [
      [1_000_000n, 5n],
      [3_000_000n, 0n],
      [0n, 7n],
    ];
    await fc.asyncModelRun(
      () => ({ model, real }),
      [
        r.distribute(amounts),
        r.claim(0, 0, 'none'),
        r.seize(0, 1_000, false),
        admin.sweep(0, 3), // inside the window: ClaimWindowOpen
        r.clockMove(91 * 86_400),
        admin.sweep(0, 2), // below the threshold
        admin.sweep(0, 3), // funded less claimed and seized
        admin.sweep(0, 3), // again: nothing left
        r.claim(1, 0, 'none'), // EpochSwept
        admin.rotateKeepers('replacement', 2),
        admin.rotateKeepers('replacement', 3),
        admin.distributeBy(amounts, 0, 1n), // the removed keeper: NotKeeper
        r.distribute(amounts), // the set's first key: the replacement
        admin.distributeBy(amounts, 1, 17n), // EpochTooFarAhead
        admin.distributeBy(amounts, 1, 16n),
        admin.resetLastEpoch('back', 3),
        r.distribute(amounts), // over the last posted epoch: refused
        admin.resetLastEpoch('recover', 3),
        r.distribute(amounts),
        admin.resetLastEpoch('ahead', 3),
        r.distribute(amounts),
      ],
    );
    expect(mix['rewards sweep_epoch']).toEqual({
      ok: 2,
      refused: 2,
      codes: { '0xfb6': 1, '0x6c': 1 },
    });
    expect(mix['rewards claim(none)']).toEqual({ ok: 1, refused: 1, codes: { '0xfb5': 1 } });
    // Funded 4,000,000 / 12; user 0 claimed 1,000,000 / 5; the issuer burned 10% of the rest.
    expect(model.epochs[0]?.swept).toEqual([2_700_000n, 7n]);
    expect(mix['rewards distribute_epoch(keeper 0)']?.codes).toEqual({ '0xfa6': 1 });
    expect(mix['rewards distribute_epoch(keeper 1)']?.ok).toBe(1);
    expect(mix['rewards distribute_epoch(too far ahead)']?.codes).toEqual({ '0xfbc': 1 });
    expect(mix['rewards distribute_epoch']).toMatchObject({ ok: 4, refused: 1 });
    expect(mix['rewards reset_last_epoch']?.ok).toBe(3);
  });
});
