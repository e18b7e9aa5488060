import type { Address, Instruction } from '@solana/kit';

/** The Ed25519 signature-verification program. */
export const ED25519_PROGRAM_ADDRESS =
  'Ed25519SigVerify111111111111111111111111111' as Address<'Ed25519SigVerify111111111111111111111111111'>;

/** Instruction index meaning "this instruction" in the Ed25519 offsets record. */
export const ED25519_THIS_INSTRUCTION = 0xffff;

const OFFSETS_END = 16;
const PUBLIC_KEY_LENGTH = 32;
const SIGNATURE_LENGTH = 64;

/** The one signature an Ed25519 instruction verifies. */
export interface Ed25519VerifyInput {
  publicKey: Uint8Array;
  signature: Uint8Array;
  message: Uint8Array;
}

/**
 * Builds an Ed25519 program instruction verifying one signature, with the key, signature
 * and message inside the instruction itself (all three instruction indices `0xffff`), in
 * the layout the oracle program accepts: offsets record, key, signature, message.
 *
 * @example
 * const ix = getEd25519VerifyInstruction({ publicKey, signature, message });
 */
export function getEd25519VerifyInstruction(input: Ed25519VerifyInput): Instruction {
  const { publicKey, signature, message } = input;
  if (publicKey.length !== PUBLIC_KEY_LENGTH) throw new RangeError('public key must be 32 bytes');
  if (signature.length !== SIGNATURE_LENGTH) throw new RangeError('signature must be 64 bytes');
  const publicKeyOffset = OFFSETS_END;
  const signatureOffset = publicKeyOffset + PUBLIC_KEY_LENGTH;
  const messageOffset = signatureOffset + SIGNATURE_LENGTH;
  if (messageOffset + message.length > 0xffff) throw new RangeError('message too long');
  const data = new Uint8Array(messageOffset + message.length);
  const view = new DataView(data.buffer);
  data[0] = 1; // one signature; data[1] is padding
  const offsets = [
    signatureOffset,
    ED25519_THIS_INSTRUCTION,
    publicKeyOffset,
    ED25519_THIS_INSTRUCTION,
    messageOffset,
    message.length,
    ED25519_THIS_INSTRUCTION,
  ];
  offsets.forEach((v, i) => {
    view.setUint16(2 + 2 * i, v, true);
  });
  data.set(publicKey, publicKeyOffset);
  data.set(signature, signatureOffset);
  data.set(message, messageOffset);
  return { programAddress: ED25519_PROGRAM_ADDRESS, data };
}
