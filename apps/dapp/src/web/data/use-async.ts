// Loads a value for a component and reloads it on demand or on an interval. Effects that
// overlap are dropped (only the latest load's result is kept), so a slow read never overwrites
// a newer one.
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
  const run = useCallback(() => {
    const mine = ++generation.current;
    setState((s) => ({ ...s, loading: true }));
    latest.current().then(
      (value) =>
        mine === generation.current && setState({ value, error: undefined, loading: false }),
      (error: unknown) =>
        mine === generation.current &&
        setState((s) => ({
          ...s,
          error: error instanceof Error ? error : new Error(String(error)),
          loading: false,
        })),
    );
  }, [key]);
  useEffect(() => {
    run();
    if (!refreshMs) return;
    const timer = setInterval(run, refreshMs);
    return () => clearInterval(timer);
  }, [run, refreshMs]);
  return { ...state, reload: run };
}
