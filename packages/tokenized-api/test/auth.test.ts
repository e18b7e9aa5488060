import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createTokenizedApiClient,
  isTokenizedApiError,
  requiresApiKey,
  TOKENIZED_API_ERROR__MISSING_API_KEY,
  TOKENIZED_API_ERROR__UNEXPECTED_REDIRECT,
  type TokenizedApiClient,
} from '../src/index.ts';
import * as body from './support/fixtures.ts';
import { API_KEY, BASE_URL, type Reply, scriptedFetch, VAULT } from './support/scripted-fetch.ts';

const rfq = {
  symbol: 'AAPLx',
  side: 'Sell' as const,
  quantity: '1.5',
  paymentWalletIdentifier: VAULT,
  receivingWalletIdentifier: VAULT,
};

/** Every operation, with a reply that satisfies its schema. */
const OPERATIONS: [string, (c: TokenizedApiClient) => Promise<unknown>, Reply, boolean][] = [
  ['listAssets', (c) => c.listAssets(), { status: 200, body: body.page([body.asset]) }, false],
  ['getAsset', (c) => c.getAsset('AAPLx'), { status: 200, body: body.asset }, false],
  ['getPrice', (c) => c.getPrice('AAPLx'), { status: 200, body: body.priceData }, false],
  [
    'getMultiplier',
    (c) => c.getMultiplier('AAPLx'),
    { status: 200, body: body.multiplierState },
    false,
  ],
  [
    'getMultiplierHistory',
    (c) => c.getMultiplierHistory('AAPLx'),
    { status: 200, body: [body.multiplierChange] },
    false,
  ],
  [
    'getSystemStatus',
    (c) => c.getSystemStatus('AAPLx'),
    { status: 200, body: body.systemStatus },
    false,
  ],
  [
    'getUpcomingCorpActions',
    (c) => c.getUpcomingCorpActions(),
    { status: 200, body: [body.corporateAction] },
    false,
  ],
  [
    'getCorpActionHistory',
    (c) => c.getCorpActionHistory(),
    { status: 200, body: [body.corporateAction] },
    false,
  ],
  [
    'getProofOfReserves',
    (c) => c.getProofOfReserves('AAPLx'),
    { status: 200, body: body.proofOfReserves },
    false,
  ],
  ['getOracles', (c) => c.getOracles(), { status: 200, body: [body.oraclePrice] }, false],
  ['getOracle', (c) => c.getOracle('AAPLx'), { status: 200, body: body.oraclePrice }, false],
  ['requestRfq', (c) => c.requestRfq(rfq), { status: 200, body: body.rfqQuote }, true],
  ['getQuote', (c) => c.getQuote('q_0001'), { status: 200, body: body.quoteState }, true],
  [
    'listXChangeAssets',
    (c) => c.listXChangeAssets(),
    { status: 200, body: [body.swapAsset] },
    true,
  ],
  ['getFees', (c) => c.getFees(), { status: 200, body: [body.fee] }, true],
  [
    'getRegisteredWallets',
    (c) => c.getRegisteredWallets(),
    { status: 200, body: [body.wallet] },
    true,
  ],
  ['getLimits', (c) => c.getLimits(), { status: 200, body: [body.limit] }, true],
  ['getUsage', (c) => c.getUsage(), { status: 200, body: [body.usage] }, true],
];

describe('X-API-Key scope', () => {
  it.each(OPERATIONS)(
    '%s sends the key only on /client, /trades and /bridges paths',
    async (_name, call, reply, authenticated) => {
      // Given a client with a key
      const clock = createManualClock();
      const { fetch, calls } = scriptedFetch(clock, [reply]);
      const client = createTokenizedApiClient({ baseUrl: BASE_URL, apiKey: API_KEY, fetch, clock });
      // When the operation runs
      await call(client);
      // Then the header is present exactly on authenticated paths
      const seen = calls[0];
      expect(seen).toBeDefined();
      const path = seen?.url.pathname.replace('/api/v2', '') ?? '';
      expect(requiresApiKey(path)).toBe(authenticated);
      expect(seen?.headers['X-API-Key']).toBe(authenticated ? API_KEY : undefined);
    },
  );

  it.each(OPERATIONS.filter(([, , , auth]) => auth))(
    '%s without a key fails before any request is sent',
    async (_name, call) => {
      // Given a client without a key
      const clock = createManualClock();
      const { fetch, calls } = scriptedFetch(clock, [{ status: 200, body: {} }]);
      const client = createTokenizedApiClient({ baseUrl: BASE_URL, fetch, clock });
      // When an authenticated operation is called / Then it fails and nothing was sent
      const error = await call(client).catch((e: unknown) => e);
      expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__MISSING_API_KEY)).toBe(true);
      expect(calls).toHaveLength(0);
    },
  );

  it('classifies paths by prefix only', () => {
    expect(requiresApiKey('/bridges/anything')).toBe(true);
    expect(requiresApiKey('/v2/oracles/AAPLx')).toBe(false);
    expect(requiresApiKey('/public/trades/x')).toBe(false);
    expect(requiresApiKey('/tradesx')).toBe(false);
  });

  it('never follows a redirect (it could carry the key to another host)', async () => {
    // Given an upstream that redirects an authenticated call
    const clock = createManualClock();
    const { fetch, calls } = scriptedFetch(clock, [
      { status: 302, headers: { Location: 'https://elsewhere.example/steal' } },
    ]);
    const client = createTokenizedApiClient({ baseUrl: BASE_URL, apiKey: API_KEY, fetch, clock });
    // When it is called / Then it fails once with UNEXPECTED_REDIRECT
    const error = await client.getLimits().catch((e: unknown) => e);
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__UNEXPECTED_REDIRECT)).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('sends the swap routes under another prefix with one option', async () => {
    const clock = createManualClock();
    const { fetch, calls } = scriptedFetch(clock, [{ status: 200, body: [body.swapAsset] }]);
    const client = createTokenizedApiClient({
      baseUrl: BASE_URL,
      apiKey: API_KEY,
      fetch,
      clock,
      swapRoutePrefix: '/trades/xchange',
    });
    await client.listXChangeAssets();
    expect(calls[0]?.url.pathname).toBe('/api/v2/trades/xchange/assets');
    expect(calls[0]?.headers['X-API-Key']).toBe(API_KEY);
  });
});
