import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConfigError,
  createLogger,
  createMetrics,
  createReadiness,
  createServiceServer,
  limitPerClient,
  parseConfig,
  periodic,
  publicReason,
  redactUrl,
  restartBackoff,
} from '../src/index.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('parseConfig', () => {
  it('reports one line per bad field, named as the operator wrote it', () => {
    // Given a schema with two fields and an input with both wrong
    const schema = z.object({ port: z.coerce.number().int().max(65535), url: z.url() });
    // When it is parsed
    let error: unknown;
    try {
      parseConfig('svc', schema, { port: '70000', url: 'nope' }, { port: 'SVC_PORT' });
    } catch (e) {
      error = e;
    }
    // Then both fields are named, each on its own line
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as ConfigError).lines;
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^SVC_PORT: /);
    expect(lines[1]).toMatch(/^url: /);
  });
});

describe('createLogger', () => {
  it('never writes a secret field, a literal secret or a URL password', () => {
    const { lines, stream } = capture();
    const log = createLogger({ name: 't', secrets: ['s3cr3t-key-value'], destination: stream });
    log.info(
      { apiKey: 'AAA-111', nested: { authorization: 'Bearer x' } },
      'key s3cr3t-key-value here',
    );
    log.error({ err: new Error('connect postgres://u:hunter2@h/db failed') }, 'db');
    const all = lines.join('\n');
    expect(all).not.toContain('AAA-111');
    expect(all).not.toContain('Bearer x');
    expect(all).not.toContain('s3cr3t-key-value');
    expect(all).not.toContain('hunter2');
    expect(all).toContain('[redacted]');
  });

  it('logs a frozen error (and its cause) instead of failing on it, its secrets still scrubbed', () => {
    const { lines, stream } = capture();
    const log = createLogger({ name: 't', destination: stream });
    // Kit's errors carry frozen contexts; pino's serializer tags every error it visits.
    const cause = Object.freeze(new Error('simulation failed: custom program error 0x7d6'));
    const err = Object.freeze(
      Object.assign(new Error('send failed via postgres://u:hunter2@h/db'), {
        cause,
        context: Object.freeze({ code: 2006n, index: 1 }),
      }),
    );
    expect(() => log.error({ err }, 'epoch distributor failed')).not.toThrow();
    const line = JSON.parse(lines.at(-1) ?? '{}') as {
      err: { message: string; cause?: { message: string }; context?: { code: string } };
    };
    expect(line.err.message).toBe('send failed via postgres://u:[redacted]@h/db');
    expect(line.err.cause?.message).toContain('0x7d6');
    expect(lines.join('\n')).not.toContain('hunter2');
  });

  it('redactUrl keeps the user and host', () => {
    expect(redactUrl('postgres://bob:pw@127.0.0.1:5432/x')).toBe(
      'postgres://bob:[redacted]@127.0.0.1:5432/x',
    );
  });
});

describe('periodic', () => {
  it('never runs a task twice at once, even when a run outlasts the interval', async () => {
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    const timer = periodic(
      async () => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await new Promise((r) => setTimeout(r, 30));
        runs += 1;
        active -= 1;
      },
      1,
      () => {},
      { runImmediately: true },
    );
    await new Promise((r) => setTimeout(r, 200));
    await timer.stop();
    expect(maxActive).toBe(1);
    expect(runs).toBeGreaterThan(1);
  });
});

describe('createServiceServer', () => {
  it('answers readyz from kept state with each down part and its reason', async () => {
    const { stream } = capture();
    const logger = createLogger({ name: 't', destination: stream });
    const readiness = createReadiness();
    const db = readiness.part('db', 'not connected yet');
    const queue = readiness.part('queue');
    const app = createServiceServer({ logger, metrics: createMetrics('svc_state'), readiness });
    try {
      const notReady = await app.inject({ method: 'GET', url: '/readyz' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({
        status: 'not ready',
        failing: ['db', 'queue'],
        reasons: { db: 'not connected yet', queue: 'not started' },
        parts: ['db', 'queue'],
      });
      db.up();
      queue.down('queue runner stopped by itself; restarting');
      expect((await app.inject({ method: 'GET', url: '/readyz' })).json().reasons).toEqual({
        queue: 'queue runner stopped by itself; restarting',
      });
      queue.up();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', parts: ['db', 'queue'] });
    } finally {
      await app.close();
    }
  });

  it('probes checks on a timer, never once per readyz request', async () => {
    const { stream } = capture();
    const logger = createLogger({ name: 't', destination: stream });
    let calls = 0;
    const app = createServiceServer({
      logger,
      metrics: createMetrics('svc_probe'),
      readiness: [
        {
          name: 'rpc',
          check: async () => {
            calls += 1;
            throw new Error('fetch failed: https://rpc.example/?api-key=SECRET123 refused');
          },
        },
      ],
      probeIntervalMs: 3_600_000,
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => app.inject({ method: 'GET', url: '/readyz' })),
      );
      expect(answers.every((a) => a.statusCode === 503)).toBe(true);
      // One probe at start, none per request (the old server called the RPC on every one).
      expect(calls).toBe(1);
      const reason = answers[0]?.json().reasons.rpc as string;
      expect(reason).toContain('fetch failed: https://rpc.example/?[redacted]');
      expect(reason).not.toContain('SECRET123');
    } finally {
      await app.close();
    }
  });

  it('serves metrics on the admin listener (127.0.0.1) only, never on the public one', async () => {
    const { stream } = capture();
    const logger = createLogger({ name: 't', destination: stream });
    const metrics = createMetrics('svc_test');
    metrics.counter('things_total', 'things').inc(3);
    const app = createServiceServer({ logger, metrics, readiness: [] });
    app.admin.get('/status', async () => ({ leading: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect((await fetch(`${base}/status`)).status).toBe(404);
      const admin = app.adminUrl() as string;
      expect(new URL(admin).hostname).toBe('127.0.0.1');
      expect(await (await fetch(`${admin}/metrics`)).text()).toContain('svc_test_things_total 3');
      expect(await (await fetch(`${admin}/status`)).json()).toEqual({ leading: true });
      expect((await fetch(`${admin}/readyz`)).status).toBe(200);
    } finally {
      await app.close();
    }
    // Closing the public server closes the admin one with it.
    expect(app.admin.server.listening).toBe(false);
  });
});

describe('publicReason', () => {
  it('keeps no password, query string or second line', () => {
    expect(publicReason('connect postgres://u:pw@h/db?sslkey=x failed\n at stack')).toBe(
      'connect postgres://u:[redacted]@h/db?[redacted] failed at stack',
    );
    expect(publicReason('x'.repeat(500))).toHaveLength(200);
  });
});

describe('limitPerClient', () => {
  it('refuses a client past its limit with 429 and Retry-After, other clients unaffected', async () => {
    const { stream } = capture();
    const logger = createLogger({ name: 't', destination: stream });
    // Behind one trusted proxy (127.0.0.1) the client is the address it forwards.
    const app = createServiceServer({
      logger,
      metrics: createMetrics('svc_rl'),
      trustProxy: '127.0.0.1',
    });
    await limitPerClient(app, { max: 3, timeWindowMs: 60_000 });
    app.get('/api/thing', async () => ({ ok: true }));
    try {
      const from = (client: string) =>
        app.inject({
          method: 'GET',
          url: '/api/thing',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await from('198.51.100.7')).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
      const refused = await from('198.51.100.7');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error).toMatch(/^too many requests: at most 3 per 60 s/);
      expect((await from('203.0.113.9')).statusCode).toBe(200);
      // An untrusted peer's X-Forwarded-For is ignored: its own address is the client.
      const direct = (i: number) =>
        app.inject({
          method: 'GET',
          url: '/api/thing',
          remoteAddress: '192.0.2.1',
          headers: { 'x-forwarded-for': `10.9.9.${i}` },
        });
      const directCodes = [];
      for (let i = 0; i < 4; i++) directCodes.push((await direct(i)).statusCode);
      expect(directCodes).toEqual([200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('restartBackoff', () => {
  it('waits a positive time after each stop, never past the cap, and starts over after a reset', () => {
    const backoff = restartBackoff({ initialDelayMs: 100, maxDelayMs: 1_000 });
    const waits = Array.from({ length: 12 }, () => backoff.next());
    expect(waits.every((w) => w > 0 && w <= 1_000)).toBe(true);
    backoff.reset();
    expect(backoff.next()).toBeLessThanOrEqual(1_000);
  });
});
