import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createTokenizedApiClient,
  formatDecimal,
  isTokenizedApiError,
  TOKENIZED_API_ERROR__INVALID_RESPONSE,
  type TokenizedApiClient,
} from '../src/index.ts';
import * as body from './support/fixtures.ts';
import { API_KEY, BASE_URL, type Reply, scriptedFetch } from './support/scripted-fetch.ts';

function clientAnswering(reply: Reply): TokenizedApiClient {
  const clock = createManualClock();
  const { fetch } = scriptedFetch(clock, [reply]);
  return createTokenizedApiClient({ baseUrl: BASE_URL, apiKey: API_KEY, fetch, clock });
}

async function invalidField(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isTokenizedApiError(error, TOKENIZED_API_ERROR__INVALID_RESPONSE)) {
    throw new Error(`expected INVALID_RESPONSE, got ${String(error)}`);
  }
  return error.context;
}

describe('response validation', () => {
  it('tolerates unknown extra fields and drops them', async () => {
    const client = clientAnswering({
      status: 200,
      body: { ...body.priceData, source: 'indicative', x: { y: 1 } },
    });
    const price = await client.getPrice('AAPLx');
    expect(price).not.toHaveProperty('source');
    expect(formatDecimal(price.price)).toBe('189.23000000');
  });

  it('names the endpoint and the missing field', async () => {
    const { currentMultiplier: _omit, ...rest } = body.multiplierState;
    const context = await invalidField(
      clientAnswering({ status: 200, body: rest }).getMultiplier('AAPLx'),
    );
    expect(context).toMatchObject({
      operation: 'getMultiplier',
      path: '/public/assets/AAPLx/multiplier',
      field: 'currentMultiplier',
      reason: 'is missing',
      status: 200,
    });
  });

  it.each([
    ['a float price', { ...body.priceData, price: 189.23 }, 'price', /type string/],
    ['an exponent price', { ...body.priceData, price: '1.8923e2' }, 'price', /decimal/],
    ['a zero price', { ...body.priceData, price: '0' }, 'price', /positive/],
    ['a bad timestamp', { ...body.priceData, timestamp: 'yesterday' }, 'timestamp', /ISO/],
  ])('rejects %s', async (_what, reply, field, reason) => {
    const context = await invalidField(
      clientAnswering({ status: 200, body: reply }).getPrice('AAPLx'),
    );
    expect(context.field).toBe(field);
    expect(context.reason).toMatch(reason);
  });

  it('rejects bid/ask that are not integer cents, and a crossed book', async () => {
    const fractional = await invalidField(
      clientAnswering({
        status: 200,
        body: [{ ...body.swapAsset, bidPriceCents: 189.14 }],
      }).listXChangeAssets(),
    );
    expect(fractional.field).toBe('[0].bidPriceCents');
    const crossed = await invalidField(
      clientAnswering({
        status: 200,
        body: [{ ...body.swapAsset, askPriceCents: 18000 }],
      }).listXChangeAssets(),
    );
    expect(crossed).toMatchObject({ field: '[0].askPriceCents', reason: 'is below the bid' });
  });

  it('rejects an unknown enum value', async () => {
    const context = await invalidField(
      clientAnswering({
        status: 200,
        body: { ...body.quoteState, blockchainStatus: 'Done' },
      }).getQuote('q_0001'),
    );
    expect(context).toMatchObject({
      field: 'blockchainStatus',
      reason: 'is not one of the allowed values',
    });
  });

  it('rejects a body that is not JSON', async () => {
    const context = await invalidField(
      clientAnswering({ status: 200, raw: '{"price": "1' }).getPrice('AAPLx'),
    );
    expect(context).toMatchObject({ field: '(body)', reason: 'is not valid JSON' });
  });

  it('rejects an answer about another symbol or quote', async () => {
    const other = await invalidField(
      clientAnswering({
        status: 200,
        body: { ...body.systemStatus, symbol: 'TSLAx' },
      }).getSystemStatus('AAPLx'),
    );
    expect(other.field).toBe('symbol');
    const quote = await invalidField(
      clientAnswering({ status: 200, body: { ...body.quoteState, id: 'q_9' } }).getQuote('q_0001'),
    );
    expect(quote.field).toBe('id');
  });

  it('normalises the multiplier activation time in every form seen upstream', async () => {
    const at = Date.UTC(2025, 0, 7);
    for (const form of ['2025-01-07T00:00:00Z', at / 1000, at]) {
      const state = await clientAnswering({
        status: 200,
        body: { ...body.multiplierState, activationDateTime: form },
      }).getMultiplier('AAPLx', { network: 'solana' });
      expect(state.activationDateTime?.getTime()).toBe(at);
      expect(state.hasPendingChange).toBe(true);
      expect(state.network).toBe('solana');
    }
    const idle = await clientAnswering({
      status: 200,
      body: { currentMultiplier: '1.00000000', newMultiplier: '1.00000000', activationDateTime: 0 },
    }).getMultiplier('AAPLx');
    expect(idle).toMatchObject({
      activationDateTime: null,
      reason: null,
      hasPendingChange: false,
      symbol: 'AAPLx',
    });
  });

  it('sends the network query parameter with multiplier calls', async () => {
    const clock = createManualClock();
    const { fetch, calls } = scriptedFetch(clock, [{ status: 200, body: body.multiplierState }]);
    const client = createTokenizedApiClient({
      baseUrl: BASE_URL,
      fetch,
      clock,
      network: 'solana-devnet',
    });
    await client.getMultiplier('AAPLx');
    await client.getMultiplier('AAPLx', { network: 'solana' });
    expect(calls.map((c) => c.url.searchParams.get('network'))).toEqual([
      'solana-devnet',
      'solana',
    ]);
  });

  it('rejects invalid arguments before sending', async () => {
    const clock = createManualClock();
    const { fetch, calls } = scriptedFetch(clock, [{ status: 200, body: {} }]);
    const client = createTokenizedApiClient({ baseUrl: BASE_URL, apiKey: API_KEY, fetch, clock });
    await expect(client.getAsset('../admin')).rejects.toThrow(/Invalid argument symbol/);
    await expect(client.getQuote('a/b')).rejects.toThrow(/Invalid argument id/);
    await expect(client.getMultiplier('AAPLx', { network: 'a b' })).rejects.toThrow(/network/);
    expect(calls).toHaveLength(0);
  });

  it('keeps the upstream error code and message of a failed call', async () => {
    const client = clientAnswering({
      status: 422,
      body: {
        error: {
          code: 'LimitExceeded',
          message: 'daily limit reached',
          details: { symbol: 'AAPLx' },
        },
      },
    });
    const error = await client.getLimits().catch((e: unknown) => e);
    expect((error as { context: unknown }).context).toMatchObject({
      status: 422,
      upstreamCode: 'LimitExceeded',
      upstreamMessage: 'daily limit reached',
    });
  });
});
