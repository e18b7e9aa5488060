import type { z } from 'zod';
import { createServerErrorMonitor } from './alerts.ts';
import { checkNetwork, checkSymbol, invalidArgument, symbolQuery } from './arguments.ts';
import { ttlFor } from './cache-policy.ts';
import { resolveClientOptions, type TokenizedApiClientOptions } from './client-options.ts';
import { loadTokenizedApiConfig, type TokenizedApiEnv } from './config.ts';
import { compareDecimals } from './decimal.ts';
import {
  TOKENIZED_API_ERROR__ABORTED,
  TOKENIZED_API_ERROR__RFQ_TRANSACTION_UNAVAILABLE,
  TokenizedApiError,
} from './errors.ts';
import { collectPages } from './pagination.ts';
import { invalidResponse, parseResponse, type ResponseOrigin } from './parse-response.ts';
import type { RequestSpec } from './request-spec.ts';
import { createResponseCache } from './response-cache.ts';
import { buildRfqRequestBody, type RfqRequest } from './rfq-request.ts';
import { fillPath, type OperationName } from './routes.ts';
import {
  type Asset,
  assetSchema,
  type CorporateAction,
  corporateActionSchema,
  type MultiplierChange,
  type MultiplierState,
  multiplierChangeSchema,
  multiplierStateSchema,
  type OraclePrice,
  oraclePriceSchema,
  type PriceData,
  type ProofOfReserves,
  priceDataSchema,
  proofOfReservesSchema,
  type SystemStatus,
  systemStatusSchema,
} from './schemas/asset-data.ts';
import {
  type QuoteState,
  quoteIdField,
  quoteStateSchema,
  type RfqQuote,
  rfqQuoteSchema,
} from './schemas/quote.ts';
import {
  type AssetLimit,
  type AssetUsage,
  assetLimitSchema,
  assetUsageSchema,
  type FeeScheduleEntry,
  feeScheduleEntrySchema,
  type RegisteredWallet,
  registeredWalletSchema,
  type SwapAsset,
  swapAssetSchema,
} from './schemas/trading.ts';
import { createTransport } from './transport.ts';

/** Per-call options. */
export type CallOptions = Readonly<{ signal?: AbortSignal }>;

/**
 * The typed client: one operation per endpoint of the spec's table. Every answer is
 * validated; errors are `TokenizedApiError`s.
 *
 * @example
 * ```ts
 * const client = createTokenizedApiClient({ baseUrl: 'http://127.0.0.1:7407/api/v2' });
 * const state = await client.getMultiplier('AAPLx', { network: 'solana' });
 * ```
 */
export interface TokenizedApiClient {
  listAssets(options?: CallOptions): Promise<Asset[]>;
  getAsset(symbol: string, options?: CallOptions): Promise<Asset>;
  getPrice(symbol: string, options?: CallOptions): Promise<PriceData>;
  getMultiplier(
    symbol: string,
    options?: CallOptions & { network?: string },
  ): Promise<MultiplierState>;
  getMultiplierHistory(
    symbol: string,
    options?: CallOptions & { network?: string },
  ): Promise<MultiplierChange[]>;
  getSystemStatus(symbol: string, options?: CallOptions): Promise<SystemStatus>;
  getUpcomingCorpActions(options?: CallOptions & { symbol?: string }): Promise<CorporateAction[]>;
  getCorpActionHistory(options?: CallOptions & { symbol?: string }): Promise<CorporateAction[]>;
  getProofOfReserves(symbol: string, options?: CallOptions): Promise<ProofOfReserves>;
  getOracles(options?: CallOptions): Promise<OraclePrice[]>;
  getOracle(symbol: string, options?: CallOptions): Promise<OraclePrice>;
  /** Never retried once it may have reached the server (see docs/decisions/0330-the-rfq-post-is-at-most-once.md). */
  requestRfq(request: RfqRequest, options?: CallOptions): Promise<RfqQuote>;
  getQuote(id: string, options?: CallOptions): Promise<QuoteState>;
  listXChangeAssets(options?: CallOptions): Promise<SwapAsset[]>;
  getFees(options?: CallOptions): Promise<FeeScheduleEntry[]>;
  getRegisteredWallets(options?: CallOptions): Promise<RegisteredWallet[]>;
  getLimits(options?: CallOptions): Promise<AssetLimit[]>;
  getUsage(options?: CallOptions): Promise<AssetUsage[]>;
  /** Drops cached answers (e.g. after a corporate action was seen). */
  clearCache(): void;
}

/**
 * Creates a client. Bad options throw `INVALID_CONFIG` at once.
 *
 * @example
 * ```ts
 * const client = createTokenizedApiClient({ baseUrl, apiKey: process.env.TOKENIZED_API_KEY,
 *   cacheProfile: 'frontend' });
 * const assets = await client.listAssets();
 * ```
 */
export function createTokenizedApiClient(options: TokenizedApiClientOptions): TokenizedApiClient {
  const resolved = resolveClientOptions(options);
  const { routes, clock, logger } = resolved;
  const monitor = createServerErrorMonitor({ clock, sink: resolved.alertSink, logger });
  const transport = createTransport({ ...resolved, monitor });
  const cache = createResponseCache({ clock });

  const cached = <T>(
    operation: OperationName,
    path: string,
    query: Readonly<Record<string, string>>,
    signal: AbortSignal | undefined,
    load: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> => {
    const key = `GET ${path}?${new URLSearchParams(query).toString()}`;
    const abortError = () =>
      new TokenizedApiError(TOKENIZED_API_ERROR__ABORTED, {
        operation,
        method: 'GET',
        path,
        attempts: 0,
      });
    return cache.load(key, ttlFor(operation, resolved.cacheProfile), load, { signal, abortError });
  };

  /** One GET of one resource (the spec's single-object endpoints). */
  function getOne<S extends z.ZodType>(
    operation: OperationName,
    schema: S,
    params: Readonly<Record<string, string>>,
    query: Readonly<Record<string, string>>,
    callOptions: CallOptions | undefined,
  ): Promise<{ value: z.output<S>; origin: ResponseOrigin }> {
    const path = fillPath(routes[operation].path, params);
    return cached(operation, path, query, callOptions?.signal, async (signal) => {
      const spec: RequestSpec = {
        operation,
        method: 'GET',
        path,
        query,
        safety: 'idempotent',
        signal,
      };
      const { status, json } = await transport.request(spec);
      const origin = { operation, path, status };
      return { value: parseResponse(schema, json, origin), origin };
    });
  }

  /** A GET of a (possibly paginated) list. */
  function getList<S extends z.ZodType>(
    operation: OperationName,
    itemSchema: S,
    params: Readonly<Record<string, string>>,
    query: Readonly<Record<string, string>>,
    callOptions: CallOptions | undefined,
  ): Promise<z.output<S>[]> {
    const path = fillPath(routes[operation].path, params);
    return cached(operation, path, query, callOptions?.signal, (signal) =>
      collectPages(itemSchema, { operation, path }, (page) =>
        transport.request({
          operation,
          method: 'GET',
          path,
          query: routes[operation].paginated ? { ...query, ...page } : query,
          safety: 'idempotent',
          signal,
        }),
      ),
    );
  }

  const withSymbol = async <T extends { symbol?: string | undefined }>(
    symbol: string,
    result: Promise<{ value: T; origin: ResponseOrigin }>,
  ): Promise<T & { symbol: string }> => {
    const { value, origin } = await result;
    if (value.symbol !== undefined && value.symbol !== symbol) {
      throw invalidResponse(origin, 'symbol', 'does not match the requested symbol');
    }
    return { ...value, symbol };
  };

  const client: TokenizedApiClient = {
    listAssets: async (o) => getList('listAssets', assetSchema, {}, {}, o),
    getAsset: async (symbol, o) =>
      withSymbol(
        checkSymbol('getAsset', symbol),
        getOne('getAsset', assetSchema, { symbol }, {}, o),
      ),
    getPrice: async (symbol, o) =>
      withSymbol(
        checkSymbol('getPrice', symbol),
        getOne('getPrice', priceDataSchema, { symbol }, {}, o),
      ),
    getMultiplier: async (symbol, o) => {
      checkSymbol('getMultiplier', symbol);
      const network = checkNetwork('getMultiplier', o?.network ?? resolved.network);
      const state = await withSymbol(
        symbol,
        getOne('getMultiplier', multiplierStateSchema, { symbol }, { network }, o),
      );
      return {
        ...state,
        network,
        reason: state.reason ?? null,
        hasPendingChange: compareDecimals(state.newMultiplier, state.currentMultiplier) !== 0,
      };
    },
    getMultiplierHistory: async (symbol, o) => {
      checkSymbol('getMultiplierHistory', symbol);
      const network = checkNetwork('getMultiplierHistory', o?.network ?? resolved.network);
      return getList('getMultiplierHistory', multiplierChangeSchema, { symbol }, { network }, o);
    },
    getSystemStatus: async (symbol, o) =>
      withSymbol(
        checkSymbol('getSystemStatus', symbol),
        getOne('getSystemStatus', systemStatusSchema, { symbol }, {}, o),
      ),
    getUpcomingCorpActions: async (o) =>
      getList(
        'getUpcomingCorpActions',
        corporateActionSchema,
        {},
        symbolQuery('getUpcomingCorpActions', o),
        o,
      ),
    getCorpActionHistory: async (o) =>
      getList(
        'getCorpActionHistory',
        corporateActionSchema,
        {},
        symbolQuery('getCorpActionHistory', o),
        o,
      ),
    getProofOfReserves: async (symbol, o) =>
      withSymbol(
        checkSymbol('getProofOfReserves', symbol),
        getOne('getProofOfReserves', proofOfReservesSchema, { symbol }, {}, o),
      ),
    getOracles: async (o) => getList('getOracles', oraclePriceSchema, {}, {}, o),
    getOracle: async (symbol, o) =>
      withSymbol(
        checkSymbol('getOracle', symbol),
        getOne('getOracle', oraclePriceSchema, { symbol }, {}, o),
      ),
    requestRfq: async (request, o) => {
      const body = buildRfqRequestBody(request);
      const path = routes.requestRfq.path;
      const { status, json } = await transport.request({
        operation: 'requestRfq',
        method: 'POST',
        path,
        body,
        safety: 'at-most-once',
        signal: o?.signal,
        interpretFailure: (failedStatus, upstream) => {
          const quoteId = upstream.details.quoteId;
          if (failedStatus !== 501 || typeof quoteId !== 'string') return null;
          if (!quoteIdField.safeParse(quoteId).success) return null;
          return new TokenizedApiError(TOKENIZED_API_ERROR__RFQ_TRANSACTION_UNAVAILABLE, {
            quoteId,
            status: failedStatus,
            upstreamMessage: upstream.message,
          });
        },
      });
      return parseResponse(rfqQuoteSchema, json, { operation: 'requestRfq', path, status });
    },
    getQuote: async (id, o) => {
      if (!quoteIdField.safeParse(id).success) {
        throw invalidArgument('getQuote', 'id', 'is not a quote identifier');
      }
      const { value, origin } = await getOne('getQuote', quoteStateSchema, { id }, {}, o);
      if (value.id !== id) throw invalidResponse(origin, 'id', 'does not match the requested id');
      return value;
    },
    listXChangeAssets: async (o) => getList('listXChangeAssets', swapAssetSchema, {}, {}, o),
    getFees: async (o) => getList('getFees', feeScheduleEntrySchema, {}, {}, o),
    getRegisteredWallets: async (o) =>
      getList('getRegisteredWallets', registeredWalletSchema, {}, {}, o),
    getLimits: async (o) => getList('getLimits', assetLimitSchema, {}, {}, o),
    getUsage: async (o) => getList('getUsage', assetUsageSchema, {}, {}, o),
    clearCache: () => cache.clear(),
  };
  return client;
}

/**
 * Creates a client from `TOKENIZED_API_URL`, `TOKENIZED_API_KEY` and `TOKENIZED_TIMEOUT_MS`;
 * `overrides` inject fetch, clock, logger, alert sink and the like.
 *
 * @example
 * ```ts
 * const client = createTokenizedApiClientFromEnv(process.env, { logger });
 * ```
 */
export function createTokenizedApiClientFromEnv(
  env: TokenizedApiEnv,
  overrides: Omit<TokenizedApiClientOptions, 'baseUrl' | 'apiKey' | 'timeoutMs'> = {},
): TokenizedApiClient {
  return createTokenizedApiClient({ ...overrides, ...loadTokenizedApiConfig(env) });
}
