import { describe, expect, it } from 'vitest';
import { type CacheProfile, createManualClock, createTokenizedApiClient } from '../src/index.ts';
import { priceData, proofOfReserves, systemStatus } from './support/fixtures.ts';
import { BASE_URL, type Reply, scriptedFetch } from './support/scripted-fetch.ts';

function setup(script: Reply[], cacheProfile: CacheProfile) {
  const clock = createManualClock();
  const { fetch, calls } = scriptedFetch(clock, script);
  const client = createTokenizedApiClient({ baseUrl: BASE_URL, fetch, clock, cacheProfile });
  return { clock, client, calls };
}

describe('proof-of-reserves cache', () => {
  it.each(['keeper', 'frontend'] as const)(
    '%s profile: serves it from cache for 5 minutes',
    async (profile) => {
      // Given a first read
      const { clock, client, calls } = setup([{ status: 200, body: proofOfReserves }], profile);
      await client.getProofOfReserves('AAPLx');
      // When read again just before 5 minutes / Then no new request
      await clock.advance(5 * 60_000 - 1);
      await client.getProofOfReserves('AAPLx');
      expect(calls).toHaveLength(1);
      // When read at 5 minutes / Then it is fetched again
      await clock.advance(1);
      await client.getProofOfReserves('AAPLx');
      expect(calls).toHaveLength(2);
    },
  );
});

describe('frontend asset-data cache', () => {
  it('keeps asset data for 60 s in the frontend profile', async () => {
    const { clock, client, calls } = setup([{ status: 200, body: priceData }], 'frontend');
    await client.getPrice('AAPLx');
    await clock.advance(59_999);
    await client.getPrice('AAPLx');
    expect(calls).toHaveLength(1);
    await clock.advance(1);
    await client.getPrice('AAPLx');
    expect(calls).toHaveLength(2);
  });

  it('always fetches fresh asset data in the keeper profile', async () => {
    const { client, calls } = setup([{ status: 200, body: priceData }], 'keeper');
    await client.getPrice('AAPLx');
    await client.getPrice('AAPLx');
    expect(calls).toHaveLength(2);
  });

  it('keys entries by path and query', async () => {
    const { client, calls } = setup(
      [
        { status: 200, body: systemStatus },
        { status: 200, body: { ...systemStatus, symbol: 'TSLAx' } },
      ],
      'frontend',
    );
    await client.getSystemStatus('AAPLx');
    await client.getSystemStatus('TSLAx');
    expect(calls.map((c) => c.url.pathname)).toEqual([
      '/api/v2/public/system/status/AAPLx',
      '/api/v2/public/system/status/TSLAx',
    ]);
  });

  it('never caches failures', async () => {
    const { clock, client, calls } = setup(
      [{ status: 404 }, { status: 200, body: priceData }],
      'frontend',
    );
    await expect(client.getPrice('AAPLx')).rejects.toThrow(/404/);
    await clock.advance(1);
    await expect(client.getPrice('AAPLx')).resolves.toMatchObject({ symbol: 'AAPLx' });
    expect(calls).toHaveLength(2);
  });

  it('gives each caller its own copy of a cached value', async () => {
    const { client } = setup([{ status: 200, body: priceData }], 'frontend');
    const first = await client.getPrice('AAPLx');
    (first as { currency: string }).currency = 'mutated';
    expect((await client.getPrice('AAPLx')).currency).toBe('USD');
  });
});

describe('in-flight deduplication', () => {
  it.each(['keeper', 'frontend'] as const)(
    '%s profile: two concurrent identical calls make one request',
    async (profile) => {
      // Given a slow upstream
      const clock = createManualClock();
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const { fetch: base, calls } = scriptedFetch(clock, [{ status: 200, body: priceData }]);
      const fetch: typeof base = async (input, init) => {
        const response = base(input, init);
        await gate;
        return response;
      };
      const client = createTokenizedApiClient({
        baseUrl: BASE_URL,
        fetch,
        clock,
        cacheProfile: profile,
      });
      // When two identical calls overlap
      const a = client.getPrice('AAPLx');
      const b = client.getPrice('AAPLx');
      release();
      const [pa, pb] = await Promise.all([a, b]);
      // Then one request served both
      expect(calls).toHaveLength(1);
      expect(pa).toEqual(pb);
    },
  );

  it('one caller aborting does not cancel the request shared with another', async () => {
    const clock = createManualClock();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetch: base, calls } = scriptedFetch(clock, [{ status: 200, body: priceData }]);
    const fetch: typeof base = async (input, init) => {
      await gate;
      return base(input, init);
    };
    const client = createTokenizedApiClient({ baseUrl: BASE_URL, fetch, clock });
    const controller = new AbortController();
    const a = client.getPrice('AAPLx', { signal: controller.signal });
    const b = client.getPrice('AAPLx');
    controller.abort();
    release();
    await expect(a).rejects.toThrow(/aborted/);
    await expect(b).resolves.toMatchObject({ symbol: 'AAPLx' });
    expect(calls).toHaveLength(1);
  });
});
