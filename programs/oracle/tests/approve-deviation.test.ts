// approve_deviation: the admin threshold lets the next push of one snapshot move beyond the
// deviation cap, for baskets whose push cannot also carry three admin signatures.
import {
  getApproveDeviationInstruction,
  getNavSnapshotDecoder,
  type NavPayloadEntry,
  ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET,
  ORACLE_ERROR__DEVIATION_TOO_LARGE,
} from '@basket/oracle-client';
import { accountBytes, MAX_TRANSACTION_BYTES, send } from '@basket/test-harness';
import type { KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSnapshot, expectOk, type Oracle, push, setupOracle } from './oracle-fixture.ts';

const PRICE = 10_000_000_000n;
const ONE = 1_000_000_000_000n;
const DEVIATION_APPROVED = 1;

describe('approve_deviation', () => {
  let o: Oracle;
  let snap: Awaited<ReturnType<typeof createSnapshot>>;

  beforeEach(async () => {
    o = await setupOracle(1);
    snap = await createSnapshot(o, 'BIG20', 20);
    expectOk(await pushAt(1n, PRICE));
  });

  function pushAt(sequence: bigint, price: bigint) {
    const entries: NavPayloadEntry[] = Array.from({ length: 20 }, () => ({
      priceUsd1E8: price,
      multiplierNum: ONE,
      updatedSlot: o.svm.getClock().slot,
      flags: 0,
    }));
    return push(o, { keeper: o.keepers[0]!, ...snap, sequence, entries });
  }

  function approveIx(signers: KeyPairSigner[]) {
    return getApproveDeviationInstruction({
      snapshot: snap.snapshot,
      config: o.config,
      adminSigners: signers,
    });
  }

  function snapshotFlags(): number {
    const acc = o.svm.getAccount(snap.snapshot);
    if (!acc.exists) throw new Error('missing');
    return getNavSnapshotDecoder().decode(Uint8Array.from(acc.data)).flags;
  }

  it('lets the next 20-entry push move beyond the cap, once', async () => {
    // Given 3 of 5 admins approved a large move
    const approval = expectOk(await send(o.svm, [approveIx(o.admins.slice(1, 4))], o.payer));
    expect(snapshotFlags()).toBe(DEVIATION_APPROVED);
    expect(approval.logs.filter((l) => l.startsWith('Program data: '))).toHaveLength(1);
    expect(approval.computeUnits).toBeLessThan(5_000n);
    // When the keeper pushes every price tripled, without admin co-signers
    const moved = expectOk(await pushAt(2n, 3n * PRICE));
    // Then it is accepted, fits one packet, and the approval is used up
    expect(moved.txBytes).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
    expect(snapshotFlags()).toBe(0);
    // And the following large move is capped again
    const before = accountBytes(o.svm, [snap.snapshot]);
    const again = await pushAt(3n, 9n * PRICE);
    expect(again.customError).toBe(ORACLE_ERROR__DEVIATION_TOO_LARGE);
    expect(accountBytes(o.svm, [snap.snapshot])).toEqual(before);
  });

  it('is used up by the next push even when that push stays within the cap', async () => {
    expectOk(await send(o.svm, [approveIx(o.admins.slice(0, 3))], o.payer));
    expectOk(await pushAt(2n, PRICE));
    expect(snapshotFlags()).toBe(0);
    expect((await pushAt(3n, 3n * PRICE)).customError).toBe(ORACLE_ERROR__DEVIATION_TOO_LARGE);
  });

  it('rejects an approval by 2 of 5 admins and changes nothing', async () => {
    const before = accountBytes(o.svm, [snap.snapshot, o.config]);
    const r = await send(o.svm, [approveIx(o.admins.slice(0, 2))], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(accountBytes(o.svm, [snap.snapshot, o.config])).toEqual(before);
  });

  it('rejects an approval by one admin listed three times', async () => {
    const a = o.admins[4]!;
    const r = await send(o.svm, [approveIx([a, a, a])], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(snapshotFlags()).toBe(0);
  });
});
