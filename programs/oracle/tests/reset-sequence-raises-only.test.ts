// reset_sequence only raises a snapshot's sequence (decision 0995): the vault's price memo
// and NAV cache follow a sequence that only rises, so a lower or equal value is refused
// (SequenceNotRaised), and so is one leaving less than 2^32 below u64::MAX
// (SequenceRoomTooSmall): either leaves every byte as it was, the pending approval
// included. A raise lands, drops the approval, voids a payload signed for a sequence at or
// below it, and the next push is 1 to 16 above it.
import {
  findNavReferencePda,
  getApproveDeviationInstruction,
  getNavReferenceDecoder,
  getNavSnapshotDecoder,
  getResetSequenceInstruction,
  ORACLE_ERROR__SEQUENCE_NOT_INCREASING,
  ORACLE_ERROR__SEQUENCE_NOT_RAISED,
  ORACLE_ERROR__SEQUENCE_ROOM_TOO_SMALL,
  ORACLE_ERROR__SEQUENCE_TOO_FAR_AHEAD,
} from '@basket/oracle-client';
import { accountBytes, send } from '@basket/test-harness';
import type { Address } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createSnapshot,
  entries,
  expectOk,
  type Oracle,
  push,
  pushIxs,
  setupOracle,
} from './oracle-fixture.ts';

const U64_MAX = 2n ** 64n - 1n;
/** The highest sequence a reset may set: 2^32 left below u64::MAX. */
const HIGHEST = U64_MAX - 2n ** 32n;

describe('reset_sequence raises only', () => {
  let o: Oracle;
  let snap: Awaited<ReturnType<typeof createSnapshot>>;
  let reference: Address;

  beforeEach(async () => {
    o = await setupOracle(1);
    snap = await createSnapshot(o, 'RAISE', 2);
    [reference] = await findNavReferencePda(snap.skuId);
    expectOk(await pushAt(1n));
    expectOk(await pushAt(5n));
    // A pending approval, which a refused reset must leave in place
    expectOk(await send(o.svm, [approveIx(6n)], o.payer));
  });

  function pushAt(sequence: bigint) {
    return push(o, { keeper: o.keepers[0]!, ...snap, sequence, entries: entries(o, 2) });
  }

  function approveIx(sequence: bigint) {
    return getApproveDeviationInstruction({
      snapshot: snap.snapshot,
      config: o.config,
      reference,
      sequence,
      adminSigners: o.admins.slice(0, 3),
    });
  }

  function resetIx(sequence: bigint) {
    return getResetSequenceInstruction({
      snapshot: snap.snapshot,
      config: o.config,
      reference,
      sequence,
      adminSigners: o.admins.slice(2, 5),
    });
  }

  function storedSequence(): bigint {
    const acc = o.svm.getAccount(snap.snapshot);
    if (!acc.exists) throw new Error('missing');
    return getNavSnapshotDecoder().decode(Uint8Array.from(acc.data)).sequence;
  }

  function approvedSequence(): bigint {
    const acc = o.svm.getAccount(reference);
    if (!acc.exists) throw new Error('missing');
    return getNavReferenceDecoder().decode(Uint8Array.from(acc.data)).approvedSequence;
  }

  it('refuses a lower or equal sequence, and one too close to u64::MAX, changing nothing', async () => {
    const before = accountBytes(o.svm, [snap.snapshot, reference]);
    for (const sequence of [0n, 1n, 4n, 5n]) {
      const r = await send(o.svm, [resetIx(sequence)], o.payer);
      expect(r.customError, `reset to ${sequence}`).toBe(ORACLE_ERROR__SEQUENCE_NOT_RAISED);
    }
    for (const sequence of [HIGHEST + 1n, U64_MAX - 1n, U64_MAX]) {
      const r = await send(o.svm, [resetIx(sequence)], o.payer);
      expect(r.customError, `reset to ${sequence}`).toBe(ORACLE_ERROR__SEQUENCE_ROOM_TOO_SMALL);
    }
    expect(accountBytes(o.svm, [snap.snapshot, reference])).toEqual(before);
    expect(storedSequence()).toBe(5n);
    expect(approvedSequence()).toBe(6n);
  });

  it('a raise lands, drops the approval, voids older signed payloads; the next push is +1..+16', async () => {
    // Given a payload the keeper signed for #7 that leaked before it was pushed
    const leaked = await pushIxs(o, {
      keeper: o.keepers[0]!,
      ...snap,
      sequence: 7n,
      entries: entries(o, 2),
    });
    // When the admins raise the sequence to 100
    const r = expectOk(await send(o.svm, [resetIx(100n)], o.payer));
    expect(r.logs.filter((l) => l.startsWith('Program data: '))).toHaveLength(1);
    // Then it lands, the approval is dropped and the leaked payload can never land
    expect(storedSequence()).toBe(100n);
    expect(approvedSequence()).toBe(0n);
    expect((await send(o.svm, leaked, o.payer)).customError).toBe(
      ORACLE_ERROR__SEQUENCE_NOT_INCREASING,
    );
    // And the next push is 101 to 116: 100 and 117 are refused, 116 lands
    expect((await pushAt(100n)).customError).toBe(ORACLE_ERROR__SEQUENCE_NOT_INCREASING);
    expect((await pushAt(117n)).customError).toBe(ORACLE_ERROR__SEQUENCE_TOO_FAR_AHEAD);
    expectOk(await pushAt(116n));
    expect(storedSequence()).toBe(116n);
    // A second raise by one is a raise too; then its next push, +1
    expectOk(await send(o.svm, [resetIx(117n)], o.payer));
    expectOk(await pushAt(118n));
    expect(storedSequence()).toBe(118n);
  });

  it('the highest sequence a reset may set leaves 2^32 pushes of room', async () => {
    expectOk(await send(o.svm, [resetIx(HIGHEST)], o.payer));
    expect(storedSequence()).toBe(HIGHEST);
    expectOk(await pushAt(HIGHEST + 16n));
    expect(storedSequence()).toBe(HIGHEST + 16n);
    // From there no reset is possible (any raise leaves less room), and pushes go on
    expect((await send(o.svm, [resetIx(HIGHEST + 17n)], o.payer)).customError).toBe(
      ORACLE_ERROR__SEQUENCE_ROOM_TOO_SMALL,
    );
    expectOk(await pushAt(HIGHEST + 17n));
  });
});
