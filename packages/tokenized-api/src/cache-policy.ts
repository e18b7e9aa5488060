import type { CacheProfile } from './client-options.ts';
import type { OperationName } from './routes.ts';

/** Spec: proof of reserves cached 5 min. */
export const PROOF_OF_RESERVES_TTL_MS = 5 * 60_000;
/** Spec: frontend asset-data calls cached 60 s. */
export const FRONTEND_ASSET_DATA_TTL_MS = 60_000;

/** Public asset-data operations cached 60 s by the `frontend` profile. */
const FRONTEND_CACHED = new Set<OperationName>([
  'listAssets',
  'getAsset',
  'getPrice',
  'getMultiplier',
  'getMultiplierHistory',
  'getSystemStatus',
  'getUpcomingCorpActions',
  'getCorpActionHistory',
  'getOracles',
  'getOracle',
]);

/**
 * How long an operation's answers are kept: proof of reserves 5 min in every profile; public
 * asset data 60 s in the `frontend` profile; everything else 0 (in-flight deduplication only).
 *
 * @example
 * ```ts
 * ttlFor('getPrice', 'frontend'); // 60000
 * ```
 */
export function ttlFor(operation: OperationName, profile: CacheProfile): number {
  if (operation === 'getProofOfReserves') return PROOF_OF_RESERVES_TTL_MS;
  return profile === 'frontend' && FRONTEND_CACHED.has(operation) ? FRONTEND_ASSET_DATA_TTL_MS : 0;
}
