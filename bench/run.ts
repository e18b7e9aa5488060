#!/usr/bin/env -S npx tsx
// Runs every `bench/*.bench.ts`, prints a table per program, writes the machine-readable
// results to bench/results/cu.json and regenerates docs/compute-units.md from them
// (src/cu-doc.ts: one table per program).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { seedKeys } from '@basket/test-harness';
import { writeCuDoc } from './src/cu-doc.ts';
import { goalsTable } from './src/goals.ts';
import type { Bench, CuRecord } from './src/record.ts';

const here = dirname(fileURLToPath(import.meta.url));
if (process.argv.includes('--help')) {
  console.log(
    'usage: npm run bench\n  runs bench/*.bench.ts against target/deploy/*.so and writes bench/results/cu.json',
  );
  process.exit(0);
}

const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const records: CuRecord[] = [];
for (const file of files) {
  process.stdout.write(`bench: ${file} ... `);
  const bench = (await import(pathToFileURL(join(here, file)).href)).default as Bench;
  // Seeded keys: the same addresses, PDA bumps and so compute units on every run.
  seedKeys(`bench/${file}`);
  const got = await bench();
  seedKeys(null);
  records.push(...got);
  console.log(`${got.length} cases`);
}

function table(rows: CuRecord[]): string {
  const lines = [
    '| program | instruction | case | compute units | tx bytes |',
    '|---|---|---|---:|---:|',
  ];
  for (const r of rows)
    lines.push(
      `| ${r.program} | ${r.instruction} | ${r.case} | ${r.computeUnits} | ${r.txBytes} |`,
    );
  return lines.join('\n');
}

console.log(`\n${table(records)}\n`);
console.log(`Goals at 20 assets, price memo cached:\n\n${goalsTable(records)}\n`);
mkdirSync(join(here, 'results'), { recursive: true });
writeFileSync(join(here, 'results', 'cu.json'), `${JSON.stringify(records, null, 2)}\n`);
writeCuDoc();
console.log('bench: wrote bench/results/cu.json and docs/compute-units.md');
