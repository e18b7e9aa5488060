// sweep_epoch's own refusals (mutation testing found them unneeded by the other suites): the
// epoch id the admins sign must be the swept epoch's own, so an approval for one epoch never
// sweeps another; at most MAX_HOOK_ACCOUNTS (16) transfer-hook accounts follow the admin
// signers: 16 sweep, 17 are refused by name; the accounts must hold a group of four per
// mint (NotEnoughAccounts), and groups with no admin after them are refused for the missing
// approvals (AdminThresholdNotMet), not for a missing account. Each refusal changes nothing.
import {
  REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET,
  REWARDS_ERROR__EPOCH_MISMATCH,
  REWARDS_ERROR__NOT_ENOUGH_ACCOUNTS,
  REWARDS_ERROR__TOO_MANY_HOOK_ACCOUNTS,
} from '@basket/rewards-client';
import { accountBytes, createTokenAccount, setUnixTime, tokenAmount } from '@basket/test-harness';
import { AccountRole, type Address, generateKeyPairSigner, type Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { type PostedEpoch, postEpoch } from './claim-world.ts';
import { DAY, epochPda, type Fixture, setup, sweepIx, T0 } from './fixture.ts';
import { createLookupTable, lookupCandidates, sendV0 } from './lookup.ts';
import { send } from './measured.ts';

/** The 90-day claim window after the epoch's distribution at T0. */
const WINDOW_END = T0 + 90n * DAY;
const MAX_HOOK_ACCOUNTS = 16;

describe('sweep_epoch checks', () => {
  let f: Fixture;
  let e: PostedEpoch;
  let treasury: Address;

  beforeEach(async () => {
    // Given epoch 1 paying two claimants in the issuer's stock (x1.0571), nobody claimed,
    // the claim window over, and a treasury account the admins name
    f = await setup();
    e = await postEpoch(f, { epochId: 1n, mints: [f.xStock], amounts: [[1_000n], [250n]] });
    treasury = await createTokenAccount(f.svm, f.payer, f.xStock, f.admins[0]?.address as Address);
    setUnixTime(f.svm, WINDOW_END);
  });

  const sweep = (epochId: bigint) =>
    sweepIx(f, {
      epochId,
      mints: e.mints,
      holdings: e.holdings,
      destinations: [treasury],
      signers: f.admins.slice(0, 3),
    });

  async function watched(): Promise<Address[]> {
    return [...e.holdings, treasury, await epochPda(1n)];
  }

  it("refuses an epoch id that is not the swept epoch's, then sweeps with its own", async () => {
    // The instruction names epoch 2 while passing epoch 1's account.
    const ix = await sweep(2n);
    const epoch1 = await epochPda(1n);
    const accounts = (ix.accounts ?? []).map((a, i) => (i === 1 ? { ...a, address: epoch1 } : a));
    const before = accountBytes(f.svm, await watched());
    const r = await send(f.svm, [{ ...ix, accounts }], f.payer);
    expect(r.customError, r.error ?? '').toBe(REWARDS_ERROR__EPOCH_MISMATCH);
    expect(accountBytes(f.svm, await watched())).toEqual(before);
    expect((await send(f.svm, [await sweep(1n)], f.payer)).error).toBeNull();
    expect(tokenAmount(f.svm, treasury)).toBe(1_250n);
  });

  it('sweeps with 16 hook accounts after the signers and refuses 17', async () => {
    const withHooks = async (n: number): Promise<Instruction> => {
      const ix = await sweep(1n);
      const hooks = await Promise.all(
        Array.from({ length: n }, async () => ({
          address: (await generateKeyPairSigner()).address,
          role: AccountRole.READONLY,
        })),
      );
      return { ...ix, accounts: [...(ix.accounts ?? []), ...hooks] };
    };
    // Through a lookup table: 17 more accounts do not fit a legacy transaction.
    const v0 = async (ix: Instruction) => {
      const looked = lookupCandidates([ix], [f.payer.address]);
      const table = await createLookupTable(f.svm, looked);
      return sendV0(f.svm, [ix], f.payer, { [table]: looked });
    };
    const before = accountBytes(f.svm, await watched());
    const over = await v0(await withHooks(MAX_HOOK_ACCOUNTS + 1));
    expect(over.customError, over.error ?? '').toBe(REWARDS_ERROR__TOO_MANY_HOOK_ACCOUNTS);
    expect(accountBytes(f.svm, await watched())).toEqual(before);
    const ok = await v0(await withHooks(MAX_HOOK_ACCOUNTS));
    expect(ok.error).toBeNull();
    expect(tokenAmount(f.svm, treasury)).toBe(1_250n);
  });

  it('refuses accounts short of the group, and a group with no admin after it', async () => {
    const ix = await sweep(1n);
    const accounts = ix.accounts ?? [];
    // config, epoch, the group of four (mint, holding, destination, token program), 3 admins
    expect(accounts).toHaveLength(2 + 4 + 3);
    const refused = async (list: typeof accounts, code: number) => {
      const before = accountBytes(f.svm, await watched());
      const r = await send(f.svm, [{ ...ix, accounts: list }], f.payer);
      expect(r.customError, r.error ?? '').toBe(code);
      expect(accountBytes(f.svm, await watched())).toEqual(before);
    };
    await refused(accounts.slice(0, 5), REWARDS_ERROR__NOT_ENOUGH_ACCOUNTS);
    await refused(accounts.slice(0, 6), REWARDS_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect((await send(f.svm, [ix], f.payer)).error).toBeNull();
    expect(tokenAmount(f.svm, treasury)).toBe(1_250n);
  });
});
