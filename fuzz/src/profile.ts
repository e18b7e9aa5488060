/**
 * Where a step's time goes (`npm run fuzz -- --profile`): wall-clock milliseconds per phase
 * (world set-up, building and signing, the programs' execution in LiteSVM, reading and
 * decoding the accounts, the invariants, the events), summed over the run.
 */

const phases = new Map<string, { ms: number; calls: number }>();
let enabled = false;

/** Starts collecting (off by default: the short run of `npm test` pays nothing). */
export function enableProfile(): void {
  enabled = true;
}

/** Adds `ms` to `phase`. */
export function addTime(phase: string, ms: number): void {
  if (!enabled) return;
  const p = phases.get(phase) ?? { ms: 0, calls: 0 };
  p.ms += ms;
  p.calls += 1;
  phases.set(phase, p);
}

/** Runs `f`, its time counted under `phase`. */
export function timed<T>(phase: string, f: () => T): T {
  if (!enabled) return f();
  const t0 = performance.now();
  try {
    return f();
  } finally {
    addTime(phase, performance.now() - t0);
  }
}

/** The phases, largest first, with their share of `totalMs`. */
export function profileRows(
  totalMs: number,
): { phase: string; ms: number; calls: number; share: string }[] {
  return [...phases]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([phase, p]) => ({
      phase,
      ms: Math.round(p.ms),
      calls: p.calls,
      share: `${((100 * p.ms) / Math.max(totalMs, 1e-9)).toFixed(1)}%`,
    }));
}
