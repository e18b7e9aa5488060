// The indexer's configuration, read once at start from the environment (and the world
// manifest for program ids in the local world). A bad value names its variable.
import { readWorldManifest } from '@basket/localnet';
import { parseConfig, resolveSecret } from '@basket/service-kit';
import { z } from 'zod';

const address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a base58 address');
/** USD per raw unit as an exact decimal (read as numeric by Postgres, never as a float). */
const usdPerRaw = z.string().regex(/^\d{1,20}(\.\d{1,30})?$/, 'a decimal like 0.0005');

const schema = z.object({
  /** Postgres; unset: a local server under `dataDir`, started by the indexer. */
  databaseUrl: z.string().startsWith('postgres', 'not a postgres:// URL').optional(),
  dataDir: z.string().min(1),
  host: z.string().min(1),
  port: z.coerce.number().int().min(0).max(65_535),
  /**
   * Reverse proxies whose X-Forwarded-For names the client (addresses or CIDRs, comma
   * separated); unset: the socket's peer is the client the rate limit counts.
   */
  trustedProxies: z.string().min(1).optional(),
  /** The admin listener (/metrics): loopback by default, any free port unless given. */
  adminHost: z.string().min(1),
  adminPort: z.coerce.number().int().min(0).max(65_535),
  /** The shared secret the webhook sender puts in `Authorization` (by reference). */
  webhookSecret: z.string().min(16, 'at least 16 characters'),
  rpcUrl: z.url(),
  programs: z.object({ oracle: address, vault: address, rewards: address }),
  /** Largest webhook body accepted, bytes. */
  bodyLimitBytes: z.coerce
    .number()
    .int()
    .min(1_024)
    .max(64 * 1024 * 1024),
  /** How often confirmed rows are checked for finality. */
  finalityIntervalMs: z.coerce.number().int().min(100).max(600_000),
  /** A transaction still unknown to the cluster this long after it was seen never lands. */
  dropAfterMs: z.coerce.number().int().min(1_000),
  /** RPC requests per second (the provider's budget is 50). */
  rpcPerSecond: z.coerce.number().int().min(1).max(50),
  workerConcurrency: z.coerce.number().int().min(1).max(16),
  /** Requests per minute one client (address) may make; authenticated webhooks are exempt. */
  rateLimitPerMinute: z.coerce.number().int().min(1).max(1_000_000),
  /** Chain reads that may wait for the RPC budget; beyond, the least important are refused. */
  rpcQueueMax: z.coerce.number().int().min(1).max(100_000),
  /** How often the vaults' rows are reconciled with the chain (0: only on demand). */
  reconcileIntervalMs: z.coerce.number().int().min(0).max(86_400_000),
  /**
   * Prices for the stakers' reward APR in USD (docs/indexer.md): USD per raw unit of the
   * staking token and of each reward slot's mint. Unset: the APR is given in kind only.
   */
  rewardPrices: z.object({ staking: usdPerRaw, rewards: z.array(usdPerRaw).max(10) }).nullish(),
});

export type IndexerConfig = z.infer<typeof schema>;

const NAMES: Record<string, string> = {
  databaseUrl: 'DATABASE_URL',
  dataDir: 'INDEXER_DATA_DIR',
  host: 'INDEXER_HOST',
  port: 'INDEXER_PORT',
  trustedProxies: 'INDEXER_TRUSTED_PROXIES',
  adminHost: 'INDEXER_ADMIN_HOST',
  adminPort: 'INDEXER_ADMIN_PORT',
  webhookSecret: 'WEBHOOK_SECRET',
  rpcUrl: 'SOLANA_RPC_URL',
  programs: 'WORLD_MANIFEST or INDEXER_PROGRAM_IDS',
  'programs.oracle': 'INDEXER_PROGRAM_IDS.oracle',
  'programs.vault': 'INDEXER_PROGRAM_IDS.vault',
  'programs.rewards': 'INDEXER_PROGRAM_IDS.rewards',
  bodyLimitBytes: 'INDEXER_BODY_LIMIT_BYTES',
  finalityIntervalMs: 'INDEXER_FINALITY_INTERVAL_MS',
  dropAfterMs: 'INDEXER_DROP_AFTER_MS',
  rpcPerSecond: 'INDEXER_RPC_PER_SECOND',
  workerConcurrency: 'INDEXER_WORKER_CONCURRENCY',
  rateLimitPerMinute: 'INDEXER_RATE_LIMIT_PER_MINUTE',
  rpcQueueMax: 'INDEXER_RPC_QUEUE_MAX',
  reconcileIntervalMs: 'INDEXER_RECONCILE_INTERVAL_MS',
  rewardPrices: 'INDEXER_REWARD_PRICES',
  'rewardPrices.staking': 'INDEXER_REWARD_PRICES.staking',
  'rewardPrices.rewards': 'INDEXER_REWARD_PRICES.rewards',
  ...Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [
      `rewardPrices.rewards.${i}`,
      `INDEXER_REWARD_PRICES.rewards[${i}]`,
    ]),
  ),
};

/** Program ids: `INDEXER_PROGRAM_IDS` (JSON {oracle, vault, rewards}) or the world manifest. */
function programsOf(env: NodeJS.ProcessEnv): unknown {
  if (env.INDEXER_PROGRAM_IDS) return JSON.parse(env.INDEXER_PROGRAM_IDS);
  if (env.WORLD_MANIFEST) return readWorldManifest(env.WORLD_MANIFEST).programs;
  return undefined;
}

/**
 * Reads the configuration once.
 *
 * @example
 * const config = loadIndexerConfig(process.env); // throws ConfigError naming each bad variable
 */
export function loadIndexerConfig(env: NodeJS.ProcessEnv = process.env): IndexerConfig {
  let programs: unknown;
  try {
    programs = programsOf(env);
  } catch (error) {
    programs = `unreadable: ${error instanceof Error ? error.message : String(error)}`;
  }
  let rewardPrices: unknown = null;
  try {
    if (env.INDEXER_REWARD_PRICES) rewardPrices = JSON.parse(env.INDEXER_REWARD_PRICES);
  } catch {
    rewardPrices = 'not JSON';
  }
  let webhookSecret: string | undefined;
  try {
    webhookSecret = resolveSecret(env.WEBHOOK_SECRET, env);
  } catch {
    webhookSecret = undefined;
  }
  return parseConfig(
    'indexer',
    schema,
    {
      databaseUrl: env.DATABASE_URL || undefined,
      dataDir: env.INDEXER_DATA_DIR ?? '.localnet/indexer-postgres',
      host: env.INDEXER_HOST ?? '127.0.0.1',
      port: env.INDEXER_PORT ?? '7410',
      trustedProxies: env.INDEXER_TRUSTED_PROXIES || undefined,
      adminHost: env.INDEXER_ADMIN_HOST ?? '127.0.0.1',
      adminPort: env.INDEXER_ADMIN_PORT ?? '0',
      webhookSecret,
      rpcUrl: env.SOLANA_RPC_URL,
      programs,
      bodyLimitBytes: env.INDEXER_BODY_LIMIT_BYTES ?? String(8 * 1024 * 1024),
      finalityIntervalMs: env.INDEXER_FINALITY_INTERVAL_MS ?? '2000',
      dropAfterMs: env.INDEXER_DROP_AFTER_MS ?? '180000',
      rpcPerSecond: env.INDEXER_RPC_PER_SECOND ?? '50',
      workerConcurrency: env.INDEXER_WORKER_CONCURRENCY ?? '2',
      rateLimitPerMinute: env.INDEXER_RATE_LIMIT_PER_MINUTE ?? '600',
      rpcQueueMax: env.INDEXER_RPC_QUEUE_MAX ?? '200',
      reconcileIntervalMs: env.INDEXER_RECONCILE_INTERVAL_MS ?? '300000',
      rewardPrices,
    },
    NAMES,
  );
}
