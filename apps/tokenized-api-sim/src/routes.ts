import type { SimulatorConfig } from './config.ts';
import { type QuoteBook, quoteStatusesAt } from './quote-book.ts';
import { handleRfq, type RfqContext } from './rfq.ts';
import { DEFAULT_PENDING_WALLET, SEED_ASSETS, SEED_FEES, SIM_NETWORKS } from './seed-data.ts';
import { apiError, ok, paginate, type SimResponse } from './sim-response.ts';
import {
  assetView,
  corporateActionsView,
  findAsset,
  historyView,
  multiplierView,
  oracleView,
  priceView,
  reservesView,
  statusView,
} from './views.ts';
import { limitView, swapAssetView, usageView } from './views-trading.ts';

/** One incoming request, as handlers see it. */
export type SimRequest = Readonly<{
  /** Path after `/api/v2`. */
  path: string;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  contentType: string | undefined;
  body: string;
  now: number;
}>;

/** One route of the simulator. */
export type SimRoute = Readonly<{
  method: 'GET' | 'POST';
  template: string;
  pattern: RegExp;
  handle: (request: SimRequest) => SimResponse | Promise<SimResponse>;
}>;

const SIM_WALLET_REGISTERED_AT = '2024-11-04T15:00:00.000Z';

function compile(template: string): RegExp {
  const source = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return new RegExp(`^${source}$`);
}

/**
 * The simulator's route table: the spec's endpoint table, with the swap routes under the
 * configured prefix. Unknown symbols answer 404 `AssetNotFound`.
 *
 * @example
 * ```ts
 * const routes = buildRoutes(config, ctx);
 * routes.find((r) => r.pattern.test('/public/assets'));
 * ```
 */
export function buildRoutes(
  config: SimulatorConfig,
  ctx: RfqContext & { quotes: QuoteBook },
  /** Routes that answer first (the chain-backed ones, which replace seeded answers). */
  first: readonly (readonly [SimRoute['method'], string, SimRoute['handle']])[] = [],
): SimRoute[] {
  const page = (items: readonly unknown[], request: SimRequest) =>
    paginate(items, request.query, config.maxPageSize);

  const withAsset = (
    request: SimRequest,
    respond: (asset: NonNullable<ReturnType<typeof findAsset>>) => SimResponse,
  ) => {
    const asset = findAsset(request.params.symbol ?? '');
    return asset === undefined
      ? apiError(404, 'AssetNotFound', 'no asset with this symbol', { field: 'symbol' })
      : respond(asset);
  };

  const optionalSymbol = (request: SimRequest): string | null | SimResponse => {
    const symbol = request.query.get('symbol');
    if (symbol === null) return null;
    return findAsset(symbol) === undefined
      ? apiError(404, 'AssetNotFound', 'no asset with this symbol', { field: 'symbol' })
      : symbol;
  };

  const network = (request: SimRequest): string | SimResponse => {
    const value = request.query.get('network') ?? 'solana';
    return (SIM_NETWORKS as readonly string[]).includes(value)
      ? value
      : apiError(400, 'UnsupportedNetwork', `assets are deployed on: ${SIM_NETWORKS.join(', ')}`, {
          field: 'network',
        });
  };

  const swap = config.swapRoutePrefix;
  const table: [SimRoute['method'], string, SimRoute['handle']][] = [
    ['GET', '/public/assets', (r) => page(SEED_ASSETS.map(assetView), r)],
    ['GET', '/public/assets/{symbol}', (r) => withAsset(r, (a) => ok(assetView(a)))],
    [
      'GET',
      '/public/assets/{symbol}/price-data',
      (r) => withAsset(r, (a) => ok(priceView(ctx, a, r.now))),
    ],
    [
      'GET',
      '/public/assets/{symbol}/multiplier',
      (r) =>
        withAsset(r, (a) => {
          const net = network(r);
          return typeof net === 'string' ? ok(multiplierView(ctx, a, r.now, net)) : net;
        }),
    ],
    [
      'GET',
      '/public/assets/{symbol}/multiplier/history',
      (r) =>
        withAsset(r, (a) => {
          const net = network(r);
          return typeof net === 'string' ? page(historyView(ctx, a, r.now), r) : net;
        }),
    ],
    [
      'GET',
      '/public/system/status/{symbol}',
      (r) => withAsset(r, (a) => ok(statusView(ctx, a, r.now))),
    ],
    [
      'GET',
      '/public/corporate-actions/upcoming',
      (r) => {
        const symbol = optionalSymbol(r);
        return symbol !== null && typeof symbol !== 'string'
          ? symbol
          : page(corporateActionsView(ctx, r.now, 'upcoming', symbol), r);
      },
    ],
    [
      'GET',
      '/public/corporate-actions/history',
      (r) => {
        const symbol = optionalSymbol(r);
        return symbol !== null && typeof symbol !== 'string'
          ? symbol
          : page(corporateActionsView(ctx, r.now, 'history', symbol), r);
      },
    ],
    [
      'GET',
      '/public/proof-of-reserves/{symbol}',
      (r) => withAsset(r, (a) => ok(reservesView(ctx, a, r.now))),
    ],
    [
      'GET',
      '/v2/oracles',
      (r) =>
        page(
          SEED_ASSETS.map((a) => oracleView(ctx, a, r.now)),
          r,
        ),
    ],
    ['GET', '/v2/oracles/{symbol}', (r) => withAsset(r, (a) => ok(oracleView(ctx, a, r.now)))],
    ['POST', `${swap}/rfq`, (r) => handleRfq(ctx, r.contentType, r.body, r.now)],
    [
      'GET',
      `${swap}/quote/{id}`,
      (r) => {
        const quote = ctx.quotes.get(r.params.id ?? '');
        if (quote === undefined)
          return apiError(404, 'QuoteNotFound', 'no quote with this id', { field: 'id' });
        return ok({
          id: quote.id,
          symbol: quote.symbol,
          side: quote.side,
          quantity: quote.quantity,
          cashAmount: quote.cashAmount,
          priceCents: quote.priceCents,
          ...quoteStatusesAt(quote, r.now),
          // The transaction fields stay empty until the local chain can build them.
          signature: null,
          signaturePayload: null,
          createdAt: new Date(quote.createdAt).toISOString(),
          quoteValiditySeconds: quote.quoteValiditySeconds,
          executionTimeoutSeconds: quote.executionTimeoutSeconds,
        });
      },
    ],
    [
      'GET',
      `${swap}/assets`,
      (r) =>
        page(
          SEED_ASSETS.map((a) => swapAssetView(ctx, a, r.now)),
          r,
        ),
    ],
    ['GET', '/trades/market/fees', (r) => page(SEED_FEES, r)],
    [
      'GET',
      '/client/registered-wallets',
      (r) =>
        page(
          [
            ...ctx.whitelistedWallets.map((walletIdentifier) => ({
              walletIdentifier,
              network: 'solana',
              status: 'Whitelisted',
              registeredAt: SIM_WALLET_REGISTERED_AT,
            })),
            {
              walletIdentifier: DEFAULT_PENDING_WALLET,
              network: 'solana',
              status: 'Pending',
              registeredAt: SIM_WALLET_REGISTERED_AT,
            },
          ],
          r,
        ),
    ],
    ['GET', '/client/limits', (r) => page(SEED_ASSETS.map(limitView), r)],
    [
      'GET',
      '/client/usage',
      (r) =>
        page(
          SEED_ASSETS.map((a) => usageView(ctx, a, r.now)),
          r,
        ),
    ],
  ];
  return [...first, ...table].map(([method, template, handle]) => ({
    method,
    template,
    pattern: compile(template),
    handle,
  }));
}
