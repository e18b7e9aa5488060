// The proposal path without a chain: a durable-nonce transaction built from the SDK's admin
// builders, signed key by key, and the checks `submit` runs before sending anything.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getSetPausedInstructionFor } from '@basket/sdk';
import {
  type Address,
  createNoopSigner,
  generateKeyPairSigner,
  getAddressDecoder,
  type KeyPairSigner,
  type Nonce,
} from '@solana/kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { isOpsError, type OpsErrorCode } from '../src/errors.ts';
import {
  decodeTransaction,
  describeTransaction,
  type Proposal,
  readProposal,
  requiredSigners,
  writeProposal,
} from '../src/proposal-file.ts';
import { checkReadyToSubmit, signatureStates, signProposal } from '../src/proposal-signatures.ts';
import { assembleProposal } from '../src/propose.ts';

let admins: KeyPairSigner[];
let stranger: KeyPairSigner;
let feePayer: KeyPairSigner;
const vault = getAddressDecoder().decode(new Uint8Array(32).fill(5));
const nonce = getAddressDecoder().decode(new Uint8Array(32).fill(9)) as unknown as Nonce;

beforeAll(async () => {
  admins = await Promise.all([1, 2, 3, 4, 5].map(() => generateKeyPairSigner()));
  stranger = await generateKeyPairSigner();
  feePayer = await generateKeyPairSigner();
});

const adminSet = () => ({ keys: admins.map((a) => a.address), threshold: 3 });

async function pauseProposal(signers: readonly Address[]): Promise<Proposal> {
  const nonceAccount = (await generateKeyPairSigner()).address;
  const { instruction } = getSetPausedInstructionFor({
    vault,
    paused: true,
    adminSigners: signers.map((a) => createNoopSigner(a)),
  });
  return assembleProposal({
    environment: 'local',
    action: 'vault.pause',
    summary: 'pause vault TECH6',
    governance: { kind: 'vault', sku: 'TECH6' },
    feePayer,
    instructions: [instruction],
    nonceAccount,
    nonce,
  });
}

async function refusal(promise: Promise<unknown>): Promise<[OpsErrorCode, string]> {
  try {
    await promise;
  } catch (error) {
    if (isOpsError(error)) return [error.code, error.message];
    throw error;
  }
  throw new Error('not refused');
}

const [a1, a2, a3] = [0, 1, 2];

describe('a proposal', () => {
  it('holds a durable-nonce transaction: the nonce advance first, the nonce as lifetime, the fee payer signed', async () => {
    const proposal = await pauseProposal(admins.slice(0, 3).map((a) => a.address));
    const tx = decodeTransaction(proposal);
    // The fee payer first; the admins follow in the compiler's account order.
    const signers = requiredSigners(tx);
    expect(signers[0]).toBe(feePayer.address);
    expect(new Set(signers.slice(1))).toEqual(new Set(admins.slice(0, 3).map((a) => a.address)));
    const lines = describeTransaction(tx);
    expect(lines[0]).toBe(`nonce (lifetime): ${nonce}`);
    expect(lines[2]).toBe('#0 program 11111111111111111111111111111111'); // AdvanceNonceAccount
    expect((await signatureStates(tx)).map((s) => s.state)).toEqual([
      'valid',
      'missing',
      'missing',
      'missing',
    ]);
  });

  it('round-trips through its file, and a damaged file is refused', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ops-proposal-'));
    const path = join(dir, 'p.json');
    const proposal = await signProposal(
      await pauseProposal(admins.slice(0, 3).map((a) => a.address)),
      admins[a1] as KeyPairSigner,
    );
    writeProposal(path, proposal);
    expect(readProposal(path)).toEqual(proposal);
    const raw = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify({ ...raw, transaction: 'AAAA' }));
    expect(() => readProposal(path)).toThrow('does not decode');
    writeFileSync(path, JSON.stringify({ ...raw, format: 'other/1' }));
    expect(() => readProposal(path)).toThrow(/format/);
  });

  it('is refused with 2 of 3 admin signatures, and accepted with the third', async () => {
    let p = await pauseProposal(admins.slice(0, 3).map((a) => a.address));
    p = await signProposal(p, admins[a1] as KeyPairSigner);
    p = await signProposal(p, admins[a2] as KeyPairSigner);
    const [code, message] = await refusal(checkReadyToSubmit(p, adminSet()));
    expect(code).toBe('ADMIN_THRESHOLD_NOT_MET');
    expect(message).toContain(`2 of 3 admins signed; waiting for ${admins[a3]?.address} (missing)`);
    p = await signProposal(p, admins[a3] as KeyPairSigner);
    expect(new Set(await checkReadyToSubmit(p, adminSet()))).toEqual(
      new Set(admins.slice(0, 3).map((a) => a.address)),
    );
  });

  it('refuses a named signer who is not a configured admin, even with three admins signed', async () => {
    let p = await pauseProposal([...admins.slice(0, 3).map((a) => a.address), stranger.address]);
    for (const k of [...admins.slice(0, 3), stranger]) p = await signProposal(p, k);
    const [code, message] = await refusal(checkReadyToSubmit(p, adminSet()));
    expect(code).toBe('NON_ADMIN_SIGNER');
    expect(message).toContain(stranger.address);
  });

  it('will not take a signature from a key the transaction does not name', async () => {
    const p = await pauseProposal(admins.slice(0, 3).map((a) => a.address));
    const [code] = await refusal(signProposal(p, admins[4] as KeyPairSigner));
    expect(code).toBe('NOT_A_REQUIRED_SIGNER');
  });

  it('counts a forged signature as not signed', async () => {
    let p = await pauseProposal(admins.slice(0, 3).map((a) => a.address));
    for (const k of admins.slice(0, 3)) p = await signProposal(p, k);
    const tx = decodeTransaction(p);
    const forged = new Uint8Array(64).fill(1);
    const tampered = {
      ...tx,
      signatures: { ...tx.signatures, [admins[a2]?.address as string]: forged },
    };
    const { encodeTransaction } = await import('../src/proposal-file.ts');
    const bad = { ...p, transaction: encodeTransaction(tampered as typeof tx) };
    const states = await signatureStates(decodeTransaction(bad));
    expect(states.find((x) => x.address === admins[a2]?.address)?.state).toBe('invalid');
    const [code] = await refusal(checkReadyToSubmit(bad, adminSet()));
    expect(code).toBe('ADMIN_THRESHOLD_NOT_MET');
  });
});
