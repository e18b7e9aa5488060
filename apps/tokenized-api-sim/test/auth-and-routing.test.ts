import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSimulator } from '../src/index.ts';
import { call, startTestSim } from './support/harness.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startTestSim({ apiKey: 'custom-test-key-123' });
});
afterAll(async () => {
  await sim.close();
});

describe('simulator authentication', () => {
  it.each([
    '/client/limits',
    '/client/usage',
    '/client/registered-wallets',
    '/trades/swap/assets',
    '/trades/market/fees',
    '/bridges/transfers',
  ])('%s answers 401 without the key and with a wrong key', async (path) => {
    const missing = await call(sim, path, { key: null });
    const wrong = await call(sim, path, { key: 'custom-test-key-124' });
    expect([missing.status, (missing.json as { error: { code: string } }).error.code]).toEqual([
      401,
      'MissingApiKey',
    ]);
    expect([wrong.status, (wrong.json as { error: { code: string } }).error.code]).toEqual([
      401,
      'InvalidApiKey',
    ]);
  });

  it('accepts the configured key', async () => {
    expect((await call(sim, '/client/limits', { key: 'custom-test-key-123' })).status).toBe(200);
    // /bridges/* is authenticated but not simulated: with the key, 404
    expect((await call(sim, '/bridges/transfers', { key: 'custom-test-key-123' })).status).toBe(
      404,
    );
  });

  it.each(['/public/assets', '/public/system/status/AAPLx', '/v2/oracles', '/v2/oracles/SPYx'])(
    '%s is open without a key',
    async (path) => {
      expect((await call(sim, path, { key: null })).status).toBe(200);
    },
  );

  it('never records the key value, only whether one was sent', async () => {
    await call(sim, '/client/limits', { key: 'custom-test-key-123' });
    expect(JSON.stringify(sim.requests)).not.toContain('custom-test-key-123');
    expect(sim.requests.at(-1)?.hadApiKey).toBe(true);
  });
});

describe('simulator routing', () => {
  it('answers 404 outside /api/v2 and for unknown endpoints, 405 for a wrong method', async () => {
    const outside = await fetch(`${sim.origin}/public/assets`);
    expect(outside.status).toBe(404);
    expect((await call(sim, '/public/nothing')).status).toBe(404);
    const wrongMethod = await call(sim, '/public/assets', { method: 'POST', body: {} });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
  });

  it('validates pagination and the network parameter', async () => {
    expect((await call(sim, '/public/assets?page=0')).status).toBe(400);
    expect((await call(sim, '/public/assets?pageSize=x')).status).toBe(400);
    const beyond = await call(sim, '/public/assets?page=99');
    expect(beyond.json).toMatchObject({ data: [], hasNextPage: false });
    expect((await call(sim, '/public/assets/AAPLx/multiplier?network=ethereum')).status).toBe(400);
  });

  it('serves a health check', async () => {
    const response = await fetch(`${sim.origin}/healthz`);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});
