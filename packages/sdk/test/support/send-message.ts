// Signs a built transaction message and sends it to LiteSVM; a failure is decoded with the
// SDK's own decoder.
import { signTransactionMessageWithSigners } from '@solana/kit';
import { type LiteSVM, TransactionMetadata } from 'litesvm';
import {
  type buildTransactionMessage,
  decodeRpcTransactionError,
  type TransactionFailure,
} from '../../src/index.ts';
import { rpcError } from './svm-rpc.ts';

export async function sendMessage(
  svm: LiteSVM,
  message: ReturnType<typeof buildTransactionMessage>,
): Promise<{
  ok: boolean;
  computeUnits: bigint;
  logs: string[];
  error: string | null;
  failure: TransactionFailure | null;
}> {
  const tx = await signTransactionMessageWithSigners(message);
  const result = svm.sendTransaction(tx);
  if (result instanceof TransactionMetadata) {
    return {
      ok: true,
      computeUnits: result.computeUnitsConsumed(),
      logs: result.logs(),
      error: null,
      failure: null,
    };
  }
  const meta = result.meta();
  const logs = meta.logs();
  const programs = message.instructions.map((i) => i.programAddress);
  return {
    ok: false,
    computeUnits: meta.computeUnitsConsumed(),
    logs,
    error: `${String(result.err())}\n${logs.join('\n')}`,
    failure: decodeRpcTransactionError(rpcError(result.err()), programs, logs),
  };
}
