#!/usr/bin/env -S npx tsx
// `dapp`: serves the built web app with its CSP, the geofence decision and read-only forwards.
import { runService } from '@basket/service-kit';
import { ensureBundle } from './server/build-bundle.ts';
import { loadDappConfig } from './server/config.ts';
import { createDappServer } from './server/dapp-server.ts';

const HELP = `dapp: the web app depositors and stakers use (build it first: npm run build -w @basket/dapp).

usage: dapp

Environment:
  DAPP_HOST, DAPP_PORT           listen address (default 127.0.0.1:7430; 0 = any free port)
  DAPP_DIST_DIR                  the Vite build (default apps/dapp/dist; built at start when missing
                                 unless DAPP_BUILD_ON_START=0)
  WORLD_MANIFEST                 the deployment's addresses (programs, mints, SKUs)
  DAPP_TREASURY                  the treasury owner address (default: the local world's key file)
  SOLANA_RPC_URL, SOLANA_WS_URL  the cluster the browser talks to (allowed by the CSP), unless
  DAPP_PUBLIC_RPC_URL, DAPP_PUBLIC_WS_URL   say otherwise
  TOKENIZED_API_URL              tokenized-asset API (public routes forwarded read-only)
  INDEXER_URL                    indexer analytics API (forwarded read-only; default http://127.0.0.1:7410)
  DAPP_COUNTRY_HEADER            request header the hosting edge sets to the visitor's country (default x-country-code)
  DAPP_BLOCKED_COUNTRIES         comma-separated ISO 3166-1 alpha-2 codes (default US,CU,IR,KP,SY)
  DAPP_WHEN_COUNTRY_UNKNOWN      allow | block when the header is absent (default: allow in the
                                 local world (WORLD_MANIFEST), block otherwise)
  DAPP_TERMS_FILE, DAPP_TERMS_VERSION   the terms text the wallet signs, and its version
  DAPP_DISTRIBUTIONS_DIR         published reward distribution artifacts (*.json; default <manifest dir>/distributions),
                                 or the keeper's http(s)://.../distributions URL to fetch them from
  DAPP_EXPLORER_TX_URL           explorer link template with {signature} and {rpc}
  DATABASE_URL                   Postgres where signed terms acceptances are recorded (optional;
                                 without it the page alone keeps them)

The geofence is a deterrent, not a guarantee (docs/dapp.md).
Endpoints: GET / (the app), /api/session, /api/claims/:wallet, /asset-api/api/v2/public/*,
/indexer/api/*; POST /api/terms-acceptances; /healthz, /readyz, /metrics.`;

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
