// The analytics are recomputed from rows on each read; a short TTL cache (lru-cache) keeps a
// dashboard polling every second from re-running them, and concurrent reads of the same key
// share one query. TTLs are shorter than the time between NAV refreshes, so a chart is never
// more than one refresh behind; a wallet's own rows use a shorter one so the dapp sees its
// transaction soon after the webhook arrives.
//
// Anyone can ask for any key (a made-up wallet, a made-up SKU), so answers are kept apart:
// answers about something real (a known SKU, a wallet with rows) in one LRU, answers about
// nothing in a second, smaller one. A flood of made-up input evicts only other made-up
// answers, never a real entry. (Per-SKU routes answer an unknown SKU before the cache.)
import { LRUCache } from 'lru-cache';

/** Seconds-scale freshness per kind of read. */
export const READ_TTL_MS = Object.freeze({
  /** Per-SKU analytics: TVL, NAV history, APR, fees, flows, feeds. */
  sku: 5_000,
  /** A wallet's rows: its positions, history, open withdrawal requests. */
  wallet: 1_000,
});

export type ReadCache = Readonly<{
  /**
   * The cached value of `key`, computed by `load` when missing or older than `ttlMs`. `real`
   * says whether an answer is about something that exists (default: yes); answers that are
   * not live apart and can only evict each other.
   */
  get: <T>(
    key: string,
    ttlMs: number,
    load: () => Promise<T>,
    real?: (value: T) => boolean,
  ) => Promise<T>;
  /** Entries held: real answers and answers about nothing. */
  size: () => { real: number; empty: number };
}>;

/** An answer with rows: a list, or an object with at least one non-empty list. */
export function hasRows(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (value && typeof value === 'object')
    return Object.values(value).some((v) => Array.isArray(v) && v.length > 0);
  return value !== null && value !== undefined;
}

/**
 * A cache of at most `max` real answers and `max / 4` answers about nothing.
 *
 * @example
 * const cache = createReadCache();
 * const summary = await cache.get(`sku:${sku}`, READ_TTL_MS.sku, () => loadSummary(sku));
 */
export function createReadCache(max = 1_000): ReadCache {
  // Answers are wrapped so that a null answer is cached like any other.
  const real = new LRUCache<string, { value: unknown }>({ max, ttlAutopurge: false });
  const empty = new LRUCache<string, { value: unknown }>({
    max: Math.max(1, Math.floor(max / 4)),
    ttlAutopurge: false,
  });
  const loading = new Map<string, Promise<unknown>>();
  return {
    get: async <T>(
      key: string,
      ttlMs: number,
      load: () => Promise<T>,
      isReal: (value: T) => boolean = () => true,
    ) => {
      const hit = real.get(key) ?? empty.get(key);
      if (hit) return hit.value as T;
      const pending = loading.get(key);
      if (pending) return (await pending) as T;
      const promise = load().then((value) => {
        (isReal(value) ? real : empty).set(key, { value }, { ttl: ttlMs });
        return value;
      });
      loading.set(key, promise);
      try {
        return await promise;
      } finally {
        loading.delete(key);
      }
    },
    size: () => ({ real: real.size, empty: empty.size }),
  };
}
