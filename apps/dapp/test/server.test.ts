// The dapp server: configuration errors, CSP and security headers, the geofence per request,
// the built bundle and client routes, the read-only forwards, published claims, --help.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, createLogger, createMetrics, type ServiceServer } from '@basket/service-kit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDappConfig } from '../src/server/config.ts';
import { contentSecurityPolicy } from '../src/server/csp.ts';
import { createDappServer } from '../src/server/dapp-server.ts';
import type { Session } from '../src/shared/public-config.ts';
import { writeFixtureManifest } from './fixture-manifest.ts';

const manifest = writeFixtureManifest();
const env = (extra: Record<string, string> = {}) => ({
  DAPP_ENV: 'local',
  WORLD_MANIFEST: manifest,
  SOLANA_RPC_URL: 'http://127.0.0.1:8899',
  SOLANA_WS_URL: 'ws://127.0.0.1:8900',
  TOKENIZED_API_URL: 'http://127.0.0.1:1/api/v2',
  ...extra,
});

describe('configuration', () => {
  it('names every bad variable on its own line', () => {
    try {
      loadDappConfig({
        ...env(),
        DAPP_PORT: 'x',
        DAPP_BLOCKED_COUNTRIES: 'US,Iran',
        DAPP_WHEN_COUNTRY_UNKNOWN: 'maybe',
        TOKENIZED_API_URL: 'http://h/api',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const lines = (error as ConfigError).lines.join('\n');
      for (const name of [
        'DAPP_PORT',
        'DAPP_BLOCKED_COUNTRIES',
        'DAPP_WHEN_COUNTRY_UNKNOWN',
        'TOKENIZED_API_URL',
      ]) {
        expect(lines).toContain(name);
      }
    }
  });

  it('takes the deployment from the manifest and the treasury address from the public half of its key', () => {
    const config = loadDappConfig(env());
    expect(config.deployment.skus[0]?.skuId).toBe('TECH1');
    expect(config.deployment.treasury).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect([...config.blockedCountries]).toEqual(['US', 'CU', 'IR', 'KP', 'SY']);
    // The local world (DAPP_ENV=local) has no edge to set the country header; production
    // blocks an unknown country whatever the manifest (public-edges.test.ts).
    expect(config.whenCountryUnknown).toBe('allow');
  });

  it('--help prints the variables and exits 0', () => {
    const out = execFileSync(
      'npx',
      ['tsx', join(import.meta.dirname, '../src/main.ts'), '--help'],
      { encoding: 'utf8' },
    );
    expect(out).toContain('DAPP_BLOCKED_COUNTRIES');
    expect(out).toContain('deterrent, not a guarantee');
  });

  it('a bad configuration exits 2 with the variable named', () => {
    const run = spawnSync('npx', ['tsx', join(import.meta.dirname, '../src/main.ts')], {
      encoding: 'utf8',
      env: { ...process.env, ...env({ DAPP_PORT: '70000' }) },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('DAPP_PORT');
  });
});

describe('CSP', () => {
  it('allows connections only to itself and the configured RPC origins', () => {
    const csp = contentSecurityPolicy({
      connectOrigins: ['https://rpc.example/path?x=1', 'wss://rpc.example/ws'],
    });
    expect(csp).toContain("connect-src 'self' https://rpc.example wss://rpc.example;");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe');
  });
});

describe('the server', () => {
  let app: ServiceServer;
  let upstream: FastifyInstance;
  let upstreamCalls: string[] = [];
  const dist = mkdtempSync(join(tmpdir(), 'dapp-dist-'));
  const distributions = mkdtempSync(join(tmpdir(), 'dapp-dist-artifacts-'));

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>Basket</title><div id="root"></div>',
    );
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
    upstream = Fastify();
    upstream.get('/*', async (request) => {
      upstreamCalls.push(request.url);
      return { url: request.url };
    });
    const upstreamUrl = await upstream.listen({ host: '127.0.0.1', port: 0 });
    const config = loadDappConfig(
      env({
        DAPP_DIST_DIR: dist,
        DAPP_BLOCKED_COUNTRIES: 'US,IR',
        DAPP_WHEN_COUNTRY_UNKNOWN: 'block',
        TOKENIZED_API_URL: `${upstreamUrl}/api/v2`,
        INDEXER_URL: upstreamUrl,
        DAPP_DISTRIBUTIONS_DIR: distributions,
      }),
    );
    writeFileSync(
      join(distributions, 'epoch-1.json'),
      JSON.stringify({
        version: 1,
        programId: config.deployment.programs.rewards,
        epochId: '1',
        rewardMints: ['M'],
        totals: ['10'],
        root: '00',
        claims: [
          {
            claimant: 'So11111111111111111111111111111111111111112',
            amounts: ['10'],
            proof: ['ab'],
          },
        ],
      }),
    );
    writeFileSync(
      join(distributions, 'other.json'),
      JSON.stringify({
        version: 1,
        programId: 'someone-else',
        epochId: '2',
        claims: [
          { claimant: 'So11111111111111111111111111111111111111112', amounts: ['5'], proof: [] },
        ],
      }),
    );
    app = await createDappServer(
      config,
      createLogger({ name: 'dapp-test', level: 'silent' }),
      createMetrics('dapp_test'),
    );
  });
  afterAll(async () => {
    await app?.close();
    await upstream?.close();
  });

  it('serves the bundle and client routes with the CSP and security headers', async () => {
    for (const path of ['/', '/vaults/TECH1', '/portfolio']) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain(
        "connect-src 'self' http://127.0.0.1:8899 ws://127.0.0.1:8900",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe(
      'console.log(1)',
    );
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('decides the geofence per request from the edge header, falling back when absent', async () => {
    const session = async (headers: Record<string, string>) => {
      const res = await app.inject({ method: 'GET', url: '/api/session', headers });
      expect(res.headers['cache-control']).toBe('no-store');
      return res.json() as Session;
    };
    expect((await session({ 'x-country-code': 'us' })).geofence).toMatchObject({
      allowed: false,
      country: 'US',
    });
    expect((await session({ 'x-country-code': 'FR' })).geofence).toMatchObject({
      allowed: true,
      country: 'FR',
    });
    const fallback = await session({});
    expect(fallback.geofence).toMatchObject({ allowed: false, source: 'fallback' });
    expect(fallback.terms.text).toContain('restricted jurisdictions');
    expect(fallback.config.skus[0]?.assets[0]?.symbol).toBe('AAPLx');
    expect(JSON.stringify(fallback)).not.toMatch(/secret|apiKey|keys/i);
    const metrics = (await app.admin.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain(
      'dapp_test_geofence_decisions_total{allowed="false",source="edge-header"} 1',
    );
  });

  it('forwards only public reads, GET only', async () => {
    upstreamCalls = [];
    const ok = await app.inject({
      method: 'GET',
      url: '/asset-api/api/v2/public/assets/AAPLx?network=solana',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ url: '/api/v2/public/assets/AAPLx?network=solana' });
    expect(
      (await app.inject({ method: 'GET', url: '/indexer/api/skus/TECH1/nav-history' })).json(),
    ).toEqual({
      url: '/api/skus/TECH1/nav-history',
    });
    for (const url of [
      '/asset-api/api/v2/client/limits',
      '/asset-api/api/v2/trades/swap/rfq',
      '/indexer/api/unread-events',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect(
      (await app.inject({ method: 'POST', url: '/asset-api/api/v2/public/assets' })).statusCode,
    ).toBe(404);
    expect(upstreamCalls).toHaveLength(2);
  });

  it('serves a wallet’s claims from artifacts of this deployment only', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/claims/So11111111111111111111111111111111111111112',
    });
    expect(res.json()).toEqual({
      claims: [{ epochId: '1', rewardMints: ['M'], amounts: ['10'], proof: ['ab'] }],
    });
    expect(
      (await app.inject({ method: 'GET', url: '/api/claims/not-an-address' })).statusCode,
    ).toBe(400);
  });
});
