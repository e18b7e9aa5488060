// An in-memory cluster for the reconciliation's reads: program accounts answered with the
// RPC's filters applied (dataSize, memcmp in base58), accounts by address, and transaction history (signatures
// newest first, getTransaction as webhook items) for its backfill. Accounts are built with the
// generated encoders, so the layouts are the programs' own.
import type { Base58EncodedBytes } from '@solana/kit';
import { getBase58Encoder } from '@solana/kit';
import { createIndexerRpc, type IndexerRpc } from '../../src/rpc-client.ts';
import type { TransactionItem } from '../../src/webhook-body.ts';

export type FakeAccount = Readonly<{ owner: string; pubkey: string; data: Uint8Array }>;

type Filter =
  | { dataSize: bigint }
  | { memcmp: { offset: bigint; bytes: Base58EncodedBytes; encoding: 'base58' } };

function matches(a: FakeAccount, filters: readonly Filter[]): boolean {
  return filters.every((f) => {
    if ('dataSize' in f) return a.data.length === Number(f.dataSize);
    const want = getBase58Encoder().encode(f.memcmp.bytes);
    const at = Number(f.memcmp.offset);
    return want.every((b, i) => a.data[at + i] === b);
  });
}

/**
 * An IndexerRpc over `accounts` and `history` (oldest first), at slot `slot`.
 *
 * @example
 * const rpc = fakeChainRpc({ accounts, history: items, slot: 500n });
 */
export function fakeChainRpc(chain: {
  accounts: FakeAccount[];
  history: TransactionItem[];
  slot: bigint;
}): IndexerRpc {
  const real = createIndexerRpc('http://127.0.0.1:9', 50);
  const send = <T>(value: T) => ({ send: async () => value });
  const rpc = {
    getProgramAccounts: (
      program: string,
      config: { filters?: Filter[]; withContext?: boolean },
    ) => {
      const value = chain.accounts
        .filter((a) => a.owner === program && matches(a, config.filters ?? []))
        .map((a) => ({
          pubkey: a.pubkey,
          account: { data: [Buffer.from(a.data).toString('base64'), 'base64'] },
        }));
      return send(config.withContext ? { context: { slot: chain.slot }, value } : value);
    },
    // The accounts at `slot`, in the order asked (null for an unknown address).
    getMultipleAccounts: (addresses: string[]) => {
      const value = addresses.map((address) => {
        const a = chain.accounts.find((x) => x.pubkey === address);
        return a
          ? {
              data: [Buffer.from(a.data).toString('base64'), 'base64'],
              owner: a.owner,
              lamports: 1_000_000n,
              executable: false,
              rentEpoch: 0n,
              space: BigInt(a.data.length),
            }
          : null;
      });
      return send({ context: { slot: chain.slot }, value });
    },
  };
  return {
    ...real,
    rpc: rpc as unknown as IndexerRpc['rpc'],
    signaturesPage: async (_program: string, before: string | undefined, limit = 1_000) => {
      const newest = [...chain.history].reverse();
      const from = before ? newest.findIndex((i) => i.transaction.signatures[0] === before) + 1 : 0;
      return newest.slice(from, from + limit).map((i) => ({
        signature: i.transaction.signatures[0],
        slot: BigInt(i.slot),
      })) as never;
    },
    transaction: async (signature: string) =>
      chain.history.find((i) => i.transaction.signatures[0] === signature) ?? null,
  };
}
