// The keeper's configuration, read once at start: an optional JSON file (KEEPER_CONFIG, no
// secrets allowed in it) overridden by the environment, plus the local world's manifest for
// program ids and SKUs. Every bad field is reported on its own line, named as the operator
// wrote it.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { readWorldManifest } from '@basket/localnet';
import { ConfigError, parseConfig } from '@basket/service-kit';
import { z } from 'zod';
import { landingFields, landingSource } from '../chain/landing-config.ts';
import { type SecretErrors, secret } from './secret-reference.ts';
import {
  SIGNER_NAMES,
  SIGNER_ROLES,
  type SignerConfig,
  sharedKeyLines,
  signerFrom,
  signerSchema,
} from './signer-config.ts';

const address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a base58 address');

const skuSchema = z.object({
  skuId: z.string().min(1).max(16),
  vault: address,
  snapshot: address,
  /** The SKU's address lookup table (needed for 20-asset transactions); null when none. */
  lookupTable: address.nullable().optional(),
  assets: z
    .array(z.object({ symbol: z.string().min(1), mint: address }))
    .min(1)
    .max(20),
});

const schema = z.object({
  rpcUrl: z.url(),
  wsUrl: z.string().regex(/^wss?:\/\//, 'not a ws:// URL'),
  databaseUrl: z.string().startsWith('postgres', 'not a postgres:// URL').optional(),
  dataDir: z.string().min(1),
  /** Where epoch distribution artifacts are written (the dapp's DAPP_DISTRIBUTIONS_DIR). */
  distributionsDir: z.string().min(1),
  tokenizedApiUrl: z.url(),
  tokenizedApiKey: z.string().min(8, 'at least 8 characters').optional(),
  host: z.string().min(1),
  port: z.coerce.number().int().min(0).max(65_535),
  /** The admin listener (/metrics, /status): loopback unless an operator opens it. */
  adminHost: z.string().min(1),
  adminPort: z.coerce.number().int().min(0).max(65_535),
  replicaId: z.string().min(1).max(64),
  programs: z.object({ oracle: address, vault: address, rewards: address }),
  skus: z.array(skuSchema).min(1),
  /** The vaults' keeper key: legs and fulfilments. One key per role (signer-config.ts). */
  signer: signerSchema,
  /** The vaults' trade authority (pays and delivers rebalance legs); same backends. */
  tradeSigner: signerSchema,
  /** The oracle's NAV signer: signs NAV payloads (a message the oracle verifies), nothing else. */
  navSigner: signerSchema,
  /** The rewards distributor: `distribute_epoch`, the funding transfers, reward purchases. */
  distributorSigner: signerSchema,
  /** Pays every transaction's fee and the rent of the accounts the keeper creates. */
  feePayerSigner: signerSchema,
  /** The swap aggregator's version 6 API (the fallback route); unset: no aggregator route. */
  aggregatorUrl: z.url().optional(),
  /**
   * The aggregator's program: the only program besides the token programs whose instructions
   * the keeper signs from a swap answer (the transaction firewall); unset: none signed.
   */
  aggregatorProgram: address.optional(),
  /** Leader lease time to live; a dead leader's lease is taken over after this. */
  leaseTtlMs: z.coerce.number().int().min(2_000).max(120_000),
  /** Per-job cap on transactions per minute. */
  txPerMinutePerJob: z.coerce.number().int().min(1).max(300),
  rpcPerSecond: z.coerce.number().int().min(1).max(50),
  txPerSecond: z.coerce.number().int().min(1).max(5),
  assetIndexPerSecond: z.coerce.number().int().min(1).max(10),
  /** Drifts worth less than this (USD) are not traded. */
  minTradeUsd: z
    .string()
    .regex(/^\d+(\.\d{1,8})?$/, 'not a USD amount with at most 8 decimal places'),
  /** A vault whose largest drift is below this is left alone. */
  driftThresholdBps: z.coerce.number().int().min(1).max(5_000),
  /** A leg refused for price is not queued again for this long (0: every scan); default 900. */
  legCooldownSeconds: z.coerce.number().int().min(0).max(86_400).optional(),
  workerConcurrency: z.coerce.number().int().min(1).max(8),
  /** Share (bps) of the rewards-funding stablecoin account an epoch spends on reward stocks; 0 = none. */
  rewardShareBps: z.coerce.number().int().min(0).max(10_000).optional(),
  /** Reward mint -> weight of the epoch's budget; unset: the config's reward mints equally. */
  rewardWeights: z
    .preprocess(parseWeights, z.record(z.string(), z.unknown()).superRefine(checkWeights))
    .optional(),
  /** Slippage bound of a reward purchase on the aggregator route. */
  rewardMaxSlipBps: z.coerce.number().int().min(1).max(1_000).optional(),
  /** A redemption claim owing a slot for longer than this (seconds) is alerted; default 86,400. */
  redemptionOwedAlertSeconds: z.coerce.number().int().min(60).max(2_592_000).optional(),
  /**
   * Other keys of the product (fee payer, admins, ...) the transaction firewall must never
   * let a third party's instructions name; the chain's own (vault keepers, trade
   * authorities, admins, NAV signers, distributors) are read at each check.
   */
  productKeys: z.preprocess(parseList, z.array(address)).optional(),
  dryRun: z.boolean(),
  ...landingFields,
});

/** `A,B,C` (environment) or a list (config file) as a list. */
function parseList(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Each weight entry is a mint address with an integer weight 1..10,000 (one line each). */
function checkWeights(weights: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const [mint, weight] of Object.entries(weights)) {
    if (!address.safeParse(mint).success) {
      ctx.addIssue({ code: 'custom', message: `"${mint}" is not a base58 mint address` });
    }
    if (!Number.isInteger(weight) || (weight as number) < 1 || (weight as number) > 10_000) {
      ctx.addIssue({
        code: 'custom',
        message: `${mint}: weight ${String(weight)} is not an integer 1..10000`,
      });
    }
  }
}

/** `MINT:WEIGHT,MINT:WEIGHT` (environment) or an object (config file) as an object. */
function parseWeights(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((pair) => {
      const [mint, weight] = pair.split(':');
      return [mint ?? '', /^\d+$/.test(weight ?? '') ? Number(weight) : weight];
    });
  return Object.fromEntries(entries);
}

export type KeeperConfig = z.infer<typeof schema>;
export type { SignerConfig };
export type KeeperSku = z.infer<typeof skuSchema>;

/** Keys that are secrets: accepted from the environment only (by reference), never a file. */
const FILE_FORBIDDEN = ['tokenizedApiKey', 'vaultToken', 'apiKey', 'privateKeyPem'];

const NAMES: Record<string, string> = {
  rpcUrl: 'SOLANA_RPC_URL',
  wsUrl: 'SOLANA_WS_URL',
  databaseUrl: 'DATABASE_URL',
  dataDir: 'KEEPER_DATA_DIR',
  distributionsDir: 'KEEPER_DISTRIBUTIONS_DIR',
  tokenizedApiUrl: 'TOKENIZED_API_URL',
  tokenizedApiKey: 'TOKENIZED_API_KEY',
  host: 'KEEPER_HOST',
  port: 'KEEPER_PORT',
  adminHost: 'KEEPER_ADMIN_HOST',
  adminPort: 'KEEPER_ADMIN_PORT',
  replicaId: 'KEEPER_REPLICA_ID',
  programs: 'WORLD_MANIFEST or programs (config file)',
  skus: 'WORLD_MANIFEST or skus (config file)',
  ...SIGNER_NAMES,
  aggregatorUrl: 'AGGREGATOR_URL',
  aggregatorProgram: 'KEEPER_AGGREGATOR_PROGRAM',
  leaseTtlMs: 'KEEPER_LEASE_TTL_MS',
  txPerMinutePerJob: 'KEEPER_TX_PER_MINUTE',
  rpcPerSecond: 'KEEPER_RPC_PER_SECOND',
  txPerSecond: 'KEEPER_TX_PER_SECOND',
  assetIndexPerSecond: 'KEEPER_ASSET_INDEX_PER_SECOND',
  minTradeUsd: 'KEEPER_MIN_TRADE_USD',
  driftThresholdBps: 'KEEPER_DRIFT_THRESHOLD_BPS',
  legCooldownSeconds: 'KEEPER_LEG_COOLDOWN_SECONDS',
  workerConcurrency: 'KEEPER_WORKER_CONCURRENCY',
  rewardShareBps: 'KEEPER_REWARD_SHARE_BPS',
  rewardWeights: 'KEEPER_REWARD_WEIGHTS',
  rewardMaxSlipBps: 'KEEPER_REWARD_MAX_SLIP_BPS',
  redemptionOwedAlertSeconds: 'KEEPER_REDEMPTION_OWED_ALERT_SECONDS',
  productKeys: 'KEEPER_PRODUCT_KEYS',
  // Landing transactions (chain/landing-config.ts).
  rpcUrls: 'KEEPER_RPC_URLS',
  sendRpcUrls: 'KEEPER_SEND_RPC_URLS',
  rpcEndpointPerSecond: 'KEEPER_RPC_ENDPOINT_PER_SECOND',
  feePercentile: 'KEEPER_FEE_PERCENTILE',
  feeFloorMicroLamports: 'KEEPER_FEE_FLOOR_MICRO_LAMPORTS',
  feeEscalationBps: 'KEEPER_FEE_ESCALATION_BPS',
  feeProviderMethod: 'KEEPER_FEE_PROVIDER_METHOD',
  feeCapNavLamports: 'KEEPER_FEE_CAP_NAV_LAMPORTS',
  feeCapRebalanceLamports: 'KEEPER_FEE_CAP_REBALANCE_LAMPORTS',
  feeCapRebalanceBps: 'KEEPER_FEE_CAP_REBALANCE_BPS',
  feeSolUsd: 'KEEPER_FEE_SOL_USD',
  feeCapRoutineLamports: 'KEEPER_FEE_CAP_ROUTINE_LAMPORTS',
  feeCapFeeCollectionLamports: 'KEEPER_FEE_CAP_FEE_COLLECTION_LAMPORTS',
  resendIntervalMs: 'KEEPER_RESEND_INTERVAL_MS',
  maxTxVersions: 'KEEPER_MAX_TX_VERSIONS',
  landingAlertSeconds: 'KEEPER_LANDING_ALERT_SECONDS',
};

function readFileConfig(path: string | undefined): Record<string, unknown> {
  if (!path) return {};
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const text = JSON.stringify(raw);
  for (const key of FILE_FORBIDDEN) {
    if (text.includes(`"${key}"`)) {
      throw new Error(`${path}: "${key}" is a secret; give it in the environment, not the file`);
    }
  }
  return raw;
}

/**
 * Reads the configuration once. `argv` carries `--dry-run`.
 *
 * @throws {ConfigError} naming every bad field, one per line.
 * @example
 * const config = loadKeeperConfig(process.env, ['--dry-run']);
 */
export function loadKeeperConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = [],
): KeeperConfig {
  let file: Record<string, unknown>;
  try {
    file = readFileConfig(env.KEEPER_CONFIG);
  } catch (error) {
    throw new ConfigError('keeper', [
      `KEEPER_CONFIG: ${error instanceof Error ? error.message : String(error)}`,
    ]);
  }
  let world: ReturnType<typeof readWorldManifest> | undefined;
  let worldError: string | undefined;
  if (env.WORLD_MANIFEST) {
    try {
      world = readWorldManifest(env.WORLD_MANIFEST);
    } catch (error) {
      worldError = `unreadable: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  const stockMint = new Map(world?.stocks.map((s) => [s.symbol, s.mint]) ?? []);
  const skus =
    file.skus ??
    worldError ??
    world?.skus.map((s) => ({
      skuId: s.skuId,
      vault: s.vault,
      snapshot: s.snapshot,
      lookupTable: s.lookupTable,
      assets: s.assets.map((a) => ({ symbol: a.symbol, mint: stockMint.get(a.symbol) ?? a.mint })),
    }));
  const pick = (name: string, key: string, fallback?: string) =>
    env[name] ?? (file[key] as string | undefined) ?? fallback;
  const secretErrors: SecretErrors = [];
  const source = {
    rpcUrl: pick('SOLANA_RPC_URL', 'rpcUrl', world?.rpcUrl),
    wsUrl: pick('SOLANA_WS_URL', 'wsUrl', world?.wsUrl),
    databaseUrl: env.DATABASE_URL || (file.databaseUrl as string | undefined) || undefined,
    dataDir: pick('KEEPER_DATA_DIR', 'dataDir', '.localnet/keeper-postgres'),
    distributionsDir: pick(
      'KEEPER_DISTRIBUTIONS_DIR',
      'distributionsDir',
      join(env.WORLD_MANIFEST ? dirname(env.WORLD_MANIFEST) : '.localnet', 'distributions'),
    ),
    tokenizedApiUrl: pick('TOKENIZED_API_URL', 'tokenizedApiUrl'),
    tokenizedApiKey: secret('TOKENIZED_API_KEY', env.TOKENIZED_API_KEY, env, secretErrors),
    host: pick('KEEPER_HOST', 'host', '127.0.0.1'),
    port: pick('KEEPER_PORT', 'port', '7413'),
    adminHost: pick('KEEPER_ADMIN_HOST', 'adminHost', '127.0.0.1'),
    adminPort: pick('KEEPER_ADMIN_PORT', 'adminPort', '7415'),
    replicaId: pick('KEEPER_REPLICA_ID', 'replicaId', `${hostname()}-${process.pid}`),
    programs: file.programs ?? worldError ?? world?.programs,
    skus,
    // One signer per role, each from its own variables; a keypair file defaults to the local
    // world's key of that role (its manifest) and to nothing elsewhere (signer-config.ts).
    ...Object.fromEntries(
      SIGNER_ROLES.map((r) => [
        r.key,
        signerFrom(
          env,
          (file[r.key] ?? {}) as Record<string, unknown>,
          world?.keys[r.world],
          r.prefix,
          secretErrors,
        ),
      ]),
    ),
    aggregatorUrl: pick('AGGREGATOR_URL', 'aggregatorUrl'),
    // The local world's venue is its test swap program (apps/aggregator-sim routes over it).
    aggregatorProgram: pick(
      'KEEPER_AGGREGATOR_PROGRAM',
      'aggregatorProgram',
      world?.programs.testSwap ?? undefined,
    ),
    leaseTtlMs: pick('KEEPER_LEASE_TTL_MS', 'leaseTtlMs', '15000'),
    txPerMinutePerJob: pick('KEEPER_TX_PER_MINUTE', 'txPerMinutePerJob', '30'),
    rpcPerSecond: pick('KEEPER_RPC_PER_SECOND', 'rpcPerSecond', '50'),
    txPerSecond: pick('KEEPER_TX_PER_SECOND', 'txPerSecond', '5'),
    assetIndexPerSecond: pick('KEEPER_ASSET_INDEX_PER_SECOND', 'assetIndexPerSecond', '10'),
    minTradeUsd: pick('KEEPER_MIN_TRADE_USD', 'minTradeUsd', '50'),
    driftThresholdBps: pick('KEEPER_DRIFT_THRESHOLD_BPS', 'driftThresholdBps', '100'),
    legCooldownSeconds: pick('KEEPER_LEG_COOLDOWN_SECONDS', 'legCooldownSeconds', '900'),
    workerConcurrency: pick('KEEPER_WORKER_CONCURRENCY', 'workerConcurrency', '2'),
    rewardShareBps: pick('KEEPER_REWARD_SHARE_BPS', 'rewardShareBps', '0'),
    rewardWeights: env.KEEPER_REWARD_WEIGHTS ?? file.rewardWeights,
    rewardMaxSlipBps: pick('KEEPER_REWARD_MAX_SLIP_BPS', 'rewardMaxSlipBps', '100'),
    redemptionOwedAlertSeconds: pick(
      'KEEPER_REDEMPTION_OWED_ALERT_SECONDS',
      'redemptionOwedAlertSeconds',
      '86400',
    ),
    productKeys: env.KEEPER_PRODUCT_KEYS ?? file.productKeys,
    dryRun: argv.includes('--dry-run'),
    ...landingSource(pick, pick('SOLANA_RPC_URL', 'rpcUrl', world?.rpcUrl)),
  };
  let parsed: KeeperConfig | undefined;
  let lines: readonly string[] = [];
  try {
    parsed = parseConfig('keeper', schema, source, NAMES);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    lines = error.lines;
  }
  // The bad reference's own line comes first; the schema's "required" line for the same
  // field would only repeat it.
  const named = new Set(secretErrors.map((l) => l.slice(0, l.indexOf(':'))));
  const all = [
    ...secretErrors,
    ...lines.filter((l) => !named.has(l.slice(0, l.indexOf(':')))),
    ...(parsed ? sharedKeyLines(parsed) : []),
  ];
  if (all.length > 0 || !parsed) throw new ConfigError('keeper', all);
  return parsed;
}

/** Values the logger must scrub wherever they appear. */
export function keeperSecrets(config: KeeperConfig): (string | undefined)[] {
  const of = (s: SignerConfig) => [
    s.kind === 'vault' ? s.vaultToken : undefined,
    s.kind === 'fireblocks' ? s.apiKey : undefined,
    s.kind === 'fireblocks' ? s.privateKeyPem : undefined,
  ];
  return [
    config.tokenizedApiKey,
    config.databaseUrl,
    ...SIGNER_ROLES.flatMap((r) => of(config[r.key])),
  ];
}
