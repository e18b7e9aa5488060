#!/usr/bin/env -S npx tsx
import { runService } from '@basket/service-kit';
import { loadFaultProxyConfig } from './config.ts';
import { startFaultProxy } from './proxy.ts';

const HELP = `fault-proxy: a JSON-RPC and HTTP proxy on 127.0.0.1 that injects faults (local world only)

Environment (or FAULT_PROXY_CONFIG, a JSON file with the same fields, faults under "faults"):
  FAULT_PROXY_UPSTREAM                 where requests go (required), e.g. http://127.0.0.1:8899
  FAULT_PROXY_WS_UPSTREAM              PubSub passed through untouched, e.g. ws://127.0.0.1:8900
  FAULT_PROXY_HOST, FAULT_PROXY_PORT   listen address, loopback only (default 127.0.0.1:7440; 0 = any)
  FAULT_PROXY_ADMIN_PORT               admin listener on 127.0.0.1: /metrics, /admin/faults (7441; 0 = any)
  FAULT_PROXY_SEED                     seed of the fault draws (default 1): same seed, same faults
  FAULT_PROXY_DROP_SEND_PERCENT        sendTransaction answered with its signature, never forwarded
  FAULT_PROXY_429_PERCENT              answered 429 with Retry-After: FAULT_PROXY_RETRY_AFTER_SECONDS (1)
  FAULT_PROXY_LATENCY_MS, FAULT_PROXY_JITTER_MS   added to every request (0, 0)
  FAULT_PROXY_STALE_BLOCKHASH_PERCENT  getLatestBlockhash answered with the oldest answer kept
  FAULT_PROXY_CUT_PERCENT              forwarded, the connection cut halfway through the answer
  FAULT_PROXY_METHODS                  comma list: 429s, latency and cuts only for these methods

Run time (admin listener): GET /admin/faults shows the faults in force; PUT /admin/faults with a JSON object of
any of dropSendPercent, rateLimitPercent, retryAfterSeconds, latencyMs, jitterMs,
staleBlockhashPercent, cutPercent, methods (and seed to reseed) changes them.
Also /healthz and /readyz (the upstream answers) on the proxy's port, /metrics on the admin one.`;

await runService({
  name: 'fault_proxy',
  help: HELP,
  argv: process.argv.slice(2),
  loadConfig: () => loadFaultProxyConfig(process.env),
  start: async ({ config, logger, metrics }) => {
    const proxy = await startFaultProxy(config, logger, metrics);
    return { close: proxy.close };
  },
});
