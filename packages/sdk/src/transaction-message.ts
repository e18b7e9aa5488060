/**
 * Transaction messages with kit's `pipe`: fee payer, lifetime, a compute-unit limit from the
 * measured-costs table (plus margin), an optional priority fee, then the instructions.
 */

import {
  type AddressesByLookupTableAddress,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  type MicroLamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionSigner,
} from '@solana/kit';
import {
  updateOrAppendSetComputeUnitLimitInstruction,
  updateOrAppendSetComputeUnitPriceInstruction,
} from '@solana-program/compute-budget';
import { type ComputeCost, computeUnitLimit } from './compute-unit-costs.ts';

/**
 * A blockhash lifetime as `getLatestBlockhash` returns it.
 *
 * @example
 * const { value: lifetime } = await rpc.getLatestBlockhash().send();
 */
export interface BlockhashLifetime {
  readonly blockhash: Blockhash;
  readonly lastValidBlockHeight: bigint;
}

/**
 * An instruction with what it costs: what every SDK instruction builder returns.
 *
 * @example
 * const { instruction, costs } = await getStakeInstructionFor(input);
 */
export interface CostedInstruction {
  readonly instruction: Instruction;
  readonly costs: readonly ComputeCost[];
}

/**
 * Input of {@link buildTransactionMessage}.
 *
 * @example
 * const input: BuildTransactionMessageInput = { feePayer, lifetime, instructions: [stake] };
 */
export interface BuildTransactionMessageInput {
  readonly feePayer: TransactionSigner;
  readonly lifetime: BlockhashLifetime;
  /** SDK-built instructions with their costs (raw instructions: wrap with explicit costs). */
  readonly instructions: readonly CostedInstruction[];
  /** Margin over the measured cost in basis points (default 20%). */
  readonly computeMarginBps?: number;
  /** Priority fee in micro-lamports per compute unit; omitted: no price instruction. */
  readonly priorityFeeMicroLamports?: bigint | number;
  /**
   * Address lookup tables (table address -> its addresses) to compress the message with;
   * needed for large baskets (a 20-asset deposit is about 1,280 bytes without one).
   */
  readonly addressLookupTables?: AddressesByLookupTableAddress;
}

/**
 * Largest serialized transaction (the packet size).
 *
 * @example
 * MAX_TRANSACTION_SIZE; // 1232
 */
export const MAX_TRANSACTION_SIZE = 1_232;

/**
 * Builds a version-0 transaction message: fee payer, blockhash lifetime, `SetComputeUnitLimit`
 * from the measured costs, `SetComputeUnitPrice` when a priority fee is given, then the
 * instructions. Sign it with kit's `signTransactionMessageWithSigners`.
 *
 * @example
 * const message = buildTransactionMessage({ feePayer: wallet, lifetime, instructions: [await getStakeInstructionFor(input)], priorityFeeMicroLamports: 5_000n });
 */
export function buildTransactionMessage(input: BuildTransactionMessageInput) {
  const priced = input.priorityFeeMicroLamports !== undefined;
  const units = computeUnitLimit(
    input.instructions.flatMap((i) => i.costs),
    {
      ...(input.computeMarginBps === undefined ? {} : { marginBps: input.computeMarginBps }),
      budgetInstructions: priced ? 2 : 1,
    },
  );
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(input.feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(input.lifetime, m),
    (m) => updateOrAppendSetComputeUnitLimitInstruction(units, m),
    (m) =>
      priced
        ? updateOrAppendSetComputeUnitPriceInstruction(
            BigInt(input.priorityFeeMicroLamports as bigint | number) as MicroLamports,
            m,
          )
        : m,
    (m) =>
      appendTransactionMessageInstructions(
        input.instructions.map((i) => i.instruction),
        m,
      ),
    (m) =>
      input.addressLookupTables
        ? compressTransactionMessageUsingAddressLookupTables(m, input.addressLookupTables)
        : m,
  );
}

/**
 * Serialized size in bytes of the transaction a message compiles to (signatures included);
 * compare with {@link MAX_TRANSACTION_SIZE} before asking a wallet to sign.
 *
 * @example
 * if (transactionMessageSize(message) > MAX_TRANSACTION_SIZE) useLookupTable();
 */
export function transactionMessageSize(message: Parameters<typeof compileTransaction>[0]): number {
  return getTransactionEncoder().getSizeFromValue(compileTransaction(message));
}
