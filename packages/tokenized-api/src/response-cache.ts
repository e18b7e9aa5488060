import type { Clock } from './clock.ts';

/** A TTL cache with in-flight deduplication, keyed by request (method, path and query). */
export interface ResponseCache {
  /**
   * Returns a fresh cached value, joins an identical request in flight, or runs `load`.
   * Failures are never cached. `ttlMs` 0 means deduplication only.
   */
  load<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  /** Drops every entry (in-flight requests still complete for their callers). */
  clear(): void;
}

/** Each caller gets its own copy, so one caller mutating a result cannot corrupt another's. */
const copy = <T>(value: T): T => structuredClone(value);

/**
 * Creates a cache bounded to `maxEntries` stored values (oldest evicted first).
 *
 * @example
 * ```ts
 * const cache = createResponseCache({ clock: systemClock });
 * const assets = await cache.load('GET /public/assets', 60_000, fetchAssets);
 * ```
 */
export function createResponseCache(options: { clock: Clock; maxEntries?: number }): ResponseCache {
  const maxEntries = options.maxEntries ?? 500;
  const stored = new Map<string, { value: unknown; expiresAt: number }>();
  const inFlight = new Map<string, Promise<unknown>>();

  return {
    load<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      const hit = stored.get(key);
      if (hit !== undefined) {
        if (options.clock.now() < hit.expiresAt) return Promise.resolve(copy(hit.value as T));
        stored.delete(key);
      }
      const pending = inFlight.get(key);
      if (pending !== undefined) return (pending as Promise<T>).then(copy);
      const promise = load().then(
        (value) => {
          inFlight.delete(key);
          if (ttlMs > 0) {
            stored.set(key, { value, expiresAt: options.clock.now() + ttlMs });
            if (stored.size > maxEntries) {
              const oldest = stored.keys().next().value;
              if (oldest !== undefined) stored.delete(oldest);
            }
          }
          return value;
        },
        (error: unknown) => {
          inFlight.delete(key);
          throw error;
        },
      );
      inFlight.set(key, promise);
      return promise.then(copy);
    },
    clear() {
      stored.clear();
    },
  };
}
