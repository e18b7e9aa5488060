// The signed push: the keeper's Ed25519 signature over the canonical NAV payload (through the
// signer's message interface, so a remote signer works the same), the Ed25519 verification
// instruction and `push_snapshot`, with the SDK's measured costs.
import {
  encodeNavPayload,
  encodeSkuId,
  findNavReferencePda,
  findOracleConfigPda,
  getEd25519VerifyInstruction,
  getPushSnapshotInstruction,
  INSTRUCTIONS_SYSVAR_ADDRESS,
  type NavPayloadEntry,
} from '@basket/oracle-client';
import type { CostedInstruction } from '@basket/sdk';
import { type Address, getAddressEncoder } from '@solana/kit';
import { type KeeperSigner, signBytesWith } from '../service/signer.ts';

/**
 * The two instructions of a push, to send adjacent in this order.
 *
 * @example
 * const [verify, push] = await buildSignedPush({ signer, oracle, snapshot, skuId: 'TECH6', sequence: 9n, entries });
 */
export async function buildSignedPush(input: {
  signer: KeeperSigner;
  oracle: Address;
  snapshot: Address;
  skuId: string;
  sequence: bigint;
  entries: readonly NavPayloadEntry[];
}): Promise<[CostedInstruction, CostedInstruction]> {
  const message = encodeNavPayload({
    programAddress: input.oracle,
    snapshot: input.snapshot,
    skuId: encodeSkuId(input.skuId),
    sequence: input.sequence,
    entries: input.entries,
  });
  const signature = await signBytesWith(input.signer, message);
  const [config] = await findOracleConfigPda({ programAddress: input.oracle });
  const verify = getEd25519VerifyInstruction({
    publicKey: Uint8Array.from(getAddressEncoder().encode(input.signer.address)),
    signature,
    message,
  });
  const push = getPushSnapshotInstruction(
    {
      snapshot: input.snapshot,
      config,
      instructionsSysvar: INSTRUCTIONS_SYSVAR_ADDRESS,
      reference: (await findNavReferencePda(encodeSkuId(input.skuId), input.oracle))[0],
      adminSigners: [],
    },
    { programAddress: input.oracle },
  );
  return [
    { instruction: verify, costs: [] },
    {
      instruction: push,
      costs: [
        { key: 'oracle.pushSnapshot' },
        { key: 'oracle.pushSnapshotPerEntry', count: input.entries.length },
      ],
    },
  ];
}
