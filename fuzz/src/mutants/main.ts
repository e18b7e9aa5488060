/**
 * `npm run mutants`: mutation testing of the vault's money paths. Each mutant (see
 * generate.ts) is applied in a separate git worktree (never in this checkout), then: the
 * vault's host unit tests, the BPF build of the vault, the program's focused LiteSVM tests
 * and a short fuzz run. The first that fails kills the mutant; a mutant that does not
 * compile is unviable. The file is restored after every mutant, whatever happened. Results
 * are cached by mutant hash in bench/results/mutants.json, so the list is worked through
 * over several runs.
 */

import { spawnSync } from 'node:child_process';
import {
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
import { listMutants, type Mutant } from './generate.ts';

const HELP = `usage: npm run mutants -- [--worktree DIR] [--limit N] [--filter TEXT] [--fuzz-steps N] [--list]

Applies each mutant of the vault's checks and money math in a separate worktree (created at
HEAD when missing, with its own target directory), rebuilds, and runs the vault's host unit
tests, its focused LiteSVM tests and a short fuzz. Results are cached by mutant hash in
bench/results/mutants.json; already decided mutants are skipped.

  --worktree DIR   the worktree mutants are applied in (default /tmp/mutants-wt)
  --limit N        decide at most N new mutants this run (default 10)
  --filter TEXT    only mutants whose path or operator contains TEXT
  --fuzz-steps N   steps of the short fuzz run per mutant (default 300)
  --list           print the mutant list and the cache's verdicts, run nothing
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

/** The LiteSVM suites that exercise each mutated path. */
function focusedTests(path: string): string[] {
  const t = (names: string[]) => names.map((n) => `programs/vault/tests/${n}.test.ts`);
  // The fuzz package's exact performance-fee cases (written to kill two rounding survivors).
  const perfFee = 'fuzz/test/perf-fee-rounding.test.ts';
  if (path.includes('collect_perf_fee')) {
    return [
      ...t(['deposit', 'withdraw-usdc', 'withdraw-in-kind', 'nav-cache', 'collect-perf-fee']),
      ...t(['fee-instruction-checks']),
      perfFee,
    ];
  }
  if (path.includes('share_math')) {
    return [
      ...t(['deposit', 'withdraw-usdc', 'withdraw-in-kind', 'nav-cache', 'collect-perf-fee']),
      perfFee,
    ];
  }
  // The issuer's powers and the seizure split are what the holdings' reconciliation, the
  // skipped slices and the claims' haircut index are for (begin_redemption reconciles).
  const seizures = [
    'issuer-powers',
    'issuer-claims',
    'redemption-claim',
    'seizure-split-once',
    'seizure-split-once-late-claim',
    'zero-cash-exits',
    'redemption-amounts',
    'begin-redemption-accounts',
    'pay-redemption-checks',
  ];
  if (path.includes('holdings'))
    return t(['deposit', 'withdraw-usdc', 'withdraw-in-kind', 'nav-cache', ...seizures]);
  if (/share_math|nav/.test(path))
    return t(['deposit', 'withdraw-usdc', 'withdraw-in-kind', 'nav-cache', 'collect-perf-fee']);
  if (path.includes('deposit'))
    return t(['deposit', 'front-running', 'boundary-equalities', 'admin']);
  if (path.includes('withdraw_usdc') || path.includes('stable_payout'))
    return t([
      'withdraw-usdc',
      'withdrawal-request',
      'limits',
      'withdraw-usdc-slippage-rounding',
      'boundary-equalities',
    ]);
  if (path.includes('withdraw_in_kind'))
    return t([
      'withdraw-in-kind',
      'issuer-powers',
      'exit-consent-destinations',
      'zero-cash-exits',
      'in-kind-amounts',
    ]);
  if (path.includes('withdrawal_request')) return t(['withdrawal-request']);
  if (path.includes('redemption')) return t(seizures);
  if (path.includes('collect_mgmt_fee')) {
    return [...t(['withdraw-usdc', 'admin']), 'fuzz/test/fee-checks.test.ts'];
  }
  if (path.includes('collect_withdraw_fees'))
    return t(['collect-withdraw-fees', 'fee-instruction-checks']);
  return t(['deposit', 'withdraw-usdc']);
}

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

/** Priority: rounding first, then the share/fee/NAV math, then the instructions' checks. */
function priority(m: Mutant): number {
  const op = { rounding: 0, 'off-by-one': 1, comparison: 2, require: 3 }[m.operator];
  const math = /share_math|nav|collect_/.test(m.path) ? 0 : 10;
  return math + op;
}

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
  writeFileSync(file, lines.join('\n'));
  let verdict: { status: Status; killedBy: string | null };
  try {
    verdict = judge(dir, m, fuzzSteps);
  } finally {
    writeFileSync(file, source);
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
  const unit = run(dir, 'cargo', ['test', '-p', 'vault', '--lib', '--quiet'], {
    RUSTC: '/usr/bin/rustc',
  });
  if (!unit.ok) {
    return /error(\[E\d+\])?:/.test(unit.out) && !/test result: FAILED/.test(unit.out)
      ? { status: 'unviable', killedBy: null }
      : { status: 'killed', killedBy: 'cargo test -p vault --lib' };
  }
  if (!run(dir, 'bash', ['scripts/build-programs.sh', 'vault']).ok)
    return { status: 'unviable', killedBy: null };
  const tests = focusedTests(m.path);
  if (!run(dir, 'npx', ['vitest', 'run', ...tests]).ok)
    return { status: 'killed', killedBy: `vitest ${tests.join(' ')}` };
  const fuzz = run(dir, 'npx', [
    'tsx',
    'fuzz/src/main.ts',
    '--steps',
    String(fuzzSteps),
    '--seed',
    '1',
    '--world',
    'vault',
  ]);
  if (!fuzz.ok) return { status: 'killed', killedBy: `fuzz --steps ${fuzzSteps} --seed 1` };
  return EQUIVALENT[m.hash]
    ? { status: 'equivalent', killedBy: null }
    : { status: 'survived', killedBy: null };
}

function baseline(dir: string, all: Mutant[], fuzzSteps: number): void {
  const checks: [string, string[], NodeJS.ProcessEnv][] = [
    ['cargo', ['test', '-p', 'vault', '--lib', '--quiet'], { RUSTC: '/usr/bin/rustc' }],
    ['bash', ['scripts/build-programs.sh', 'vault'], {}],
    ['npx', ['vitest', 'run', ...new Set(all.flatMap((m) => focusedTests(m.path)))], {}],
    [
      'npx',
      ['tsx', 'fuzz/src/main.ts', '--steps', String(fuzzSteps), '--seed', '1', '--world', 'vault'],
      {},
    ],
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
      'rejudge-survivors': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return console.log(HELP);
  const dir = values.worktree;
  ensureWorktree(dir);
  if (!run(dir, 'git', ['diff', '--quiet', '--', 'programs']).ok)
    throw new Error(`mutants: ${dir} has changes under programs/; restore it first`);
  const commit = run(dir, 'git', ['rev-parse', '--short', 'HEAD']).out.trim();
  const all = listMutants(dir).sort((a, b) => priority(a) - priority(b));
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
