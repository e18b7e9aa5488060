// approve_deviation: the admin threshold lets one named push (by its sequence) of one
// snapshot move beyond the deviation cap, for baskets whose push cannot also carry three
// admin signatures. No other push can use the approval, whatever its size.
import {
  findNavReferencePda,
  getApproveDeviationInstruction,
  getNavReferenceDecoder,
  type NavPayloadEntry,
  ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET,
  ORACLE_ERROR__APPROVAL_SEQUENCE_OUT_OF_RANGE,
  ORACLE_ERROR__DEVIATION_TOO_LARGE,
} from '@basket/oracle-client';
import { accountBytes, MAX_TRANSACTION_BYTES, send } from '@basket/test-harness';
import type { Address, KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { createSnapshot, expectOk, type Oracle, push, setupOracle } from './oracle-fixture.ts';

const PRICE = 10_000_000_000n;
const ONE = 1_000_000_000_000n;

describe('approve_deviation', () => {
  let o: Oracle;
  let snap: Awaited<ReturnType<typeof createSnapshot>>;
  let reference: Address;

  beforeEach(async () => {
    o = await setupOracle(1);
    snap = await createSnapshot(o, 'BIG20', 20);
    [reference] = await findNavReferencePda(snap.skuId);
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

  function approveIx(signers: KeyPairSigner[], sequence = 2n) {
    return getApproveDeviationInstruction({
      snapshot: snap.snapshot,
      config: o.config,
      reference,
      sequence,
      adminSigners: signers,
    });
  }

  function approvedSequence(): bigint {
    const acc = o.svm.getAccount(reference);
    if (!acc.exists) throw new Error('missing');
    return getNavReferenceDecoder().decode(Uint8Array.from(acc.data)).approvedSequence;
  }

  it('lets the approved 20-entry push move beyond the cap, once', async () => {
    // Given 3 of 5 admins approved a large move for push #2
    const approval = expectOk(await send(o.svm, [approveIx(o.admins.slice(1, 4))], o.payer));
    expect(approvedSequence()).toBe(2n);
    expect(approval.logs.filter((l) => l.startsWith('Program data: '))).toHaveLength(1);
    expect(approval.computeUnits).toBeLessThan(5_000n);
    // When the keeper pushes #2 with every price tripled, without admin co-signers
    const moved = expectOk(await pushAt(2n, 3n * PRICE));
    // Then it is accepted, fits one packet, and the approval is used up
    expect(moved.txBytes).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
    expect(approvedSequence()).toBe(0n);
    // And the following large move is capped again, against the approved prices
    const before = accountBytes(o.svm, [snap.snapshot]);
    const again = await pushAt(3n, 9n * PRICE);
    expect(again.customError).toBe(ORACLE_ERROR__DEVIATION_TOO_LARGE);
    expect(accountBytes(o.svm, [snap.snapshot])).toEqual(before);
    expectOk(await pushAt(3n, (3n * PRICE * 105n) / 100n));
  });

  it('is not consumed by another push: a small push #2 leaves the approval of #3 standing', async () => {
    // Given an approval of push #3
    expectOk(await send(o.svm, [approveIx(o.admins.slice(0, 3), 3n)], o.payer));
    // When push #2 moves within the cap, and then tries a large move as #2 would have
    expectOk(await pushAt(2n, PRICE));
    expect(approvedSequence()).toBe(3n);
    // Then only #3 may move beyond the cap
    expectOk(await pushAt(3n, 3n * PRICE));
    expect(approvedSequence()).toBe(0n);
  });

  it('an approval of #3 does not let #2 move beyond the cap', async () => {
    expectOk(await send(o.svm, [approveIx(o.admins.slice(0, 3), 3n)], o.payer));
    expect((await pushAt(2n, 3n * PRICE)).customError).toBe(ORACLE_ERROR__DEVIATION_TOO_LARGE);
  });

  it('refuses an approval of a passed sequence or one beyond the next 16', async () => {
    const before = accountBytes(o.svm, [reference]);
    for (const sequence of [1n, 18n, 2n ** 64n - 1n]) {
      const r = await send(o.svm, [approveIx(o.admins.slice(0, 3), sequence)], o.payer);
      expect(r.customError, `#${sequence}`).toBe(ORACLE_ERROR__APPROVAL_SEQUENCE_OUT_OF_RANGE);
    }
    expect(accountBytes(o.svm, [reference])).toEqual(before);
    expectOk(await send(o.svm, [approveIx(o.admins.slice(0, 3), 17n)], o.payer));
  });

  it('sequence 0 approves the next push as the snapshot stands when the approval lands', async () => {
    expectOk(await send(o.svm, [approveIx(o.admins.slice(0, 3), 0n)], o.payer));
    expect(approvedSequence()).toBe(2n);
    expectOk(await pushAt(2n, 3n * PRICE));
  });

  it('rejects an approval by 2 of 5 admins and changes nothing', async () => {
    const before = accountBytes(o.svm, [snap.snapshot, o.config, reference]);
    const r = await send(o.svm, [approveIx(o.admins.slice(0, 2))], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(accountBytes(o.svm, [snap.snapshot, o.config, reference])).toEqual(before);
  });

  it('rejects an approval by one admin listed three times', async () => {
    const a = o.admins[4]!;
    const r = await send(o.svm, [approveIx([a, a, a])], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET);
    expect(approvedSequence()).toBe(0n);
  });
});
