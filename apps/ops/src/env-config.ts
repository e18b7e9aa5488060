/**
 * One file per environment (ops/environments/<name>.yaml): where the cluster and the services
 * are, the program ids, how the operator's keys are referenced, and (optionally) the
 * declarative state `init` converges the chain to. Secrets appear only as references
 * (`file:<path>` or `env:<VARIABLE>`), never as values; the file is parsed once and every bad
 * field is reported on its own line.
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { type Address, isAddress } from '@solana/kit';
import { parse } from 'yaml';
import { z } from 'zod';
import { OpsError } from './errors.ts';

const address = z.string().refine((s) => isAddress(s), { message: 'not a base58 address' });
const bps = z.number().int().min(0).max(10_000);
/** Integer amounts are strings so no YAML number (a double) ever carries money. */
const rawAmount = z
  .string()
  .regex(/^(0|[1-9][0-9]*)$/, 'an integer written as a string (no decimals, no exponent)')
  .transform((s) => BigInt(s))
  .refine((n) => n < 2n ** 64n, { message: 'above u64' });
/** A secret or key by reference: never the value itself. */
const reference = z
  .string()
  .regex(/^(file:.+|env:[A-Z_][A-Z0-9_]*)$/, 'a reference `file:<path>` or `env:<VARIABLE>`');
const url = (protocols: readonly string[]) =>
  z.string().refine((u) => URL.canParse(u) && protocols.includes(new URL(u).protocol), {
    message: `a ${protocols.join(' or ')} URL`,
  });

const assetState = z.object({
  symbol: z.string().min(1).max(16),
  mint: address,
  tokenProgram: address,
  weightBps: bps,
  status: z.enum(['active', 'frozen', 'retired']).default('active'),
});

const skuState = z.object({
  skuId: z.string().regex(/^[A-Z0-9]{1,16}$/, '1-16 upper-case letters or digits'),
  label: z.string().min(1).max(32),
  paused: z.boolean().default(false),
  keeper: address,
  treasury: address,
  /** Rotatable through the vault's timelock once issue 15 lands; compared from then on. */
  tradeAuthority: address.optional(),
  stable: z.object({ mint: address, tokenProgram: address }),
  /** Share-token metadata URI, set once when `init apply` creates the vault. */
  shareMetadataUri: z.string().url().optional(),
  fees: z.object({ managementBps: bps, performanceBps: bps, withdrawalBps: bps }),
  cashBufferBps: bps,
  maxSlipBps: bps,
  depositCapUsd: rawAmount,
  minDepositRaw: rawAmount,
  // On the array, not the object: checked even when a sibling field is bad.
  assets: z
    .array(assetState)
    .min(1)
    .max(20)
    .refine((a) => a.reduce((sum, x) => sum + x.weightBps, 0) === 10_000, {
      message: 'asset weights must sum to 10000 bps',
    }),
  // One key per role (docs/operations.md): the key that co-signs a counterparty's fill is
  // never the vault's keeper key; checked with every other role's key on the whole state.
});

const stateSchema = z
  .object({
    /** The platform admin set, installed in what `init apply` creates (oracle and rewards configs, vaults). */
    admins: z
      .object({
        keys: z.array(address).length(5),
        threshold: z.number().int().min(2).max(5),
      })
      .optional(),
    oracle: z.object({
      keepers: z.array(address).min(1).max(8),
      maxDeviationBps: bps,
    }),
    rewards: z
      .object({
        keepers: z.array(address).min(1).max(8),
        rewardMints: z.array(address).min(1).max(10),
        paused: z.object({ staking: z.boolean(), claims: z.boolean() }),
        /**
         * The staking token, fixed at `initialize` (needed to create the config). `holding`: the
         * token account of that mint owned by the config PDA; absent, `init apply` creates the
         * config PDA's associated token account and uses it.
         */
        staking: z
          .object({ mint: address, tokenProgram: address, holding: address.optional() })
          .optional(),
      })
      .optional(),
    /**
     * The keeper's fee payer (`KEEPER_FEE_PAYER_*`): SOL only, never in a keeper set or a
     * vault role. Declared so the one-key-per-role check covers it; nothing on chain names it.
     */
    keeperFeePayer: address.optional(),
    skus: z.array(skuState).default([]),
  })
  .superRefine(oneKeyPerRole);

/**
 * One key per role (docs/operations.md, decision 0900): the oracle's NAV signers, the rewards
 * distributors, every SKU's keeper and trade authority and the keeper's fee payer are each
 * their own keys. One line per key found in a second role, at the field that repeats it.
 */
function oneKeyPerRole(
  state: {
    oracle: { keepers: string[] };
    rewards?: { keepers: string[] } | undefined;
    keeperFeePayer?: string | undefined;
    skus: { skuId: string; keeper: string; tradeAuthority?: string | undefined }[];
  },
  ctx: z.RefinementCtx,
): void {
  const roles = new Map<string, string>();
  const claim = (key: string | undefined, role: string, path: (string | number)[]) => {
    if (key === undefined) return;
    const earlier = roles.get(key);
    if (earlier === undefined) {
      roles.set(key, role);
    } else if (earlier !== role) {
      ctx.addIssue({
        code: 'custom',
        path,
        message: `${key} is already the ${earlier}: the ${role} must be its own key (one key per role)`,
      });
    }
  };
  // A key may be the keeper of several SKUs (one keeper, many vaults), but only that role.
  for (const [i, sku] of state.skus.entries()) {
    claim(sku.keeper, 'vault keeper key', ['skus', i, 'keeper']);
    claim(sku.tradeAuthority, 'trade authority', ['skus', i, 'tradeAuthority']);
  }
  for (const [i, k] of state.oracle.keepers.entries()) {
    claim(k, 'oracle NAV signer', ['oracle', 'keepers', i]);
  }
  for (const [i, k] of (state.rewards?.keepers ?? []).entries()) {
    claim(k, 'rewards distributor', ['rewards', 'keepers', i]);
  }
  claim(state.keeperFeePayer, "keeper's fee payer", ['keeperFeePayer']);
}

export const envConfigSchema = z.object({
  environment: z.enum(['local', 'devnet', 'mainnet']),
  cluster: z.object({
    rpcUrl: url(['http:', 'https:']),
    /** Further endpoints reads and sends fail over to, in order, after rpcUrl (decision 0932). */
    fallbackRpcUrls: z
      .array(url(['http:', 'https:']))
      .max(8)
      .optional(),
    wsUrl: url(['ws:', 'wss:']),
  }),
  /** The tokenized-asset API: production (mainnet), staging (devnet) or dev (local). */
  tokenizedApi: z.object({
    tier: z.enum(['production', 'staging', 'dev']),
    baseUrl: url(['http:', 'https:']),
    apiKey: reference.optional(),
  }),
  webhooks: z.object({ indexerUrl: url(['http:', 'https:']), secret: reference }),
  programs: z.object({
    oracle: address,
    vault: address,
    rewards: address,
    /** The upgrade gate (programs/upgrade-gate): when set, its PDA holds every upgrade. */
    upgradeGate: address.optional(),
  }),
  /** Build with the local world's ids (`build-programs.sh --localnet`). */
  localnetIds: z.boolean().default(false),
  keys: z.object({
    /** Pays fees and is the authority of the proposals' nonce accounts. */
    feePayer: reference,
    /** Writes program buffers; hands them to the upgrade authority. */
    deployer: reference,
    /** Program keypairs, needed only for a first deploy. */
    programKeypairs: z
      .object({ oracle: reference, vault: reference, rewards: reference, upgradeGate: reference })
      .partial()
      .default({}),
  }),
  /**
   * The key the loader accepts for upgrades (the admin multisig's controlling key). Optional in
   * the committed templates: `deploy` and upgrade proposals refuse to run without it, so a
   * program is never handed to a placeholder.
   */
  upgradeAuthority: address.optional(),
  state: stateSchema.optional(),
});

export type EnvConfig = z.output<typeof envConfigSchema> & { readonly baseDir: string };
export type DesiredState = z.output<typeof stateSchema>;
export type SkuState = z.output<typeof skuState>;

/**
 * Validates `raw` (parsed YAML); `baseDir` anchors relative `file:` references.
 *
 * @example
 * const config = parseEnvConfig(parse(text), '/repo/ops/environments');
 */
export function parseEnvConfig(raw: unknown, baseDir: string): EnvConfig {
  const result = envConfigSchema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new OpsError('INVALID_CONFIG', `invalid environment file\n  - ${lines.join('\n  - ')}`);
  }
  const config = result.data;
  const mismatch = tierMismatch(config);
  if (mismatch) throw new OpsError('INVALID_CONFIG', `invalid environment file\n  - ${mismatch}`);
  return { ...config, baseDir };
}

/** Production data only on mainnet, and mainnet only on production data. */
function tierMismatch(config: z.output<typeof envConfigSchema>): string | null {
  const expected = { mainnet: 'production', devnet: 'staging', local: 'dev' }[config.environment];
  return config.tokenizedApi.tier === expected
    ? null
    : `tokenizedApi.tier: ${config.environment} uses the ${expected} API, not ${config.tokenizedApi.tier}`;
}

/**
 * Reads and validates an environment file.
 *
 * @example
 * const config = loadEnvConfig('ops/environments/devnet.yaml');
 */
export function loadEnvConfig(path: string): EnvConfig {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new OpsError('INVALID_CONFIG', `cannot read ${path}`, { cause: error });
  }
  let raw: unknown;
  try {
    raw = parse(text);
  } catch (error) {
    throw new OpsError('INVALID_CONFIG', `${path}: not YAML (${(error as Error).message})`);
  }
  return parseEnvConfig(raw, dirname(resolve(path)));
}

/**
 * The configured upgrade authority, or a clear refusal.
 *
 * @example
 * const authority = requireUpgradeAuthority(config);
 */
export function requireUpgradeAuthority(config: EnvConfig): Address {
  if (!config.upgradeAuthority) {
    throw new OpsError(
      'INVALID_CONFIG',
      'upgradeAuthority is not set in the environment file: deploy and upgrades need it',
    );
  }
  return config.upgradeAuthority as Address;
}

/** A `file:` reference's absolute path (relative paths are from the environment file). */
export function referencePath(reference: string, baseDir: string): string | null {
  if (!reference.startsWith('file:')) return null;
  const path = reference.slice(5);
  return isAbsolute(path) ? path : resolve(baseDir, path);
}
