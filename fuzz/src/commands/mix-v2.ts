/**
 * The vault world's commands added after the first recorded runs (command set `v2`): the
 * performance fee's period ends and the oracle admins' keeper rotation and sequence recovery.
 * Kept apart from run.ts's list so `--command-set v1` generates exactly the sequences the
 * recorded runs did (fast-check draws each command from the whole weighted list).
 */

import fc from 'fast-check';
import { oracleResetSequence, oracleRotateKeepers, pushBy } from './oracle-admin.ts';
import { perfPeriodEnd } from './perf-fee.ts';

const signers = fc.constantFrom(3, 3, 3, 2);

export const COMMANDS_V2 = [
  // To the next fixed period end (0 s to 2 days after it, or 1 s past the window), 3 times in
  // 4 fair legs putting 30% or 60% of the cash into each stock, the keeper's push (mostly a
  // rally, within the 10% cap) and, 3 times in 4, the collection.
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom(0, 1, 60, 3_600, 86_400, 172_800, 172_801),
        fc.array(
          fc.oneof(
            { weight: 3, arbitrary: fc.noBias(fc.integer({ min: 0, max: 900 })) },
            { weight: 1, arbitrary: fc.noBias(fc.integer({ min: -300, max: 300 })) },
          ),
          { minLength: 3, maxLength: 3 },
        ),
        fc.constantFrom(true, true, true, false),
        fc.constantFrom(0, 3_000, 3_000, 6_000),
      )
      .map(([offset, moves, collect, invest]) => perfPeriodEnd(offset, moves, collect, invest)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('replacement' as const, 'both' as const, 'original' as const), signers)
      .map(([set, n]) => oracleRotateKeepers(set, n)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat({ max: 1 }), fc.constantFrom(1n, 1n, 2n, 16n, 17n))
      .map(([k, ahead]) => pushBy(k, ahead)),
  },
  // Resets ahead land; resets back or to the same sequence must be refused (decision 0995:
  // the fuzzer found a deposit buying at the vault's stale price memory when they landed).
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.constantFrom('ahead' as const, 'ahead' as const, 'back' as const, 'same' as const),
        signers,
      )
      .map(([mode, n]) => oracleResetSequence(mode, n)),
  },
];
