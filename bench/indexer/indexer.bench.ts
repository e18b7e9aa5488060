#!/usr/bin/env -S npx tsx
// The indexer's numbers on a real Postgres (embedded, this machine): ingest throughput in
// events per second through the real ingest path (deliveries -> decoded rows), webhook
// acknowledgement latency at a steady 50 deliveries per second through the HTTP server, and a
// replay of N events with the process's peak memory. Prints a table and writes
// bench/results/indexer.json. Usage: npm run bench:indexer [-- --events N]
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  INDEXER_SCHEMA,
  ingestDelivery,
  ingestMetrics,
  migrate,
  startIndexer,
  type TransactionItem,
} from '@basket/indexer';
import { startTestDatabase } from '@basket/postgres-server';
import { createLogger, createMetrics } from '@basket/service-kit';
import pg from 'pg';
import {
  depositField,
  item,
  navRefreshedField,
  PROGRAMS,
} from '../../apps/indexer/test/support/synthetic-items.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
if (process.argv.includes('--help')) {
  console.log(
    'usage: npm run bench:indexer [-- --events N]\n  ingest events/s, webhook ack latency at 50/s, replay of N events (default 1,000,000) with peak memory',
  );
  process.exit(0);
}
const eventsArg = process.argv.indexOf('--events');
const REPLAY_EVENTS = eventsArg > 0 ? Number(process.argv[eventsArg + 1]) : 1_000_000;
const EVENTS_PER_TX = 10;
const TX_PER_DELIVERY = 100;

/** A delivery of `TX_PER_DELIVERY` transactions, each logging `EVENTS_PER_TX` vault events. */
function delivery(): TransactionItem[] {
  return Array.from({ length: TX_PER_DELIVERY }, () =>
    item(
      Array.from({ length: EVENTS_PER_TX }, (_, i) =>
        i % 2 === 0 ? depositField({ eventSequence: BigInt(i) }) : navRefreshedField(),
      ),
    ),
  );
}

async function ingestEvents(pool: pg.Pool, total: number): Promise<{ seconds: number }> {
  const counters = ingestMetrics(createMetrics(`bench_${Math.random().toString(36).slice(2)}`));
  const started = performance.now();
  for (let done = 0; done < total; done += TX_PER_DELIVERY * EVENTS_PER_TX) {
    const items = delivery();
    const { rows } = await pool.query<{ id: string }>(
      `insert into deliveries (endpoint, source, item_count, body) values ('vault', 'backfill', $1, $2) returning id`,
      [items.length, JSON.stringify(items)],
    );
    await ingestDelivery(pool, BigInt(rows[0]?.id as string), PROGRAMS, counters);
    if (done % 100_000 === 0 && done > 0) process.stdout.write('.');
  }
  return { seconds: (performance.now() - started) / 1000 };
}

async function ackLatency(databaseUrl: string): Promise<{ p50: number; p99: number; n: number }> {
  const secret = 'bench-secret-0123456789abcdef';
  const indexer = await startIndexer(
    {
      databaseUrl,
      dataDir: '/nonexistent',
      host: '127.0.0.1',
      port: 0,
      webhookSecret: secret,
      // No cluster: the finality pass fails quietly, which is not what is measured here.
      rpcUrl: 'http://127.0.0.1:9',
      programs: PROGRAMS,
      bodyLimitBytes: 8 * 1024 * 1024,
      finalityIntervalMs: 600_000,
      dropAfterMs: 180_000,
      rpcPerSecond: 50,
      workerConcurrency: 2,
    },
    createLogger({ name: 'bench', level: 'silent' }),
    createMetrics('bench_indexer'),
  );
  try {
    const body = JSON.stringify(delivery().slice(0, 20));
    const latencies: number[] = [];
    const sends: Promise<void>[] = [];
    const N = 500;
    for (let i = 0; i < N; i += 1) {
      // A steady 50 per second: one every 20 ms, each timed on its own.
      await new Promise((r) => setTimeout(r, 20));
      sends.push(
        (async () => {
          const t = performance.now();
          const r = await fetch(`${indexer.url}/webhooks/vault`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: secret },
            body,
          });
          if (r.status !== 200) throw new Error(`ack ${r.status}`);
          latencies.push(performance.now() - t);
        })(),
      );
    }
    await Promise.all(sends);
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.floor(q * (latencies.length - 1))] ?? 0;
    return { p50: at(0.5), p99: at(0.99), n: N };
  } finally {
    await indexer.close();
  }
}

const db = await startTestDatabase('bench_indexer');
try {
  const pool = new pg.Pool({
    connectionString: db.url,
    options: `-c search_path=${INDEXER_SCHEMA}`,
  });
  await migrate(pool);
  process.stdout.write('bench:indexer: ingest 100,000 events ... ');
  const ingest = await ingestEvents(pool, 100_000);
  const perSecond = 100_000 / ingest.seconds;
  console.log(`${perSecond.toFixed(0)} events/s`);
  process.stdout.write('bench:indexer: webhook acknowledgements at 50/s ... ');
  const ack = await ackLatency(db.url);
  console.log(`p99 ${ack.p99.toFixed(1)} ms`);
  process.stdout.write(`bench:indexer: replay ${REPLAY_EVENTS.toLocaleString('en-US')} events `);
  await pool.query('truncate transactions cascade');
  const replay = await ingestEvents(pool, REPLAY_EVENTS);
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(` ${replay.seconds.toFixed(1)} s`);
  await pool.end();
  const rows = [
    ['ingest (decode + rows), events per second', perSecond.toFixed(0), '>= 20,000'],
    [
      `webhook ack latency p50 / p99 at 50/s (${ack.n} deliveries of 20 tx)`,
      `${ack.p50.toFixed(1)} / ${ack.p99.toFixed(1)} ms`,
      'p99 < 100 ms',
    ],
    [
      `replay of ${REPLAY_EVENTS.toLocaleString('en-US')} events`,
      `${replay.seconds.toFixed(1)} s`,
      '',
    ],
    ['peak resident memory of the process', `${peakMb.toFixed(0)} MB`, ''],
  ];
  console.log('\n| measure | value | target |\n|---|---:|---|');
  for (const [k, v, t] of rows) console.log(`| ${k} | ${v} | ${t} |`);
  await writeFile(
    `${root}bench/results/indexer.json`,
    `${JSON.stringify({ measuredOn: new Date().toISOString(), eventsPerSecond: perSecond, ackP50Ms: ack.p50, ackP99Ms: ack.p99, replayEvents: REPLAY_EVENTS, replaySeconds: replay.seconds, peakRssMb: peakMb }, null, 2)}\n`,
  );
} finally {
  await db.close();
}
