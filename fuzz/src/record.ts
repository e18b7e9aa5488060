/**
 * `npx tsx fuzz/src/record.ts RUN.json... > bench/results/fuzz.json`: the recorded fuzzing,
 * one entry per run (each run's own `--out` record: its seeds, steps, violations, speed, mix,
 * the commit of the fuzzer and programs it ran) and the totals summed over them, so the
 * recorded step count is exactly the sum of the listed runs. A file that already lists runs
 * contributes its runs (so the bench record can be extended in place).
 */

import { readFileSync } from 'node:fs';
import type { FuzzRecord } from './main.ts';

export interface FuzzLedger {
  steps: number;
  sequences: number;
  /** Every run's seed range (sequence k of a run uses seed first + k). */
  seeds: { first: number; last: number }[];
  violations: FuzzRecord['violations'];
  /** Steps over the runs' summed wall-clock time (shared machine, nice 19). */
  stepsPerSecond: number;
  elapsedSeconds: number;
  mix: FuzzRecord['mix'];
  runs: FuzzRecord[];
}

/** Totals of `runs`: steps, sequences, violations and mix summed, seed ranges listed. */
export function ledger(runs: FuzzRecord[]): FuzzLedger {
  const mix = new Map<string, FuzzRecord['mix'][number]>();
  for (const r of runs)
    for (const row of r.mix) {
      const m = mix.get(row.instruction);
      if (m) {
        m.landed += row.landed;
        m.refused += row.refused;
      } else mix.set(row.instruction, { ...row });
    }
  const steps = runs.reduce((s, r) => s + r.steps, 0);
  const elapsed = runs.reduce((s, r) => s + r.elapsedSeconds, 0);
  return {
    steps,
    sequences: runs.reduce((s, r) => s + r.sequences, 0),
    seeds: runs.map((r) => r.seeds),
    violations: runs.flatMap((r) => r.violations),
    stepsPerSecond: Math.round(steps / Math.max(elapsed, 1e-9)),
    elapsedSeconds: elapsed,
    mix: [...mix.values()].sort((a, b) => b.landed + b.refused - (a.landed + a.refused)),
    runs,
  };
}

function main(): void {
  const runs: FuzzRecord[] = [];
  for (const file of process.argv.slice(2)) {
    const data = JSON.parse(readFileSync(file, 'utf8')) as FuzzRecord | FuzzLedger;
    if ('runs' in data) runs.push(...data.runs);
    else runs.push(data);
  }
  if (runs.length === 0) {
    console.error('usage: npx tsx fuzz/src/record.ts RUN.json... > bench/results/fuzz.json');
    process.exitCode = 1;
    return;
  }
  console.log(JSON.stringify(ledger(runs), null, 2));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
