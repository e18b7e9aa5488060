#!/usr/bin/env -S npx tsx
// `npm run bench:flood`: the indexer on 127.0.0.1 (embedded Postgres, a local JSON-RPC answering
// the finality pass) taking webhook deliveries at a steady 20 a second, first alone, then
// while flood clients send made-up input back to back to every public endpoint: made-up SKU
// fees and NAV history, made-up wallets, webhooks without the secret carrying 1 MiB, /readyz.
// Prints, per phase, the acknowledgement latency, the finality passes and rows finalized, and
// memory; and what the flood was answered. Bounded by time and count. Usage:
// npm run bench:flood [-- --seconds S] [-- --clients C] [-- --rate-limit N]
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startIndexer } from '@basket/indexer';
import { startTestDatabase } from '@basket/postgres-server';
import { createLogger, createMetrics } from '@basket/service-kit';
import pg from 'pg';
import {
  depositField,
  item,
  navRefreshedField,
  PROGRAMS,
} from '../../apps/indexer/test/support/synthetic-items.ts';

if (process.argv.includes('--help')) {
  console.log(
    'usage: npm run bench:flood [-- --seconds S (10)] [-- --clients C (16)] [-- --rate-limit N per client a minute (1000000: the flood is not refused by it, the other bounds are measured)]',
  );
  process.exit(0);
}
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('--seconds', 10);
const CLIENTS = arg('--clients', 16);
const RATE_LIMIT = arg('--rate-limit', 1_000_000);
const SECRET = 'flood-bench-secret-0123456789';
const MAX_FLOOD_REQUESTS = 200_000;

/** A JSON-RPC endpoint for the finality pass: every signature finalized, counting passes. */
async function finalityRpc() {
  let passes = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const call = JSON.parse(body) as { id: number; method: string; params: unknown[] };
      let result: unknown = null;
      if (call.method === 'getSignatureStatuses') {
        passes += 1;
        const signatures = call.params[0] as string[];
        result = {
          context: { slot: 1_000 },
          value: signatures.map(() => ({
            slot: 900,
            confirmations: null,
            err: null,
            confirmationStatus: 'finalized',
          })),
        };
      } else if (call.method === 'getSlot') result = 1_000;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, passes: () => passes, close: () => new Promise((r) => server.close(r)) };
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const madeUp = (n: number) =>
  Array.from({ length: n }, () => B58[Math.floor(Math.random() * 58)]).join('');
const BIG_BODY = `[${'0,'.repeat(512 * 1024)}0]`;

/** One made-up request to a public endpoint; resolves to its status. */
async function floodOnce(url: string): Promise<number> {
  const pick = Math.floor(Math.random() * 6);
  /** The status, once the body is read (so the connection is free for the next request). */
  const drained = async (r: Response) => {
    await r.arrayBuffer();
    return r.status;
  };
  const get = (path: string) => fetch(`${url}${path}`).then(drained);
  if (pick === 0) return get(`/api/skus/${madeUp(12)}/fees`);
  if (pick === 1) return get(`/api/skus/${madeUp(12)}/nav-history`);
  if (pick === 2) return get(`/api/wallets/${madeUp(44)}`);
  if (pick === 3) return get(`/api/wallets/${madeUp(44)}/positions`);
  if (pick === 4) return get('/readyz');
  return fetch(`${url}/webhooks/vault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: madeUp(30) },
    body: BIG_BODY,
  })
    .then(drained)
    .catch(() => 0);
}

/**
 * Starts `CLIENTS` flood loops in a child process; resolves once it is loaded and flooding
 * (`done` then resolves when it has run `ms` and `statuses` holds what it got).
 */
async function floodProcess(
  url: string,
  ms: number,
  statuses: Map<number, number>,
): Promise<{ done: Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--flood-worker',
      url,
      String(Math.round(ms)),
      String(CLIENTS),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((r) => {
    markReady = r;
  });
  child.stdout.on('data', (c) => {
    out += c;
    if (out.startsWith('ready\n')) markReady();
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', () => {
      markReady();
      const body = out.replace(/^ready\n/, '');
      for (const [s, n] of JSON.parse(body || '[]') as [number, number][]) statuses.set(s, n);
      resolve();
    });
  });
  await ready;
  return { done };
}

/** The child: `clients` loops of made-up requests for `ms`, then the statuses as JSON. */
async function floodWorker(url: string, ms: number, clients: number): Promise<void> {
  process.stdout.write('ready\n');
  const until = performance.now() + ms;
  const statuses = new Map<number, number>();
  let sent = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until && sent < MAX_FLOOD_REQUESTS) {
        sent += 1;
        const s = await floodOnce(url);
        statuses.set(s, (statuses.get(s) ?? 0) + 1);
      }
    }),
  );
  process.stdout.write(JSON.stringify([...statuses.entries()]));
}

type Phase = Readonly<{
  name: string;
  acks: number;
  p50: number;
  p99: number;
  passes: number;
  finalized: number;
  delivered: number;
  rssMb: number;
  flood: Map<number, number>;
}>;

async function phase(
  name: string,
  indexerUrl: string,
  pool: pg.Pool,
  rpc: Awaited<ReturnType<typeof finalityRpc>>,
  flood: boolean,
): Promise<Phase> {
  const latencies: number[] = [];
  const signatures: string[] = [];
  const statuses = new Map<number, number>();
  // The flood process is loaded before the clock starts; it runs as long as the phase.
  const floods = flood ? [(await floodProcess(indexerUrl, SECONDS * 1_000, statuses)).done] : [];
  const until = performance.now() + SECONDS * 1_000;
  const passes0 = rpc.passes();
  const sends: Promise<void>[] = [];
  while (performance.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    const items = Array.from({ length: 5 }, () => item([depositField(), navRefreshedField()]));
    for (const i of items) signatures.push(i.transaction.signatures[0] as string);
    sends.push(
      (async () => {
        const t = performance.now();
        const r = await fetch(`${indexerUrl}/webhooks/vault`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: SECRET },
          body: JSON.stringify(items),
        });
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`ack ${r.status}`);
        latencies.push(performance.now() - t);
      })(),
    );
  }
  await Promise.all([...sends, ...floods]);
  // Ingest and the finality pass catch up for two of its intervals before counting.
  await new Promise((r) => setTimeout(r, 2_000));
  const { rows } = await pool.query<{ n: number }>(
    `select count(*)::int as n from transactions where commitment = 'finalized' and signature = any($1)`,
    [signatures],
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.floor(q * (latencies.length - 1))] ?? 0;
  return {
    name,
    acks: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    passes: rpc.passes() - passes0,
    finalized: rows[0]?.n ?? 0,
    delivered: signatures.length,
    // This process is the indexer (and the steady sender); the flood is another process.
    rssMb: process.memoryUsage().rss / 1024 / 1024,
    flood: statuses,
  };
}

const worker = process.argv.indexOf('--flood-worker');
if (worker > 0) {
  const [url, ms, clients] = process.argv.slice(worker + 1);
  await floodWorker(url as string, Number(ms), Number(clients));
  process.exit(0);
}

const db = await startTestDatabase('bench_flood');
const rpc = await finalityRpc();
const indexer = await startIndexer(
  {
    databaseUrl: db.url,
    dataDir: '/nonexistent',
    host: '127.0.0.1',
    port: 0,
    adminHost: '127.0.0.1',
    adminPort: 0,
    webhookSecret: SECRET,
    rpcUrl: rpc.url,
    programs: PROGRAMS,
    bodyLimitBytes: 8 * 1024 * 1024,
    finalityIntervalMs: 500,
    dropAfterMs: 180_000,
    rpcPerSecond: 50,
    workerConcurrency: 2,
    rateLimitPerMinute: RATE_LIMIT,
    rpcQueueMax: 200,
    reconcileIntervalMs: 0,
  },
  createLogger({ name: 'bench-flood', level: 'silent' }),
  createMetrics('bench_flood'),
);
const pool = new pg.Pool({ connectionString: db.url, options: '-c search_path=indexer' });
try {
  process.stdout.write(`bench:flood: ${SECONDS} s alone ... `);
  const alone = await phase('deliveries alone', indexer.url, pool, rpc, false);
  console.log('done');
  process.stdout.write(`bench:flood: ${SECONDS} s with ${CLIENTS} flood clients ... `);
  const flooded = await phase(`with ${CLIENTS} flood clients`, indexer.url, pool, rpc, true);
  console.log('done');
  console.log(
    '\n| phase | acks | ack p50 / p99 ms | finality passes | finalized / delivered | RSS MB |\n|---|---:|---:|---:|---:|---:|',
  );
  for (const p of [alone, flooded])
    console.log(
      `| ${p.name} | ${p.acks} | ${p.p50.toFixed(1)} / ${p.p99.toFixed(1)} | ${p.passes} | ${p.finalized} / ${p.delivered} | ${p.rssMb.toFixed(0)} |`,
    );
  const answered = [...flooded.flood.entries()].sort(([a], [b]) => a - b);
  console.log(
    `\nflood requests answered (status: count; 0 = connection closed before the body was sent):`,
  );
  console.log(answered.map(([s, n]) => `${s}: ${n}`).join(', '));
  console.log(`rate limit per client: ${RATE_LIMIT} a minute (every flood client is 127.0.0.1)`);
} finally {
  await pool.end();
  await indexer.close();
  await rpc.close();
  await db.close();
}
