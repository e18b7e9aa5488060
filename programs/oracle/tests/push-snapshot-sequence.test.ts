// Sequences are bounded: a push is 1 to 16 above the last, so no keeper signature can drive a
// snapshot to u64::MAX and stop every later push; the admin threshold's reset_sequence only
// raises a sequence (reset-sequence-raises-only.test.ts), so it never lowers one left there.
import {
  findNavReferencePda,
  getNavSnapshotDecoder,
  getNavSnapshotEncoder,
  getResetSequenceInstruction,
  ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET,
  ORACLE_ERROR__SEQUENCE_NOT_INCREASING,
  ORACLE_ERROR__SEQUENCE_NOT_RAISED,
  ORACLE_ERROR__SEQUENCE_TOO_FAR_AHEAD,
} from '@basket/oracle-client';
import { accountBytes, send } from '@basket/test-harness';
import { type KeyPairSigner, lamports } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createSnapshot,
  entries,
  expectOk,
  type Oracle,
  push,
  setupOracle,
} from './oracle-fixture.ts';

const U64_MAX = 2n ** 64n - 1n;

describe('push_snapshot: bounded sequences', () => {
  let o: Oracle;
  let snap: Awaited<ReturnType<typeof createSnapshot>>;

  beforeEach(async () => {
    o = await setupOracle(1);
    snap = await createSnapshot(o, 'SEQ', 2);
    expectOk(await pushAt(1n));
  });

  function pushAt(sequence: bigint) {
    return push(o, { keeper: o.keepers[0]!, ...snap, sequence, entries: entries(o, 2) });
  }

  function storedSequence(): bigint {
    const acc = o.svm.getAccount(snap.snapshot);
    if (!acc.exists) throw new Error('missing');
    return getNavSnapshotDecoder().decode(Uint8Array.from(acc.data)).sequence;
  }

  async function resetIx(sequence: bigint, signers: KeyPairSigner[]) {
    return getResetSequenceInstruction({
      snapshot: snap.snapshot,
      config: o.config,
      reference: (await findNavReferencePda(snap.skuId))[0],
      sequence,
      adminSigners: signers,
    });
  }

  it('refuses a keeper-signed u64::MAX and anything past the next 16, changing nothing', async () => {
    const before = accountBytes(o.svm, [snap.snapshot]);
    for (const sequence of [U64_MAX, 18n, 2n ** 32n]) {
      const r = await pushAt(sequence);
      expect(r.customError, `#${sequence}`).toBe(ORACLE_ERROR__SEQUENCE_TOO_FAR_AHEAD);
    }
    expect(accountBytes(o.svm, [snap.snapshot])).toEqual(before);
    // The 16th next is accepted
    expectOk(await pushAt(17n));
    expect(storedSequence()).toBe(17n);
  });

  it('a snapshot at u64::MAX (no bounded push reaches it) is not lowered by the admins', async () => {
    // Given a snapshot whose sequence is u64::MAX (as one unbounded push could have left it)
    const acc = o.svm.getAccount(snap.snapshot);
    if (!acc.exists) throw new Error('missing');
    const stored = getNavSnapshotDecoder().decode(Uint8Array.from(acc.data));
    const data = getNavSnapshotEncoder().encode({ ...stored, sequence: U64_MAX });
    o.svm.setAccount({
      address: snap.snapshot,
      data: Uint8Array.from(data),
      executable: false,
      lamports: lamports(acc.lamports),
      programAddress: acc.programAddress,
      space: BigInt(data.length),
    });
    expect((await pushAt(1n)).customError).toBe(ORACLE_ERROR__SEQUENCE_NOT_INCREASING);
    // When 2 of 5 admins try to reset it to 41, then 3 of 5
    const two = await send(o.svm, [await resetIx(41n, o.admins.slice(0, 2))], o.payer);
    expect(two.customError).toBe(ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET);
    const three = await send(o.svm, [await resetIx(41n, o.admins.slice(2, 5))], o.payer);
    // Then even the threshold cannot lower it: the vault prices by a sequence that only
    // rises (decision 0995), and no push can bring a snapshot here any more
    expect(three.customError).toBe(ORACLE_ERROR__SEQUENCE_NOT_RAISED);
    expect(storedSequence()).toBe(U64_MAX);
  });
});
