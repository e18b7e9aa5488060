// A fake RPC backed by LiteSVM: simulateTransaction and getMultipleAccounts with the RPC's
// JSON shapes, counting calls per method.
import { getBase64Encoder, getTransactionDecoder } from '@solana/kit';
import { FailedTransactionMetadata, type LiteSVM } from 'litesvm';
import type { GetMultipleAccountsRpc, RpcTransactionError, SimulateRpc } from '../../src/index.ts';

export type SvmRpc = SimulateRpc & GetMultipleAccountsRpc & { calls: Record<string, number> };

// LiteSVM's error classes are not exported: read them by shape. Fieldless errors are numbers
// (LiteSVM's const enums), reported as `Fieldless#n`.
export function rpcError(err: unknown): RpcTransactionError {
  if (err && typeof err === 'object' && 'index' in err && 'err' in err) {
    const e = err as { index: number; err(): unknown };
    const inner = e.err();
    if (inner && typeof inner === 'object' && 'code' in inner) {
      return { InstructionError: [e.index, { Custom: (inner as { code: number }).code }] };
    }
    return { InstructionError: [e.index, `Fieldless#${String(inner)}`] };
  }
  if (typeof err === 'number') return `Fieldless#${err}`;
  return { [(err as object).constructor.name]: {} };
}

export function svmRpc(svm: LiteSVM): SvmRpc {
  const calls: Record<string, number> = {};
  const count = (name: string) => {
    calls[name] = (calls[name] ?? 0) + 1;
  };
  return {
    calls,
    simulateTransaction(wire) {
      count('simulateTransaction');
      return {
        async send() {
          const tx = getTransactionDecoder().decode(getBase64Encoder().encode(wire));
          svm.withSigverify(false).withBlockhashCheck(false);
          try {
            const result = svm.simulateTransaction(tx as never);
            if (result instanceof FailedTransactionMetadata) {
              const meta = result.meta();
              return {
                value: {
                  err: rpcError(result.err()),
                  logs: meta.logs(),
                  unitsConsumed: meta.computeUnitsConsumed(),
                },
              };
            }
            const meta = result.meta();
            return {
              value: { err: null, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() },
            };
          } finally {
            svm.withSigverify(true).withBlockhashCheck(true);
          }
        },
      };
    },
    getMultipleAccounts(addresses) {
      count('getMultipleAccounts');
      if (addresses.length > 100) throw new Error('getMultipleAccounts takes at most 100 keys');
      return {
        async send() {
          return {
            context: { slot: svm.getClock().slot },
            value: addresses.map((a) => {
              const acc = svm.getAccount(a);
              if (!acc.exists) return null;
              return {
                data: [Buffer.from(acc.data).toString('base64'), 'base64'] as [string, 'base64'],
                executable: acc.executable,
                lamports: acc.lamports,
                owner: acc.programAddress,
                space: BigInt(acc.data.length),
              };
            }) as never,
          };
        },
      };
    },
  };
}
