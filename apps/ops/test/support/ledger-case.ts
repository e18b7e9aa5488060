// A proposal built from fixed keys, nonce and accounts (no network), so its message bytes —
// and so the APDUs a Ledger exchanges to sign it — are the same on every run: the recorded
// exchange in fixtures/ledger-sign.apdus replays against it.
import { getSetPausedInstructionFor } from '@basket/sdk';
import {
  type Address,
  createKeyPairSignerFromPrivateKeyBytes,
  createNoopSigner,
  type KeyPairSigner,
  type Nonce,
} from '@solana/kit';
import type { Proposal } from '../../src/proposal-file.ts';
import { assembleProposal } from '../../src/propose.ts';

/** The Ledger's account in the recording (44'/501'/0' of a test seed, never a real device's). */
export const LEDGER_SEED = new Uint8Array(32).fill(0x4c);

const seeded = (byte: number) =>
  createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(32).fill(byte));

export async function ledgerCase(): Promise<{
  proposal: Proposal;
  ledgerAdmin: KeyPairSigner;
  otherAdmins: KeyPairSigner[];
}> {
  const ledgerAdmin = await createKeyPairSignerFromPrivateKeyBytes(LEDGER_SEED);
  const otherAdmins = await Promise.all([seeded(0x02), seeded(0x03)]);
  const feePayer = await seeded(0x01);
  const vault = (await seeded(0x05)).address;
  const instruction = getSetPausedInstructionFor({
    vault,
    paused: true,
    adminSigners: [ledgerAdmin, ...otherAdmins].map((a) => createNoopSigner(a.address)),
  }).instruction;
  const proposal = await assembleProposal({
    environment: 'devnet',
    action: 'vault.pause',
    summary: 'pause vault TECH6',
    governance: { kind: 'vault', sku: 'TECH6' },
    feePayer,
    instructions: [instruction],
    nonceAccount: (await seeded(0x06)).address as Address,
    nonce: (await seeded(0x07)).address as unknown as Nonce,
  });
  return { proposal, ledgerAdmin, otherAdmins };
}
