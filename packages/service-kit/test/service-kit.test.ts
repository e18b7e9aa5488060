import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConfigError,
  createLogger,
  createMetrics,
  createServiceServer,
  parseConfig,
  periodic,
  redactUrl,
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
  it('answers healthz, readyz by its checks, and metrics', async () => {
    const { stream } = capture();
    const logger = createLogger({ name: 't', destination: stream });
    const metrics = createMetrics('svc_test');
    metrics.counter('things_total', 'things').inc(3);
    let ready = false;
    const app = createServiceServer({
      logger,
      metrics,
      readiness: [{ name: 'db', check: () => ready }],
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const notReady = await fetch(`${base}/readyz`);
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toEqual({ status: 'not ready', failing: ['db'] });
      ready = true;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect(await (await fetch(`${base}/metrics`)).text()).toContain('svc_test_things_total 3');
    } finally {
      await app.close();
    }
  });
});
