import { type AlertSink, loggingAlertSink } from './alerts.ts';
import { ApiKey } from './api-key.ts';
import { type Clock, systemClock } from './clock.ts';
import { DEFAULT_TIMEOUT_MS, validateBaseUrl, validateTimeoutMs } from './config.ts';
import { TOKENIZED_API_ERROR__INVALID_CONFIG, TokenizedApiError } from './errors.ts';
import { type Logger, noopLogger } from './logger.ts';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry-policy.ts';
import { buildRouteTable, type RouteTable, SWAP_ROUTE_PREFIX } from './routes.ts';
import type { FetchLike } from './transport.ts';

/**
 * `keeper`: asset data is always fetched fresh (only in-flight deduplication).
 * `frontend`: public asset-data calls are cached for 60 s (spec: Limits, cache intervals).
 * Proof of reserves is cached 5 minutes in both.
 */
export type CacheProfile = 'keeper' | 'frontend';

/** Options of `createTokenizedApiClient`; only `baseUrl` is required. */
export type TokenizedApiClientOptions = Readonly<{
  /** `{base_url}` of the environment, ending in `/api/v2`. */
  baseUrl: string;
  /** Needed only for `/client/*`, `/trades/*`, `/bridges/*`. */
  apiKey?: ApiKey | string | null;
  /** Per-attempt timeout; default 5000 ms. */
  timeoutMs?: number;
  fetch?: FetchLike;
  clock?: Clock;
  /** Source of jitter in [0, 1); default `Math.random`. */
  random?: () => number;
  logger?: Logger;
  /** Receives the "5xx for more than 5 minutes" alert; default: the logger. */
  alertSink?: AlertSink;
  retry?: Partial<RetryPolicy>;
  /** `/trades/swap` by default; `/trades/xchange` on deployments that use that name. */
  swapRoutePrefix?: string;
  /** Network name sent with multiplier calls when the call gives none; default `solana`. */
  network?: string;
  cacheProfile?: CacheProfile;
}>;

/** Options after validation and defaults. */
export type ResolvedClientOptions = Readonly<{
  baseUrl: string;
  apiKey: ApiKey | null;
  timeoutMs: number;
  fetch: FetchLike;
  clock: Clock;
  random: () => number;
  logger: Logger;
  alertSink: AlertSink;
  retry: RetryPolicy;
  routes: RouteTable;
  network: string;
  cacheProfile: CacheProfile;
}>;

/** Network names as sent in the `network` query parameter. */
export const NETWORK_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Validates options and fills defaults; every problem is an `INVALID_CONFIG` error.
 *
 * @example
 * ```ts
 * const resolved = resolveClientOptions({ baseUrl: 'http://127.0.0.1:7407/api/v2' });
 * ```
 */
export function resolveClientOptions(options: TokenizedApiClientOptions): ResolvedClientOptions {
  const logger = options.logger ?? noopLogger;
  const network = options.network ?? 'solana';
  if (!NETWORK_PATTERN.test(network)) throw invalid('network', 'is not a valid network name');
  const retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  if (!Number.isInteger(retry.maxAttempts) || retry.maxAttempts < 1 || retry.maxAttempts > 10) {
    throw invalid('retry.maxAttempts', 'must be an integer in [1, 10]');
  }
  if (!(retry.jitterRatio >= 0 && retry.jitterRatio < 1)) {
    throw invalid('retry.jitterRatio', 'must be in [0, 1)');
  }
  const fetchImpl = options.fetch ?? globalThis.fetch?.bind(globalThis);
  if (typeof fetchImpl !== 'function') throw invalid('fetch', 'no fetch implementation available');
  let routes: RouteTable;
  try {
    routes = buildRouteTable(options.swapRoutePrefix ?? SWAP_ROUTE_PREFIX);
  } catch {
    throw invalid('swapRoutePrefix', 'must look like /trades/<name>');
  }
  const cacheProfile = options.cacheProfile ?? 'keeper';
  if (cacheProfile !== 'keeper' && cacheProfile !== 'frontend') {
    throw invalid('cacheProfile', 'must be keeper or frontend');
  }
  return {
    baseUrl: validateBaseUrl(options.baseUrl),
    apiKey: resolveApiKey(options.apiKey),
    timeoutMs: validateTimeoutMs(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    fetch: fetchImpl,
    clock: options.clock ?? systemClock,
    random: options.random ?? Math.random,
    logger,
    alertSink: options.alertSink ?? loggingAlertSink(logger),
    retry,
    routes,
    network,
    cacheProfile,
  };
}

function resolveApiKey(raw: ApiKey | string | null | undefined): ApiKey | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (raw instanceof ApiKey) return raw;
  try {
    return ApiKey.from(raw);
  } catch {
    throw invalid('apiKey', 'must be 8 to 512 printable ASCII characters (value not shown)');
  }
}

function invalid(variable: string, reason: string) {
  return new TokenizedApiError(TOKENIZED_API_ERROR__INVALID_CONFIG, { variable, reason });
}
