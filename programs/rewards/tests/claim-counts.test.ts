// claim's count checks (mutation testing found them unneeded by the other suites): the
// amounts must be one per mint of the epoch (refused by name, not left to the proof), the
// reward accounts at least one group of four per mint, and up to MAX_HOOK_ACCOUNTS (16)
// transfer-hook accounts may follow (17 are refused in claim-hook-accounts). Each refusal
// changes nothing, and the exact claim then pays.
import {
  REWARDS_ERROR__AMOUNTS_COUNT_MISMATCH,
  REWARDS_ERROR__NOT_ENOUGH_ACCOUNTS,
} from '@basket/rewards-client';
import { accountBytes, tokenAmount } from '@basket/test-harness';
import { AccountRole, type Address, generateKeyPairSigner, type Instruction } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { claimOf, type PostedEpoch, postEpoch } from './claim-world.ts';
import { claimIx, claimStatusAddress, epochPda, type Fixture, setup } from './fixture.ts';
import { createLookupTable, lookupCandidates, sendV0 } from './lookup.ts';
import { send } from './measured.ts';

const MAX_HOOK_ACCOUNTS = 16;

describe('claim: amounts and accounts per mint', () => {
  let f: Fixture;
  let e: PostedEpoch;

  beforeEach(async () => {
    // The issuer's Token-2022 stock (multiplier 1.0571) and a legacy SPL Token mint.
    f = await setup();
    e = await postEpoch(f, {
      epochId: 1n,
      mints: [f.xStock, f.legacy],
      amounts: [
        [100n, 50n],
        [70n, 30n],
      ],
    });
  });

  async function refused(ix: Instruction, code: number): Promise<void> {
    const alice = e.claimants[0];
    if (!alice) throw new Error('claimant');
    const watched = [
      ...e.holdings,
      ...alice.destinations,
      await epochPda(1n),
      await claimStatusAddress(1n, alice.signer.address),
    ];
    const before = accountBytes(f.svm, watched);
    const r = await send(f.svm, [ix], alice.signer);
    expect(r.ok).toBe(false);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  }

  it('refuses one amount for a two-mint epoch by name, then pays the exact claim', async () => {
    await refused(
      await claimOf(f, e, 0, { amounts: [100n] }),
      REWARDS_ERROR__AMOUNTS_COUNT_MISMATCH,
    );
    await refused(
      await claimOf(f, e, 0, { amounts: [100n, 50n, 0n] }),
      REWARDS_ERROR__AMOUNTS_COUNT_MISMATCH,
    );
    const alice = e.claimants[0];
    if (!alice) throw new Error('claimant');
    expect((await send(f.svm, [await claimOf(f, e, 0)], alice.signer)).error).toBeNull();
    expect(alice.destinations.map((d: Address) => tokenAmount(f.svm, d))).toEqual([100n, 50n]);
  });

  it('refuses reward accounts short of one group per mint', async () => {
    const alice = e.claimants[0];
    const c = e.distribution.claims[0];
    if (!alice || !c) throw new Error('claimant');
    // The second mint's group of four left out (mint, holding, destination, token program).
    const short = await claimIx(f, {
      claimant: alice.signer,
      epochId: 1n,
      amounts: c.amounts,
      proof: c.proof,
      mints: e.mints.slice(0, 1),
      holdings: e.holdings.slice(0, 1),
      destinations: alice.destinations.slice(0, 1),
    });
    await refused(short, REWARDS_ERROR__NOT_ENOUGH_ACCOUNTS);
    expect((await send(f.svm, [await claimOf(f, e, 0)], alice.signer)).error).toBeNull();
  });

  it('pays a claim followed by exactly 16 hook accounts', async () => {
    const alice = e.claimants[0];
    if (!alice) throw new Error('claimant');
    const ix = await claimOf(f, e, 0);
    const hooks = await Promise.all(
      Array.from({ length: MAX_HOOK_ACCOUNTS }, async () => ({
        address: (await generateKeyPairSigner()).address,
        role: AccountRole.READONLY,
      })),
    );
    const withHooks = { ...ix, accounts: [...(ix.accounts ?? []), ...hooks] };
    // Through a lookup table: 16 more accounts do not fit a legacy transaction.
    const looked = lookupCandidates([withHooks], [alice.signer.address]);
    const table = await createLookupTable(f.svm, looked);
    const r = await sendV0(f.svm, [withHooks], alice.signer, { [table]: looked });
    expect(r.error).toBeNull();
    expect(alice.destinations.map((d: Address) => tokenAmount(f.svm, d))).toEqual([100n, 50n]);
  });

  it('refuses a count above 10 amounts by name even when nothing follows it', async () => {
    const alice = e.claimants[0];
    if (!alice) throw new Error('claimant');
    const ix = await claimOf(f, e, 0);
    const data = ix.data ?? new Uint8Array();
    // [discriminator][epoch id 8][amount count 1], then nothing.
    const head = Uint8Array.from(data.slice(0, 1 + 8 + 1));
    head[9] = 11;
    await refused({ ...ix, data: head }, REWARDS_ERROR__AMOUNTS_COUNT_MISMATCH);
  });
});
