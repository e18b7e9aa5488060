#!/usr/bin/env -S npx tsx
// `indexer` (the service) and `indexer backfill ...` (docs/indexer.md).
import { runService } from '@basket/service-kit';
import { BACKFILL_HELP, runBackfillCli } from './cli-backfill.ts';
import { RECONCILE_HELP, runReconcileCli } from './cli-reconcile.ts';
import { loadIndexerConfig } from './config.ts';
import { startIndexer } from './start-indexer.ts';

const HELP = `indexer: raw-transaction webhooks of the oracle, vault and rewards programs into Postgres
rows, finality tracking, backfill, and the analytics API.

usage: indexer [run]            the service
       indexer backfill ...     see: indexer backfill --help
       indexer reconcile ...    see: indexer reconcile --help

Environment:
  DATABASE_URL                  Postgres (unset: a local server under INDEXER_DATA_DIR)
  INDEXER_DATA_DIR              default .localnet/indexer-postgres
  INDEXER_HOST, INDEXER_PORT    listen address (default 127.0.0.1:7410; 0 = any free port)
  INDEXER_TRUSTED_PROXIES       reverse proxies whose X-Forwarded-For names the client (rate limits)
  INDEXER_ADMIN_HOST, INDEXER_ADMIN_PORT
                                the admin listener: /metrics (default 127.0.0.1, any free port)
  WEBHOOK_SECRET                the Authorization value senders use: env:NAME, file:/path or the value
  SOLANA_RPC_URL                the cluster (finality checks, backfill)
  WORLD_MANIFEST                the local world's manifest (program ids), or
  INDEXER_PROGRAM_IDS           JSON {"oracle": ..., "vault": ..., "rewards": ...}
  INDEXER_BODY_LIMIT_BYTES      largest webhook body (default 8 MiB)
  INDEXER_FINALITY_INTERVAL_MS  finality pass cadence (default 2000)
  INDEXER_DROP_AFTER_MS         a transaction unknown this long after it was seen is removed (default 180000)
  INDEXER_RPC_PER_SECOND        RPC budget (default 50)
  INDEXER_WORKER_CONCURRENCY    ingest jobs at once (default 2)
  INDEXER_RATE_LIMIT_PER_MINUTE requests one client may make a minute (default 600; the
                                authenticated webhook sender is exempt)
  INDEXER_RPC_QUEUE_MAX         chain reads that may wait for the RPC budget (default 200)
  INDEXER_RECONCILE_INTERVAL_MS rows against the chain every so often (default 300000; 0: off)
  INDEXER_REWARD_PRICES         JSON {"staking": "<USD per raw unit>", "rewards": ["<USD per raw unit>", ...]}
                                (per reward slot; unset: the reward APR is given in kind only)

Endpoints: POST /webhooks/{oracle,vault,rewards}; GET /api/skus, /api/skus/:sku,
/api/skus/:sku/nav-history, /api/skus/:sku/apr?days=30, /api/skus/:sku/fees,
/api/wallets/:address?limit=&list=&before=, /api/unread-events, /api/rewards/apr?days=30; /healthz, /readyz;
/metrics on the admin listener (docs/indexer.md lists every route).`;

const argv = process.argv.slice(2);
if (argv[0] === 'reconcile') {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${RECONCILE_HELP}\n`);
  } else {
    process.exitCode = await runReconcileCli(argv.slice(1), loadIndexerConfig(process.env));
  }
} else if (argv[0] === 'backfill') {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${BACKFILL_HELP}\n`);
  } else {
    process.exitCode = await runBackfillCli(argv.slice(1), loadIndexerConfig(process.env));
  }
} else {
  await runService({
    name: 'indexer',
    help: HELP,
    argv: argv[0] === 'run' ? argv.slice(1) : argv,
    loadConfig: () => loadIndexerConfig(process.env),
    secretsOf: (c) => [c.webhookSecret, c.databaseUrl],
    start: async ({ config, logger, metrics }) => {
      const indexer = await startIndexer(config, logger, metrics);
      return { close: indexer.close };
    },
  });
}
