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

type Flight = { promise: Promise<unknown>; controller: AbortController; waiters: number };

/** Each caller gets its own copy, so one caller mutating a result cannot corrupt another's. */
const copy = <T>(value: T): T => structuredClone(value);

/**
 * Creates a cache bounded to `maxEntries` stored values (oldest evicted first).
 *
 * @example
 * ```ts
 * const cache = createResponseCache({ clock: systemClock });
 * const assets = await cache.load('GET /public/assets', 60_000, (signal) => fetchAssets(signal));
 * ```
 */
export function createResponseCache(options: { clock: Clock; maxEntries?: number }): ResponseCache {
  const maxEntries = options.maxEntries ?? 500;
  const stored = new Map<string, { value: unknown; expiresAt: number }>();
  const inFlight = new Map<string, Flight>();

  const start = <T>(key: string, ttlMs: number, load: (signal: AbortSignal) => Promise<T>) => {
    const controller = new AbortController();
    const promise = load(controller.signal).then(
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
    promise.catch(() => {}); // every waiter handles it; this only silences an abandoned flight
    const flight: Flight = { promise, controller, waiters: 0 };
    inFlight.set(key, flight);
    return flight;
  };

  return {
    load(key, ttlMs, load, caller) {
      const hit = stored.get(key);
      if (hit !== undefined) {
        if (options.clock.now() < hit.expiresAt) return Promise.resolve(copy(hit.value as never));
        stored.delete(key);
      }
      const signal = caller?.signal;
      if (signal?.aborted) return Promise.reject(caller?.abortError());
      const flight = inFlight.get(key) ?? start(key, ttlMs, load);
      flight.waiters += 1;
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          flight.waiters -= 1;
          if (flight.waiters === 0) flight.controller.abort();
          reject(caller?.abortError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        flight.promise.then(
          (value) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(copy(value as never));
          },
          (error: unknown) => {
            signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
        );
      });
    },
    clear() {
      stored.clear();
    },
  };
}
