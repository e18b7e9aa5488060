// Shared Given-steps of the oracle tests: a configured oracle, SKU snapshots and keeper
// pushes. Every helper sends real transactions through the built program in LiteSVM.

import {
  addressBytes,
  encodeNavPayload,
  encodeSkuId,
  findNavReferencePda,
  findNavSnapshotPda,
  findOracleConfigPda,
  getCreateSnapshotInstruction,
  getEd25519VerifyInstruction,
  getInitializeConfigInstruction,
  getPushSnapshotInstruction,
  getSignedPushSnapshotInstructions,
  INSTRUCTIONS_SYSVAR_ADDRESS,
  type NavPayloadEntry,
  ORACLE_PROGRAM_ADDRESS,
} from '@basket/oracle-client';
import { fund, type SendResult, send } from '@basket/test-harness';
import {
  type Address,
  generateKeyPairSigner,
  getAddressFromPublicKey,
  type Instruction,
  type KeyPairSigner,
  lamports,
  signBytes,
} from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { expect } from 'vitest';
import { createOracleSvm } from './upgradeable-program.ts';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
export const MAX_DEVIATION_BPS = 1_000;
/** Slot the fixture warps to, so entry slots can lie before and after it. */
export const START_SLOT = 1_000n;

export interface Oracle {
  svm: LiteSVM;
  payer: KeyPairSigner;
  admins: KeyPairSigner[];
  keepers: KeyPairSigner[];
  config: Address;
}

/**
 * Given an initialized oracle: 5 admins (threshold 3), `keeperCount` keepers, 10% cap; the
 * payer is the program's upgrade authority and signs `initialize_config` as such.
 */
export async function setupOracle(keeperCount = 2): Promise<Oracle> {
  const payer = await generateKeyPairSigner();
  const svm = await createOracleSvm(payer.address);
  svm.warpToSlot(START_SLOT);
  const admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
  const keepers = await Promise.all(
    Array.from({ length: keeperCount }, () => generateKeyPairSigner()),
  );
  fund(svm, payer.address);
  const [config] = await findOracleConfigPda();
  const ix = getInitializeConfigInstruction({
    payer,
    config,
    systemProgram: SYSTEM_PROGRAM,
    admins: admins.map((a) => a.address),
    threshold: 3,
    keeperCount,
    keepers: [...keepers.map((k) => k.address), ...Array(8 - keeperCount).fill(SYSTEM_PROGRAM)],
    maxDeviationBps: MAX_DEVIATION_BPS,
    adminSigners: admins.slice(0, 3),
  });
  expectOk(await send(svm, [ix], payer));
  return { svm, payer, admins, keepers, config };
}

export function expectOk(r: SendResult): SendResult {
  expect(r.error).toBeNull();
  return r;
}

/** Distinct mint addresses. */
export async function newMints(n: number): Promise<Address[]> {
  return Promise.all(
    Array.from({ length: n }, async () => (await generateKeyPairSigner()).address),
  );
}

export async function createSnapshotIx(
  o: Oracle,
  sku: string,
  mints: Address[],
  signers = o.admins.slice(0, 3),
  skuId = encodeSkuId(sku),
  payer: KeyPairSigner = o.payer,
): Promise<{ ix: Instruction; snapshot: Address }> {
  const [snapshot] = await findNavSnapshotPda(skuId);
  const [reference] = await findNavReferencePda(skuId);
  const padded = [...mints, ...Array(20 - Math.min(mints.length, 20)).fill(SYSTEM_PROGRAM)].slice(
    0,
    20,
  );
  const ix = getCreateSnapshotInstruction({
    payer,
    config: o.config,
    snapshot,
    reference,
    systemProgram: SYSTEM_PROGRAM,
    skuId,
    mintCount: mints.length,
    mints: padded,
    adminSigners: signers,
  });
  return { ix, snapshot };
}

/** Given a created snapshot for `sku` with `mintCount` fresh mints. */
export async function createSnapshot(o: Oracle, sku: string, mintCount: number) {
  const mints = await newMints(mintCount);
  const { ix, snapshot } = await createSnapshotIx(o, sku, mints);
  expectOk(await send(o.svm, [ix], o.payer));
  return { snapshot, mints, skuId: encodeSkuId(sku) };
}

/** `n` valid entries read at the current slot. */
export function entries(o: Oracle, n: number, price = 10_000_000_000n): NavPayloadEntry[] {
  const slot = o.svm.getClock().slot;
  return Array.from({ length: n }, (_, i) => ({
    priceUsd1E8: price + BigInt(i),
    multiplierNum: 1_000_000_000_000n,
    updatedSlot: slot,
    flags: 1,
  }));
}

export interface PushArgs {
  keeper: KeyPairSigner;
  snapshot: Address;
  skuId: Uint8Array;
  sequence: bigint;
  entries: NavPayloadEntry[];
  adminSigners?: KeyPairSigner[];
}

/** The keeper client's two instructions for a push. */
export async function pushIxs(o: Oracle, a: PushArgs): Promise<Instruction[]> {
  return getSignedPushSnapshotInstructions({
    keeper: a.keeper.keyPair,
    snapshot: a.snapshot,
    config: o.config,
    skuId: a.skuId,
    sequence: a.sequence,
    entries: a.entries,
    adminSigners: a.adminSigners,
  });
}

export async function push(o: Oracle, a: PushArgs): Promise<SendResult> {
  return send(o.svm, await pushIxs(o, a), o.payer);
}

/** An Ed25519 instruction over arbitrary message bytes signed by `signer`. */
export async function signedVerifyIx(
  signer: KeyPairSigner,
  message: Uint8Array,
): Promise<Instruction> {
  const signature = await signBytes(signer.keyPair.privateKey, message);
  const publicKey = addressBytes(await getAddressFromPublicKey(signer.keyPair.publicKey));
  return getEd25519VerifyInstruction({ publicKey, signature: Uint8Array.from(signature), message });
}

/** A bare push_snapshot instruction (no Ed25519 instruction attached). */
export async function pushOnlyIx(
  o: Oracle,
  snap: { snapshot: Address; skuId: Uint8Array },
  instructionsSysvar: Address = INSTRUCTIONS_SYSVAR_ADDRESS,
) {
  return getPushSnapshotInstruction({
    snapshot: snap.snapshot,
    config: o.config,
    instructionsSysvar,
    reference: (await findNavReferencePda(snap.skuId))[0],
    adminSigners: [],
  });
}

/** The canonical payload bytes for a push to `snapshot`. */
export function payloadBytes(a: Omit<PushArgs, 'keeper'>): Uint8Array {
  return encodeNavPayload({
    programAddress: ORACLE_PROGRAM_ADDRESS,
    snapshot: a.snapshot,
    skuId: a.skuId,
    sequence: a.sequence,
    entries: a.entries,
  });
}

/** Copies an account's bytes to `address` under another owner (for owner-check tests). */
export function cloneAccountTo(svm: LiteSVM, from: Address, to: Address, owner: Address): void {
  const acc = svm.getAccount(from);
  if (!acc.exists) throw new Error(`no account at ${from}`);
  svm.setAccount({
    address: to,
    data: Uint8Array.from(acc.data),
    executable: false,
    lamports: lamports(acc.lamports),
    programAddress: owner,
    space: BigInt(acc.data.length),
  });
}
