/**
 * Time as the client sees it. Injected so tests (and the keeper's own simulations) control
 * timeouts, backoff delays, cache expiry and the outage monitor without real waiting.
 */
export interface Clock {
  /** Milliseconds since the Unix epoch (UTC). */
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason if `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * The real clock: `Date.now` and `setTimeout`, available in Node and browsers.
 *
 * @example
 * ```ts
 * await systemClock.sleep(250);
 * ```
 */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(abortReason(signal));
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/**
 * The reason an aborted signal carries, or a generic `AbortError` when it has none.
 *
 * @example
 * ```ts
 * controller.abort();
 * abortReason(controller.signal); // DOMException AbortError
 * ```
 */
export function abortReason(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
