#!/usr/bin/env -S npx tsx
// `npm run bench:log-bytes`: every program bench (bench/*.bench.ts: every instruction at up
// to 20 assets, issuer and hooked stocks, 10 reward mints, depth-20 proofs) run with its
// transactions captured; prints, per instruction, the largest transaction's log bytes beside
// the runtime's 10,000-byte limit, and whether its events all reach a webhook.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { seedKeys } from '@basket/test-harness';
import {
  type CapturedTransaction,
  captureTransactions,
  eventsFromWebhook,
  LOG_BYTES_LIMIT,
} from './log-capture.ts';

if (process.argv.includes('--help')) {
  console.log(
    'usage: npm run bench:log-bytes\n  runs bench/*.bench.ts with every transaction captured and prints the largest log per instruction against the 10,000-byte limit',
  );
  process.exit(0);
}

const benchDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Runs every program bench with its transactions captured (succeeded ones only), and names
 * the benches that failed (what they sent before failing is kept).
 */
export async function capturedProgramBenches(): Promise<{
  records: CapturedTransaction[];
  failed: { file: string; error: string }[];
}> {
  const failed: { file: string; error: string }[] = [];
  const files = readdirSync(benchDir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort();
  const capture = captureTransactions();
  try {
    for (const file of files) {
      const bench = (await import(pathToFileURL(join(benchDir, file)).href)).default;
      seedKeys(`bench/${file}`);
      try {
        await bench();
      } catch (error) {
        failed.push({ file, error: (error as Error).message.split('\n')[0] ?? '' });
      }
      seedKeys(null);
    }
  } finally {
    seedKeys(null);
  }
  return { records: capture.stop().filter((r) => r.ok), failed };
}

/** Per instruction: its largest transaction (a transaction counts for each of its ours). */
export function largestPerInstruction(records: readonly CapturedTransaction[]) {
  const largest = new Map<string, CapturedTransaction>();
  for (const r of records)
    for (const name of new Set(r.instructions)) {
      const seen = largest.get(name);
      if (!seen || r.logBytes > seen.logBytes) largest.set(name, r);
    }
  return [...largest.entries()].sort(([a], [b]) => a.localeCompare(b));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { records, failed } = await capturedProgramBenches();
  for (const f of failed)
    console.log(`bench ${f.file} failed (its later cases are missing): ${f.error}`);
  const rows = largestPerInstruction(records);
  const atRisk = records.filter((r) => eventsFromWebhook(r).risk !== null);
  console.log(`\n${records.length} transactions captured\n`);
  console.log('| instruction | largest log, bytes | of the limit | truncated | events delivered |');
  console.log('|---|---:|---:|---|---|');
  for (const [name, r] of rows) {
    const { events, risk } = eventsFromWebhook(r);
    const share = `${((r.logBytes * 100) / LOG_BYTES_LIMIT).toFixed(0)}%`;
    const cut = r.delivered.includes('Log truncated') ? 'yes' : 'no';
    console.log(
      `| ${name} | ${r.logBytes} | ${share} | ${cut} | ${risk === null ? `all ${events.length}` : `AT RISK: ${risk}`} |`,
    );
  }
  console.log(`\nLimit: ${LOG_BYTES_LIMIT} bytes. Transactions at risk: ${atRisk.length}`);
  for (const r of atRisk.slice(0, 20))
    console.log(`  ${r.instructions.join(' + ')}: ${eventsFromWebhook(r).risk}`);
}
