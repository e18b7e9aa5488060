// Who signed a landed transaction and whose key its NAV payload carries, read back from the
// chain with getTransaction (one key per role, decision 0900): the fee payer, every signer,
// every account it names (lookup-table loads included) and the Ed25519 verification's keys.
import type { TestWorld } from '@basket/world';
import {
  type Address,
  getAddressDecoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Signature,
} from '@solana/kit';

const ED25519_PROGRAM = 'Ed25519SigVerify111111111111111111111111111';
/** The Ed25519 program's offsets record (7 u16) follows a count byte and a padding byte. */
const OFFSETS_START = 2;
const OFFSETS_SIZE = 14;
/** An instruction index of u16::MAX points into the verification instruction itself. */
const THIS_INSTRUCTION = 0xffff;

/**
 * @example
 * const { feePayer, signers, named, ed25519Keys } = await landedSigners(world, signature);
 */
export async function landedSigners(world: TestWorld, signature: string) {
  const landed = await world.chain.rpc
    .getTransaction(signature as Signature, {
      encoding: 'base64',
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    })
    .send();
  if (!landed) throw new Error(`transaction ${signature} not found`);
  const wire = getBase64Encoder().encode(landed.transaction[0]);
  // The fields read here, common to legacy and v0 messages (the decoder's type is a union).
  const message = getCompiledTransactionMessageDecoder().decode(
    getTransactionDecoder().decode(wire).messageBytes,
  ) as unknown as Readonly<{
    header: { numSignerAccounts: number };
    staticAccounts: readonly Address[];
    instructions: readonly { programAddressIndex: number; data?: Uint8Array }[];
  }>;
  const statics = message.staticAccounts;
  const loaded = landed.meta?.loadedAddresses;
  const named = [...statics, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
  const ed25519Keys: Address[] = [];
  for (const ix of message.instructions) {
    if (statics[ix.programAddressIndex] !== ED25519_PROGRAM) continue;
    const data = ix.data ?? new Uint8Array();
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    for (let i = 0; i < (data[0] ?? 0); i++) {
      const at = OFFSETS_START + i * OFFSETS_SIZE;
      const keyOffset = view.getUint16(at + 4, true);
      const keyInstruction = view.getUint16(at + 6, true);
      if (keyInstruction !== THIS_INSTRUCTION)
        throw new Error('a key read from another instruction');
      ed25519Keys.push(getAddressDecoder().decode(data.slice(keyOffset, keyOffset + 32)));
    }
  }
  return {
    feePayer: statics[0] as Address,
    signers: statics.slice(0, message.header.numSignerAccounts),
    named,
    ed25519Keys,
    failed: landed.meta?.err !== null,
  };
}
