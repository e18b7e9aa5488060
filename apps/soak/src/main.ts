// `npm run soak`: options, a progress bar, the run, the table, the verdict and the results file.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { HELP, parseSoakOptions, type SoakOptions } from './options.ts';

function progressBar(p: {
  elapsedMs: number;
  totalMs: number;
  faultsDone: number;
  faultsPlanned: number;
  userActions: number;
  line: string;
}) {
  const share = Math.min(1, p.elapsedMs / p.totalMs);
  const width = 30;
  const done = Math.round(share * width);
  const mmss = (ms: number) =>
    `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;
  return `[${'#'.repeat(done)}${'.'.repeat(width - done)}] ${Math.round(share * 100)}% ${mmss(p.elapsedMs)}/${mmss(p.totalMs)} faults ${p.faultsDone}/${p.faultsPlanned} user actions ${p.userActions} | ${p.line}`;
}

async function main(): Promise<number> {
  let options: SoakOptions;
  try {
    options = parseSoakOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(
      `npm run soak: ${error instanceof Error ? error.message : String(error)} (try --help)\n`,
    );
    return 2;
  }
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  // Loaded after --help: the world's modules are large.
  const { runSoak } = await import('./soak.ts');
  const { formatSoakSummary, formatSoakTable, soakJson } = await import('./report.ts');
  const { repoRoot } = await import('@basket/localnet');
  const dir = options.dir ? resolve(options.dir) : await mkdtemp(join(tmpdir(), 'basket-soak-'));
  const tty = process.stderr.isTTY && options.progress;
  let lastLine = 0;
  const say = (line: string) => {
    if (tty) process.stderr.write('\r\x1b[2K');
    process.stdout.write(`${line}\n`);
  };
  const result = await runSoak({
    minutes: options.minutes,
    seed: options.seed,
    compact: options.compact,
    dir,
    say,
    progress: (p) => {
      if (tty)
        process.stderr.write(`\r\x1b[2K${progressBar(p).slice(0, process.stderr.columns ?? 160)}`);
      else if (options.progress && Date.now() - lastLine > 30_000) {
        lastLine = Date.now();
        process.stderr.write(`${progressBar(p)}\n`);
      }
    },
  });
  if (tty) process.stderr.write('\r\x1b[2K');
  say(formatSoakTable(result));
  say(formatSoakSummary(result));
  const out = options.out
    ? resolve(options.out)
    : join(repoRoot(), 'bench', 'results', 'soak.json');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(soakJson(result, new Date()), null, 2)}\n`);
  say(`wrote ${out}`);
  if (!options.dir && result.verdict === 'pass') await rm(dir, { recursive: true, force: true });
  else say(`world kept in ${dir} (logs under logs/)`);
  return result.verdict === 'pass' ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(
      `npm run soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
