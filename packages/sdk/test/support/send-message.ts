// Signs a built transaction message and sends it to LiteSVM, returning the outcome.
import { signTransactionMessageWithSigners } from '@solana/kit';
import { type LiteSVM, TransactionMetadata } from 'litesvm';
import type { buildTransactionMessage } from '../../src/index.ts';

export async function sendMessage(
  svm: LiteSVM,
  message: ReturnType<typeof buildTransactionMessage>,
): Promise<{ ok: boolean; computeUnits: bigint; logs: string[]; error: string | null }> {
  const tx = await signTransactionMessageWithSigners(message);
  const result = svm.sendTransaction(tx);
  if (result instanceof TransactionMetadata) {
    return {
      ok: true,
      computeUnits: result.computeUnitsConsumed(),
      logs: result.logs(),
      error: null,
    };
  }
  const meta = result.meta();
  return {
    ok: false,
    computeUnits: meta.computeUnitsConsumed(),
    logs: meta.logs(),
    error: `${String(result.err())}\n${meta.logs().join('\n')}`,
  };
}
