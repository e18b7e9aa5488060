#!/usr/bin/env -S npx tsx
// `keeper run | status | once <job>` (docs/keeper.md). Wiring only.
import { ConfigError, createLogger, createMetrics, runService } from '@basket/service-kit';
import { makeWorkerUtils } from 'graphile-worker';
import { enqueueNow } from './jobs/queue.ts';
import { isJobName, JOBS, JobFailedError, type JobName } from './jobs/registry.ts';
import { startKeeper, statusOf } from './keeper.ts';
import { type KeeperConfig, keeperSecrets, loadKeeperConfig } from './service/config.ts';
import { QUEUE_SCHEMA } from './service/schema.ts';

export const HELP = `keeper: NAV pushes, drift scans, rebalances, fees and corporate-action watch for the
basket vaults; one leader among replicas (Postgres lease with a fencing token).

usage: keeper [run] [--dry-run]      the service (queue, cron, leader election, HTTP; with
                                     --dry-run HTTP only: no lease, no queue)
       keeper status                  leader, NAV ages, last actions (JSON; never takes the lease)
       keeper once <job> [--dry-run]  run one job now and exit (as leader, if the lease is free)
       keeper enqueue <job> [--sku ID] queue a job to run now on the leading replica (any job
                                      but rebalance-exec; nav-push: each SKU, or --sku's)
       keeper --help

jobs: ${Object.entries(JOBS)
  .map(([name, j]) => `\n  ${name.padEnd(18)} ${j.description}`)
  .join('')}

--dry-run: every job simulates its transactions and prints what it would send; nothing is
sent or queued.

Environment (a JSON file at KEEPER_CONFIG may hold the non-secret ones; the environment wins):
  SOLANA_RPC_URL, SOLANA_WS_URL      the cluster (default: the world manifest's)
  DATABASE_URL                       Postgres (unset: a local server under KEEPER_DATA_DIR)
  TOKENIZED_API_URL, TOKENIZED_API_KEY (env:NAME or file:/path)
  WORLD_MANIFEST                     the local world (program ids, SKUs, each role's keypair file)
  KEEPER_SIGNER                      the vaults' keeper key: keypair-file | aws-kms | vault | fireblocks
                                     (default keypair-file)
  KEEPER_KEYPAIR_FILE                the keypair file (default: the world's keeper key; none elsewhere)
  KEEPER_SIGNER_PUBLIC_KEY, KEEPER_AWS_KMS_KEY_ID, KEEPER_AWS_REGION, KEEPER_VAULT_ADDR,
  KEEPER_VAULT_KEY_NAME, KEEPER_VAULT_TOKEN, KEEPER_FIREBLOCKS_API_KEY,
  KEEPER_FIREBLOCKS_PRIVATE_KEY, KEEPER_FIREBLOCKS_VAULT_ACCOUNT_ID   remote signers
  KEEPER_TRADE_SIGNER, KEEPER_TRADE_KEYPAIR_FILE, KEEPER_TRADE_...   the vaults' trade authority
  KEEPER_NAV_SIGNER, KEEPER_NAV_KEYPAIR_FILE, KEEPER_NAV_...   the oracle's NAV signer
  KEEPER_DISTRIBUTOR_SIGNER, KEEPER_DISTRIBUTOR_...   the rewards distributor (owns the funding)
  KEEPER_FEE_PAYER_SIGNER, KEEPER_FEE_PAYER_...   pays every fee and the rent of created accounts
                                     one key per role, each with the keeper signer's backends and
                                     variables under its prefix; a keypair file defaults to the
                                     world's key of that role, elsewhere each is required and
                                     no two roles may share a key
  AGGREGATOR_URL                     the swap aggregator's v6 API (unset: no aggregator route)
  KEEPER_HOST, KEEPER_PORT           public HTTP (default 127.0.0.1:7413)
  KEEPER_ADMIN_HOST, KEEPER_ADMIN_PORT   admin HTTP: /metrics, /status (default 127.0.0.1:7415)
  KEEPER_REPLICA_ID                  this replica's name (default host-pid)
  KEEPER_LEASE_TTL_MS                leader lease TTL (default 15000; failover within 4/3 of it)
  KEEPER_TX_PER_MINUTE               per-job transaction cap (default 30)
  KEEPER_RPC_PER_SECOND, KEEPER_TX_PER_SECOND, KEEPER_ASSET_INDEX_PER_SECOND  (50, 5, 10)
  KEEPER_MIN_TRADE_USD, KEEPER_DRIFT_THRESHOLD_BPS   rebalance thresholds (50, 100)
  KEEPER_LEG_COOLDOWN_SECONDS        a leg refused for price waits this long (default 900)
Endpoints: /healthz, /readyz, /distributions; admin listener: /metrics, /status, /readyz.`;

async function oneShot(argv: string[]): Promise<number> {
  const [command, jobName] = argv.filter((a) => !a.startsWith('--'));
  let config: ReturnType<typeof loadKeeperConfig>;
  try {
    config = loadKeeperConfig(process.env, argv);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }
  if ((command === 'once' || command === 'enqueue') && (!jobName || !isJobName(jobName))) {
    process.stderr.write(`keeper ${command}: name a job: ${Object.keys(JOBS).join(', ')}\n`);
    return 2;
  }
  if (command === 'enqueue') return enqueue(config, jobName as JobName, argv);
  const logger = createLogger({ name: 'keeper', secrets: keeperSecrets(config) });
  const keeper = await startKeeper(config, logger, createMetrics('keeper'), {
    serve: false,
    campaign: command !== 'status',
  });
  try {
    if (command === 'status') {
      process.stdout.write(`${JSON.stringify(await statusOf(keeper.context), null, 2)}\n`);
      return 0;
    }
    const job = JOBS[jobName as keyof typeof JOBS];
    try {
      const out = await job.run(keeper.context, null);
      for (const r of Array.isArray(out) ? out : [out])
        process.stdout.write(`${r.job}: ${r.summary}\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof JobFailedError)) throw error;
      for (const r of error.results) process.stdout.write(`${r.job}: ${r.summary}\n`);
      for (const f of error.failures) process.stderr.write(`${jobName}: failed: ${f}\n`);
      return 1;
    }
  } finally {
    await keeper.close();
  }
}

/** `keeper enqueue`: the job goes on the shared queue; the leader runs it within a second. */
async function enqueue(config: KeeperConfig, job: JobName, argv: string[]): Promise<number> {
  const i = argv.indexOf('--sku');
  const only = i >= 0 ? argv[i + 1] : undefined;
  if (job === 'rebalance-exec' || !config.databaseUrl) {
    process.stderr.write(
      `keeper enqueue: ${job === 'rebalance-exec' ? 'rebalance-exec takes a leg payload (drift-scan queues it)' : "needs DATABASE_URL (the replicas' Postgres)"}\n`,
    );
    return 2;
  }
  const skus = config.skus.filter((s) => !only || s.skuId === only).map((s) => s.skuId);
  if (only && skus.length === 0) {
    process.stderr.write(`keeper enqueue: no SKU ${only} in the configuration\n`);
    return 2;
  }
  const utils = await makeWorkerUtils({
    connectionString: config.databaseUrl,
    schema: QUEUE_SCHEMA,
  });
  try {
    if (job === 'nav-push') for (const sku of skus) await enqueueNow(utils, job, sku);
    else await enqueueNow(utils, job, only);
    process.stdout.write(`${job}: queued${only ? ` for ${only}` : ''}\n`);
    return 0;
  } finally {
    await utils.release();
  }
}

const argv = process.argv.slice(2);
const command = argv.find((a) => !a.startsWith('--'));
if (['status', 'once', 'enqueue'].includes(command ?? '') && !argv.includes('--help')) {
  process.exitCode = await oneShot(argv);
} else if (command !== undefined && command !== 'run') {
  process.stderr.write(`keeper: unknown command ${command} (try --help)\n`);
  process.exitCode = 2;
} else {
  await runService({
    name: 'keeper',
    help: HELP,
    argv,
    loadConfig: (a) => loadKeeperConfig(process.env, a),
    secretsOf: keeperSecrets,
    start: async ({ config, logger, metrics }) => {
      const keeper = await startKeeper(config, logger, metrics, { serve: true });
      return { close: keeper.close };
    },
  });
}
