#!/usr/bin/env -S npx tsx
// NAV push end to end on the local world: from the first API call (oracle prices, multipliers,
// statuses) to the push + refresh_nav transaction confirmed, per SKU, repeated. Prints p50/p99
// and writes them into bench/results/keeper.json next to the drift-scan rows.
// Usage: npx tsx bench/keeper/nav-push.bench.ts [-- --pushes N]
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { runNavPush } from '../../apps/keeper/src/jobs/nav-push.ts';
import { startKeeperWorld } from '../../apps/keeper/test/support/keeper-world.ts';

if (process.argv.includes('--help')) {
  console.log(
    'usage: npx tsx bench/keeper/nav-push.bench.ts [-- --pushes N]\n  NAV push latency (API to confirmed) p50/p99 on the local world',
  );
  process.exit(0);
}
const arg = process.argv.indexOf('--pushes');
const PUSHES = arg > 0 ? Number(process.argv[arg + 1]) : 20;
const kw = await startKeeperWorld();
const keeper = await kw.keeper('bench');
const rows: Record<string, Record<string, number>> = {};
try {
  for (const sku of keeper.context.skus) {
    const times: number[] = [];
    try {
      for (let i = 0; i < PUSHES; i++) {
        const start = performance.now();
        const r = await runNavPush(keeper.context, sku);
        if (!r.summary.includes('sent')) throw new Error(`push not sent: ${r.summary}`);
        times.push(performance.now() - start);
      }
    } catch (error) {
      // A SKU the API cannot price (missing data) is reported, not measured.
      console.log(
        `${sku.skuId}: not measured (${error instanceof Error ? error.message.slice(0, 90) : error})`,
      );
      continue;
    }
    times.sort((a, b) => a - b);
    rows[sku.skuId] = {
      assets: sku.assets.length,
      pushes: PUSHES,
      p50Ms: Math.round(times[Math.floor(PUSHES / 2)] ?? 0),
      p99Ms: Math.round(times[Math.min(PUSHES - 1, Math.ceil(PUSHES * 0.99) - 1)] ?? 0),
    };
  }
} finally {
  await keeper.close();
  await kw.stop();
}
console.log('| SKU | assets | pushes | p50 ms | p99 ms |\n|---|---:|---:|---:|---:|');
for (const [sku, r] of Object.entries(rows))
  console.log(`| ${sku} | ${r.assets} | ${r.pushes} | ${r.p50Ms} | ${r.p99Ms} |`);
const path = fileURLToPath(new URL('../results/keeper.json', import.meta.url));
const existing = JSON.parse(await readFile(path, 'utf8').catch(() => '{}')) as Record<
  string,
  unknown
>;
await writeFile(path, `${JSON.stringify({ ...existing, navPush: rows }, null, 2)}\n`);
