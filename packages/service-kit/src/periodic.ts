/**
 * Runs `task` every `intervalMs` without ever overlapping itself: the next run is scheduled
 * only after the previous one settles, so a slow run delays the next instead of stacking.
 * `intervalMs` may be a function, for cadences that change (market hours vs off-hours).
 * Errors go to `onError` and never stop the schedule. `stop()` resolves once a run in
 * progress has finished.
 *
 * @example
 * const timer = periodic(() => pushNav(), () => (marketOpen() ? 15_000 : 60_000), log.error);
 * await timer.stop();
 */
export function periodic(
  task: () => Promise<void>,
  intervalMs: number | (() => number),
  onError: (error: unknown) => void,
  options: { runImmediately?: boolean } = {},
): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const delay = () => (typeof intervalMs === 'function' ? intervalMs() : intervalMs);
  const tick = () => {
    if (stopped) return;
    running = task()
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, delay());
      });
  };
  timer = setTimeout(tick, options.runImmediately ? 0 : delay());
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
