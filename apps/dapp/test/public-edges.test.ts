// What a stranger meets at the dapp server (issue 37): the geofence decided here from the
// trusted proxy's header (exactly one value, believed only from that proxy, block when
// unknown unless the deployment says otherwise), the browser's RPC its own setting, HSTS in
// production, per-client limits, bounded forwards, a claims cache random wallets cannot
// evict, /metrics off the public listener.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, createLogger, createMetrics, type ServiceServer } from '@basket/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsIndex } from '../src/server/claims.ts';
import { type DappConfig, loadDappConfig } from '../src/server/config.ts';
import { createDappServer } from '../src/server/dapp-server.ts';
import type { Session } from '../src/shared/public-config.ts';
import { writeFixtureManifest } from './fixture-manifest.ts';

const manifest = writeFixtureManifest();
const PROXY = '10.0.0.5';
/** A production deployment behind one proxy; the server's RPC carries a provider key. */
const production = (extra: Record<string, string> = {}) => ({
  WORLD_MANIFEST: manifest,
  SOLANA_RPC_URL: 'https://rpc.provider.example/?api-key=SERVER-SECRET-KEY',
  SOLANA_WS_URL: 'wss://rpc.provider.example/?api-key=SERVER-SECRET-KEY',
  DAPP_PUBLIC_RPC_URL: 'https://public-rpc.example',
  DAPP_PUBLIC_WS_URL: 'wss://public-rpc.example',
  DAPP_DOMAIN: 'app.example',
  DAPP_TRUSTED_PROXIES: `${PROXY},10.1.0.0/16`,
  TOKENIZED_API_URL: 'http://127.0.0.1:1/api/v2',
  DAPP_BLOCKED_COUNTRIES: 'US,IR',
  ...extra,
});

const configError = (env: Record<string, string | undefined>): string => {
  try {
    loadDappConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).lines.join('\n');
  }
  return '';
};

describe('production configuration', () => {
  it('blocks an unknown country by default even with a world manifest', () => {
    expect(loadDappConfig(production()).whenCountryUnknown).toBe('block');
    expect(
      loadDappConfig(production({ DAPP_WHEN_COUNTRY_UNKNOWN: 'allow' })).whenCountryUnknown,
    ).toBe('allow');
  });

  it("requires the browser's RPC as its own setting, never the server's", () => {
    const { DAPP_PUBLIC_RPC_URL: _r, DAPP_PUBLIC_WS_URL: _w, ...without } = production();
    const missing = configError(without);
    expect(missing).toContain('DAPP_PUBLIC_RPC_URL');
    expect(missing).toContain('DAPP_PUBLIC_WS_URL');
    const same = configError(
      production({
        DAPP_PUBLIC_RPC_URL: 'https://rpc.provider.example/?api-key=SERVER-SECRET-KEY',
      }),
    );
    expect(same).toContain("DAPP_PUBLIC_RPC_URL: must not be the server's SOLANA_RPC_URL");
  });

  it('requires the trusted proxy and the domain, and checks the proxy list', () => {
    const { DAPP_TRUSTED_PROXIES: _p, ...noProxy } = production();
    expect(configError(noProxy)).toContain('DAPP_TRUSTED_PROXIES: required in production');
    const { DAPP_DOMAIN: _d, ...noDomain } = production();
    expect(configError(noDomain)).toContain('DAPP_DOMAIN');
    expect(configError(production({ DAPP_TRUSTED_PROXIES: '10.0.0.5,nope' }))).toContain(
      'DAPP_TRUSTED_PROXIES',
    );
  });
});

describe('the production server', () => {
  let app: ServiceServer;
  let upstream: FastifyInstance;
  let config: DappConfig;
  let releaseUpstream: () => void = () => {};
  let upstreamArrivals = 0;
  const dist = mkdtempSync(join(tmpdir(), 'dapp-edges-'));

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    upstream = Fastify();
    // Holds every request until released: forwards stay in flight as long as the test wants.
    let gate = Promise.resolve();
    upstream.get('/*', async () => {
      upstreamArrivals += 1;
      await gate;
      return { ok: true };
    });
    const upstreamUrl = await upstream.listen({ host: '127.0.0.1', port: 0 });
    gate = new Promise<void>((r) => {
      releaseUpstream = r;
    });
    config = loadDappConfig(
      production({
        DAPP_DIST_DIR: dist,
        INDEXER_URL: upstreamUrl,
        DAPP_RATE_LIMIT_PER_MINUTE: '40',
        DAPP_FORWARD_CONCURRENCY: '1',
      }),
    );
    app = await createDappServer(
      config,
      createLogger({ name: 'dapp-edges', level: 'silent' }),
      createMetrics('dapp_edges'),
    );
  });
  afterAll(async () => {
    releaseUpstream();
    await app?.close();
    await upstream?.close();
  });

  // Each test speaks from its own client addresses, so the per-client limit of one does not
  // spill into another.
  const session = async (
    headers: Record<string, string | string[]>,
    remoteAddress = PROXY,
    forwardedFor = '198.51.100.1',
  ) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/session',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor, ...headers },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as Session;
  };

  it('takes the country from the trusted proxy, exactly one two-letter value', async () => {
    expect((await session({ 'x-country-code': 'fr' })).geofence).toMatchObject({
      allowed: true,
      country: 'FR',
    });
    expect((await session({ 'x-country-code': 'US' })).geofence).toMatchObject({
      allowed: false,
      country: 'US',
    });
    // Repeated (Node would join it into "FR, US") or malformed: refused, never allowed
    for (const value of [['FR', 'US'], ['FR', 'FR'], 'USA', 'F-', 'FR, US', '']) {
      expect((await session({ 'x-country-code': value })).geofence).toMatchObject({
        allowed: false,
        source: 'refused',
      });
    }
    // Absent: the deployment's rule, block by default
    expect((await session({})).geofence).toMatchObject({ allowed: false, source: 'fallback' });
    // From a subnet the list names, believed too
    expect((await session({ 'x-country-code': 'FR' }, '10.1.2.3')).geofence.allowed).toBe(true);
  });

  it('does not believe the header from anyone but the proxy', async () => {
    const direct = await session({ 'x-country-code': 'FR' }, '203.0.113.7');
    expect(direct.geofence).toMatchObject({ allowed: false, source: 'fallback' });
  });

  it('hands out the public RPC only, sends HSTS, and keeps /metrics off this listener', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/session',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '198.51.100.2' },
    });
    expect(res.body).not.toContain('SERVER-SECRET-KEY');
    expect(res.headers['content-security-policy']).not.toContain('provider.example');
    expect((res.json() as Session).config.rpcUrl).toBe('https://public-rpc.example');
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    const terms = (res.json() as Session).terms;
    expect(terms).toMatchObject({ domain: 'app.example', cluster: 'localnet' });
    expect(terms.nonce).toMatch(/^[0-9a-z]+\.[\w-]+\.[\w-]+$/);
    // The public listener answers /metrics with the page's client route, never the metrics
    const publicMetrics = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: PROXY,
    });
    expect(publicMetrics.body).not.toContain('dapp_edges_');
    expect((await app.admin.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });

  it('limits each client (behind the proxy: the address it forwards) with 429', async () => {
    const get = (client: string) =>
      app.inject({
        method: 'GET',
        url: '/api/session',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': client },
      });
    const codes: number[] = [];
    for (let i = 0; i < 41; i += 1) codes.push((await get('198.51.100.50')).statusCode);
    expect(codes.slice(0, 40).every((c) => c === 200)).toBe(true);
    expect(codes[40]).toBe(429);
    expect((await get('198.51.100.51')).statusCode).toBe(200);
  });

  it('bounds the forwards to the indexer: one in flight, one waiting, the rest 503 at once', async () => {
    const forward = (client: string) =>
      app.inject({
        method: 'GET',
        url: '/indexer/api/skus/made-up-sku',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': client },
      });
    const first = forward('198.51.100.60');
    const second = forward('198.51.100.61');
    // The first reaches the held upstream; the second waits in the limiter's one place
    while (upstreamArrivals < 1) await new Promise((r) => setImmediate(r));
    const refused = await Promise.all(
      Array.from({ length: 5 }, (_, i) => forward(`198.51.100.${70 + i}`)),
    );
    expect(refused.map((r) => r.statusCode)).toEqual([503, 503, 503, 503, 503]);
    expect(refused[0]?.headers['retry-after']).toBe('1');
    releaseUpstream();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect(upstreamArrivals).toBe(2);
  });
});

describe('the claims index', () => {
  it('reads the artifacts once for a flood of made-up wallets, and keeps answering the real one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dapp-claims-'));
    const claimant = 'So11111111111111111111111111111111111111112';
    writeFileSync(
      join(dir, 'epoch-1.json'),
      JSON.stringify({
        version: 1,
        programId: 'P',
        epochId: '1',
        rewardMints: ['M'],
        claims: [{ claimant, amounts: ['10'], proof: [] }],
      }),
    );
    const index = claimsIndex(dir, 'P', 3_600_000);
    const made = Array.from({ length: 500 }, (_, i) => `Wallet${i.toString().padStart(30, '1')}`);
    const answers = await Promise.all(made.map((w) => index.of(w)));
    expect(answers.every((a) => a.length === 0)).toBe(true);
    expect(await index.of(claimant)).toEqual([
      { epochId: '1', rewardMints: ['M'], amounts: ['10'], proof: [] },
    ]);
    expect(index.reads()).toBe(1);
  });
});
