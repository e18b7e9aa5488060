import { LRUCache } from 'lru-cache';
import type { Clock } from './clock.ts';

/** A TTL cache with in-flight deduplication, keyed by request (method, path and query). */
export interface ResponseCache {
  /**
   * Returns a fresh cached value, joins an identical request in flight, or runs `load`.
   * Failures are never cached; `ttlMs` 0 means deduplication only. A caller whose `signal`
   * aborts stops waiting (rejecting with `abortError()`); the shared request is aborted only
   * when every caller waiting on it has aborted.
   */
  load<T>(
    key: string,
    ttlMs: number,
    load: (signal: AbortSignal) => Promise<T>,
    caller?: Readonly<{ signal?: AbortSignal; abortError: () => unknown }>,
  ): Promise<T>;
  /** Drops every stored entry (requests in flight still complete for their callers). */
  clear(): void;
}

type Loader = (signal: AbortSignal) => Promise<unknown>;

/** Each caller gets its own copy, so one caller mutating a result cannot corrupt another's. */
const copy = <T>(value: T): T => structuredClone(value);

/**
 * Creates a cache bounded to `maxEntries` stored values (least recently used evicted first).
 * lru-cache's `fetch` does the storing, the expiry (on the injected clock) and the in-flight
 * de-duplication; what is added here is per-caller abort: lru-cache would abort the shared
 * request when any one caller's signal aborts, so callers are counted and the shared request
 * is cancelled (by deleting its entry) only when the last one leaves.
 *
 * @example
 * ```ts
 * const cache = createResponseCache({ clock: systemClock });
 * const assets = await cache.load('GET /public/assets', 60_000, (signal) => fetchAssets(signal));
 * ```
 */
export function createResponseCache(options: { clock: Clock; maxEntries?: number }): ResponseCache {
  const lru = new LRUCache<string, { value: unknown }, Loader>({
    max: options.maxEntries ?? 500,
    // Read the injected clock on every check (the default caches `now` behind a real timer).
    perf: { now: () => options.clock.now() },
    ttlResolution: 0,
    fetchMethod: async (_key, _stale, { signal, context }) => ({ value: await context(signal) }),
  });
  // Callers waiting per key. At zero after an abort, whatever is in flight for the key has no
  // one left to serve, so deleting the entry (which aborts that fetch) is always right.
  const waiters = new Map<string, number>();

  return {
    load<T>(
      key: string,
      ttlMs: number,
      load: (signal: AbortSignal) => Promise<T>,
      caller?: Readonly<{ signal?: AbortSignal; abortError: () => unknown }>,
    ): Promise<T> {
      const signal = caller?.signal;
      if (signal?.aborted) return Promise.reject(caller?.abortError());
      // lru-cache keeps an entry while `now - stored <= ttl`; ours expires at exactly `ttlMs`.
      // `forceRefresh` never serves a stored value but still joins a request in flight: ttl 0.
      const shared = lru.fetch(key, {
        context: load as Loader,
        ...(ttlMs > 0 ? { ttl: Math.max(1, ttlMs - 1) } : { forceRefresh: true, ttl: 1 }),
      });
      waiters.set(key, (waiters.get(key) ?? 0) + 1);
      const leave = () => {
        const left = (waiters.get(key) ?? 1) - 1;
        if (left > 0) waiters.set(key, left);
        else waiters.delete(key);
        return left;
      };
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => {
          // Deleting an entry whose fetch is in flight aborts that fetch (and stores nothing).
          if (leave() === 0) lru.delete(key);
          reject(caller?.abortError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        shared.then(
          (entry) => {
            signal?.removeEventListener('abort', onAbort);
            leave();
            resolve(copy(entry?.value as T));
          },
          (error: unknown) => {
            signal?.removeEventListener('abort', onAbort);
            leave();
            reject(error);
          },
        );
      });
    },
    clear() {
      lru.clear();
    },
  };
}
