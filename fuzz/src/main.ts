/**
 * `npm run fuzz -- --steps N --seed S`: runs the model-based fuzzer, shows a progress bar,
 * prints steps per second, the instruction mix and every violation with its shrunk sequence,
 * and with `--out` writes the record (bench/results/fuzz.json's format). `--resume` continues
 * a recorded run from its last sequence, so a long run survives being stopped.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { mixRows } from './harness.ts';
import { enableProfile, profileRows } from './profile.ts';
import { type FuzzResult, runFuzz } from './run.ts';
import { programDir } from './world.ts';

const HELP = `usage: npm run fuzz -- [--steps N] [--seed S] [--world W] [--command-set V] [--commands C] [--out FILE] [--resume] [--chunk K] [--profile]

Random sequences of real vault and oracle instructions in LiteSVM (the .so files in
FUZZ_PROGRAM_DIR, default target/deploy), every invariant checked after every step
(docs/fuzzing.md). Failing sequences are shrunk and printed.

  --steps N      steps to run (default 2000)
  --seed S       first sequence's seed (default 1); sequence k uses S + k
  --commands C   most commands per sequence, each from a fresh world (default 400)
  --out FILE     write the record (steps, seeds, violations, stepsPerSecond, mix) as JSON
  --resume       continue the run recorded in --out (its counts and mix are kept)
  --chunk K      with --out: save the record every K steps (default 20000)
  --world W      vault, rewards, or both (default: their sequences take turns)
  --command-set V  v2 (default): every command; v1: only the commands of the runs recorded
                 before the performance-fee periods, keeper rotations, sweeps and id
                 recoveries were fuzzed (replays those runs' sequences)
  --profile      print where the time went (set-up, build and sign, LiteSVM, reads, checks)
  --help         this text`;

export interface FuzzRecord {
  steps: number;
  sequences: number;
  seeds: { first: number; last: number };
  violations: FuzzResult['violations'];
  stepsPerSecond: number;
  elapsedSeconds: number;
  mix: ReturnType<typeof mixRows>;
  programDir: string;
  /** The commit the fuzzer and the programs were built from. */
  commit: string;
  /** The command families of the fuzzer that ran (see run.ts COMMANDS). */
  families?: string;
  /** The command set drawn from (`v1` before the performance-fee periods and admin recoveries). */
  commandSet?: string;
  recordedAt: string;
}

/** The commit checked out where the programs were built (a worktree, or this checkout). */
function commitOf(dir: string): string {
  const r = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'unknown';
}

function merge(
  prev: FuzzRecord | null,
  r: FuzzResult,
  firstSeed: number,
  commandSet: string,
): FuzzRecord {
  const steps = (prev?.steps ?? 0) + r.steps;
  const elapsed = (prev?.elapsedSeconds ?? 0) + r.elapsedMs / 1000;
  const mix = new Map((prev?.mix ?? []).map((m) => [m.instruction, { ...m }]));
  for (const row of mixRows(r.mix)) {
    const m = mix.get(row.instruction);
    if (m) {
      m.landed += row.landed;
      m.refused += row.refused;
      m.codes = row.codes || m.codes;
    } else mix.set(row.instruction, row);
  }
  return {
    steps,
    sequences: (prev?.sequences ?? 0) + r.sequences,
    seeds: {
      first: prev?.seeds.first ?? firstSeed,
      last: r.seeds[r.seeds.length - 1] ?? firstSeed,
    },
    violations: [...(prev?.violations ?? []), ...r.violations],
    stepsPerSecond: Math.round(steps / Math.max(elapsed, 1e-9)),
    elapsedSeconds: Math.round(elapsed),
    mix: [...mix.values()].sort((a, b) => b.landed + b.refused - (a.landed + a.refused)),
    programDir: programDir(),
    commit: prev?.commit ?? commitOf(programDir()),
    commandSet: prev?.commandSet ?? commandSet,
    recordedAt: new Date().toISOString(),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      steps: { type: 'string', default: '2000' },
      seed: { type: 'string', default: '1' },
      commands: { type: 'string', default: '400' },
      out: { type: 'string' },
      resume: { type: 'boolean', default: false },
      chunk: { type: 'string', default: '20000' },
      profile: { type: 'boolean', default: false },
      world: { type: 'string', default: 'both' },
      'command-set': { type: 'string', default: 'v2' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  if (values.profile) enableProfile();
  const total = Number.parseInt(values.steps, 10);
  const chunk = values.out ? Number.parseInt(values.chunk, 10) : total;
  let record: FuzzRecord | null =
    values.resume && values.out && existsSync(values.out)
      ? (JSON.parse(readFileSync(values.out, 'utf8')) as FuzzRecord)
      : null;
  let seed = record ? record.seeds.last + 1 : Number.parseInt(values.seed, 10);
  const bar = new cliProgress.SingleBar(
    {
      format: 'fuzz [{bar}] {value}/{total} steps | {rate} steps/s | violations {violations}',
      etaBuffer: 50,
      // A background run's log gets a line every 30 s instead of nothing.
      noTTYOutput: true,
      notTTYSchedule: 30_000,
    },
    cliProgress.Presets.shades_classic,
  );
  const start = record?.steps ?? 0;
  bar.start(total, start, { rate: 0, violations: record?.violations.length ?? 0 });
  const t0 = performance.now();
  while ((record?.steps ?? 0) < total) {
    const base = record?.steps ?? 0;
    const want = Math.min(chunk, total - base);
    const r = await runFuzz({
      steps: want,
      seed,
      maxCommands: Number.parseInt(values.commands, 10),
      world: values.world as 'vault' | 'rewards' | 'both',
      commandSet: values['command-set'] === 'v1' ? 'v1' : 'v2',
      onProgress: (n, v) => {
        const done = base + n;
        bar.update(Math.min(done, total), {
          rate: Math.round((done - start) / ((performance.now() - t0) / 1000)),
          violations: (record?.violations.length ?? 0) + v,
        });
      },
    });
    record = merge(record, r, seed, values['command-set'] === 'v1' ? 'v1' : 'v2');
    seed = record.seeds.last + 1;
    if (values.out) writeFileSync(values.out, `${JSON.stringify(record, null, 2)}\n`);
  }
  bar.stop();
  if (!record) return;
  console.log(
    `\n${record.steps} steps, ${record.sequences} sequences, ${record.stepsPerSecond} steps/s`,
  );
  console.table(record.mix);
  if (values.profile) {
    const ms = performance.now() - t0;
    const rows = profileRows(ms);
    const counted = rows.reduce((s, r) => s + r.ms, 0);
    rows.push({
      phase: 'the rest (fast-check, commands, model)',
      ms: Math.round(ms - counted),
      calls: 0,
      share: `${((100 * (ms - counted)) / ms).toFixed(1)}%`,
    });
    console.table(rows);
  }
  if (record.violations.length === 0) console.log('violations: none');
  for (const v of record.violations) {
    console.log(
      `\nVIOLATION (seed ${v.seed}, world keys ${v.worldKeys}): ${v.error}\n  shrunk: ${v.shrunk}\n  replay path: ${v.path}`,
    );
  }
  if (record.violations.length > 0) process.exitCode = 1;
}

await main();
