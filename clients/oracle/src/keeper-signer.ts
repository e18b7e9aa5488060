import {
  type Address,
  getAddressFromPublicKey,
  type Instruction,
  signBytes,
  type TransactionSigner,
} from '@solana/kit';
import { getEd25519VerifyInstruction } from './ed25519-instruction.ts';
import { getPushSnapshotInstruction, ORACLE_PROGRAM_ADDRESS } from './generated/index.ts';
import { encodeNavPayload, type NavPayloadEntry } from './nav-payload.ts';
import { addressBytes, findNavReferencePda } from './sku-id.ts';

/** The Solana instructions sysvar. */
export const INSTRUCTIONS_SYSVAR_ADDRESS =
  'Sysvar1nstructions1111111111111111111111111' as Address<'Sysvar1nstructions1111111111111111111111111'>;

/** What a keeper pushes. */
export interface SignedPushInput {
  /** The keeper's ed25519 key pair (its public key must be in the configured keeper set). */
  keeper: CryptoKeyPair;
  snapshot: Address;
  config: Address;
  skuId: Uint8Array;
  sequence: bigint;
  entries: readonly NavPayloadEntry[];
  /** Admin co-signers, only for a move beyond the deviation cap. */
  adminSigners?: TransactionSigner[];
  programAddress?: Address;
}

/**
 * Signs the canonical payload with the keeper's key and returns the two instructions to
 * send in this order, adjacent, in one transaction: the Ed25519 verification, then
 * `push_snapshot`.
 *
 * @example
 * const [verify, push] = await getSignedPushSnapshotInstructions({
 *   keeper, snapshot, config, skuId: encodeSkuId('MAG7'), sequence: 42n, entries,
 * });
 */
export async function getSignedPushSnapshotInstructions(
  input: SignedPushInput,
): Promise<[Instruction, Instruction]> {
  const programAddress = input.programAddress ?? ORACLE_PROGRAM_ADDRESS;
  const message = encodeNavPayload({
    programAddress,
    snapshot: input.snapshot,
    skuId: input.skuId,
    sequence: input.sequence,
    entries: input.entries,
  });
  const signature = await signBytes(input.keeper.privateKey, message);
  const keeperAddress = await getAddressFromPublicKey(input.keeper.publicKey);
  const verify = getEd25519VerifyInstruction({
    publicKey: addressBytes(keeperAddress),
    signature: Uint8Array.from(signature),
    message,
  });
  const push = getPushSnapshotInstruction(
    {
      snapshot: input.snapshot,
      config: input.config,
      instructionsSysvar: INSTRUCTIONS_SYSVAR_ADDRESS,
      reference: (await findNavReferencePda(input.skuId, programAddress))[0],
      adminSigners: input.adminSigners ?? [],
    },
    { programAddress },
  );
  return [verify, push];
}
