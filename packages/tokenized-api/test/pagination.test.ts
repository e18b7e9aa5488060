import { describe, expect, it } from 'vitest';
import {
  createManualClock,
  createTokenizedApiClient,
  isTokenizedApiError,
  TOKENIZED_API_ERROR__INVALID_RESPONSE,
  TOKENIZED_API_ERROR__TOO_MANY_PAGES,
} from '../src/index.ts';
import { asset, page } from './support/fixtures.ts';
import { BASE_URL, type Reply, scriptedFetch } from './support/scripted-fetch.ts';

function setup(script: Reply[] | ((call: { url: URL }, i: number) => Reply)) {
  const clock = createManualClock();
  const { fetch, calls } = scriptedFetch(clock, script);
  return { client: createTokenizedApiClient({ baseUrl: BASE_URL, fetch, clock }), calls };
}

const withSymbol = (symbol: string) => ({ ...asset, symbol });

describe('paginated lists', () => {
  it('follows hasNextPage and concatenates the pages in order', async () => {
    // Given three pages
    const { client, calls } = setup([
      { status: 200, body: page([withSymbol('AAPLx'), withSymbol('TSLAx')], 1, true) },
      { status: 200, body: page([withSymbol('NVDAx')], 2, true) },
      { status: 200, body: page([withSymbol('SPYx')], 3, false) },
    ]);
    // When the list is read
    const assets = await client.listAssets();
    // Then every page was requested with page/pageSize and the items are in order
    expect(assets.map((a) => a.symbol)).toEqual(['AAPLx', 'TSLAx', 'NVDAx', 'SPYx']);
    expect(
      calls.map((c) => [c.url.searchParams.get('page'), c.url.searchParams.get('pageSize')]),
    ).toEqual([
      ['1', '100'],
      ['2', '100'],
      ['3', '100'],
    ]);
  });

  it('accepts a bare array as an unpaginated list', async () => {
    const { client, calls } = setup([{ status: 200, body: [asset] }]);
    expect(await client.listAssets()).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it('names the page and item of an invalid entry', async () => {
    const { client } = setup([
      { status: 200, body: page([asset], 1, true) },
      { status: 200, body: page([asset, { ...asset, tradingHoursMode: 'Sometimes' }], 2, false) },
    ]);
    const error = await client.listAssets().catch((e: unknown) => e);
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__INVALID_RESPONSE)).toBe(true);
    expect((error as { context: { field: string } }).context.field).toBe(
      'page2.data[1].tradingHoursMode',
    );
  });

  it('rejects a page number that does not match the request', async () => {
    const { client } = setup([
      { status: 200, body: page([asset], 1, true) },
      { status: 200, body: page([asset], 1, false) },
    ]);
    await expect(client.listAssets()).rejects.toThrow(/field page is 1, expected 2/);
  });

  it('rejects an empty page that claims a next page (no endless loop)', async () => {
    const { client } = setup([{ status: 200, body: page([], 1, true) }]);
    await expect(client.listAssets()).rejects.toThrow(/data is empty while hasNextPage/);
  });

  it('stops after 100 pages', async () => {
    const { client, calls } = setup((call) => ({
      status: 200,
      body: page([asset], Number(call.url.searchParams.get('page')), true),
    }));
    const error = await client.listAssets().catch((e: unknown) => e);
    expect(isTokenizedApiError(error, TOKENIZED_API_ERROR__TOO_MANY_PAGES)).toBe(true);
    expect(calls).toHaveLength(100);
  });
});
