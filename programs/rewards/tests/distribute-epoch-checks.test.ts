// distribute_epoch's own refusals (mutation testing found both unneeded by the other suites):
// an epoch account that already exists (the admins' reset_last_epoch lowered the last id
// below it) is refused by name and never written over, and the reward accounts must be
// exactly one (mint, holding) pair per mint of the epoch: one pair short would post an epoch
// with an unfunded, unchecked slot, one pair more is not a pair the epoch counts; and data
// shorter than its fixed head (id, root, mint count) is refused by name, never read past.
import {
  getResetLastEpochInstruction,
  REWARDS_ERROR__ALREADY_INITIALIZED,
  REWARDS_ERROR__INVALID_INSTRUCTION_DATA,
  REWARDS_ERROR__NOT_ENOUGH_ACCOUNTS,
} from '@basket/rewards-client';
import { accountBytes } from '@basket/test-harness';
import type { Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { distributeIx, epochPda, type Fixture, fundEpoch, setup } from './fixture.ts';
import { send } from './measured.ts';

const ROOT = new Uint8Array(32).fill(7);
const OTHER_ROOT = new Uint8Array(32).fill(9);

describe('distribute_epoch checks', () => {
  let f: Fixture;

  beforeEach(async () => {
    // The issuer's Token-2022 stock (multiplier 1.0571) and a legacy SPL Token mint.
    f = await setup();
  });

  async function refused(ix: Instruction, code: number, epochId: bigint): Promise<void> {
    const watched = [f.config, await epochPda(epochId)];
    const before = accountBytes(f.svm, watched);
    const r = await send(f.svm, [ix], f.keeper);
    expect(r.ok).toBe(false);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  }

  it('refuses to post over an existing epoch after a reset lowered the last id', async () => {
    // Given epoch 1 posted, then the admins reset the last id to 0
    const holdings = await fundEpoch(f, 1n, [f.xStock], [10n]);
    const post = (root: Uint8Array) =>
      distributeIx(f, { epochId: 1n, root, totals: [10n], mints: [f.xStock], holdings });
    expect((await send(f.svm, [await post(ROOT)], f.keeper)).error).toBeNull();
    const reset = getResetLastEpochInstruction({
      config: f.config,
      lastEpochId: 0n,
      adminSigners: f.admins.slice(0, 3),
    });
    expect((await send(f.svm, [reset], f.payer)).error).toBeNull();
    // When the keeper posts epoch 1 again with another root
    // Then it is refused with AlreadyInitialized: the posted root and totals stay
    await refused(await post(OTHER_ROOT), REWARDS_ERROR__ALREADY_INITIALIZED, 1n);
  });

  it('refuses reward accounts one pair short or one pair over, then posts with exact pairs', async () => {
    const mints = [f.xStock, f.legacy];
    const holdings = await fundEpoch(f, 1n, mints, [1_000n, 500n]);
    const exact = await distributeIx(f, {
      epochId: 1n,
      root: ROOT,
      totals: [1_000n, 500n],
      mints,
      holdings,
    });
    const accounts = exact.accounts ?? [];
    // The (mint, holding) pairs come last.
    const short = { ...exact, accounts: accounts.slice(0, -2) };
    await refused(short, REWARDS_ERROR__NOT_ENOUGH_ACCOUNTS, 1n);
    const over = { ...exact, accounts: [...accounts, ...accounts.slice(-2)] };
    await refused(over, REWARDS_ERROR__NOT_ENOUGH_ACCOUNTS, 1n);
    expect((await send(f.svm, [exact], f.keeper)).error).toBeNull();
    expect(f.svm.getAccount(await epochPda(1n)).exists).toBe(true);
  });

  it('refuses data shorter than the id, root and mint count, then posts with all of it', async () => {
    const holdings = await fundEpoch(f, 1n, [f.xStock], [10n]);
    const ix = await distributeIx(f, {
      epochId: 1n,
      root: ROOT,
      totals: [10n],
      mints: [f.xStock],
      holdings,
    });
    // The program reads [discriminator][id 8][root 32][count 1]: stop one byte before the count.
    const data = ix.data ?? new Uint8Array();
    const short = { ...ix, data: data.slice(0, data.length - 8 - 1) };
    await refused(short, REWARDS_ERROR__INVALID_INSTRUCTION_DATA, 1n);
    expect((await send(f.svm, [ix], f.keeper)).error).toBeNull();
  });
});
