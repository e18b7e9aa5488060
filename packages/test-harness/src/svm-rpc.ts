// The RPC methods the SDK asks of a cluster, answered by LiteSVM in-process: account reads
// (`getMultipleAccounts`, all quotes and flow builders need) and `simulateTransaction`, in the
// RPC's JSON shapes, with a per-method call count so tests can assert how many requests a
// read makes. One adapter for every LiteSVM-backed caller (SDK tests, the scenario); the
// types are written structurally so the harness does not depend on the SDK it serves.
import {
  type Address,
  type Base64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  type parseBase64RpcAccount,
} from '@solana/kit';
import { FailedTransactionMetadata, type LiteSVM } from 'litesvm';

/** A transaction error in the RPC's JSON shape (what the SDK's error decoder reads). */
export type SvmRpcTransactionError = string | { readonly [key: string]: unknown };

type Base64RpcAccount = Parameters<typeof parseBase64RpcAccount>[1];

/** `getMultipleAccounts` + `simulateTransaction` over LiteSVM, counting calls per method. */
export type SvmRpc = {
  readonly calls: Record<string, number>;
  getMultipleAccounts(
    addresses: Address[],
    config?: unknown,
  ): {
    send(): Promise<{
      readonly context: { readonly slot: bigint };
      readonly value: readonly (Base64RpcAccount | null)[];
    }>;
  };
  simulateTransaction(
    transaction: Base64EncodedWireTransaction,
    config?: unknown,
  ): {
    send(): Promise<{
      readonly value: {
        readonly err: SvmRpcTransactionError | null;
        readonly logs: readonly string[];
        readonly unitsConsumed: bigint;
      };
    }>;
  };
};

/**
 * LiteSVM's failed-transaction error in the RPC's JSON shape. LiteSVM's error classes are not
 * exported, so they are read by shape: an instruction error has `index` and `err()`, whose
 * custom variant has `code`; fieldless errors are numbers (LiteSVM's const enums), reported
 * as `Fieldless#n`.
 *
 * @example
 * const failure = decodeRpcTransactionError(rpcErrorOf(result.err()), programs, logs);
 */
export function rpcErrorOf(err: unknown): SvmRpcTransactionError {
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

/**
 * The adapter. Simulation skips signature and blockhash checks (as the RPC's
 * `sigVerify: false, replaceRecentBlockhash: true` does) and restores them after.
 *
 * @example
 * const rpc = svmRpc(svm);
 * const nav = await getNavQuote(rpc, 'TECH3');
 * expect(rpc.calls.getMultipleAccounts).toBe(1);
 */
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
            const meta = result.meta();
            const err =
              result instanceof FailedTransactionMetadata ? rpcErrorOf(result.err()) : null;
            return {
              value: { err, logs: meta.logs(), unitsConsumed: meta.computeUnitsConsumed() },
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
                data: [Buffer.from(acc.data).toString('base64'), 'base64'],
                executable: acc.executable,
                lamports: acc.lamports,
                owner: acc.programAddress,
                space: BigInt(acc.data.length),
              } as unknown as Base64RpcAccount;
            }),
          };
        },
      };
    },
  };
}
