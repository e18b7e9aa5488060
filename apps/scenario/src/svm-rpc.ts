// The two things the SDK asks of a cluster, answered by LiteSVM in-process: account reads
// (`getMultipleAccounts`, all that quotes and flow builders need) and the RPC's JSON shape of
// a transaction error (what `decodeRpcTransactionError` decodes). The SDK's own tests have the
// same adapter in packages/sdk/test/support; it is not exported, hence this copy.
import type { GetMultipleAccountsRpc, RpcTransactionError } from '@basket/sdk';
import type { LiteSVM } from 'litesvm';

/**
 * `getMultipleAccounts` over LiteSVM's accounts, in the RPC's base64 JSON shape.
 *
 * @example
 * const nav = await getNavQuote(svmRpc(svm), 'TECH3');
 */
export function svmRpc(svm: LiteSVM): GetMultipleAccountsRpc {
  return {
    getMultipleAccounts(addresses) {
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

/**
 * LiteSVM's failed-transaction error in the RPC's JSON shape. LiteSVM's error classes are not
 * exported, so they are read by shape: an instruction error has `index` and `err()`, whose
 * custom variant has `code`; fieldless errors are numbers (LiteSVM's const enums).
 *
 * @example
 * const failure = decodeRpcTransactionError(rpcErrorOf(result.err()), programs, logs);
 */
export function rpcErrorOf(err: unknown): RpcTransactionError {
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
