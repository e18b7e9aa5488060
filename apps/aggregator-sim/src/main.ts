#!/usr/bin/env -S npx tsx
import { runService } from '@basket/service-kit';
import { loadAggregatorConfig } from './config.ts';
import { startAggregator } from './start-aggregator.ts';

const HELP = `aggregator-sim: the swap API (version 6 shapes) over the local world's test-swap pools

Environment:
  SOLANA_RPC_URL                    the cluster's JSON-RPC (required)
  WORLD_MANIFEST                    the local world's manifest: venue program and pools, or
  AGGREGATOR_PROGRAM, AGGREGATOR_POOLS   the venue program and a JSON array of {symbol, pool}
  AGGREGATOR_HOST, AGGREGATOR_PORT  listen address (default 127.0.0.1:7420; 0 = any free port)
  AGGREGATOR_MAX_PRICE_IMPACT_PPM   refuse a quote beyond this price impact (default 200000 = 20%)
  AGGREGATOR_RESERVES_TTL_MS        how long read reserves answer quotes (default 400)

Endpoints: GET /quote, POST /swap, POST /swap-instructions, GET /program-id-to-label;
/healthz, /readyz, /metrics. See docs/aggregator-sim.md.`;

await runService({
  name: 'aggregator_sim',
  help: HELP,
  argv: process.argv.slice(2),
  loadConfig: () => loadAggregatorConfig(process.env),
  start: async ({ config, logger, metrics }) => {
    const aggregator = await startAggregator(config, logger, metrics);
    return { close: aggregator.close };
  },
});
