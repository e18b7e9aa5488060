/**
 * `npm run mutants`: mutation testing of the programs' checks and money and ID math (the
 * vault, the oracle, the rewards program, the upgrade gate). Each mutant (see generate.ts) is
 * applied in a separate git worktree (never in this checkout), then: the program's host unit
 * tests, its BPF build, the LiteSVM tests that judge the mutated file (focus.ts) and, for the
 * programs the fuzzer has a world over, a short fuzz run. The first that fails kills the mutant; a mutant that does not
 * compile is unviable. The file is restored after every mutant, whatever happened. Results
 * are cached by mutant hash in bench/results/mutants.json, so the list is worked through
 * over several runs.
 */

import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '@basket/test-harness';
import { EQUIVALENT } from './equivalent.ts';
import { focusedTests, fuzzWorldOf, type Program, programOf } from './focus.ts';
import { listMutants, type Mutant } from './generate.ts';
import { markdownTable } from './table.ts';

const HELP = `usage: npm run mutants -- [--worktree DIR] [--limit N] [--filter TEXT] [--fuzz-steps N] [--list] [--table]

Applies each mutant of the programs' checks and money and ID math (vault, oracle, rewards,
upgrade-gate) in a separate worktree (created at HEAD when missing, with its own target
directory), rebuilds the program, and runs its host unit tests, the LiteSVM tests mapped to
the mutated file and, for the vault, the oracle and the rewards program, a short fuzz. Results are cached by mutant hash in
bench/results/mutants.json; already decided mutants are skipped.

  --worktree DIR   the worktree mutants are applied in (default /tmp/mutants-wt)
  --limit N        decide at most N new mutants this run (default 10)
  --filter TEXT    only mutants whose path or operator contains TEXT (e.g. programs/rewards)
  --fuzz-steps N   steps of the short fuzz run per mutant (default 300)
  --list           print the mutant list and the cache's verdicts, run nothing
  --table          print every mutant and its verdict as docs/mutants.md's markdown table
  --rejudge-survivors  judge the cached survivors again (after adding a test)
  --help           this text`;

type Status = 'killed' | 'survived' | 'equivalent' | 'unviable';
interface Result extends Mutant {
  status: Status;
  killedBy: string | null;
  seconds: number;
  commit: string;
}
interface Record {
  total: number;
  killed: number;
  survived: number;
  equivalent: number;
  unviable: number;
  pending: number;
  results: Result[];
}

const OUT = join(REPO_ROOT, 'bench', 'results', 'mutants.json');

function run(
  cwd: string,
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): { ok: boolean; out: string } {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 30 * 60_000,
    maxBuffer: 64 << 20,
  });
  return { ok: r.status === 0, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/** A worktree at HEAD whose node_modules resolves @basket/* inside it (so its tests load its .so). */
function ensureWorktree(dir: string): void {
  if (!existsSync(dir)) {
    const r = run(REPO_ROOT, 'git', ['worktree', 'add', '--detach', dir, 'HEAD']);
    if (!r.ok) throw new Error(`mutants: cannot create the worktree ${dir}: ${r.out}`);
  }
  const modules = join(dir, 'node_modules');
  mkdirSync(join(modules, '@basket'), { recursive: true });
  const main = join(REPO_ROOT, 'node_modules');
  for (const name of [...readdirSync(main), '.bin']) {
    if (name === '@basket' || existsSync(join(modules, name))) continue;
    symlinkSync(join(main, name), join(modules, name));
  }
  for (const name of readdirSync(join(main, '@basket'))) {
    const link = join(modules, '@basket', name);
    if (!existsSync(link)) symlinkSync(readlinkSync(join(main, '@basket', name)), link);
  }
}

function summarise(results: Result[], total: number): Record {
  const n = (s: Status) => results.filter((r) => r.status === s).length;
  return {
    total,
    killed: n('killed'),
    survived: n('survived'),
    equivalent: n('equivalent'),
    unviable: n('unviable'),
    pending: total - results.length,
    results,
  };
}

/**
 * Priority: the vault first (rounding, then the share/fee/NAV math, then the instructions'
 * checks), then the other programs' checks, the most security-relevant first: signers,
 * keepers, thresholds and the upgrade gate; merkle proofs; epoch, sequence and id bounds;
 * sweeps; the rest. There a disabled check comes before a flipped comparison. `next` is the
 * source line after the mutant's (a multi-line `require(` names its condition there).
 */
function priority(m: Mutant, next: string): number {
  const op = { rounding: 0, 'off-by-one': 1, comparison: 2, require: 3 }[m.operator];
  if (programOf(m.path) === 'vault') return (/share_math|nav|collect_/.test(m.path) ? 0 : 10) + op;
  const rank = { require: 0, rounding: 1, comparison: 2, 'off-by-one': 3 }[m.operator];
  const text = `${m.original} ${m.original.endsWith('(') ? next : ''}`;
  if (
    /upgrade-gate/.test(m.path) ||
    /signer|signed|keeper|admin|threshold|approv|authority/i.test(text)
  )
    return 20 + rank;
  if (/merkle|proof|root|leaf/i.test(`${m.path} ${text}`)) return 30 + rank;
  if (/epoch|sequence|_id\b|index|bound|count|slot|is_next/i.test(text)) return 40 + rank;
  if (/sweep/i.test(m.path)) return 50 + rank;
  return 60 + rank;
}

/** Each mutant's priority, reading the line after it from the worktree's source. */
function byPriority(dir: string, mutants: Mutant[]): Mutant[] {
  const sources = new Map<string, string[]>();
  const next = (m: Mutant) => {
    if (!sources.has(m.path))
      sources.set(m.path, readFileSync(join(dir, m.path), 'utf8').split('\n'));
    return (sources.get(m.path) ?? [])[m.line] ?? '';
  };
  const rank = new Map(mutants.map((m) => [m.hash, priority(m, next(m))]));
  return [...mutants].sort((a, b) => (rank.get(a.hash) ?? 0) - (rank.get(b.hash) ?? 0));
}

/**
 * The programs a mutant's `.so` rebuild covers: the oracle's staleness rules and account
 * layouts are compiled into the vault too.
 */
function builtWith(m: Mutant): Program[] {
  const program = programOf(m.path);
  if (program === 'oracle' && /staleness|state\//.test(m.path)) return ['oracle', 'vault'];
  return [program];
}

const HOST = { RUSTC: '/usr/bin/rustc' };
const deployed = (dir: string, p: Program) => join(dir, 'target', 'deploy', `${p}.so`);

function decide(
  dir: string,
  m: Mutant,
  fuzzSteps: number,
): { status: Status; killedBy: string | null } {
  const file = join(dir, m.path);
  const source = readFileSync(file, 'utf8');
  const lines = source.split('\n');
  if ((lines[m.line - 1] ?? '').trim() !== m.original)
    throw new Error(`mutants: ${m.path}:${m.line} is no longer "${m.original}"`);
  const indent = /^\s*/.exec(lines[m.line - 1] ?? '')?.[0] ?? '';
  lines[m.line - 1] = indent + m.mutated;
  // The unmutated builds are put back after the mutant, so a mutated `.so` never judges the
  // next mutant (of another program) and the baseline stays what was checked.
  const programs = builtWith(m);
  for (const p of programs) copyFileSync(deployed(dir, p), `${deployed(dir, p)}.clean`);
  writeFileSync(file, lines.join('\n'));
  let verdict: { status: Status; killedBy: string | null };
  try {
    verdict = judge(dir, m, fuzzSteps);
  } finally {
    writeFileSync(file, source);
    for (const p of programs) copyFileSync(`${deployed(dir, p)}.clean`, deployed(dir, p));
  }
  if (!run(dir, 'git', ['diff', '--quiet', '--', m.path]).ok) {
    throw new Error(`mutants: ${m.path} was not restored in ${dir}`);
  }
  return verdict;
}

/** The checks a mutant must pass to survive, in order of cost. */
function judge(
  dir: string,
  m: Mutant,
  fuzzSteps: number,
): { status: Status; killedBy: string | null } {
  const programs = builtWith(m);
  const crates = programs.flatMap((p) => ['-p', p]);
  const unit = run(dir, 'cargo', ['test', ...crates, '--lib', '--quiet'], HOST);
  if (!unit.ok) {
    return /error(\[E\d+\])?:/.test(unit.out) && !/test result: FAILED/.test(unit.out)
      ? { status: 'unviable', killedBy: null }
      : { status: 'killed', killedBy: `cargo test ${crates.join(' ')} --lib` };
  }
  if (!run(dir, 'bash', ['scripts/build-programs.sh', ...programs]).ok)
    return { status: 'unviable', killedBy: null };
  const tests = focusedTests(m.path);
  if (!run(dir, 'npx', ['vitest', 'run', ...tests]).ok)
    return { status: 'killed', killedBy: `vitest ${tests.join(' ')}` };
  const world = fuzzWorldOf(programOf(m.path));
  if (world) {
    const fuzz = run(dir, 'npx', [...fuzzArgs(fuzzSteps, world)]);
    if (!fuzz.ok)
      return { status: 'killed', killedBy: `fuzz --steps ${fuzzSteps} --seed 1 --world ${world}` };
  }
  return EQUIVALENT[m.hash]
    ? { status: 'equivalent', killedBy: null }
    : { status: 'survived', killedBy: null };
}

function fuzzArgs(steps: number, world: 'vault' | 'rewards'): string[] {
  return ['tsx', 'fuzz/src/main.ts', '--steps', String(steps), '--seed', '1', '--world', world];
}

/** The unmutated worktree must pass every check the run's mutants are judged by. */
function baseline(dir: string, todo: Mutant[], fuzzSteps: number): void {
  const programs = [...new Set(todo.flatMap(builtWith))];
  const worlds = [...new Set(todo.map((m) => fuzzWorldOf(programOf(m.path))))];
  const checks: [string, string[], NodeJS.ProcessEnv][] = [
    ['cargo', ['test', ...programs.flatMap((p) => ['-p', p]), '--lib', '--quiet'], HOST],
    // Every program, so no test loads a `.so` left from an older commit.
    ['bash', ['scripts/build-programs.sh'], {}],
    ['npx', ['vitest', 'run', ...new Set(todo.flatMap((m) => focusedTests(m.path)))], {}],
    ...worlds.flatMap((w): [string, string[], NodeJS.ProcessEnv][] =>
      w ? [['npx', fuzzArgs(fuzzSteps, w), {}]] : [],
    ),
  ];
  for (const [cmd, args, env] of checks) {
    const r = run(dir, cmd, args, env);
    if (!r.ok)
      throw new Error(
        `mutants: the unmutated baseline fails ${cmd} ${args.join(' ')}:\n${r.out.slice(-3000)}`,
      );
  }
  console.log('mutants: the unmutated baseline passes every check');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      worktree: { type: 'string', default: '/tmp/mutants-wt' },
      limit: { type: 'string', default: '10' },
      filter: { type: 'string', default: '' },
      'fuzz-steps': { type: 'string', default: '300' },
      list: { type: 'boolean', default: false },
      table: { type: 'boolean', default: false },
      'rejudge-survivors': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return console.log(HELP);
  const dir = values.worktree;
  // A listing reads this checkout's source (a run may have a mutant applied in the worktree).
  const listing = values.list || values.table;
  if (!listing) {
    ensureWorktree(dir);
    if (!run(dir, 'git', ['diff', '--quiet', '--', 'programs']).ok)
      throw new Error(`mutants: ${dir} has changes under programs/; restore it first`);
  }
  const source = listing ? REPO_ROOT : dir;
  const commit = run(source, 'git', ['rev-parse', '--short', 'HEAD']).out.trim();
  const all = byPriority(source, listMutants(source));
  const cache = existsSync(OUT) ? (JSON.parse(readFileSync(OUT, 'utf8')) as Record) : null;
  const results = new Map((cache?.results ?? []).map((r) => [r.hash, r]));
  // After a new test, the survivors are judged again.
  // A survivor later explained (equivalent.ts) is re-labelled without a rerun.
  for (const r of results.values())
    if (r.status === 'survived' && EQUIVALENT[r.hash]) r.status = 'equivalent';
  const rejudged = new Set<string>();
  if (values['rejudge-survivors'])
    for (const [h, r] of results)
      if (r.status === 'survived') {
        results.delete(h);
        rejudged.add(h);
      }
  const listed = all.filter((m) => results.has(m.hash));
  const save = () =>
    writeFileSync(
      OUT,
      `${JSON.stringify(
        summarise(
          listed.map((m) => results.get(m.hash) as Result),
          all.length,
        ),
        null,
        2,
      )}\n`,
    );
  if (values.table) return console.log(markdownTable(all, results));
  if (values.list) {
    // The relabelling above is kept (a listing runs nothing else).
    save();
    for (const m of all)
      console.log(
        `${m.hash} ${results.get(m.hash)?.status ?? 'pending'} ${m.operator} ${m.path}:${m.line}: ${m.original} => ${m.mutated}`,
      );
    return;
  }
  // Survivors judged again come first (a new test is meant for them), then by priority.
  const todo = all
    .filter((m) => !results.has(m.hash) && `${m.path} ${m.operator}`.includes(values.filter))
    .sort((a, b) => Number(rejudged.has(b.hash)) - Number(rejudged.has(a.hash)));
  const limit = Number.parseInt(values.limit, 10);
  // The unmutated build must pass everything this run's mutants are judged by, or every one
  // would count as killed (only their suites: all of them would cost a quarter hour here).
  if (todo.length > 0)
    baseline(dir, todo.slice(0, limit), Number.parseInt(values['fuzz-steps'], 10));
  console.log(
    `mutants: ${all.length} listed, ${results.size} decided before, ${todo.length} to go, deciding ${Math.min(limit, todo.length)} in ${dir} (${commit})`,
  );
  for (const m of todo.slice(0, limit)) {
    const t0 = performance.now();
    const verdict = decide(dir, m, Number.parseInt(values['fuzz-steps'], 10));
    const seconds = Math.round((performance.now() - t0) / 1000);
    results.set(m.hash, { ...m, ...verdict, seconds, commit });
    listed.push(m);
    console.log(
      `${verdict.status.padEnd(10)} ${m.hash} ${m.operator} ${m.path}:${m.line} (${seconds} s)${verdict.killedBy ? ` by ${verdict.killedBy}` : ''}`,
    );
    save();
  }
  save();
  const s = summarise(
    listed.map((m) => results.get(m.hash) as Result),
    all.length,
  );
  console.log(
    `total ${s.total}, killed ${s.killed}, survived ${s.survived}, equivalent ${s.equivalent}, unviable ${s.unviable}, pending ${s.pending}`,
  );
}

await main();
