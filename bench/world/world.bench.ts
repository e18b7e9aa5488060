#!/usr/bin/env -S npx tsx
// The local world's own numbers: time from `npm start` (the supervisor, programs already
// built) to ready, cold (empty directory: validator start + full bootstrap) and warm (the same
// directory again), a test suite's startWorld() (a copy of the bootstrapped template), and
// transactions per second through the local validator. Prints a table and
// writes bench/results/world.json. Usage: npm run bench:world [-- --transfers N]
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalnet } from '@basket/localnet';
import { connectChain, loadOrCreateSigner, startWorld } from '@basket/world';
import { generateKeyPairSigner, lamports } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';

const root = fileURLToPath(new URL('../..', import.meta.url));
if (process.argv.includes('--help')) {
  console.log(
    'usage: npm run bench:world [-- --transfers N]\n  times npm start to ready (cold, warm) and measures transactions per second',
  );
  process.exit(0);
}
const transfersArg = process.argv.indexOf('--transfers');
const TRANSFERS = transfersArg > 0 ? Number(process.argv[transfersArg + 1]) : 300;

/** Runs the supervisor with --once and returns the seconds until it printed "ready". */
function timeToReady(dir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/world/src/main.ts',
        '--dir',
        dir,
        '--once',
        '--rpc-port',
        '18999',
        '--ws-port',
        '19000',
        '--pg-port',
        '19001',
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let readyAt: number | null = null;
    child.stdout.on('data', (chunk: Buffer) => {
      if (readyAt === null && chunk.toString().includes('ready in')) readyAt = performance.now();
    });
    child.on('exit', (code) => {
      if (code !== 0 || readyAt === null) reject(new Error(`npm start --once exited with ${code}`));
      else resolve((readyAt - started) / 1000);
    });
  });
}

async function transfersPerSecond(dir: string): Promise<{ tps: number; p50: number; p99: number }> {
  const net = await startLocalnet({ stateDir: join(dir, 'tps-ledger') });
  try {
    const chain = connectChain(net.rpcUrl, net.wsUrl);
    const payer = await loadOrCreateSigner(join(dir, 'tps-payer.json'));
    await chain.fund(payer.address, lamports(1_000_000_000_000n));
    const to = (await generateKeyPairSigner()).address;
    // The destination exists and is rent-exempt first, so each small transfer is valid alone.
    await chain.fund(to, lamports(1_000_000_000n));
    const latencies: number[] = [];
    const started = performance.now();
    const CONCURRENCY = 32;
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < TRANSFERS) {
          const i = next++;
          const t = performance.now();
          await chain.landRaw(`transfer ${i}`, payer, [
            getTransferSolInstruction({
              source: payer,
              destination: to,
              amount: lamports(BigInt(1_000 + i)),
            }),
          ]);
          latencies.push(performance.now() - t);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
    return { tps: TRANSFERS / seconds, p50: at(0.5), p99: at(0.99) };
  } finally {
    await net.stop();
  }
}

/** Seconds for a test suite's `startWorld()` (a copy of the machine's template). */
async function testWorldSeconds(): Promise<number> {
  // The first call builds the template if this build has none; the one timed is a copy.
  await (await startWorld()).stop();
  const started = performance.now();
  const world = await startWorld();
  const seconds = (performance.now() - started) / 1000;
  await world.stop();
  return seconds;
}

const dir = await mkdtemp(join(tmpdir(), 'world-bench-'));
await chmod(dir, 0o755);
try {
  process.stdout.write('bench:world: cold start (empty directory) ... ');
  const cold = await timeToReady(join(dir, 'world'));
  console.log(`${cold.toFixed(1)} s`);
  process.stdout.write('bench:world: warm start (same directory) ... ');
  const warm = await timeToReady(join(dir, 'world'));
  console.log(`${warm.toFixed(1)} s`);
  process.stdout.write("bench:world: a test suite's startWorld() from the template ... ");
  const suite = await testWorldSeconds();
  console.log(`${suite.toFixed(1)} s`);
  process.stdout.write(`bench:world: ${TRANSFERS} transfers, 32 in flight ... `);
  const t = await transfersPerSecond(dir);
  console.log(`${t.tps.toFixed(1)} tx/s`);
  const rows = [
    ['npm start to ready, cold (bootstrap from nothing)', `${cold.toFixed(1)} s`],
    ['npm start to ready, warm (existing world)', `${warm.toFixed(1)} s`],
    ["a test suite's startWorld() (copy of the template)", `${suite.toFixed(1)} s`],
    [`transactions per second (${TRANSFERS} transfers, confirmed)`, t.tps.toFixed(1)],
    ['send-to-confirmed latency p50 / p99', `${t.p50.toFixed(0)} / ${t.p99.toFixed(0)} ms`],
  ];
  console.log('\n| measure | value |\n|---|---:|');
  for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
  await writeFile(
    join(root, 'bench/results/world.json'),
    `${JSON.stringify({ measuredOn: new Date().toISOString(), coldSeconds: cold, warmSeconds: warm, testWorldSeconds: suite, tps: t.tps, p50Ms: t.p50, p99Ms: t.p99, transfers: TRANSFERS }, null, 2)}\n`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
