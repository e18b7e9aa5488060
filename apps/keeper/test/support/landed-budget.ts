// The compute budget a landed transaction carried, read back from the chain (decision 0930):
// its fee payer, its SetComputeUnitLimit and SetComputeUnitPrice, whatever the keeper recorded.
import type { TestWorld } from '@basket/world';
import {
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Signature,
} from '@solana/kit';

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';

/**
 * @example
 * const { feePayer, unitLimit, microLamportsPerCu } = await landedComputeBudget(world, signature);
 */
export async function landedComputeBudget(world: TestWorld, signature: string) {
  const landed = await world.chain.rpc
    .getTransaction(signature as Signature, {
      encoding: 'base64',
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    })
    .send();
  if (!landed) throw new Error(`transaction ${signature} not found`);
  const wire = getBase64Encoder().encode(landed.transaction[0]);
  // The fields read here, as a v0 message has them.
  const message = getCompiledTransactionMessageDecoder().decode(
    getTransactionDecoder().decode(wire).messageBytes,
  ) as unknown as {
    instructions: readonly { programAddressIndex: number; data?: Uint8Array }[];
    staticAccounts: readonly string[];
  };
  let unitLimit: number | null = null;
  let microLamportsPerCu: bigint | null = null;
  let budgetInstructions = 0;
  for (const ix of message.instructions) {
    // Program ids are always among the static accounts.
    if (message.staticAccounts[ix.programAddressIndex] !== COMPUTE_BUDGET) continue;
    budgetInstructions += 1;
    const data = ix.data ?? new Uint8Array();
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    if (data[0] === 2) unitLimit = view.getUint32(1, true);
    if (data[0] === 3) microLamportsPerCu = view.getBigUint64(1, true);
  }
  return {
    feePayer: message.staticAccounts[0],
    unitLimit,
    microLamportsPerCu,
    budgetInstructions,
    failed: landed.meta?.err !== null,
  };
}
