// The aggregator simulator's configuration, read once at start from the environment (the
// venue program and its pools from the world manifest, or given directly). A bad value names
// its variable.
import { readWorldManifest } from '@basket/localnet';
import { parseConfig } from '@basket/service-kit';
import { z } from 'zod';

const address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a base58 address');

const schema = z.object({
  rpcUrl: z.url(),
  host: z.string().min(1),
  port: z.coerce.number().int().min(0).max(65_535),
  /** The venue program (the local world's test swap). */
  program: address,
  pools: z
    .array(z.object({ symbol: z.string().min(1), pool: address }))
    .min(1)
    .max(50),
  /** A quote whose price impact passes this (parts per million) is refused as beyond depth. */
  maxPriceImpactPpm: z.coerce.number().int().min(1).max(1_000_000),
  /** How long read reserves answer quotes (about one slot). */
  reservesTtlMs: z.coerce.number().int().min(0).max(60_000),
});

export type AggregatorConfig = z.infer<typeof schema>;

const NAMES: Record<string, string> = {
  rpcUrl: 'SOLANA_RPC_URL',
  host: 'AGGREGATOR_HOST',
  port: 'AGGREGATOR_PORT',
  program: 'WORLD_MANIFEST (programs.testSwap) or AGGREGATOR_PROGRAM',
  pools: 'WORLD_MANIFEST (pools) or AGGREGATOR_POOLS',
  maxPriceImpactPpm: 'AGGREGATOR_MAX_PRICE_IMPACT_PPM',
  reservesTtlMs: 'AGGREGATOR_RESERVES_TTL_MS',
};

function venueOf(env: NodeJS.ProcessEnv): { program: unknown; pools: unknown } {
  const direct = {
    program: env.AGGREGATOR_PROGRAM,
    pools: env.AGGREGATOR_POOLS ? JSON.parse(env.AGGREGATOR_POOLS) : undefined,
  };
  if (!env.WORLD_MANIFEST) return direct;
  const manifest = readWorldManifest(env.WORLD_MANIFEST);
  return {
    program: direct.program ?? manifest.programs.testSwap ?? undefined,
    pools: direct.pools ?? manifest.pools.map((p) => ({ symbol: p.symbol, pool: p.pool })),
  };
}

/**
 * Reads the configuration once.
 *
 * @example
 * const config = loadAggregatorConfig(process.env); // throws ConfigError naming each bad variable
 */
export function loadAggregatorConfig(env: NodeJS.ProcessEnv = process.env): AggregatorConfig {
  let venue: { program: unknown; pools: unknown };
  try {
    venue = venueOf(env);
  } catch (error) {
    const unreadable = `unreadable: ${error instanceof Error ? error.message : String(error)}`;
    venue = { program: unreadable, pools: unreadable };
  }
  return parseConfig(
    'aggregator-sim',
    schema,
    {
      rpcUrl: env.SOLANA_RPC_URL,
      host: env.AGGREGATOR_HOST ?? '127.0.0.1',
      port: env.AGGREGATOR_PORT ?? '7420',
      program: venue.program,
      pools: venue.pools,
      maxPriceImpactPpm: env.AGGREGATOR_MAX_PRICE_IMPACT_PPM ?? '200000',
      reservesTtlMs: env.AGGREGATOR_RESERVES_TTL_MS ?? '400',
    },
    NAMES,
  );
}
