#!/usr/bin/env -S npx tsx
// Keeper actions landing through dropped sends: NAV pushes (push_snapshot + refresh_nav, one
// action key each) driven through two fault proxies in front of the local world at each drop
// rate; what landed and how often twice is read back from the chain. Prints a table and
// writes bench/results/landing.json. See --help.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { LandingRun } from '../../apps/keeper/test/support/landing-world.ts';

const HELP = `usage: npm run bench:landing [-- --actions N] [-- --rates 0,30,60] [-- --rate-limit-percent P] [-- --seed S] [-- --resume]

Drives N keeper actions (NAV pushes, default 200) per drop rate (default 0%, 30%, 60% of
sendTransaction calls dropped by both fault proxies; P% of every call on the first answered 429,
default 0) on a local world of its own, then reads the snapshots' transactions from the chain.
Prints, per drop rate: actions, landed, duplicates (successful transactions beyond one per
landed transaction), failed on chain, p50/p99 time to land (first send to confirmation, ms),
re-sends and rebuilt versions; writes bench/results/landing.json after each drop rate (complete:
true once every requested rate has its row).

--resume keeps the rows bench/results/landing.json already holds for the same seed, action
count and 429 share, and runs only the requested rates that have none (a run cut short by a
session's end goes on where it stopped; each row keeps the time it was recorded).`;

const argv = process.argv.slice(2);
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(HELP);
  process.exit(0);
}
const arg = (name: string, fallback: string) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? (argv[i + 1] as string) : fallback;
};
const actions = Number.parseInt(arg('--actions', '200'), 10);
const rates = arg('--rates', '0,30,60')
  .split(',')
  .map((r) => Number.parseInt(r, 10));
const rateLimit = Number.parseInt(arg('--rate-limit-percent', '0'), 10);
const seed = Number.parseInt(arg('--seed', '33'), 10);
const resume = argv.includes('--resume');
if (!Number.isInteger(actions) || actions < 1 || rates.some((r) => !(r >= 0 && r <= 100))) {
  console.error(HELP);
  process.exit(2);
}

type Row = LandingRun & {
  dropPercent: number;
  rateLimitPercent: number;
  recordedAt?: string;
  wallSeconds?: number;
};
const out = fileURLToPath(new URL('../results/landing.json', import.meta.url));

/** The rows of an earlier run this one can stand beside (same seed, action count, 429 share). */
async function earlierRows(): Promise<Row[]> {
  if (!resume) return [];
  const text = await readFile(out, 'utf8').catch(() => null);
  if (text === null) return [];
  const earlier = JSON.parse(text) as { seed?: number; recordedAt?: string; rates?: Row[] };
  if (earlier.seed !== seed) return [];
  return (earlier.rates ?? [])
    .filter((r) => rates.includes(r.dropPercent))
    .filter((r) => r.actions === actions && r.rateLimitPercent === rateLimit)
    .map((r) => ({ ...r, recordedAt: r.recordedAt ?? earlier.recordedAt }));
}
const results: Row[] = await earlierRows();
const pending = rates.filter((r) => !results.some((row) => row.dropPercent === r));
if (results.length > 0) {
  console.error(
    `resuming: rows for ${results.map((r) => `${r.dropPercent}%`).join(', ')} kept; running ${
      pending.map((r) => `${r}%`).join(', ') || 'none'
    }`,
  );
}

// Loaded after --help: the world's modules are large.
const { driveNavPushes, startLandingWorld } = await import(
  '../../apps/keeper/test/support/landing-world.ts'
);
const started = Date.now();
if (pending.length > 0) {
  const lw = await startLandingWorld({ seed });
  const keeper = await lw.keeper('bench-landing');
  process.stderr.write(`  world ready in ${Math.round((Date.now() - started) / 1_000)} s\n`);
  try {
    for (const dropPercent of pending) {
      const rateStarted = Date.now();
      lw.setFaults(dropPercent, rateLimit);
      const run = await driveNavPushes(lw, keeper, actions, (done) => {
        if (done % 20 === 0) process.stderr.write(`  ${dropPercent}% drops: ${done}/${actions}\n`);
      });
      results.push({
        dropPercent,
        rateLimitPercent: rateLimit,
        ...run,
        recordedAt: new Date().toISOString(),
        wallSeconds: Math.round((Date.now() - rateStarted) / 1_000),
      });
      await record(false);
    }
  } finally {
    await keeper.close();
    await lw.stop();
  }
}
// In the order asked for, whichever run measured them.
results.sort((a, b) => rates.indexOf(a.dropPercent) - rates.indexOf(b.dropPercent));

const header = [
  'drop %',
  'actions',
  'landed',
  'duplicates',
  'failed',
  'p50 ms',
  'p99 ms',
  'resends',
  'rebuilds',
  'NAV fresh',
];
const table = results.map((r) => [
  `${r.dropPercent}`,
  `${r.actions}`,
  `${r.landed}`,
  `${r.duplicates}`,
  `${r.failedOnChain}`,
  `${r.p50Ms}`,
  `${r.p99Ms}`,
  `${r.resends}`,
  `${r.rebuilds}`,
  r.navFresh ? 'yes' : 'no',
]);
const widths = header.map((h, i) =>
  Math.max(h.length, ...table.map((row) => (row[i] as string).length)),
);
const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i] as number)).join('  ');
console.log(line(header));
for (const row of table) console.log(line(row));

/** Writes what was measured so far (after each rate: a run cut short still records its rows). */
async function record(complete: boolean): Promise<string> {
  await mkdir(fileURLToPath(new URL('../results/', import.meta.url)), { recursive: true });
  await writeFile(
    out,
    `${JSON.stringify(
      {
        bench: 'landing',
        recordedAt: new Date().toISOString(),
        wallSeconds: Math.round((Date.now() - started) / 1_000),
        setup:
          'local world (100 ms slots), two fault proxies in front of its RPC, keeper re-send interval 300 ms, up to 10 versions per action; actions are NAV pushes spread over the SKUs',
        seed,
        complete,
        rates: results.map((r) => ({
          dropPercent: r.dropPercent,
          rateLimitPercent: r.rateLimitPercent,
          actions: r.actions,
          landed: r.landed,
          duplicates: r.duplicates,
          failedOnChain: r.failedOnChain,
          p50Ms: r.p50Ms,
          p99Ms: r.p99Ms,
          resends: r.resends,
          rebuilds: r.rebuilds,
          navFresh: r.navFresh,
          ...(r.recordedAt ? { recordedAt: r.recordedAt } : {}),
          ...(r.wallSeconds !== undefined ? { wallSeconds: r.wallSeconds } : {}),
        })),
      },
      null,
      2,
    )}\n`,
  );
  return out;
}

console.log(
  `wrote ${await record(rates.every((r) => results.some((row) => row.dropPercent === r)))}`,
);
