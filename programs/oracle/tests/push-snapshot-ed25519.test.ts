// Attacks on the Ed25519 introspection of push_snapshot: where the signature check sits,
// what its offsets point at, and which instructions sysvar is read.

import {
  ED25519_PROGRAM_ADDRESS,
  ORACLE_ERROR__INVALID_ED25519_INSTRUCTION,
  ORACLE_ERROR__INVALID_SYSVAR,
  ORACLE_ERROR__MISSING_ED25519_INSTRUCTION,
  ORACLE_ERROR__UNAUTHORIZED_KEEPER,
} from '@basket/oracle-client';
import { accountBytes, type SendResult, send } from '@basket/test-harness';
import { generateKeyPairSigner, type Instruction, type KeyPairSigner } from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  cloneAccountTo,
  createSnapshot,
  entries,
  expectOk,
  type Oracle,
  payloadBytes,
  pushIxs,
  pushOnlyIx,
  SYSTEM_PROGRAM,
  setupOracle,
  signedVerifyIx,
} from './oracle-fixture.ts';

describe('push_snapshot Ed25519 introspection', () => {
  let o: Oracle;
  let snap: Awaited<ReturnType<typeof createSnapshot>>;
  let keeper: KeyPairSigner;

  beforeEach(async () => {
    o = await setupOracle(2);
    snap = await createSnapshot(o, 'MAG7', 2);
    keeper = o.keepers[0]!;
  });

  const message = () => payloadBytes({ ...snap, sequence: 1n, entries: entries(o, 2) });

  async function expectRejected(ixs: Instruction[], code: number | null) {
    const before = accountBytes(o.svm, [snap.snapshot, o.config]);
    const r: SendResult = await send(o.svm, ixs, o.payer);
    expect(r.ok).toBe(false);
    expect(r.customError, r.error ?? '').toBe(code);
    expect(accountBytes(o.svm, [snap.snapshot, o.config])).toEqual(before);
    return r;
  }

  /** Rewrites u16 fields of an Ed25519 instruction's data. */
  function patched(ix: Instruction, fields: Record<number, number>): Instruction {
    const data = Uint8Array.from(ix.data!);
    const view = new DataView(data.buffer);
    for (const [at, v] of Object.entries(fields)) view.setUint16(Number(at), v, true);
    return { ...ix, data };
  }

  it('accepts the client layout: Ed25519 check immediately before the push', async () => {
    const r = expectOk(
      await send(
        o.svm,
        await pushIxs(o, { keeper, ...snap, sequence: 1n, entries: entries(o, 2) }),
        o.payer,
      ),
    );
    expect(r.computeUnits).toBeLessThan(5_000n);
  });

  it('rejects a push without an Ed25519 instruction', async () => {
    await expectRejected([await pushOnlyIx(o, snap)], ORACLE_ERROR__MISSING_ED25519_INSTRUCTION);
  });

  it('rejects an Ed25519 instruction placed after the push', async () => {
    const verify = await signedVerifyIx(keeper, message());
    await expectRejected(
      [await pushOnlyIx(o, snap), verify],
      ORACLE_ERROR__MISSING_ED25519_INSTRUCTION,
    );
  });

  it('rejects an Ed25519 instruction that is not immediately before the push', async () => {
    const verify = await signedVerifyIx(keeper, message());
    const between = getSetComputeUnitLimitInstruction({ units: 200_000 });
    await expectRejected(
      [verify, between, await pushOnlyIx(o, snap)],
      ORACLE_ERROR__MISSING_ED25519_INSTRUCTION,
    );
  });

  it('rejects a forged instructions sysvar account', async () => {
    // Given an account at another address holding a copy of real account data
    const fake = (await generateKeyPairSigner()).address;
    cloneAccountTo(o.svm, o.config, fake, SYSTEM_PROGRAM);
    const verify = await signedVerifyIx(keeper, message());
    await expectRejected([verify, await pushOnlyIx(o, snap, fake)], ORACLE_ERROR__INVALID_SYSVAR);
  });

  it.each([
    ['signature', 4],
    ['public key', 8],
    ['message', 14],
  ])('rejects a %s instruction index pointing at another instruction', async (_, at) => {
    // Given a valid self-contained check at index 0, and a second check at index 1 whose
    // offsets read the same bytes out of instruction 0 (so the runtime accepts both)
    const original = await signedVerifyIx(keeper, message());
    const borrowing = patched(original, { [at]: 0 });
    await expectRejected(
      [original, borrowing, await pushOnlyIx(o, snap)],
      ORACLE_ERROR__INVALID_ED25519_INSTRUCTION,
    );
  });

  it('rejects an Ed25519 instruction carrying two signatures', async () => {
    // Given two valid keeper signatures over the same payload in one instruction
    const one = await signedVerifyIx(keeper, message());
    const second = await signedVerifyIx(o.keepers[1]!, message());
    const d1 = one.data!;
    const d2 = second.data!;
    const body1 = d1.subarray(16);
    const body2 = d2.subarray(16);
    const data = new Uint8Array(2 + 28 + body1.length + body2.length);
    const view = new DataView(data.buffer);
    data[0] = 2;
    const base1 = 30;
    const base2 = 30 + body1.length;
    const msgLen = message().length;
    [base1, base2].forEach((base, i) => {
      const rec = [base + 32, 0xffff, base, 0xffff, base + 96, msgLen, 0xffff];
      rec.forEach((v, j) => {
        view.setUint16(2 + 14 * i + 2 * j, v, true);
      });
    });
    data.set(body1, base1);
    data.set(body2, base2);
    const verify: Instruction = { programAddress: ED25519_PROGRAM_ADDRESS, data };
    await expectRejected(
      [verify, await pushOnlyIx(o, snap)],
      ORACLE_ERROR__INVALID_ED25519_INSTRUCTION,
    );
  });

  it('reads the key the offsets point at, not the one at the usual place', async () => {
    // Given a stranger's valid signature whose public-key offset points past the keeper's
    // key, which sits at the usual offset 16
    const stranger = await generateKeyPairSigner();
    const signed = await signedVerifyIx(stranger, message());
    const d = signed.data!;
    const data = new Uint8Array(d.length + 32);
    data.set(d);
    data.set(d.subarray(16, 48), d.length); // the stranger's key, moved to the end
    const keeperKey = (await signedVerifyIx(keeper, message())).data!.subarray(16, 48);
    data.set(keeperKey, 16);
    new DataView(data.buffer).setUint16(6, d.length, true);
    const verify: Instruction = { programAddress: ED25519_PROGRAM_ADDRESS, data };
    // Then the program compares the stranger's key and refuses it
    await expectRejected([verify, await pushOnlyIx(o, snap)], ORACLE_ERROR__UNAUTHORIZED_KEEPER);
  });

  it('fails the whole transaction when the signature does not verify', async () => {
    const verify = await signedVerifyIx(keeper, message());
    const data = Uint8Array.from(verify.data!);
    data[48] = data[48]! ^ 0xff; // first signature byte
    const r = await expectRejected([{ ...verify, data }, await pushOnlyIx(o, snap)], null);
    expect(r.error).toMatch(/precompile|signature|Custom|InstructionError/i);
  });
});
