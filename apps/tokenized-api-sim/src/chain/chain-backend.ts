// The simulator backed by the local chain: RFQ fills as real transactions, quote statuses
// from the chain, token lists, balances and proof of reserves read from it, corporate actions
// and the issuer's powers carried out on it (admin routes).
import { formatFixed } from '../fixed-point.ts';
import type { QuoteBook, QuoteRecord } from '../quote-book.ts';
import type { SimRequest } from '../routes.ts';
import { SEED_ASSETS } from '../seed-data.ts';
import { apiError, ok, paginate, type SimResponse } from '../sim-response.ts';
import { assetView } from '../views.ts';
import { adminRoutes } from './admin-routes.ts';
import { type AdversaryMode, tamperFill } from './adversarial-fills.ts';
import { adversaryRoute, adversaryWorldOf, cosignTampered } from './adversarial-fills-world.ts';
import type { ChainRoute } from './chain-route.ts';
import { startCorporateActions } from './corporate-actions.ts';
import { type FillState, fillState, isFinalFillState, statusesOf } from './fill-status.ts';
import { issuerPowers } from './issuer-powers.ts';
import { multiplierAt } from './mint-state.ts';
import { cosignWrappedFill } from './rfq-cosign.ts';
import { type BuiltFill, buildRfqFill } from './rfq-transaction.ts';
import type { WorldChain } from './world-chain.ts';

/**
 * Creates the chain side of the simulator for `world`.
 *
 * @example
 * const backend = createChainBackend(world, { quotes, swapPrefix: '/trades/swap', onError });
 */
export function createChainBackend(
  world: WorldChain,
  options: {
    quotes: QuoteBook;
    swapPrefix: string;
    maxPageSize: number;
    onError: (error: unknown) => void;
  },
) {
  const powers = issuerPowers(world);
  const actions = startCorporateActions(world, powers, options.onError);
  // `fill` is replaced when the taker's wrapped message is co-signed (its id changes with it).
  const fills = new Map<string, { fill: BuiltFill; final: FillState | null }>();
  // The hostile market maker's mode (POST /admin/adversarial), null when honest.
  const adversary: { mode: AdversaryMode | null } = { mode: null };
  const adversaryWorld = adversaryWorldOf(world);

  async function fill(
    quote: QuoteRecord,
    trade: Readonly<{ quantity8: bigint; priceCents: bigint }>,
  ): Promise<SimResponse> {
    const stock = world.stock(quote.symbol);
    if (stock === undefined) {
      return apiError(422, 'UnknownAsset', 'the local world has no mint for this symbol', {
        field: 'symbol',
      });
    }
    let built: BuiltFill;
    try {
      built = await buildRfqFill(world, {
        stock,
        side: quote.side,
        quantity8: trade.quantity8,
        priceCents: trade.priceCents,
        taker: quote.walletIdentifier,
        quoteId: quote.id,
        computeBudget: quote.computeBudget ?? null,
        ...(adversary.mode
          ? { tamper: tamperFill.bind(null, adversaryWorld, adversary.mode) }
          : {}),
      });
    } catch (error) {
      options.onError(error);
      return apiError(503, 'FillUnavailable', 'the market maker could not build the fill');
    }
    options.quotes.add(quote);
    fills.set(quote.id, { fill: built, final: null });
    return ok({ id: quote.id, signature: built.transaction, signaturePayload: built.payload });
  }

  async function quoteState(request: SimRequest): Promise<SimResponse> {
    const id = request.params.id ?? '';
    const quote = options.quotes.get(id);
    const entry = fills.get(id);
    if (quote === undefined || entry === undefined) {
      return apiError(404, 'QuoteNotFound', 'no quote with this id', { field: 'id' });
    }
    // Final states are kept: a landed, failed or expired fill never changes again.
    const state =
      entry.final ??
      (await fillState(world, entry.fill.signature, entry.fill.lastValidBlockHeight));
    if (isFinalFillState(state)) entry.final = state;
    return ok({
      id: quote.id,
      symbol: quote.symbol,
      side: quote.side,
      quantity: quote.quantity,
      cashAmount: quote.cashAmount,
      priceCents: quote.priceCents,
      ...statusesOf(state),
      signature: entry.fill.transaction,
      signaturePayload: entry.fill.payload,
      transactionSignature: entry.fill.signature,
      createdAt: new Date(quote.createdAt).toISOString(),
      quoteValiditySeconds: quote.quoteValiditySeconds,
      executionTimeoutSeconds: quote.executionTimeoutSeconds,
    });
  }

  /**
   * `POST {swap}/quote/{id}/cosign` `{ transaction }`: the taker's message wrapping the fill
   * (e.g. between a vault's rebalance_leg and rebalance_settle), signed by the market maker
   * when the fill is in it unchanged (rfq-cosign.ts); the quote then follows that transaction.
   */
  async function cosign(request: SimRequest): Promise<SimResponse> {
    const id = request.params.id ?? '';
    const entry = fills.get(id);
    if (entry === undefined) {
      return apiError(404, 'QuoteNotFound', 'no quote with this id', { field: 'id' });
    }
    let body: { transaction?: unknown };
    try {
      body = JSON.parse(request.body) as { transaction?: unknown };
    } catch {
      return apiError(400, 'InvalidJson', 'the body is not valid JSON');
    }
    if (typeof body.transaction !== 'string') {
      return apiError(400, 'InvalidField', 'transaction (base64) is required', {
        field: 'transaction',
      });
    }
    if (entry.final !== null) {
      return apiError(409, 'QuoteFinal', 'the quote is already final');
    }
    const result =
      (adversary.mode &&
        (await cosignTampered(world.marketMaker, adversary.mode, body.transaction))) ||
      (await cosignWrappedFill(world.marketMaker, entry.fill.transaction, body.transaction));
    if (!result.ok) return apiError(422, result.refusal, result.message);
    entry.fill = { ...entry.fill, transaction: result.transaction, signature: result.signature };
    return ok({ id, signature: result.transaction, transactionSignature: result.signature });
  }

  /** The seeded asset with its deployment on the world's mint. */
  const worldAssetView = (asset: (typeof SEED_ASSETS)[number]) => {
    const stock = world.stock(asset.symbol);
    const view = assetView(asset);
    return stock === undefined
      ? view
      : {
          ...view,
          deployments: [{ network: 'solana', mintAddress: stock.mint, decimals: stock.decimals }],
        };
  };

  /** Supply read from the mint, in displayed tokens (raw × multiplier in force). */
  async function reserves(symbol: string): Promise<SimResponse> {
    const stock = world.stock(symbol);
    if (stock === undefined) return apiError(404, 'AssetNotFound', 'no asset with this symbol');
    const mint = await powers.mintOf(stock);
    const m = multiplierAt(mint, await world.chainUnixSeconds());
    const scale = 10n ** BigInt(mint.decimals);
    // Displayed supply at 8 decimals, rounded up: reserves are never under-reported.
    const supply8 = (mint.supply * m.num * 100_000_000n + scale * m.den - 1n) / (scale * m.den);
    return ok({
      symbol,
      reservesQuantity: formatFixed(supply8, 8),
      circulatingSupply: formatFixed(supply8, 8),
      collateralizationRatio: '1.0000',
      custodian: 'Simulated Custody AG',
      asOf: new Date().toISOString(),
      mintAddress: stock.mint,
      rawSupply: mint.supply.toString(),
      multiplier: m.text,
    });
  }

  /** The mint's multipliers: the one in force and a pending change (0 when none is pending). */
  async function multiplier(request: SimRequest): Promise<SimResponse> {
    const symbol = request.params.symbol ?? '';
    const stock = world.stock(symbol);
    if (stock === undefined) return apiError(404, 'AssetNotFound', 'no asset with this symbol');
    const network = request.query.get('network') ?? 'solana';
    if (network !== 'solana') {
      return apiError(400, 'UnsupportedNetwork', 'the local world is on solana', {
        field: 'network',
      });
    }
    const mint = await powers.mintOf(stock);
    const now = await world.chainUnixSeconds();
    const current = multiplierAt(mint, now);
    const pending =
      mint.scaled !== null && mint.scaled.effectiveTimestamp > now ? mint.scaled : null;
    const action = actions
      .list()
      .find(
        (a) =>
          a.symbol === symbol &&
          a.status === 'announced' &&
          a.effectiveAt === pending?.effectiveTimestamp,
      );
    return ok({
      symbol,
      network,
      currentMultiplier: current.text,
      newMultiplier: pending?.newMultiplier.text ?? current.text,
      activationDateTime: pending === null ? 0 : Number(pending.effectiveTimestamp),
      reason: pending === null ? null : (action?.reason ?? 'Administrative'),
    });
  }

  const routes: ChainRoute[] = [
    ['GET', '/public/assets/{symbol}/multiplier', multiplier],
    ['GET', `${options.swapPrefix}/quote/{id}`, quoteState],
    ['POST', `${options.swapPrefix}/quote/{id}/cosign`, cosign],
    ['GET', '/public/proof-of-reserves/{symbol}', (r) => reserves(r.params.symbol ?? '')],
    [
      'GET',
      '/public/assets',
      (r) => paginate(SEED_ASSETS.map(worldAssetView), r.query, options.maxPageSize),
    ],
    [
      'GET',
      '/public/assets/{symbol}',
      (r) => {
        const asset = SEED_ASSETS.find((a) => a.symbol === r.params.symbol);
        return asset === undefined
          ? apiError(404, 'AssetNotFound', 'no asset with this symbol', { field: 'symbol' })
          : ok(worldAssetView(asset));
      },
    ],
    ...adminRoutes(world, powers, actions),
    adversaryRoute(adversary),
  ];

  return {
    fill,
    routes,
    /** Wallets the world funded: whitelisted for RFQ in addition to the configured ones. */
    tradingWallets: world.tradingWallets,
    /** The corporate-action scheduler (the built-in schedule is fed to it when configured). */
    actions,
    close: () => actions.stop(),
  };
}
