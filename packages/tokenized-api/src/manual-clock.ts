import { abortReason, type Clock } from './clock.ts';

type Timer = { id: number; ms: number; dueAt: number; resolve: () => void };

/** A clock that only moves when told to; for tests of timeouts, backoff and caching. */
export interface ManualClock extends Clock {
  /** Moves time forward by `ms`, firing due timers in order and letting their work run. */
  advance(ms: number): Promise<void>;
  /** Fires timers one by one until `promise` settles (at most `maxTimers`), then returns it. */
  runUntilSettled<T>(promise: Promise<T>, maxTimers?: number): Promise<T>;
  /** Durations of every `sleep` requested so far, in call order. */
  readonly sleeps: readonly number[];
  /** Number of sleeps still pending. */
  pendingTimers(): number;
  /** Pending sleeps (requested duration and due time), earliest first. */
  pending(): readonly { ms: number; dueAt: number }[];
}

/**
 * Creates a manual clock starting at `startMs` (UTC epoch milliseconds).
 *
 * @example
 * ```ts
 * const clock = createManualClock(Date.UTC(2025, 0, 6, 15));
 * const call = client.listAssets();
 * await clock.advance(5_000); // fires the request timeout
 * ```
 */
export function createManualClock(startMs = Date.UTC(2025, 0, 6, 15, 0, 0)): ManualClock {
  let now = startMs;
  let nextId = 1;
  let timers: Timer[] = [];
  const sleeps: number[] = [];

  const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

  const fireNext = async (limit: number): Promise<boolean> => {
    const due = timers
      .filter((t) => t.dueAt <= limit)
      .sort((a, b) => a.dueAt - b.dueAt || a.id - b.id);
    const timer = due[0];
    if (timer === undefined) return false;
    timers = timers.filter((t) => t !== timer);
    now = Math.max(now, timer.dueAt);
    timer.resolve();
    await flush();
    return true;
  };

  return {
    now: () => now,
    sleeps,
    pendingTimers: () => timers.length,
    pending: () =>
      [...timers].sort((a, b) => a.dueAt - b.dueAt).map(({ ms, dueAt }) => ({ ms, dueAt })),
    sleep(ms, signal) {
      sleeps.push(ms);
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortReason(signal));
          return;
        }
        const timer: Timer = {
          id: nextId++,
          ms,
          dueAt: now + Math.max(0, ms),
          resolve: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          timers = timers.filter((t) => t !== timer);
          reject(abortReason(signal));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        timers.push(timer);
      });
    },
    async advance(ms) {
      await flush();
      const target = now + ms;
      while (await fireNext(target)) {
        // keep firing: a fired timer may schedule another one that is also due
      }
      now = target;
      await flush();
    },
    async runUntilSettled(promise, maxTimers = 1_000) {
      let settled = false;
      const tracked = promise.finally(() => {
        settled = true;
      });
      tracked.catch(() => {});
      await flush();
      for (let i = 0; i < maxTimers && !settled; i++) {
        if (!(await fireNext(Number.POSITIVE_INFINITY))) {
          // nothing scheduled yet: real I/O (a loopback server) may still be in flight
          await new Promise<void>((resolve) => setTimeout(resolve, 5));
        }
      }
      return tracked;
    },
  };
}
