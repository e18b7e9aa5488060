// reset_sequence renumbers a snapshot's pushes, so an approval given under the old numbering
// must not survive it: after a raise that makes the approved number the next push, that push
// is capped like any other (a reset only raises the sequence: decision 0995). Also: the reset is refused for a read-only snapshot,
// for a non-signing admin, and a refused reset leaves the approval and the sequence as they
// were.
import {
  findNavReferencePda,
  getApproveDeviationInstruction,
  getNavReferenceDecoder,
  getNavSnapshotDecoder,
  getResetSequenceInstruction,
  ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET,
  ORACLE_ERROR__DEVIATION_TOO_LARGE,
  ORACLE_ERROR__NOT_WRITABLE,
} from '@basket/oracle-client';
import { accountBytes, send } from '@basket/test-harness';
import type { AccountMeta, Address, Instruction, KeyPairSigner } from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createSnapshot,
  entries,
  expectOk,
  type Oracle,
  push,
  setupOracle,
} from './oracle-fixture.ts';

const PRICE = 10_000_000_000n;

describe('reset_sequence and a pending deviation approval', () => {
  let o: Oracle;
  let snap: Awaited<ReturnType<typeof createSnapshot>>;
  let reference: Address;

  beforeEach(async () => {
    o = await setupOracle(1);
    snap = await createSnapshot(o, 'RESETAPP', 2);
    [reference] = await findNavReferencePda(snap.skuId);
    expectOk(await pushAt(1n, PRICE));
    expectOk(await pushAt(2n, PRICE));
  });

  function pushAt(sequence: bigint, price: bigint) {
    return push(o, {
      keeper: o.keepers[0]!,
      ...snap,
      sequence,
      entries: entries(o, 2, price),
    });
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

  function resetIx(sequence: bigint, signers: KeyPairSigner[] = o.admins.slice(2, 5)): Instruction {
    return getResetSequenceInstruction({
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

  function storedSequence(): bigint {
    const acc = o.svm.getAccount(snap.snapshot);
    if (!acc.exists) throw new Error('missing');
    return getNavSnapshotDecoder().decode(Uint8Array.from(acc.data)).sequence;
  }

  it('an approval of push #5 does not let the renumbered #5 past the cap after a raise to 4', async () => {
    // Given the admins approved a large move for push #5
    expectOk(await send(o.svm, [approveIx(5n)], o.payer));
    expect(approvedSequence()).toBe(5n);
    // When they raise the sequence to 4 (#5 is now the very next push)
    expectOk(await send(o.svm, [resetIx(4n)], o.payer));
    // Then the approval is gone and a tripled #5 is capped like any other push
    expect(approvedSequence()).toBe(0n);
    expect((await pushAt(5n, 3n * PRICE)).customError).toBe(ORACLE_ERROR__DEVIATION_TOO_LARGE);
    expect(storedSequence()).toBe(4n);
    // while a move within the cap lands
    expectOk(await pushAt(5n, PRICE + PRICE / 20n));
  });

  it('a refused reset (two admins, a read-only snapshot) leaves the approval and the sequence', async () => {
    expectOk(await send(o.svm, [approveIx(3n)], o.payer));
    const watched = [snap.snapshot, reference];
    const before = accountBytes(o.svm, watched);
    const two = await send(o.svm, [resetIx(10n, o.admins.slice(0, 2))], o.payer);
    expect(two.customError).toBe(ORACLE_ERROR__ADMIN_THRESHOLD_NOT_MET);
    const ix = resetIx(10n);
    const readOnly = {
      ...ix,
      accounts: (ix.accounts ?? []).map((a) =>
        a.address === snap.snapshot ? ({ ...a, role: 0 } as AccountMeta) : a,
      ),
    };
    expect((await send(o.svm, [readOnly], o.payer)).customError).toBe(ORACLE_ERROR__NOT_WRITABLE);
    expect(accountBytes(o.svm, watched)).toEqual(before);
    // The approval still works for its push
    expectOk(await pushAt(3n, 3n * PRICE));
    expect(approvedSequence()).toBe(0n);
  });
});
