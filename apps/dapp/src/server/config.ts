// The dapp server's configuration, read once from the environment (and the world manifest for
// the deployment's addresses). A bad value names its variable.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readWorldManifest } from '@basket/localnet';
import { ConfigError, parseConfig, resolveSecret } from '@basket/service-kit';
import { getAddressDecoder } from '@solana/kit';
import { z } from 'zod';
import { parseCountryList } from '../shared/geofence.ts';
import type { PublicConfig } from '../shared/public-config.ts';

const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a base58 address');

/** Addresses or CIDRs (IPv4 or IPv6), comma separated: the reverse proxies believed. */
const proxyList = z.string().refine(
  (text) =>
    text
      .split(',')
      .map((p) => p.trim())
      .every((p) => {
        const [ip, bits, more] = p.split('/');
        if (more !== undefined || !ip || isIP(ip) === 0) return false;
        return bits === undefined || /^\d{1,3}$/.test(bits);
      }),
  'addresses or CIDRs, comma separated (e.g. 10.0.0.5,10.1.0.0/16)',
);

const schema = z.object({
  /** `production` (the default) or `local` (the `npm start` world): what the defaults assume. */
  environment: z.enum(['production', 'local']),
  host: z.string().min(1),
  port: z.coerce.number().int().min(0).max(65_535),
  /** The admin listener (/metrics): loopback unless an operator opens it. */
  adminHost: z.string().min(1),
  adminPort: z.coerce.number().int().min(0).max(65_535),
  distDir: z.string().min(1),
  /** The RPC the visitors' browsers use: its own setting, never the server's RPC URL. */
  rpcUrl: z.url(),
  /**
   * Further RPC endpoints the browsers fail over to, in order, after `rpcUrl` (each with its own
   * rate limit, breaker and Retry-After pause: the SDK's endpoint pool, decision 0932).
   */
  fallbackRpcUrls: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0),
    )
    .refine((urls) => urls.every((u) => URL.canParse(u)), 'not a comma-separated list of URLs')
    .refine((urls) => urls.length <= 8, 'at most 8 fallback endpoints'),
  /** Calls per second one browser makes to each endpoint at most. */
  rpcEndpointPerSecond: z.coerce.number().int().min(1).max(1_000),
  wsUrl: z.string().regex(/^wss?:\/\//, 'not a ws:// or wss:// URL'),
  /** The domain the terms message names (the site's host as visitors see it). */
  domain: z.string().regex(/^[a-z0-9.-]+(:\d{1,5})?$/i, 'a host name, optionally with :port'),
  /** Proxies whose country header (and X-Forwarded-For) is believed; null: none. */
  trustedProxies: proxyList.nullable(),
  /** Requests per minute one client may make to the dapp's routes. */
  rateLimitPerMinute: z.coerce.number().int().min(10).max(100_000),
  /** New terms acceptances recorded per client address per day (fresh keypairs cost nothing). */
  termsRowsPerSourcePerDay: z.coerce.number().int().min(1).max(10_000),
  /** Forwards to the indexer and the asset API in flight at once; more answer 503. */
  forwardConcurrency: z.coerce.number().int().min(1).max(1_000),
  /** Signs the terms nonces (by reference); unset: a random key per process. */
  termsNonceSecret: z.string().min(16, 'at least 16 characters').nullable(),
  tokenizedApiUrl: z
    .url()
    .refine((u) => u.replace(/\/$/, '').endsWith('/api/v2'), 'must end in /api/v2'),
  indexerUrl: z.url(),
  countryHeader: z.string().regex(/^[a-z0-9-]+$/, 'a lower-case header name'),
  blockedCountries: z.string().transform((text, ctx) => {
    try {
      return parseCountryList(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  whenCountryUnknown: z.enum(['allow', 'block']),
  termsFile: z.string().min(1),
  termsVersion: z.string().regex(/^[\w.-]{1,32}$/, 'letters, digits, dot, dash, underscore'),
  distributionsDir: z.string().min(1),
  explorerTxUrl: z.string().includes('{signature}', { message: 'must contain {signature}' }),
  /** Where terms acceptances are recorded; none: the page keeps them alone. */
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .nullable(),
  deployment: z.object({
    cluster: z.string(),
    programs: z.object({ oracle: address, vault: address, rewards: address }),
    stablecoin: z.object({ mint: address, decimals: z.number().int(), tokenProgram: address }),
    stakingMint: address,
    treasury: address.nullable(),
    stocks: z.array(
      z.object({
        symbol: z.string(),
        mint: address,
        decimals: z.number().int(),
        tokenProgram: address,
      }),
    ),
    skus: z.array(
      z.object({
        skuId: z.string(),
        label: z.string(),
        vault: address,
        shareMint: address,
        snapshot: address,
        lookupTable: address.nullable(),
        assets: z.array(
          z.object({ symbol: z.string(), mint: address, targetWeightBps: z.number().int() }),
        ),
      }),
    ),
  }),
});

export type DappConfig = z.infer<typeof schema>;

const NAMES: Record<string, string> = {
  environment: 'DAPP_ENV',
  domain: 'DAPP_DOMAIN',
  trustedProxies: 'DAPP_TRUSTED_PROXIES',
  rateLimitPerMinute: 'DAPP_RATE_LIMIT_PER_MINUTE',
  termsRowsPerSourcePerDay: 'DAPP_TERMS_ROWS_PER_SOURCE_PER_DAY',
  forwardConcurrency: 'DAPP_FORWARD_CONCURRENCY',
  termsNonceSecret: 'DAPP_TERMS_NONCE_SECRET',
  host: 'DAPP_HOST',
  adminHost: 'DAPP_ADMIN_HOST',
  adminPort: 'DAPP_ADMIN_PORT',
  port: 'DAPP_PORT',
  distDir: 'DAPP_DIST_DIR',
  rpcUrl: 'DAPP_PUBLIC_RPC_URL',
  fallbackRpcUrls: 'DAPP_PUBLIC_FALLBACK_RPC_URLS',
  rpcEndpointPerSecond: 'DAPP_RPC_ENDPOINT_PER_SECOND',
  wsUrl: 'DAPP_PUBLIC_WS_URL',
  tokenizedApiUrl: 'TOKENIZED_API_URL',
  indexerUrl: 'INDEXER_URL',
  countryHeader: 'DAPP_COUNTRY_HEADER',
  blockedCountries: 'DAPP_BLOCKED_COUNTRIES',
  whenCountryUnknown: 'DAPP_WHEN_COUNTRY_UNKNOWN',
  termsFile: 'DAPP_TERMS_FILE',
  termsVersion: 'DAPP_TERMS_VERSION',
  distributionsDir: 'DAPP_DISTRIBUTIONS_DIR',
  explorerTxUrl: 'DAPP_EXPLORER_TX_URL',
  databaseUrl: 'DATABASE_URL',
  deployment: 'WORLD_MANIFEST',
};

/** The public half (last 32 bytes) of a Solana keypair file: its address, never the secret. */
function addressOfKeyFile(path: string): string | null {
  try {
    const bytes = Uint8Array.from(JSON.parse(readFileSync(path, 'utf8')) as number[]);
    return bytes.length === 64 ? getAddressDecoder().decode(bytes.slice(32)) : null;
  } catch {
    return null;
  }
}

function deploymentOf(env: NodeJS.ProcessEnv): unknown {
  if (!env.WORLD_MANIFEST) return undefined;
  const m = readWorldManifest(env.WORLD_MANIFEST);
  return {
    cluster: env.DAPP_CLUSTER || 'localnet',
    programs: { oracle: m.programs.oracle, vault: m.programs.vault, rewards: m.programs.rewards },
    stablecoin: m.stablecoin,
    stakingMint: m.stakingMint,
    // The manifest lists no treasury address yet; the local world's key file gives its public half.
    treasury: env.DAPP_TREASURY || addressOfKeyFile(join(m.keys.dir, 'treasury.json')),
    stocks: m.stocks.map((s) => ({
      symbol: s.symbol,
      mint: s.mint,
      decimals: s.decimals,
      tokenProgram: s.tokenProgram,
    })),
    skus: m.skus.map((s) => ({
      skuId: s.skuId,
      label: s.label,
      vault: s.vault,
      shareMint: s.shareMint,
      snapshot: s.snapshot,
      lookupTable: s.lookupTable,
      assets: s.assets.map((a) => ({
        symbol: a.symbol,
        mint: a.mint,
        targetWeightBps: a.targetWeightBps,
      })),
    })),
  };
}

/**
 * Reads the configuration once.
 *
 * @example
 * const config = loadDappConfig(process.env); // throws ConfigError naming each bad variable
 */
export function loadDappConfig(env: NodeJS.ProcessEnv = process.env): DappConfig {
  let deployment: unknown;
  try {
    deployment = deploymentOf(env);
  } catch (error) {
    deployment = `unreadable: ${error instanceof Error ? error.message : String(error)}`;
  }
  const local = env.DAPP_ENV === 'local';
  // The browser's RPC is its own setting: the server's SOLANA_RPC_URL may carry a provider's
  // key. Only the local world (DAPP_ENV=local) falls back to it (a validator on 127.0.0.1).
  const rpcUrl = env.DAPP_PUBLIC_RPC_URL || (local ? env.SOLANA_RPC_URL : undefined);
  const wsUrl = env.DAPP_PUBLIC_WS_URL || (local ? env.SOLANA_WS_URL : undefined);
  const manifestDir = env.WORLD_MANIFEST ? dirname(env.WORLD_MANIFEST) : '.localnet';
  const port = env.DAPP_PORT ?? '7430';
  let termsNonceSecret: string | null;
  try {
    termsNonceSecret = resolveSecret(env.DAPP_TERMS_NONCE_SECRET, env) ?? null;
  } catch (error) {
    throw new ConfigError('dapp', [`DAPP_TERMS_NONCE_SECRET: ${(error as Error).message}`]);
  }
  const config = parseConfig(
    'dapp',
    schema,
    {
      environment: env.DAPP_ENV ?? 'production',
      host: env.DAPP_HOST ?? '127.0.0.1',
      port,
      adminHost: env.DAPP_ADMIN_HOST ?? '127.0.0.1',
      adminPort: env.DAPP_ADMIN_PORT ?? '0',
      distDir: env.DAPP_DIST_DIR ?? join(APP_DIR, 'dist'),
      rpcUrl,
      fallbackRpcUrls: env.DAPP_PUBLIC_FALLBACK_RPC_URLS ?? '',
      rpcEndpointPerSecond: env.DAPP_RPC_ENDPOINT_PER_SECOND ?? '10',
      wsUrl,
      domain: env.DAPP_DOMAIN ?? (local ? `localhost:${port}` : undefined),
      trustedProxies: env.DAPP_TRUSTED_PROXIES ?? (local ? '127.0.0.1,::1' : null),
      // One visitor's page makes a few requests a second at most; the local world's browser
      // tests and demos share one address.
      rateLimitPerMinute: env.DAPP_RATE_LIMIT_PER_MINUTE ?? (local ? '6000' : '600'),
      termsRowsPerSourcePerDay: env.DAPP_TERMS_ROWS_PER_SOURCE_PER_DAY ?? '5',
      forwardConcurrency: env.DAPP_FORWARD_CONCURRENCY ?? '32',
      termsNonceSecret,
      tokenizedApiUrl: env.TOKENIZED_API_URL,
      indexerUrl: env.INDEXER_URL ?? 'http://127.0.0.1:7410',
      countryHeader: (env.DAPP_COUNTRY_HEADER ?? 'x-country-code').toLowerCase(),
      blockedCountries: env.DAPP_BLOCKED_COUNTRIES ?? 'US,CU,IR,KP,SY',
      // Block unless the deployment says otherwise; only the local world (no edge to set the
      // header) allows by default. A world manifest alone never turns the fence off.
      whenCountryUnknown: env.DAPP_WHEN_COUNTRY_UNKNOWN ?? (local ? 'allow' : 'block'),
      termsFile: env.DAPP_TERMS_FILE ?? join(APP_DIR, 'terms', 'terms.md'),
      termsVersion: env.DAPP_TERMS_VERSION ?? '2026-11-1',
      distributionsDir: env.DAPP_DISTRIBUTIONS_DIR ?? join(manifestDir, 'distributions'),
      explorerTxUrl:
        env.DAPP_EXPLORER_TX_URL ??
        'https://explorer.solana.com/tx/{signature}?cluster=custom&customUrl={rpc}',
      databaseUrl: env.DATABASE_URL || null,
      deployment,
    },
    NAMES,
  );
  productionChecks(config, env);
  return config;
}

/**
 * What production needs beyond well-formed values: the browser's RPC never the server's
 * (which may carry a provider's key), and a trusted proxy to take the country from.
 */
function productionChecks(config: DappConfig, env: NodeJS.ProcessEnv): void {
  if (config.environment !== 'production') return;
  const lines: string[] = [];
  const same = (a: string | undefined, b: string) =>
    !!a && a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
  if (same(env.SOLANA_RPC_URL, config.rpcUrl))
    lines.push("DAPP_PUBLIC_RPC_URL: must not be the server's SOLANA_RPC_URL");
  if (config.fallbackRpcUrls.some((u) => same(env.SOLANA_RPC_URL, u)))
    lines.push("DAPP_PUBLIC_FALLBACK_RPC_URLS: must not hold the server's SOLANA_RPC_URL");
  if (same(env.SOLANA_WS_URL, config.wsUrl))
    lines.push("DAPP_PUBLIC_WS_URL: must not be the server's SOLANA_WS_URL");
  if (config.trustedProxies === null)
    lines.push('DAPP_TRUSTED_PROXIES: required in production (the proxy that sets the country)');
  if (lines.length > 0) throw new ConfigError('dapp', lines);
}

/** The page's view of the configuration. */
export function publicConfigOf(config: DappConfig): PublicConfig {
  return {
    ...config.deployment,
    rpcUrl: config.rpcUrl,
    rpcUrls: [config.rpcUrl, ...config.fallbackRpcUrls],
    rpcEndpointPerSecond: config.rpcEndpointPerSecond,
    wsUrl: config.wsUrl,
    tokenizedApiBase: '/asset-api/api/v2',
    indexerBase: '/indexer',
    explorerTxUrl: config.explorerTxUrl,
    stakeTiersDays: [30, 90, 180],
  };
}
