// The analytics are recomputed from rows on each read; a short TTL cache (lru-cache) keeps a
// dashboard polling every second from re-running them, and concurrent reads of the same key
// share one query. TTLs are shorter than the time between NAV refreshes, so a chart is never
// more than one refresh behind; a wallet's own rows use a shorter one so the dapp sees its
// transaction soon after the webhook arrives.
import { LRUCache } from 'lru-cache';

/** Seconds-scale freshness per kind of read. */
export const READ_TTL_MS = Object.freeze({
  /** Per-SKU analytics: TVL, NAV history, APR, fees, flows, feeds. */
  sku: 5_000,
  /** A wallet's rows: its positions, history, open withdrawal requests. */
  wallet: 1_000,
});

export type ReadCache = Readonly<{
  /** The cached value of `key`, computed by `load` when missing or older than `ttlMs`. */
  get: <T>(key: string, ttlMs: number, load: () => Promise<T>) => Promise<T>;
}>;

/**
 * A cache of at most `max` answers.
 *
 * @example
 * const cache = createReadCache();
 * const summary = await cache.get(`sku:${sku}`, READ_TTL_MS.sku, () => loadSummary(sku));
 */
export function createReadCache(max = 1_000): ReadCache {
  const cache = new LRUCache<string, { value: unknown }, { load: () => Promise<unknown> }>({
    max,
    // Answers are wrapped so that a null answer is cached like any other.
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context.load() }),
    ttlAutopurge: false,
  });
  return {
    get: async <T>(key: string, ttlMs: number, load: () => Promise<T>) => {
      const entry = await cache.fetch(key, { ttl: ttlMs, context: { load } });
      return entry?.value as T;
    },
  };
}
