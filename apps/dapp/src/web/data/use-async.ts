// Loads a value for a component and reloads it on demand or on an interval. Effects that
// overlap are dropped (only the latest load's result is kept), so a slow read never overwrites
// a newer one. The interval's next load is timed from the end of the last one (loads never
// overlap themselves), and backs off while loads fail, so a service that is down is not
// asked again every few seconds by every open page.
import { useCallback, useEffect, useRef, useState } from 'react';

export type AsyncState<T> = Readonly<{
  value: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}>;

export function useAsync<T>(
  load: () => Promise<T>,
  deps: readonly unknown[],
  refreshMs?: number,
): AsyncState<T> {
  const [state, setState] = useState<{
    value: T | undefined;
    error: Error | undefined;
    loading: boolean;
  }>({
    value: undefined,
    error: undefined,
    loading: true,
  });
  const generation = useRef(0);
  // The latest `load` is always the one called; `key` (the caller's primitive dependencies)
  // decides when to load again. Objects in `deps` (the app context) live as long as the page.
  const latest = useRef(load);
  latest.current = load;
  const key = deps
    .map((d) => (typeof d === 'object' || typeof d === 'function' ? '' : String(d)))
    .join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the caller's dependencies
  const run = useCallback((): Promise<boolean> => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true }));
    return latest.current().then(
      (value) => {
        if (mine === generation.current) setState({ value, error: undefined, loading: false });
        return true;
      },
      (error: unknown) => {
        if (mine === generation.current)
          setState((s) => ({
            ...s,
            error: error instanceof Error ? error : new Error(String(error)),
            loading: false,
          }));
        return false;
      },
    );
  }, [key]);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const cycle = () => {
      void run().then((ok) => {
        failures = ok ? 0 : failures + 1;
        if (!stopped && refreshMs) timer = setTimeout(cycle, nextRefreshDelay(refreshMs, failures));
      });
    };
    cycle();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [run, refreshMs]);
  const reload = useCallback(() => void run(), [run]);
  return { ...state, reload };
}

/** The longest wait between reloads while they fail. */
export const MAX_REFRESH_BACKOFF_MS = 120_000;

/**
 * The wait before the next reload: the interval after a success, doubled per consecutive
 * failure up to {@link MAX_REFRESH_BACKOFF_MS} (never below the interval itself).
 *
 * @example
 * nextRefreshDelay(15_000, 0); // 15000
 * nextRefreshDelay(15_000, 3); // 120000
 */
export function nextRefreshDelay(refreshMs: number, failures: number): number {
  const doubled = refreshMs * 2 ** Math.min(failures, 16);
  return Math.max(refreshMs, Math.min(doubled, MAX_REFRESH_BACKOFF_MS));
}
