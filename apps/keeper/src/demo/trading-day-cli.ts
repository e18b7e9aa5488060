#!/usr/bin/env -S npx tsx
// `npm run trading-day`: two SKUs (TECH6, BROAD20) kept fresh and on target through a
// simulated trading day on a local world started for the run (validator from the world
// template, API simulator and aggregator following the chain's clock, throw-away Postgres, one
// keeper). Prints each step's table per SKU and a verdict; exits 1 when either part fails.
import { parseArgs } from 'node:util';
import { startKeeperWorld } from './local-world.ts';
import { runTradingDay } from './trading-day.ts';
import { formatVerdict } from './trading-day-report.ts';

const HELP = `usage: npm run trading-day -- [--short] [--help]

Starts a local world (about a minute from the world template), a keeper and the simulators,
then moves the chain's clock through the next full US trading day: pre-market 08:00 ET, the open
09:31, the session (11:30, 14:00: the simulator's intraday prices move with the clock), the
close 16:01 and after hours 18:00. At each step users deposit or ask for withdrawals, the
keeper pushes NAV at the calendar's cadence and runs a rebalance pass (drift-scan,
deposit-router, rebalance-exec, withdrawal-router). Each step prints, per SKU: the largest NAV age
seen before a push against the staleness window, the largest drift from the target weights
before and after the pass, legs by route (rfq / aggregator / skipped / failed), alerts.

Verdict: fresh when every NAV age stayed below its window; on target when, after each pass in
market hours, the largest drift is below the keeper's rebalance threshold (100 bps).

  --short   three steps (pre-market, open, close), as the world suite runs it
  --help    this text

Attaching to the world of \`npm start\` (--rpc) is not offered: its simulator keeps this
machine's time while the run moves the chain's clock, and its two keeper replicas would race
this run's keeper on every snapshot.`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      short: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      rpc: { type: 'string' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (values.rpc !== undefined) {
    console.error('trading-day: --rpc is not offered (see --help); run without it');
    return 2;
  }
  const started = Date.now();
  console.log('trading-day: starting the local world, simulators, Postgres and a keeper...');
  const kw = await startKeeperWorld({ followChainClock: true });
  const keeper = await kw.keeper('trading-day', { minTradeUsd: '50' });
  console.log(`trading-day: world up in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  try {
    const { verdict } = await runTradingDay(kw, keeper, {
      short: values.short ?? false,
      print: (line) => console.log(line),
    });
    console.log(formatVerdict(verdict));
    console.log(`trading-day: done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return verdict.fresh && verdict.onTarget ? 0 : 1;
  } finally {
    await keeper.close();
    await kw.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`trading-day: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
