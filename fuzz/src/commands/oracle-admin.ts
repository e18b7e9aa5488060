/**
 * The oracle admins' commands in the vault's world: keeper rotation (3 of 5 admins; 2 are
 * refused), pushes by a chosen keeper at a chosen distance ahead of the last sequence, and
 * the recovery of a snapshot's sequence (`reset_sequence`, decisions 0619 and 0995).
 * Invariants: a key outside the keeper set never lands a push (rotation takes effect at once,
 * 0386); a push more than 16 ahead never lands (0121); an admin instruction below the
 * threshold never lands; a reset never lowers or repeats the sequence; after a reset the
 * keeper pushes on from the new sequence.
 */

import { getResetSequenceInstruction, getRotateKeepersInstruction } from '@basket/oracle-client';
import { SYSTEM_PROGRAM_ADDRESS } from '@basket/test-harness';
import { step } from '../harness.ts';
import { InvariantViolation } from '../invariants.ts';
import type { World } from '../world.ts';
import { navPush } from './ops.ts';
import { command } from './users.ts';

/** The keeper sets a rotation installs: the replacement alone, both, the original alone. */
export type KeeperSet = 'replacement' | 'both' | 'original';

function indices(set: KeeperSet): number[] {
  return set === 'replacement' ? [1] : set === 'both' ? [0, 1] : [0];
}

function adminsBelowThreshold(landed: boolean, signers: number, what: string): void {
  if (landed && signers < 3)
    throw new InvariantViolation(
      'admin threshold',
      `${what} landed with ${signers} admin signatures (threshold 3)`,
    );
}

/** The oracle's admins replace its keeper set, signed by `signers` of the 5 admins. */
export function oracleRotateKeepers(set: KeeperSet, signers: number) {
  return command(`oracleRotateKeepers(${set}, ${signers} admins)`, async (m, real) => {
    const { w } = real;
    const next = indices(set);
    const keys = next.map((k) => (w.oracleKeepers[k] as World['b']['keeper']).address);
    const ix = getRotateKeepersInstruction({
      config: w.oracle.config,
      keeperCount: keys.length,
      keepers: [...keys, ...Array(8 - keys.length).fill(SYSTEM_PROGRAM_ADDRESS)],
      adminSigners: w.b.admins.slice(0, signers),
    });
    const r = await step(m, real, 'oracle rotate_keepers', [ix], w.b.payer, {
      landed: () => adminsBelowThreshold(true, signers, 'rotate_keepers'),
    });
    if (r.ok) w.oracleKeeperSet = next;
  });
}

/**
 * A push of unchanged prices signed by keeper `keeper` (0 the original, 1 the replacement),
 * `ahead` past the last sequence: refused unless the key is in the set and `ahead` <= 16.
 */
export function pushBy(keeper: number, ahead: bigint) {
  return navPush([0, 0, 0], null, {
    keeper,
    ahead,
    name:
      ahead > 16n
        ? 'oracle push_snapshot(too far ahead)'
        : `oracle push_snapshot(keeper ${keeper})`,
  });
}

/**
 * The admins set the snapshot's sequence: `ahead` 1,000 above the last (a counter that
 * jumped, or leaked signed payloads voided: the keeper pushes on from there), `same`, or
 * `back` 3 below. The vault's price memory and NAV cache follow a sequence that only rises,
 * so a lowered or repeated one must never land (decision 0995; the fuzzer found a deposit
 * buying at the stale memory when it did, fuzz/test/regressions.test.ts).
 */
export function oracleResetSequence(mode: 'back' | 'same' | 'ahead', signers: number) {
  return command(`oracleResetSequence(${mode}, ${signers} admins)`, async (m, real) => {
    const { w } = real;
    const last = w.oracleSequence;
    const sequence =
      mode === 'ahead' ? last + 1_000n : mode === 'same' ? last : last > 3n ? last - 3n : 0n;
    const ix = getResetSequenceInstruction({
      snapshot: w.b.snapshot,
      config: w.oracle.config,
      reference: w.oracle.reference,
      sequence,
      adminSigners: w.b.admins.slice(0, signers),
    });
    const r = await step(m, real, 'oracle reset_sequence', [ix], w.b.payer, {
      landed: () => {
        adminsBelowThreshold(true, signers, 'reset_sequence');
        if (sequence <= last)
          throw new InvariantViolation(
            'sequences only rise',
            `reset_sequence moved the snapshot from ${last} to ${sequence}`,
          );
      },
    });
    if (!r.ok) return;
    w.oracleSequence = sequence;
    w.b.snapshotSequence = sequence;
  });
}
