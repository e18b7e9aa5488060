#!/usr/bin/env -S npx tsx
// `dapp`: serves the built web app with its CSP, the geofence decision and read-only forwards.
import { runService } from '@basket/service-kit';
import { ensureBundle } from './server/build-bundle.ts';
import { loadDappConfig } from './server/config.ts';
import { createDappServer } from './server/dapp-server.ts';

const HELP = `dapp: the web app depositors and stakers use (build it first: npm run build -w @basket/dapp).

usage: dapp

Environment:
  DAPP_ENV                       production (default) | local (the npm start world: the
                                 defaults below marked "local" apply, no HSTS)
  DAPP_HOST, DAPP_PORT           listen address (default 127.0.0.1:7430; 0 = any free port)
  DAPP_ADMIN_HOST, DAPP_ADMIN_PORT   admin listener: /metrics (default 127.0.0.1, a free port)
  DAPP_DIST_DIR                  the Vite build (default apps/dapp/dist; built at start when missing
                                 unless DAPP_BUILD_ON_START=0)
  WORLD_MANIFEST                 the deployment's addresses (programs, mints, SKUs)
  DAPP_CLUSTER                   the cluster the terms message names (default localnet)
  DAPP_DOMAIN                    the domain the terms message names (required in production;
                                 local: localhost:<port>)
  DAPP_TREASURY                  the treasury owner address (default: the local world's key file)
  DAPP_PUBLIC_RPC_URL, DAPP_PUBLIC_WS_URL   the RPC the browsers use (allowed by the CSP):
                                 required in production and never the server's SOLANA_RPC_URL
                                 (local: SOLANA_RPC_URL, SOLANA_WS_URL)
  DAPP_PUBLIC_FALLBACK_RPC_URLS  further RPC endpoints the browsers fail over to, in order,
                                 comma-separated (default none; never the server's SOLANA_RPC_URL)
  DAPP_RPC_ENDPOINT_PER_SECOND   calls per second a browser makes to each endpoint (default 10)
  TOKENIZED_API_URL              tokenized-asset API (public routes forwarded read-only)
  INDEXER_URL                    indexer analytics API (forwarded read-only; default http://127.0.0.1:7410)
  DAPP_FORWARD_CONCURRENCY       forwards in flight per target (as many may wait; more: 503; default 32)
  DAPP_TRUSTED_PROXIES           the reverse proxies believed (addresses or CIDRs, comma separated):
                                 their country header and X-Forwarded-For (required in production;
                                 local: 127.0.0.1,::1)
  DAPP_COUNTRY_HEADER            request header the proxy sets to the visitor's country, exactly
                                 once (default x-country-code); repeated or malformed: refused
  DAPP_BLOCKED_COUNTRIES         comma-separated ISO 3166-1 alpha-2 codes (default US,CU,IR,KP,SY)
  DAPP_WHEN_COUNTRY_UNKNOWN      allow | block when no usable country came from the proxy
                                 (default block; local: allow)
  DAPP_RATE_LIMIT_PER_MINUTE     requests per minute per client (default 600, local 6000; terms posts: 10)
  DAPP_TERMS_FILE, DAPP_TERMS_VERSION   the terms text the wallet signs, and its version
  DAPP_TERMS_NONCE_SECRET        key of the terms nonces, by reference (file:/path, env:NAME; shared
                                 by replicas; unset: a random key per process)
  DAPP_TERMS_ROWS_PER_SOURCE_PER_DAY   new acceptances recorded per client address a day (default 5)
  DAPP_DISTRIBUTIONS_DIR         published reward distribution artifacts (*.json; default <manifest dir>/distributions),
                                 or the keeper's http(s)://.../distributions URL to fetch them from
  DAPP_EXPLORER_TX_URL           explorer link template with {signature} and {rpc}
  DATABASE_URL                   Postgres where signed terms acceptances are recorded (optional;
                                 without it the page alone keeps them)

The geofence is a deterrent, not a guarantee (docs/dapp.md).
Endpoints: GET / (the app), /api/session, /api/claims/:wallet, /asset-api/api/v2/public/*,
/indexer/api/*; POST /api/terms-acceptances; /healthz, /readyz; admin listener: /metrics.
Public edges and reverse-proxy set-up: docs/operations.md.`;

await runService({
  name: 'dapp',
  help: HELP,
  argv: process.argv.slice(2),
  loadConfig: () => loadDappConfig(process.env),
  start: async ({ config, logger, metrics }) => {
    if (process.env.DAPP_BUILD_ON_START !== '0')
      await ensureBundle(config.distDir, (line) => logger.info(line));
    const server = await createDappServer(config, logger, metrics);
    const address = await server.listen({ host: config.host, port: config.port });
    logger.info({ url: address }, 'dapp listening');
    return { server };
  },
});
