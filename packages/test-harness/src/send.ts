import {
  type Address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit';
import { type LiteSVM, TransactionMetadata } from 'litesvm';

/** The packet size limit of a serialized transaction, which LiteSVM does not enforce. */
export const MAX_TRANSACTION_BYTES = 1232;

/** What a transaction did, whether it succeeded or failed. */
export interface SendResult {
  ok: boolean;
  /** Compute units the whole transaction consumed (all instructions and CPIs). */
  computeUnits: bigint;
  logs: string[];
  /** The custom program error code, when the failure was one. */
  customError: number | null;
  /** Serialized (wire) size of the signed transaction in bytes. */
  txBytes: number;
  /** Text of the failure, for assertion messages. */
  error: string | null;
}

/**
 * Signs and sends instructions as one transaction; never throws on a failed transaction.
 *
 * @example
 * const r = await send(svm, [ix], payer);
 * expect(r.ok).toBe(true);
 */
export async function send(
  svm: LiteSVM,
  instructions: Instruction[],
  feePayer: TransactionSigner,
): Promise<SendResult> {
  svm.expireBlockhash();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: svm.latestBlockhash() as never, lastValidBlockHeight: 1_000_000n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const tx = await signTransactionMessageWithSigners(message);
  const txBytes = getTransactionEncoder().encode(tx).length;
  const result = svm.sendTransaction(tx);
  if (result instanceof TransactionMetadata) {
    return {
      ok: true,
      computeUnits: result.computeUnitsConsumed(),
      logs: result.logs(),
      customError: null,
      txBytes,
      error: null,
    };
  }
  const meta = result.meta();
  const logs = meta.logs();
  const text = String(result.err());
  const custom = logs.map((l) => /custom program error: 0x([0-9a-f]+)/.exec(l)).find((m) => m);
  return {
    ok: false,
    computeUnits: meta.computeUnitsConsumed(),
    logs,
    customError: custom?.[1] ? Number.parseInt(custom[1], 16) : null,
    txBytes,
    error: `${text}\n${logs.join('\n')}`,
  };
}

/**
 * Raw bytes of the given accounts, to assert a failed transaction changed nothing.
 *
 * @example
 * const before = accountBytes(svm, [vault]);
 * expect(accountBytes(svm, [vault])).toEqual(before);
 */
export function accountBytes(
  svm: LiteSVM,
  addresses: Parameters<LiteSVM['getAccount']>[0][],
): (Uint8Array | null)[] {
  return addresses.map((a) => {
    const acc = svm.getAccount(a);
    return acc.exists ? Uint8Array.from(acc.data) : null;
  });
}

/**
 * A copy of `ix` whose account at `index` has another address (same role), for tests that
 * substitute one account of an otherwise valid instruction.
 *
 * @example
 * const forged = withAccountAt(depositIx, 5, fakeCashBuffer);
 */
export function withAccountAt<T extends Instruction>(ix: T, index: number, address: Address): T {
  const accounts = [...(ix.accounts ?? [])];
  const original = accounts[index];
  if (!original || !('role' in original)) {
    throw new Error(`instruction has no plain account at index ${index}`);
  }
  accounts[index] = { ...original, address };
  return { ...ix, accounts };
}
