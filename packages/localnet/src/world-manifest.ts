import { readFileSync } from 'node:fs';
import { z } from 'zod';

const address = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'not a base58 address');
const decimalString = z.string().regex(/^\d+(\.\d+)?$/, 'not a decimal string');

const stock = z.object({
  symbol: z.string().min(1),
  mint: address,
  decimals: z.number().int().min(0).max(18),
  tokenProgram: address,
  /** The ScaledUiAmount multiplier in force when the world was written. */
  multiplier: decimalString,
  transferHookProgram: address.nullable(),
});

const skuAsset = z.object({
  symbol: z.string(),
  mint: address,
  holding: address,
  targetWeightBps: z.number().int().min(0).max(10_000),
});

const sku = z.object({
  skuId: z.string().min(1),
  label: z.string(),
  vault: address,
  shareMint: address,
  snapshot: address,
  cashBuffer: address,
  lookupTable: address.nullable(),
  assets: z.array(skuAsset).min(1).max(20),
});

/**
 * What the local world's bootstrap wrote: every address a service or a test needs, and the
 * paths (never the contents) of the keys. Written to `.localnet/world.json`.
 */
export const worldManifestSchema = z.object({
  version: z.literal(1),
  rpcUrl: z.url(),
  wsUrl: z.string().regex(/^wss?:\/\//, 'not a ws:// URL'),
  programs: z.object({
    oracle: address,
    vault: address,
    rewards: address,
    testSwap: address.nullable(),
    testTransferHook: address.nullable(),
  }),
  stablecoin: z.object({ mint: address, decimals: z.number().int(), tokenProgram: address }),
  stakingMint: address,
  stocks: z.array(stock).min(1),
  skus: z.array(sku).min(1),
  keys: z.object({
    dir: z.string(),
    upgradeAuthority: z.string(),
    admins: z.array(z.string()).length(5),
    keeper: z.string(),
    tradeAuthority: z.string(),
    /** One key per role: the oracle's NAV signer, the rewards distributor, the fee payer. */
    navSigner: z.string(),
    distributor: z.string(),
    feePayer: z.string(),
    issuer: z.string(),
    marketMaker: z.string(),
    demoWallets: z.array(z.string()),
  }),
  // One test-swap pool per stock against the stablecoin (the aggregator simulator's venue).
  pools: z.array(
    z.object({
      symbol: z.string(),
      pool: address,
      stockMint: address,
      usdMint: address,
      stockVault: address,
      usdVault: address,
      stockTokenProgram: address,
      usdTokenProgram: address,
      feeBps: z.number().int().min(0).max(10_000),
    }),
  ),
  services: z
    .object({
      tokenizedApiUrl: z.url().optional(),
      aggregatorUrl: z.url().optional(),
      indexerUrl: z.url().optional(),
      dappUrl: z.url().optional(),
      webhookEmitterUrl: z.url().optional(),
      postgresUrl: z.string().optional(),
    })
    .default({}),
});

export type WorldManifest = z.infer<typeof worldManifestSchema>;

/**
 * Reads and validates a world manifest; a bad file names each wrong field.
 *
 * @example
 * const world = readWorldManifest('.localnet/world.json');
 * world.skus[0].vault;
 */
export function readWorldManifest(path: string): WorldManifest {
  const raw: unknown = JSON.parse(readFileSync(path, 'utf8'));
  const parsed = worldManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`,
    );
    throw new Error(`${path}: not a valid world manifest\n${lines.join('\n')}`);
  }
  return parsed.data;
}
