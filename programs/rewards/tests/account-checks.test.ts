// Generic attacks on account positions: missing signers, byte-identical copies owned by
// another program, accounts of the wrong type, and a token program that does not own the
// mint. Each is rejected with its specific error and changes no bytes.
import {
  findRewardsConfigPda,
  REWARDS_ERROR__INVALID_ACCOUNT_LENGTH,
  REWARDS_ERROR__INVALID_OWNER,
  REWARDS_ERROR__MISSING_SIGNER,
  REWARDS_ERROR__REWARD_ACCOUNT_MISMATCH,
} from '@basket/rewards-client';
import { accountBytes, TOKEN_PROGRAM_ADDRESS } from '@basket/test-harness';
import { AccountRole, type Address, generateKeyPairSigner, type Instruction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { type Claimant, claimOf, postEpoch } from './claim-world.ts';
import {
  claimIx,
  distributeIx,
  epochPda,
  fundEpoch,
  setup,
  stakeIx,
  stakeRecordPda,
  staker,
} from './fixture.ts';
import { send } from './measured.ts';

/** The instruction with `address` demoted to a non-signer (same writability). */
function unsigned(ix: Instruction, address: Address): Instruction {
  const accounts = ix.accounts?.map((a) => {
    if (a.address !== address) return a;
    const writable = a.role === AccountRole.WRITABLE_SIGNER || a.role === AccountRole.WRITABLE;
    return { address: a.address, role: writable ? AccountRole.WRITABLE : AccountRole.READONLY };
  });
  return { ...ix, accounts } as Instruction;
}

describe('account checks', () => {
  it('rejects distribute_epoch when the keeper key is passed without signing', async () => {
    // Given the keeper's key in the keeper position but the payer signing the transaction
    const f = await setup();
    const holdings = await fundEpoch(f, 1n, [f.xStock], [10n]);
    const ix = await distributeIx(f, {
      epochId: 1n,
      root: new Uint8Array(32),
      totals: [10n],
      mints: [f.xStock],
      holdings,
    });
    const before = accountBytes(f.svm, [await epochPda(1n), f.config]);
    const r = await send(f.svm, [unsigned(ix, f.keeper.address)], f.payer);
    expect(r.customError).toBe(REWARDS_ERROR__MISSING_SIGNER);
    expect(accountBytes(f.svm, [await epochPda(1n), f.config])).toEqual(before);
  });

  it('rejects a claim when the claimant key is passed without signing', async () => {
    const f = await setup();
    const e = await postEpoch(f, { epochId: 1n, mints: [f.xStock], amounts: [[5n], [7n]] });
    const who = e.claimants[0] as Claimant;
    const r = await send(f.svm, [unsigned(await claimOf(f, e, 0), who.signer.address)], f.payer);
    expect(r.customError).toBe(REWARDS_ERROR__MISSING_SIGNER);
  });

  it('rejects a byte-identical copy of the epoch owned by another program', async () => {
    // Given a copy of epoch 1's bytes at a fresh address, owned by the system program
    const f = await setup();
    const e = await postEpoch(f, { epochId: 1n, mints: [f.xStock], amounts: [[5n], [7n]] });
    const real = f.svm.getAccount(await epochPda(1n));
    if (!real.exists) throw new Error('epoch missing');
    const fake = (await generateKeyPairSigner()).address;
    f.svm.setAccount({
      ...real,
      address: fake,
      programAddress: '11111111111111111111111111111111' as Address,
      data: Uint8Array.from(real.data),
    });
    const watched = [...e.holdings, fake];
    const before = accountBytes(f.svm, watched);
    // When claimant 0 claims against the copy
    const r = await send(
      f.svm,
      [await claimOf(f, e, 0, { epoch: fake })],
      (e.claimants[0] as Claimant).signer,
    );
    // Then the owner check rejects it
    expect(r.customError).toBe(REWARDS_ERROR__INVALID_OWNER);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it('rejects a stake record passed where the epoch is expected (type confusion)', async () => {
    const f = await setup();
    const e = await postEpoch(f, { epochId: 1n, mints: [f.xStock], amounts: [[5n], [7n]] });
    const s = await staker(f, 100n);
    expect((await send(f.svm, [await stakeIx(f, s, 100n, 30)], s.signer)).ok).toBe(true);
    const record = await stakeRecordPda(s.signer.address, 0n);
    const before = accountBytes(f.svm, [record, ...e.holdings]);
    const r = await send(
      f.svm,
      [await claimOf(f, e, 0, { epoch: record })],
      (e.claimants[0] as Claimant).signer,
    );
    expect(r.customError).toBe(REWARDS_ERROR__INVALID_ACCOUNT_LENGTH);
    expect(accountBytes(f.svm, [record, ...e.holdings])).toEqual(before);
  });

  it('rejects SPL Token passed as the program of a Token-2022 reward mint', async () => {
    const f = await setup();
    const e = await postEpoch(f, { epochId: 1n, mints: [f.xStock], amounts: [[5n], [7n]] });
    const who = e.claimants[0] as Claimant;
    const c = e.distribution.claims[0];
    if (!c) throw new Error('missing claim');
    const ix = await claimIx(f, {
      claimant: who.signer,
      epochId: 1n,
      amounts: c.amounts,
      proof: c.proof,
      mints: [{ ...f.xStock, tokenProgram: TOKEN_PROGRAM_ADDRESS }],
      holdings: e.holdings,
      destinations: who.destinations,
    });
    const before = accountBytes(f.svm, [...e.holdings, ...who.destinations]);
    const r = await send(f.svm, [ix], who.signer);
    expect(r.customError).toBe(REWARDS_ERROR__REWARD_ACCOUNT_MISMATCH);
    expect(accountBytes(f.svm, [...e.holdings, ...who.destinations])).toEqual(before);
  });

  it("defaults the claim's config account to the config PDA, which the program accepts", async () => {
    // Given a claim built without `config` (the builder's default is a constant in the
    // Codama attribute, which must equal the derivation)
    const f = await setup();
    const e = await postEpoch(f, { epochId: 1n, mints: [f.xStock], amounts: [[5n], [7n]] });
    const ix = await claimOf(f, e, 0);
    const [config] = await findRewardsConfigPda();
    expect(ix.accounts?.[4]?.address).toBe(config);
    expect(ix.accounts?.[4]?.role).toBe(AccountRole.READONLY);
    // When it is sent, then it pays
    const r = await send(f.svm, [ix], (e.claimants[0] as Claimant).signer);
    expect(r.error).toBeNull();
  });
});
