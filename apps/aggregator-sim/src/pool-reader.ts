// The pools as the chain has them. The pool accounts (mints, vaults, fee) are read once at
// start and checked to belong to the venue; the reserves (the two vaults' balances) are read
// per quote in one getMultipleAccounts call, cached for about a slot so a burst of quotes costs
// one RPC round trip, and concurrent reads share it (lru-cache's fetch).
import { decodePool, tokenAccountAmount } from '@basket/test-swap-client';
import type { Address, Rpc, SolanaRpcApi } from '@solana/kit';
import { LRUCache } from 'lru-cache';
import type { PoolAccounts, PoolState } from './routing.ts';

export type PoolSnapshot = Readonly<{ pools: readonly PoolState[]; contextSlot: bigint }>;

export class PoolReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PoolReadError';
  }
}

/** getMultipleAccounts takes at most 100 accounts; 2 per pool. */
const MAX_POOLS = 50;

async function accountsOf(rpc: Rpc<SolanaRpcApi>, addresses: readonly Address[]) {
  const { value, context } = await rpc
    .getMultipleAccounts([...addresses], { encoding: 'base64', commitment: 'confirmed' })
    .send();
  return {
    slot: context.slot,
    data: value.map((account, i) => {
      if (!account) throw new PoolReadError(`account ${addresses[i]} does not exist`);
      return { owner: account.owner as string, data: Buffer.from(account.data[0], 'base64') };
    }),
  };
}

/** Reads and checks the pool accounts: each must be owned by `program`. */
export async function readPoolAccounts(
  rpc: Rpc<SolanaRpcApi>,
  program: Address,
  entries: readonly { symbol: string; pool: string }[],
): Promise<PoolAccounts[]> {
  if (entries.length > MAX_POOLS) throw new PoolReadError(`at most ${MAX_POOLS} pools`);
  const { data } = await accountsOf(
    rpc,
    entries.map((e) => e.pool as Address),
  );
  const mintOwners = new Map<string, string>();
  const shapes = data.map((account, i) => {
    const entry = entries[i] as { symbol: string; pool: string };
    if (account.owner !== program) {
      throw new PoolReadError(`pool ${entry.pool} (${entry.symbol}) is not owned by ${program}`);
    }
    const pool = decodePool(account.data);
    return { entry, pool };
  });
  // The token program of each mint is its owner: read the mints once.
  const mints = [...new Set(shapes.flatMap((s) => [s.pool.stockMint, s.pool.usdMint]))];
  for (let i = 0; i < mints.length; i += 100) {
    const chunk = mints.slice(i, i + 100);
    const read = await accountsOf(rpc, chunk);
    read.data.forEach((m, j) => {
      mintOwners.set(chunk[j] as string, m.owner);
    });
  }
  return shapes.map(({ entry, pool }) => ({
    program,
    symbol: entry.symbol,
    pool: entry.pool,
    stockMint: pool.stockMint,
    usdMint: pool.usdMint,
    stockVault: pool.stockVault,
    usdVault: pool.usdVault,
    stockTokenProgram: mintOwners.get(pool.stockMint) as string,
    usdTokenProgram: mintOwners.get(pool.usdMint) as string,
    feeBps: pool.feeBps,
  }));
}

/**
 * A reader of the pools' current reserves, cached `ttlMs` (about one slot).
 *
 * @example
 * const reader = createPoolReader(rpc, shapes, 400);
 * const { pools, contextSlot } = await reader.snapshot();
 */
export function createPoolReader(
  rpc: Rpc<SolanaRpcApi>,
  shapes: readonly PoolAccounts[],
  ttlMs: number,
) {
  const vaults = shapes.flatMap((s) => [s.stockVault as Address, s.usdVault as Address]);
  const cache = new LRUCache<'reserves', PoolSnapshot>({
    max: 1,
    ttl: Math.max(1, ttlMs),
    fetchMethod: async () => {
      const { slot, data } = await accountsOf(rpc, vaults);
      const pools = shapes.map((shape, i) => ({
        ...shape,
        stockReserve: tokenAccountAmount(data[2 * i]?.data as Uint8Array),
        usdReserve: tokenAccountAmount(data[2 * i + 1]?.data as Uint8Array),
      }));
      return { pools, contextSlot: slot };
    },
  });
  return {
    shapes,
    async snapshot(): Promise<PoolSnapshot> {
      const value = await cache.fetch('reserves');
      if (!value) throw new PoolReadError('reserves could not be read');
      return value;
    },
  };
}

export type PoolReader = ReturnType<typeof createPoolReader>;
