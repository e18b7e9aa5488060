// What the chain itself says: every transaction that names the vault, oracle or rewards
// program (getSignaturesForAddress, all pages), read once each with getTransaction and decoded
// with the SDK's event decoder. Kept across checkpoints (a confirmed transaction of the local
// validator does not change), so each checkpoint reads only what is new.
import {
  type DecodedProgramEventEntry,
  decodeProgramEvents,
  type ProgramAddresses,
} from '@basket/sdk';
import type { Address, Rpc, Signature, SolanaRpcApi } from '@solana/kit';

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';

export type ChainTransaction = Readonly<{
  signature: string;
  slot: bigint;
  ok: boolean;
  feePayer: string;
  /** Our programs' events, in log order (other programs' log lines excluded). */
  events: readonly DecodedProgramEventEntry[];
  /**
   * The transaction's instructions without the compute budget ones (program, accounts,
   * data): two versions of one keeper action differ only in blockhash and fee, so they share it.
   */
  fingerprint: string;
}>;

export type ChainScan = Readonly<{
  /** Reads what is new on chain; returns every transaction known so far. */
  refresh: () => Promise<ReadonlyMap<string, ChainTransaction>>;
  all: () => ReadonlyMap<string, ChainTransaction>;
}>;

type JsonTransaction = {
  slot: bigint;
  meta: {
    err: unknown;
    logMessages?: readonly string[] | null;
    loadedAddresses?: { writable: readonly string[]; readonly: readonly string[] };
  } | null;
  transaction: {
    message: {
      accountKeys: readonly string[];
      instructions: readonly {
        programIdIndex: number;
        accounts: readonly number[];
        data: string;
      }[];
    };
  };
};

/**
 * @example
 * const scan = chainScan(rpc, programs);
 * const txs = await scan.refresh();
 */
export function chainScan(rpc: Rpc<SolanaRpcApi>, programs: ProgramAddresses): ChainScan {
  const known = new Map<string, ChainTransaction>();
  const newest = new Map<string, string>();
  const addresses = [programs.vault, programs.oracle, programs.rewards] as Address[];

  async function signaturesOf(
    address: Address,
    marks: Map<string, string>,
  ): Promise<{ signature: string; slot: bigint }[]> {
    const out: { signature: string; slot: bigint }[] = [];
    let before: Signature | undefined;
    const until = newest.get(address) as Signature | undefined;
    for (;;) {
      const page = await rpc
        .getSignaturesForAddress(address, {
          limit: 1_000,
          commitment: 'confirmed',
          ...(until ? { until } : {}),
          ...(before ? { before } : {}),
        })
        .send();
      out.push(...page.map((p) => ({ signature: p.signature as string, slot: p.slot })));
      if (page.length < 1_000) break;
      before = page[page.length - 1]?.signature;
    }
    if (out[0]) marks.set(address, out[0].signature);
    return out;
  }

  async function read(signature: string): Promise<ChainTransaction> {
    const tx = (await rpc
      .getTransaction(signature as Signature, {
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
        commitment: 'confirmed',
      })
      .send()) as unknown as JsonTransaction | null;
    if (!tx?.meta)
      throw new Error(`getTransaction ${signature}: no transaction (not yet visible?)`);
    const keys = [
      ...tx.transaction.message.accountKeys,
      ...(tx.meta.loadedAddresses?.writable ?? []),
      ...(tx.meta.loadedAddresses?.readonly ?? []),
    ];
    const fingerprint = tx.transaction.message.instructions
      .filter((ix) => keys[ix.programIdIndex] !== COMPUTE_BUDGET)
      .map(
        (ix) =>
          `${keys[ix.programIdIndex]}(${ix.accounts.map((a) => keys[a]).join(',')}):${ix.data}`,
      )
      .join('|');
    const ok = tx.meta.err === null || tx.meta.err === undefined;
    const events = ok
      ? decodeProgramEvents(tx.meta.logMessages ?? [], programs).filter(
          (e) => !(e.status === 'unknown' && e.reason === 'foreign-program'),
        )
      : [];
    return {
      signature,
      slot: BigInt(tx.slot),
      ok,
      feePayer: keys[0] as string,
      events,
      fingerprint,
    };
  }

  return {
    all: () => known,
    refresh: async () => {
      const fresh = new Set<string>();
      // The newest signature per program moves only once everything before it was read.
      const marks = new Map<string, string>();
      for (const a of addresses) {
        for (const s of await signaturesOf(a, marks))
          if (!known.has(s.signature)) fresh.add(s.signature);
      }
      // A few at a time: the validator shares two cores with the whole world.
      const queue = [...fresh];
      await Promise.all(
        Array.from({ length: 6 }, async () => {
          for (let s = queue.pop(); s !== undefined; s = queue.pop()) known.set(s, await read(s));
        }),
      );
      for (const [a, s] of marks) newest.set(a, s);
      return known;
    },
  };
}
