#!/usr/bin/env -S npx tsx
// `npm run trading-day`: two SKUs (TECH6, BROAD20) kept fresh and on target through a
// simulated trading day, either on a local world started for the run (validator from the world
// template, API simulator and aggregator following the chain's clock, throw-away Postgres, one
// keeper in this process) or, with `--rpc`, attached to the world of `npm start -- --chain-clock`
// and its served keepers. Prints each step's table per SKU and a verdict; exits 1 when either
// part fails.
import { parseArgs } from 'node:util';
import { startKeeperWorld } from './local-world.ts';
import { runDay, runTradingDay, type TradingDayResult } from './trading-day.ts';
import { attachedDriver } from './trading-day-attached.ts';
import { formatVerdict } from './trading-day-report.ts';

const HELP = `usage: npm run trading-day -- [--short] [--rpc URL [--ws URL] [--world PATH]
                               [--database-url URL] [--keepers URL,URL]] [--help]

Moves the chain's clock through the next full US trading day: pre-market 08:00 ET, the open
09:31, the session (11:30, 14:00: the simulator's intraday prices move with the clock), the
close 16:01 and after hours 18:00. At each step users deposit or ask for withdrawals, the
keeper pushes NAV at the calendar's cadence and runs a rebalance pass (withdrawal-router,
drift-scan, deposit-router, rebalance-exec). Each step prints, per SKU: the largest NAV age
seen before a push against the staleness window, the largest drift from the target weights
before and after the pass, legs by route (rfq / aggregator / skipped / failed), alerts.

Verdict: fresh when every NAV age stayed below its window; on target when, after each pass in
market hours, the largest drift is below the keeper's rebalance threshold (100 bps).

Without --rpc: starts a local world (about a minute from the world template), the simulators
following the chain's clock, a throw-away Postgres and a keeper in this process, which runs its
jobs in the order its queue would, the clock moved by the cadence before each push.

With --rpc: attaches to a running \`npm start -- --chain-clock\` world and runs no keeper of its
own. The served keepers (the leader of the two replicas) push NAV at their own cadence, decided
at the chain's time (the run waits for each push); after the clock jumps to a step, and for the
pass, the run puts nav-push, withdrawal-router, drift-scan and deposit-router on the replicas'
queue (as \`keeper enqueue\` does) instead of waiting for their cron minute, then waits, with
progress and a bound per wait, for the leader to run them and their rebalance legs. Legs and
alerts are read from the replicas' /metrics (alerts carry no SKU there; skipped legs are not
measured: '-'). The world's clock stays where the day ends (it only moves forward).

  --short              three steps (pre-market, open, close), as the world suite runs it
  --rpc URL            attach to the world at this JSON-RPC URL (npm start: http://127.0.0.1:8899)
  --ws URL             its PubSub URL (default: the manifest's)
  --world PATH         its manifest (default .localnet/world.json)
  --database-url URL   the replicas' Postgres (default DATABASE_URL, else the world's local
                       server on 127.0.0.1:54329)
  --keepers URLS       the replicas' admin HTTP (/metrics, /status), comma-separated (default
                       http://127.0.0.1:7415,http://127.0.0.1:7416)
  --help               this text`;

/**
 * The world's local Postgres (apps/world: 127.0.0.1:54329, the loopback-only server's fixed
 * development credentials of packages/postgres-server; not a secret).
 */
const WORLD_DATABASE_URL = 'postgres://postgres:basket-local@127.0.0.1:54329/postgres';

type Values = Record<string, string | boolean | undefined>;

async function attached(values: Values): Promise<TradingDayResult> {
  const print = (line: string) => console.log(line);
  const { driver, close } = await attachedDriver({
    rpcUrl: String(values.rpc),
    ...(typeof values.ws === 'string' ? { wsUrl: values.ws } : {}),
    manifestPath: String(values.world ?? '.localnet/world.json'),
    databaseUrl: String(values['database-url'] ?? (process.env.DATABASE_URL || WORLD_DATABASE_URL)),
    keeperUrls: String(values.keepers ?? 'http://127.0.0.1:7415,http://127.0.0.1:7416')
      .split(',')
      .map((u) => u.trim().replace(/\/$/, ''))
      .filter(Boolean),
    driftThresholdBps: Number(process.env.KEEPER_DRIFT_THRESHOLD_BPS ?? 100),
    print,
  });
  try {
    return await runDay(driver, { short: values.short === true, print });
  } finally {
    await close();
  }
}

async function ownWorld(values: Values): Promise<TradingDayResult> {
  const started = Date.now();
  console.log('trading-day: starting the local world, simulators, Postgres and a keeper...');
  const kw = await startKeeperWorld({ followChainClock: true });
  const keeper = await kw.keeper('trading-day', { minTradeUsd: '50' });
  console.log(`trading-day: world up in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  try {
    return await runTradingDay(kw, keeper, {
      short: values.short === true,
      print: (line) => console.log(line),
    });
  } finally {
    await keeper.close();
    await kw.stop();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      short: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      rpc: { type: 'string' },
      ws: { type: 'string' },
      world: { type: 'string' },
      'database-url': { type: 'string' },
      keepers: { type: 'string' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const started = Date.now();
  const { verdict } = values.rpc !== undefined ? await attached(values) : await ownWorld(values);
  console.log(formatVerdict(verdict));
  console.log(`trading-day: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return verdict.fresh && verdict.onTarget ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`trading-day: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
