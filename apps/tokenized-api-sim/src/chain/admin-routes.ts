// The issuer's side of the simulator (authenticated like /client/*): corporate actions, the
// issuer's powers over holders and mints, balances read from the chain. For demos and tests.
import type { Address } from '@solana/kit';
import { parseFixed } from '../fixed-point.ts';
import type { SimRequest } from '../routes.ts';
import { apiError, ok, type SimResponse } from '../sim-response.ts';
import type { ChainRoute } from './chain-route.ts';
import type { startCorporateActions } from './corporate-actions.ts';
import { IssuerPowerUnavailableError, type issuerPowers } from './issuer-powers.ts';
import type { WorldChain, WorldStock } from './world-chain.ts';

const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const MULTIPLIER = /^\d{1,6}(?:\.\d{1,12})?$/;
const REASONS = ['FeeAccrual', 'Dividend', 'Split', 'ReverseSplit', 'Administrative'];

type Body = Record<string, unknown>;

function jsonBody(request: SimRequest): Body | SimResponse {
  try {
    const parsed: unknown = JSON.parse(request.body);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Body;
  } catch {
    // answered below
  }
  return apiError(400, 'InvalidBody', 'the body must be a JSON object');
}

const isResponse = (value: unknown): value is SimResponse =>
  typeof value === 'object' && value !== null && 'status' in value && 'body' in value;

/**
 * The admin routes over `world`.
 *
 * @example
 * routes.push(...adminRoutes(world, powers, actions));
 */
export function adminRoutes(
  world: WorldChain,
  powers: ReturnType<typeof issuerPowers>,
  actions: ReturnType<typeof startCorporateActions>,
): ChainRoute[] {
  /** Parses `{ symbol, owner? }` and runs `act` with the stock; a refused power is a 409. */
  const withStock =
    (needsOwner: boolean, act: (stock: WorldStock, body: Body) => Promise<SimResponse>) =>
    async (request: SimRequest): Promise<SimResponse> => {
      const body = jsonBody(request);
      if (isResponse(body)) return body;
      const stock = typeof body.symbol === 'string' ? world.stock(body.symbol) : undefined;
      if (stock === undefined) {
        return apiError(404, 'AssetNotFound', 'no world mint with this symbol', {
          field: 'symbol',
        });
      }
      if (needsOwner && !(typeof body.owner === 'string' && BASE58_ADDRESS.test(body.owner))) {
        return apiError(400, 'InvalidField', 'owner must be a base58 address', { field: 'owner' });
      }
      try {
        return await act(stock, body);
      } catch (error) {
        if (error instanceof IssuerPowerUnavailableError) {
          return apiError(409, 'IssuerPowerUnavailable', error.message, {
            details: { power: error.power },
          });
        }
        throw error;
      }
    };

  const actionView = (a: ReturnType<typeof actions.list>[number]) => ({
    symbol: a.symbol,
    multiplier: a.multiplier,
    effectiveAt: new Date(Number(a.effectiveAt) * 1000).toISOString(),
    effectiveTimestamp: Number(a.effectiveAt),
    reason: a.reason,
    status: a.status,
    signature: a.signature,
    /** From the simulator's own schedule (`--chain-corporate-actions`), not this API. */
    builtIn: a.builtIn,
  });

  return [
    ['GET', '/admin/corporate-actions', () => ok({ data: actions.list().map(actionView) })],
    [
      'POST',
      '/admin/corporate-actions',
      withStock(false, async (stock, body) => {
        const { multiplier, effectiveTimestamp, reason = 'Administrative' } = body;
        if (
          typeof multiplier !== 'string' ||
          !MULTIPLIER.test(multiplier) ||
          (parseFixed(multiplier, 12) ?? 0n) <= 0n
        ) {
          return apiError(400, 'InvalidField', 'multiplier must be a positive decimal string', {
            field: 'multiplier',
          });
        }
        if (!Number.isSafeInteger(effectiveTimestamp) || (effectiveTimestamp as number) < 0) {
          return apiError(400, 'InvalidField', 'effectiveTimestamp must be unix seconds', {
            field: 'effectiveTimestamp',
          });
        }
        if (typeof reason !== 'string' || !REASONS.includes(reason)) {
          return apiError(400, 'InvalidField', `reason must be one of ${REASONS.join(', ')}`, {
            field: 'reason',
          });
        }
        const at = BigInt(effectiveTimestamp as number);
        const action = await actions.schedule(stock, multiplier, at, reason);
        return { status: 202, body: actionView(action) };
      }),
    ],
    [
      'POST',
      '/admin/holders/freeze',
      withStock(true, async (stock, body) =>
        ok({ signature: await powers.freeze(stock, body.owner as string) }),
      ),
    ],
    [
      'POST',
      '/admin/holders/thaw',
      withStock(true, async (stock, body) =>
        ok({ signature: await powers.thaw(stock, body.owner as string) }),
      ),
    ],
    [
      'POST',
      '/admin/mints/pause',
      withStock(false, async (stock) => ok({ signature: await powers.pause(stock, true) })),
    ],
    [
      'POST',
      '/admin/mints/resume',
      withStock(false, async (stock) => ok({ signature: await powers.pause(stock, false) })),
    ],
    [
      'POST',
      '/admin/holders/burn',
      withStock(true, async (stock, body) => {
        const amount = rawAmountOf(body);
        if (isResponse(amount)) return amount;
        return ok({ signature: await powers.burn(stock, body.owner as string, amount) });
      }),
    ],
    [
      'POST',
      '/admin/holders/move',
      withStock(true, async (stock, body) => {
        const amount = rawAmountOf(body);
        if (isResponse(amount)) return amount;
        if (!(typeof body.to === 'string' && BASE58_ADDRESS.test(body.to))) {
          return apiError(400, 'InvalidField', 'to must be a base58 address', { field: 'to' });
        }
        return ok({
          signature: await powers.move(stock, body.owner as string, body.to, amount),
        });
      }),
    ],
    [
      'GET',
      '/admin/balances/{wallet}',
      async (request) => {
        const wallet = request.params.wallet ?? '';
        if (!BASE58_ADDRESS.test(wallet)) {
          return apiError(400, 'InvalidField', 'wallet must be a base58 address', {
            field: 'wallet',
          });
        }
        const holdings = [
          { symbol: 'USD', ...world.manifest.stablecoin },
          ...world.manifest.stocks.map((s) => ({
            symbol: s.symbol,
            mint: s.mint,
            decimals: s.decimals,
            tokenProgram: s.tokenProgram,
          })),
        ];
        const data = await Promise.all(
          holdings.map(async (h) => {
            const account = await powers.holderAccount(
              { mint: h.mint, tokenProgram: h.tokenProgram } as WorldStock,
              wallet,
            );
            const raw = tokenAmount(await world.accountData(account as Address));
            return {
              symbol: h.symbol,
              mint: h.mint,
              account,
              rawAmount: raw.toString(),
              decimals: h.decimals,
            };
          }),
        );
        return ok({ wallet, data });
      },
    ],
  ];
}

const U64_MAX = 2n ** 64n - 1n;

/** `rawAmount`: base units of the mint as a decimal string, 1 to u64::MAX. */
function rawAmountOf(body: Body): bigint | SimResponse {
  const text = body.rawAmount;
  const value = typeof text === 'string' && /^\d{1,20}$/.test(text) ? BigInt(text) : 0n;
  if (value <= 0n || value > U64_MAX) {
    return apiError(400, 'InvalidField', 'rawAmount must be a positive integer string (u64)', {
      field: 'rawAmount',
    });
  }
  return value;
}

/** The amount of a token account (0 when it does not exist). */
function tokenAmount(data: Uint8Array | null): bigint {
  if (data === null || data.length < 72) return 0n;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(64, true);
}
