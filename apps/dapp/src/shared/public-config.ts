// What the server tells the page at `/api/session`: the deployment's public addresses, where to
// read, the terms to sign and this visitor's geofence decision. Nothing secret is ever in it.
import type { GeofenceDecision } from './geofence.ts';
import type { Terms } from './terms.ts';

export type PublicStock = Readonly<{
  symbol: string;
  mint: string;
  decimals: number;
  tokenProgram: string;
}>;

export type PublicSku = Readonly<{
  skuId: string;
  label: string;
  vault: string;
  shareMint: string;
  snapshot: string;
  lookupTable: string | null;
  assets: readonly { symbol: string; mint: string; targetWeightBps: number }[];
}>;

export type PublicConfig = Readonly<{
  cluster: string;
  /** JSON-RPC and PubSub the browser talks to directly (allowed by the CSP). */
  rpcUrl: string;
  /**
   * Every JSON-RPC endpoint in failover order (`rpcUrl` first): the browser reads and sends
   * through the SDK's endpoint pool over them, at most `rpcEndpointPerSecond` calls each.
   */
  rpcUrls: readonly string[];
  rpcEndpointPerSecond: number;
  wsUrl: string;
  /** Same-origin paths the server forwards (read-only) to the tokenized-asset API and the indexer. */
  tokenizedApiBase: string;
  indexerBase: string;
  /** `{signature}` is replaced; `{rpc}` by the RPC URL (explorers of a custom cluster need it). */
  explorerTxUrl: string;
  programs: { oracle: string; vault: string; rewards: string };
  stablecoin: { mint: string; decimals: number; tokenProgram: string };
  stakingMint: string;
  /** The vault treasury's stablecoin account owner: the withdrawal fee goes to its ATA. */
  treasury: string | null;
  stocks: readonly PublicStock[];
  skus: readonly PublicSku[];
  /** Lock tiers of the rewards program, days. */
  stakeTiersDays: readonly number[];
}>;

export type Session = Readonly<{
  config: PublicConfig;
  terms: Terms;
  /** Whether the server records acceptances: then the page's acceptance counts once recorded. */
  termsRecording: boolean;
  geofence: GeofenceDecision;
}>;

/** A claim of one epoch for one wallet, from the published distribution artifact. */
export type PublishedClaim = Readonly<{
  epochId: string;
  rewardMints: readonly string[];
  amounts: readonly string[];
  proof: readonly string[];
}>;

/** The explorer link of a transaction. */
export function explorerLink(
  config: Pick<PublicConfig, 'explorerTxUrl' | 'rpcUrl'>,
  signature: string,
): string {
  return config.explorerTxUrl
    .replace('{signature}', encodeURIComponent(signature))
    .replace('{rpc}', encodeURIComponent(config.rpcUrl));
}
