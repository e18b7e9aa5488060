import {
  getOracleConfigDecoder,
  getRotateKeepersInstruction,
  ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET,
  ORACLE_ERROR__INVALID_KEEPER_SET,
  ORACLE_ERROR__INVALID_OWNER,
  ORACLE_ERROR__NOT_WRITABLE,
  ORACLE_ERROR__UNAUTHORIZED_KEEPER,
} from '@basket/oracle-client';
import { accountBytes, send } from '@basket/test-harness';
import { type Address, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cloneAccountTo,
  createSnapshot,
  entries,
  expectOk,
  type Oracle,
  push,
  SYSTEM_PROGRAM,
  setupOracle,
} from './oracle-fixture.ts';

describe('rotate_keepers', () => {
  let o: Oracle;
  let newKeeper: KeyPairSigner;

  beforeEach(async () => {
    o = await setupOracle(2);
    newKeeper = await generateKeyPairSigner();
  });

  function rotateIx(
    signers: KeyPairSigner[],
    keepers: Address[] = [newKeeper.address],
    config = o.config,
  ) {
    return getRotateKeepersInstruction({
      config,
      keeperCount: keepers.length,
      keepers: [...keepers, ...Array(8 - keepers.length).fill(SYSTEM_PROGRAM)],
      adminSigners: signers,
    });
  }

  function decodeConfig() {
    const acc = o.svm.getAccount(o.config);
    if (!acc.exists) throw new Error('config missing');
    return getOracleConfigDecoder().decode(Uint8Array.from(acc.data));
  }

  it('replaces the keeper set and bumps its version when 3 of 5 admins sign', async () => {
    // Given three distinct configured admins (not the first three, to show any 3 work)
    const signers = [o.admins[1]!, o.admins[3]!, o.admins[4]!];
    // When they rotate the keepers to a single new keeper
    const r = expectOk(await send(o.svm, [rotateIx(signers)], o.payer));
    // Then the config holds the new set, the version went 1 -> 2 and one event was logged
    const config = decodeConfig();
    expect(config.keeperCount).toBe(1);
    expect(config.keepers[0]).toBe(newKeeper.address);
    expect(config.keepers[1]).toBe(SYSTEM_PROGRAM);
    expect(config.keeperSetVersion).toBe(2n);
    expect(r.logs.filter((l) => l.startsWith('Program data: '))).toHaveLength(1);
    expect(r.computeUnits).toBeLessThan(5_000n);
  });

  it('rejects a rotation signed by only 2 of 5 admins and changes nothing', async () => {
    const before = accountBytes(o.svm, [o.config]);
    const r = await send(o.svm, [rotateIx(o.admins.slice(0, 2))], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(r.computeUnits).toBeGreaterThan(0n);
    expect(accountBytes(o.svm, [o.config])).toEqual(before);
  });

  it('counts one admin passed three times as one signer', async () => {
    const a = o.admins[0]!;
    const before = accountBytes(o.svm, [o.config]);
    const r = await send(o.svm, [rotateIx([a, a, a])], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(accountBytes(o.svm, [o.config])).toEqual(before);
  });

  it('does not count signers outside the admin set', async () => {
    const strangers = await Promise.all([0, 1].map(() => generateKeyPairSigner()));
    const r = await send(o.svm, [rotateIx([o.admins[0]!, ...strangers])], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET);
  });

  it('does not count admins passed without signing', async () => {
    const ix = rotateIx(o.admins.slice(0, 3));
    const accounts = ix.accounts.map((a, i) => (i >= 1 ? { address: a.address, role: 0 } : a));
    const r = await send(o.svm, [{ ...ix, accounts } as typeof ix], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET);
  });

  it('rejects an invalid keeper set (duplicate key)', async () => {
    const before = accountBytes(o.svm, [o.config]);
    const r = await send(
      o.svm,
      [rotateIx(o.admins.slice(0, 3), [newKeeper.address, newKeeper.address])],
      o.payer,
    );
    expect(r.customError).toBe(ORACLE_ERROR__INVALID_KEEPER_SET);
    expect(accountBytes(o.svm, [o.config])).toEqual(before);
  });

  it('rejects a byte-identical config owned by another program', async () => {
    // Given a copy of the config at another address, owned by the system program
    const fake = (await generateKeyPairSigner()).address;
    cloneAccountTo(o.svm, o.config, fake, SYSTEM_PROGRAM);
    const r = await send(o.svm, [rotateIx(o.admins.slice(0, 3), undefined, fake)], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__INVALID_OWNER);
  });

  it('rejects a read-only config account', async () => {
    const ix = rotateIx(o.admins.slice(0, 3));
    const readOnly = {
      ...ix,
      accounts: [{ ...ix.accounts[0]!, role: 0 }, ...ix.accounts.slice(1)],
    };
    const r = await send(o.svm, [readOnly as typeof ix], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__NOT_WRITABLE);
  });

  it('makes a removed keeper unable to push, and the new keeper able to', async () => {
    // Given a snapshot and a rotation that removes both original keepers
    const { snapshot, skuId } = await createSnapshot(o, 'ROT', 2);
    expectOk(await send(o.svm, [rotateIx(o.admins.slice(0, 3))], o.payer));
    // When the removed keeper pushes a valid signed payload
    const before = accountBytes(o.svm, [snapshot]);
    const removed = await push(o, {
      keeper: o.keepers[0]!,
      snapshot,
      skuId,
      sequence: 1n,
      entries: entries(o, 2),
    });
    // Then it is rejected and the snapshot is unchanged
    expect(removed.customError).toBe(ORACLE_ERROR__UNAUTHORIZED_KEEPER);
    expect(accountBytes(o.svm, [snapshot])).toEqual(before);
    // And the new keeper's push succeeds
    expectOk(
      await push(o, { keeper: newKeeper, snapshot, skuId, sequence: 1n, entries: entries(o, 2) }),
    );
  });
});
