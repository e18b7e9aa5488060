// The deviation reference is an account of its own, so every instruction that writes it
// (push_snapshot, approve_deviation, reset_sequence) must refuse another SKU's reference, a
// byte-identical copy under another owner, the snapshot in its place and a read-only one;
// each refusal changes nothing. The case that matters most: an approval written into another
// SKU's reference would let that SKU's push pass the cap without its own approval.
import {
  findNavReferencePda,
  getApproveDeviationInstruction,
  getResetSequenceInstruction,
  ORACLE_ERROR__DEVIATION_TOO_LARGE,
  ORACLE_ERROR__INVALID_OWNER,
  ORACLE_ERROR__NOT_WRITABLE,
  ORACLE_ERROR__WRONG_REFERENCE,
} from '@basket/oracle-client';
import { accountBytes, send } from '@basket/test-harness';
import {
  type AccountMeta,
  type Address,
  generateKeyPairSigner,
  type Instruction,
} from '@solana/kit';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cloneAccountTo,
  createSnapshot,
  entries,
  expectOk,
  type Oracle,
  push,
  pushIxs,
  SYSTEM_PROGRAM,
  setupOracle,
} from './oracle-fixture.ts';

const PRICE = 10_000_000_000n;

type Snap = Awaited<ReturnType<typeof createSnapshot>>;

/** `ix` with the account at `from` replaced by `to` (role kept unless given). */
function substitute(ix: Instruction, from: Address, to: Address, role?: number): Instruction {
  const accounts = (ix.accounts ?? []).map((a) =>
    a.address === from ? ({ ...a, address: to, role: role ?? a.role } as AccountMeta) : a,
  );
  return { ...ix, accounts };
}

describe('deviation reference substitution', () => {
  let o: Oracle;
  let a: Snap;
  let b: Snap;
  let refA: Address;
  let refB: Address;

  beforeEach(async () => {
    o = await setupOracle(1);
    a = await createSnapshot(o, 'REFA', 2);
    b = await createSnapshot(o, 'REFB', 2);
    [refA] = await findNavReferencePda(a.skuId);
    [refB] = await findNavReferencePda(b.skuId);
    for (const s of [a, b]) {
      expectOk(
        await push(o, { keeper: o.keepers[0]!, ...s, sequence: 1n, entries: entries(o, 2) }),
      );
    }
  });

  async function pushA(reference: Address, role?: number) {
    const ixs = await pushIxs(o, {
      keeper: o.keepers[0]!,
      ...a,
      sequence: 2n,
      entries: entries(o, 2, PRICE + 1n),
    });
    return send(o.svm, [ixs[0]!, substitute(ixs[1]!, refA, reference, role)], o.payer);
  }

  function approveA(reference: Address, sequence = 2n) {
    return getApproveDeviationInstruction({
      snapshot: a.snapshot,
      config: o.config,
      reference,
      sequence,
      adminSigners: o.admins.slice(0, 3),
    });
  }

  function resetA(reference: Address) {
    return getResetSequenceInstruction({
      snapshot: a.snapshot,
      config: o.config,
      reference,
      sequence: 7n,
      adminSigners: o.admins.slice(0, 3),
    });
  }

  it('push_snapshot refuses another SKU, a copy under another owner, the snapshot and a read-only reference', async () => {
    const fake = (await generateKeyPairSigner()).address;
    cloneAccountTo(o.svm, refA, fake, SYSTEM_PROGRAM);
    const watched = [a.snapshot, b.snapshot, refA, refB];
    const before = accountBytes(o.svm, watched);
    expect((await pushA(refB)).customError).toBe(ORACLE_ERROR__WRONG_REFERENCE);
    expect((await pushA(fake)).customError).toBe(ORACLE_ERROR__INVALID_OWNER);
    // The snapshot in the reference's place: the type (discriminator) differs.
    expect((await pushA(a.snapshot)).ok).toBe(false);
    expect((await pushA(refA, 0)).customError).toBe(ORACLE_ERROR__NOT_WRITABLE);
    expect(accountBytes(o.svm, watched)).toEqual(before);
    // And with its own reference the same push lands (the refusals were the accounts').
    expectOk(await pushA(refA));
  });

  it("approve_deviation cannot put an approval into another SKU's reference", async () => {
    const before = accountBytes(o.svm, [refA, refB]);
    const r = await send(o.svm, [approveA(refB)], o.payer);
    expect(r.customError).toBe(ORACLE_ERROR__WRONG_REFERENCE);
    expect(accountBytes(o.svm, [refA, refB])).toEqual(before);
    // B's next push beyond the cap is still refused: no approval reached it.
    const far = await push(o, {
      keeper: o.keepers[0]!,
      ...b,
      sequence: 2n,
      entries: entries(o, 2, 3n * PRICE),
    });
    expect(far.customError).toBe(ORACLE_ERROR__DEVIATION_TOO_LARGE);
  });

  it('approve_deviation and reset_sequence refuse a copy under another owner and a read-only reference', async () => {
    const fake = (await generateKeyPairSigner()).address;
    cloneAccountTo(o.svm, refA, fake, SYSTEM_PROGRAM);
    const watched = [a.snapshot, refA, fake];
    const before = accountBytes(o.svm, watched);
    expect((await send(o.svm, [approveA(fake)], o.payer)).customError).toBe(
      ORACLE_ERROR__INVALID_OWNER,
    );
    expect((await send(o.svm, [resetA(fake)], o.payer)).customError).toBe(
      ORACLE_ERROR__INVALID_OWNER,
    );
    expect((await send(o.svm, [resetA(refB)], o.payer)).customError).toBe(
      ORACLE_ERROR__WRONG_REFERENCE,
    );
    const readOnly = substitute(approveA(refA), refA, refA, 0);
    expect((await send(o.svm, [readOnly], o.payer)).customError).toBe(ORACLE_ERROR__NOT_WRITABLE);
    expect(accountBytes(o.svm, watched)).toEqual(before);
  });
});
