// What a stranger meets at the indexer's public port (issue 37), on a real Postgres: the
// webhook secret is checked before the body is read; every client is rate limited except the
// authenticated sender; a made-up SKU is answered from the database with no chain read; a
// wallet's history comes a page at a time; made-up input cannot evict real cache entries;
// /readyz costs no query; the body schema refuses what a column cannot hold, naming the path.
import { createLogger, createMetrics, type ServiceServer } from '@basket/service-kit';
import { runMigrations } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { indexerServer } from '../src/indexer-server.ts';
import { createReadCache } from '../src/read-cache.ts';
import { QUEUE_SCHEMA } from '../src/start-indexer.ts';
import { indexerDb } from './support/indexer-db.ts';
import { depositField, item, navRefreshedField, skuBytes } from './support/synthetic-items.ts';

const SECRET = 'edge-test-secret-0123456789';
const WALLET = '11111111111111111111111111111112';

describe('public edges of the indexer', () => {
  const t = indexerDb('public_edges');
  let app: ServiceServer;
  const cache = createReadCache(40);
  const chainReads = vi.fn(async (_sku: string) => 5n);
  // The readiness check counts its calls; probed by the service kit on a timer.
  const postgresCheck = vi.fn(async () => true);

  beforeAll(async () => {
    await t.start();
    await runMigrations({ pgPool: t.pool(), schema: QUEUE_SCHEMA });
    app = await indexerServer({
      config: {
        webhookSecret: SECRET,
        bodyLimitBytes: 64 * 1024,
        rateLimitPerMinute: 30,
        rewardPrices: null,
      },
      logger: createLogger({ name: 'edges-test', level: 'silent' } as never),
      metrics: createMetrics('edges_test'),
      writePool: t.pool(),
      readPool: t.pool(),
      readiness: [{ name: 'postgres', check: postgresCheck }],
      probeIntervalMs: 600_000,
      accruedMgmtFee: chainReads,
      cache,
    });
    await app.ready();
    // A known vault with one deposit by WALLET and a refresh.
    await t.deliver('vault', [
      item([
        depositField({ skuId: skuBytes('EDGE1'), depositor: WALLET as never, eventSequence: 1n }),
        navRefreshedField({ skuId: skuBytes('EDGE1'), eventSequence: 2n }),
      ]),
    ]);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await t.stop();
  });

  /** A request from its own client address (each test its own, so limits do not mix). */
  const from = (ip: string) => ({ remoteAddress: ip });

  it('answers a webhook without the secret from its headers, before reading the body', async () => {
    // Not JSON, and larger than the route's body limit: read, either would be a 400 or a 413
    const r = await app.inject({
      method: 'POST',
      url: '/webhooks/vault',
      headers: { 'content-type': 'application/json', authorization: 'wrong' },
      payload: `{${'x'.repeat(100 * 1024)}`,
      ...from('10.0.0.1'),
    });
    expect(r.statusCode).toBe(401);
    expect(r.headers.connection).toBe('close');
  });

  it('refuses an item no column can hold with a 400 naming its path', async () => {
    const post = (body: unknown) =>
      app.inject({
        method: 'POST',
        url: '/webhooks/vault',
        headers: { authorization: SECRET },
        payload: body as object,
        ...from('10.0.0.2'),
      });
    const late = await post([item([]), { ...item([]), blockTime: 1e20 }]);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toMatch(/^at 1\.blockTime: /);
    const slot = await post([{ ...item([]), slot: 2 ** 70 }]);
    expect(slot.json().error).toMatch(/^at 0\.slot: /);
    const nul = item(['Program log: a\u0000b']);
    const nulAnswer = await post([nul]);
    expect(nulAnswer.statusCode).toBe(400);
    expect(nulAnswer.json().error).toMatch(/^at 0\.meta\.logMessages\.1: /);
    expect((await t.rows('select count(*)::int as n from deliveries'))[0]?.n).toBe(1);
  });

  it('limits each client per minute, never the authenticated sender', async () => {
    const get = () => app.inject({ method: 'GET', url: '/api/skus', ...from('10.0.0.3') });
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1) codes.push((await get()).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    // Forwarded-for headers from an untrusted peer do not make it another client
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/skus',
          headers: { 'x-forwarded-for': '10.9.9.9' },
          ...from('10.0.0.3'),
        })
      ).statusCode,
    ).toBe(429);
    // Another client is unaffected
    expect(
      (await app.inject({ method: 'GET', url: '/api/skus', ...from('10.0.0.4') })).statusCode,
    ).toBe(200);
    // The webhook sender, from the limited address, with the secret: every delivery taken
    for (let i = 0; i < 3; i += 1) {
      const r = await app.inject({
        method: 'POST',
        url: '/webhooks/vault',
        headers: { authorization: SECRET },
        payload: [
          item([depositField({ skuId: skuBytes('EDGE1'), eventSequence: 10n + BigInt(i) })]),
        ],
        ...from('10.0.0.3'),
      });
      expect(r.statusCode).toBe(200);
    }
  });

  it('answers fees of a made-up SKU from the database with no chain read', async () => {
    chainReads.mockClear();
    for (let i = 0; i < 20; i += 1) {
      const r = await app.inject({
        method: 'GET',
        url: `/api/skus/FAKE${i}/fees`,
        ...from('10.0.0.5'),
      });
      expect(r.statusCode).toBe(404);
    }
    expect(chainReads).not.toHaveBeenCalled();
    const known = await app.inject({
      method: 'GET',
      url: '/api/skus/EDGE1/fees',
      ...from('10.0.0.5'),
    });
    expect(known.statusCode).toBe(200);
    expect(chainReads).toHaveBeenCalledTimes(1);
    expect(known.json().management.accrued.shares).toBe('5');
  });

  it('gives a wallet its history a page at a time, with a cursor to the rest', async () => {
    // Given 5 more deposits by the wallet (6 in all)
    await t.deliver(
      'vault',
      Array.from({ length: 5 }, (_, i) =>
        item([depositField({ skuId: skuBytes('EDGE1'), depositor: WALLET as never })], {
          slot: 200 + i,
        }),
      ),
    );
    const get = (q: string) =>
      app.inject({ method: 'GET', url: `/api/wallets/${WALLET}${q}`, ...from('10.0.0.6') });
    const first = (await get('?limit=4')).json();
    expect(first.deposits).toHaveLength(4);
    // The newest page, oldest first
    expect(first.deposits.map((d: { slot: string }) => Number(d.slot))).toEqual([
      201, 202, 203, 204,
    ]);
    expect(first.before.deposits).toMatch(/^201\./);
    const next = (await get(`?limit=4&list=deposits&before=${first.before.deposits}`)).json();
    expect(next.deposits.map((d: { slot: string }) => Number(d.slot))).toEqual([100, 200]);
    expect(next.before).toBeNull();
    expect((await get('?limit=1001')).statusCode).toBe(400);
    expect((await get('?list=deposits&before=nope')).statusCode).toBe(400);
  });

  it('answers a made-up wallet with one key lookup, reading no view', async () => {
    const query = vi.spyOn(t.pool(), 'query');
    const made = '4Nd1mY8uGmBtFgXyZ3q5ZkC9VxQeRWSaEz6LTnHqPbW7';
    for (const path of ['', '/positions', '/withdrawal-requests', '?list=deposits&limit=5']) {
      query.mockClear();
      const r = await app.inject({
        method: 'GET',
        url: `/api/wallets/${made}${path}`,
        ...from('10.0.0.10'),
      });
      expect(r.statusCode, path).toBe(200);
      expect(query, path).toHaveBeenCalledTimes(1);
      expect(String(query.mock.calls[0]?.[0]), path).toMatch(/from wallets where address/);
    }
    query.mockRestore();
    const answer = await app.inject({
      method: 'GET',
      url: `/api/wallets/${made}`,
      ...from('10.0.0.10'),
    });
    expect(answer.json()).toMatchObject({ deposits: [], stakes: [], before: { deposits: null } });
  });

  it('keeps real cache entries however many made-up wallets are asked for', async () => {
    await app.inject({ method: 'GET', url: `/api/wallets/${WALLET}`, ...from('10.0.0.7') });
    const load = vi.fn(async () => ({ address: WALLET, deposits: [{}] }));
    for (let i = 0; i < 200; i += 1) {
      const made = `${'1'.repeat(31)}${'ABCDEFGHJKLMNPQRSTUVWXYZ'[i % 24]}${i}`.slice(0, 44);
      await cache.get(
        `wallet:${made}`,
        60_000,
        async () => ({ address: made, deposits: [] }),
        () => false,
      );
    }
    // The real wallet's entry is still there: its loader is not called again
    await cache.get(`wallet:${WALLET}`, 60_000, load);
    expect(load).not.toHaveBeenCalled();
    expect(cache.size().empty).toBeLessThanOrEqual(10);
  });

  it('serves /readyz from kept state, with no query per request', async () => {
    const query = vi.spyOn(t.pool(), 'query');
    const checks = postgresCheck.mock.calls.length;
    for (let i = 0; i < 20; i += 1)
      expect(
        (await app.inject({ method: 'GET', url: '/readyz', ...from('10.0.0.8') })).statusCode,
      ).toBe(200);
    // The check ran at its probe, not once per request, and no request asked Postgres
    expect(postgresCheck.mock.calls.length).toBe(checks);
    expect(query).not.toHaveBeenCalled();
    query.mockRestore();
  });

  it('serves /metrics on the admin listener only', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/metrics', ...from('10.0.0.9') })).statusCode,
    ).toBe(404);
    expect((await app.admin.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
  });
});
