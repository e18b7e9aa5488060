// The swap API's `/swap-instructions` answer (JSON: program id, account metas, base64 data) as
// kit instructions, in the order one transaction sends them. The aggregator simulator's world
// suite and the world's end-to-end suite both land such a swap; the keeper's own converter
// (apps/keeper, routes/aggregator-route.ts) also maps signer metas to its keys and stays apart.
import { AccountRole, type Address, type Instruction } from '@solana/kit';

/** One instruction as the swap API returns it. */
export type SwapApiInstruction = Readonly<{
  programId: string;
  accounts: readonly Readonly<{ pubkey: string; isSigner: boolean; isWritable: boolean }>[];
  data: string;
}>;

/** The parts of a `/swap-instructions` answer a swap transaction carries. */
export type SwapInstructionsAnswer = Readonly<{
  computeBudgetInstructions: readonly SwapApiInstruction[];
  setupInstructions: readonly SwapApiInstruction[];
  swapInstruction: SwapApiInstruction;
}>;

/**
 * One swap API instruction as a kit instruction (signer metas stay address-only: the fee
 * payer's signer signs for them when the transaction is sent).
 *
 * @example
 * const ix = kitInstructionOf(answer.swapInstruction);
 */
export function kitInstructionOf(ix: SwapApiInstruction): Instruction {
  return {
    programAddress: ix.programId as Address,
    accounts: ix.accounts.map((a) => ({
      address: a.pubkey as Address,
      role: a.isSigner
        ? a.isWritable
          ? AccountRole.WRITABLE_SIGNER
          : AccountRole.READONLY_SIGNER
        : a.isWritable
          ? AccountRole.WRITABLE
          : AccountRole.READONLY,
    })),
    data: new Uint8Array(Buffer.from(ix.data, 'base64')),
  };
}

/**
 * The instructions of a swap transaction built from a `/swap-instructions` answer: compute
 * budget, then setup (the user's token accounts), then the swap itself.
 *
 * @example
 * await chain.landRaw('swap', wallet, swapTransactionInstructions(answer));
 */
export function swapTransactionInstructions(answer: SwapInstructionsAnswer): Instruction[] {
  return [
    ...answer.computeBudgetInstructions.map(kitInstructionOf),
    ...answer.setupInstructions.map(kitInstructionOf),
    kitInstructionOf(answer.swapInstruction),
  ];
}
