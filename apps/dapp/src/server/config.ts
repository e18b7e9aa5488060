// The dapp server's configuration, read once from the environment (and the world manifest for
// the deployment's addresses). A bad value names its variable.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readWorldManifest } from '@basket/localnet';
import { parseConfig } from '@basket/service-kit';
import { getAddressDecoder } from '@solana/kit';
import { z } from 'zod';
import { parseCountryList } from '../shared/geofence.ts';
import type { PublicConfig } from '../shared/public-config.ts';

const APP_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a base58 address');

const schema = z.object({
  host: z.string().min(1),
  port: z.coerce.number().int().min(0).max(65_535),
  distDir: z.string().min(1),
  rpcUrl: z.url(),
  wsUrl: z.string().regex(/^wss?:\/\//, 'not a ws:// or wss:// URL'),
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
  host: 'DAPP_HOST',
  port: 'DAPP_PORT',
  distDir: 'DAPP_DIST_DIR',
  rpcUrl: 'DAPP_PUBLIC_RPC_URL or SOLANA_RPC_URL',
  wsUrl: 'DAPP_PUBLIC_WS_URL or SOLANA_WS_URL',
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
    cluster: 'localnet',
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
  const rpcUrl = env.DAPP_PUBLIC_RPC_URL || env.SOLANA_RPC_URL;
  const manifestDir = env.WORLD_MANIFEST ? dirname(env.WORLD_MANIFEST) : '.localnet';
  return parseConfig(
    'dapp',
    schema,
    {
      host: env.DAPP_HOST ?? '127.0.0.1',
      port: env.DAPP_PORT ?? '7430',
      distDir: env.DAPP_DIST_DIR ?? join(APP_DIR, 'dist'),
      rpcUrl,
      wsUrl: env.DAPP_PUBLIC_WS_URL || env.SOLANA_WS_URL,
      tokenizedApiUrl: env.TOKENIZED_API_URL,
      indexerUrl: env.INDEXER_URL ?? 'http://127.0.0.1:7410',
      countryHeader: (env.DAPP_COUNTRY_HEADER ?? 'x-country-code').toLowerCase(),
      blockedCountries: env.DAPP_BLOCKED_COUNTRIES ?? 'US,CU,IR,KP,SY',
      // The local world has no edge to set the header: allow there, block anywhere else.
      whenCountryUnknown: env.DAPP_WHEN_COUNTRY_UNKNOWN ?? (env.WORLD_MANIFEST ? 'allow' : 'block'),
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
}

/** The page's view of the configuration. */
export function publicConfigOf(config: DappConfig): PublicConfig {
  return {
    ...config.deployment,
    rpcUrl: config.rpcUrl,
    wsUrl: config.wsUrl,
    tokenizedApiBase: '/asset-api/api/v2',
    indexerBase: '/indexer',
    explorerTxUrl: config.explorerTxUrl,
    stakeTiersDays: [30, 90, 180],
  };
}
