/**
 * The route table: every endpoint of the spec's "Tokenized-asset API" table, relative to
 * `{base_url}` (which already ends in `/api/v2`). Paths are templates; `{name}` is filled
 * with an URL-encoded, validated argument.
 *
 * Deployments that name the swap routes differently (`/trades/xchange/...`) need one change:
 * pass `swapRoutePrefix: '/trades/xchange'` to the client, or edit `SWAP_ROUTE_PREFIX`.
 */

/** Default prefix of the RFQ swap routes. */
export const SWAP_ROUTE_PREFIX = '/trades/swap';

/** One entry of the route table. */
export type Route = Readonly<{ method: 'GET' | 'POST'; path: string; paginated: boolean }>;

/** Names of the client operations, one per endpoint. */
export type OperationName =
  | 'listAssets'
  | 'getAsset'
  | 'getPrice'
  | 'getMultiplier'
  | 'getMultiplierHistory'
  | 'getSystemStatus'
  | 'getUpcomingCorpActions'
  | 'getCorpActionHistory'
  | 'getProofOfReserves'
  | 'getOracles'
  | 'getOracle'
  | 'requestRfq'
  | 'getQuote'
  | 'listXChangeAssets'
  | 'getFees'
  | 'getRegisteredWallets'
  | 'getLimits'
  | 'getUsage';

/** The complete route table for one deployment. */
export type RouteTable = Readonly<Record<OperationName, Route>>;

const get = (path: string, paginated = false): Route => ({ method: 'GET', path, paginated });

/**
 * Builds the route table; only the swap routes depend on the deployment.
 *
 * @example
 * ```ts
 * buildRouteTable('/trades/xchange').requestRfq.path; // '/trades/xchange/rfq'
 * ```
 */
export function buildRouteTable(swapRoutePrefix: string = SWAP_ROUTE_PREFIX): RouteTable {
  if (!/^\/trades(\/[a-z0-9-]+)+$/.test(swapRoutePrefix)) {
    throw new RangeError('swapRoutePrefix must look like /trades/<name> (it needs the API key)');
  }
  return {
    listAssets: get('/public/assets', true),
    getAsset: get('/public/assets/{symbol}'),
    getPrice: get('/public/assets/{symbol}/price-data'),
    getMultiplier: get('/public/assets/{symbol}/multiplier'),
    getMultiplierHistory: get('/public/assets/{symbol}/multiplier/history', true),
    getSystemStatus: get('/public/system/status/{symbol}'),
    getUpcomingCorpActions: get('/public/corporate-actions/upcoming', true),
    getCorpActionHistory: get('/public/corporate-actions/history', true),
    getProofOfReserves: get('/public/proof-of-reserves/{symbol}'),
    getOracles: get('/v2/oracles', true),
    getOracle: get('/v2/oracles/{symbol}'),
    requestRfq: { method: 'POST', path: `${swapRoutePrefix}/rfq`, paginated: false },
    getQuote: get(`${swapRoutePrefix}/quote/{id}`),
    listXChangeAssets: get(`${swapRoutePrefix}/assets`, true),
    getFees: get('/trades/market/fees', true),
    getRegisteredWallets: get('/client/registered-wallets', true),
    getLimits: get('/client/limits', true),
    getUsage: get('/client/usage', true),
  };
}

/** The default route table (`/trades/swap/...`). */
export const DEFAULT_ROUTES: RouteTable = buildRouteTable();

const AUTHENTICATED_PREFIXES = ['/client/', '/trades/', '/bridges/'] as const;

/**
 * Whether a path needs `X-API-Key` (spec, Authentication 1): exactly the paths under
 * `/client/*`, `/trades/*` and `/bridges/*`. Everything else, notably `/public/*` and
 * `/v2/oracles/*`, is sent without the key.
 *
 * @example
 * ```ts
 * requiresApiKey('/trades/swap/rfq'); // true
 * requiresApiKey('/public/assets');   // false
 * ```
 */
export function requiresApiKey(path: string): boolean {
  return AUTHENTICATED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Fills a path template; values must already be validated.
 *
 * @example
 * ```ts
 * fillPath('/public/assets/{symbol}', { symbol: 'AAPLx' }); // '/public/assets/AAPLx'
 * ```
 */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new RangeError(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
