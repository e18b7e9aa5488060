// The fault proxy in front of a local upstream (a small JSON-RPC server in this process that
// counts what reaches it): each fault, the seed's replay, the run-time switch and the service
// routes. No timing is asserted: latency is checked through the decided fate, not a clock.
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createLogger, createMetrics } from '@basket/service-kit';
import { getBase58Decoder, getBase64Decoder } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decideFate,
  faultsSchema,
  loadFaultProxyConfig,
  seededRandom,
  startFaultProxy,
} from '../src/index.ts';

const seen: string[] = [];
let blockhashes = 0;
let upstream: Server;
let upstreamUrl = '';

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (req.method === 'GET') {
        seen.push(`GET ${req.url}`);
        res.writeHead(200, { 'content-type': 'text/plain' }).end(`plain ${req.url}`);
        return;
      }
      const rpc = JSON.parse(body) as { id: number; method: string; params?: unknown[] };
      // The readiness probe's own calls are not what the tests look at.
      if (rpc.method !== 'getHealth') seen.push(rpc.method);
      let result: unknown = 'ok';
      if (rpc.method === 'getLatestBlockhash') {
        blockhashes += 1;
        result = { context: { slot: blockhashes }, value: { blockhash: `hash${blockhashes}` } };
      }
      if (rpc.method === 'sendTransaction') result = 'forwarded';
      if (rpc.method === 'getBig') result = 'x'.repeat(20_000);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: rpc.id, result }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const address = upstream.address();
  upstreamUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((r) => upstream.close(r));
});

async function proxy(faults: Record<string, unknown> = {}, seed = 7) {
  const config = loadFaultProxyConfig({
    FAULT_PROXY_UPSTREAM: upstreamUrl,
    FAULT_PROXY_PORT: '0',
    FAULT_PROXY_ADMIN_PORT: '0',
    FAULT_PROXY_SEED: String(seed),
  });
  return startFaultProxy(
    { ...config, faults: faultsSchema.parse(faults) },
    createLogger({ name: 'fault-proxy-test', level: 'silent' }),
    createMetrics('fault_proxy_test'),
  );
}

/** A wire transaction (base64) whose first signature is 64 bytes of `fill`. */
function wire(fill: number): { base64: string; signature: string } {
  const bytes = new Uint8Array(1 + 64 + 8).fill(fill);
  bytes[0] = 1;
  return {
    base64: getBase64Decoder().decode(bytes),
    signature: getBase58Decoder().decode(bytes.slice(1, 65)),
  };
}

async function call(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('fault proxy', () => {
  it('forwards JSON-RPC and plain HTTP untouched when no fault is on', async () => {
    const p = await proxy();
    seen.length = 0;
    expect((await call(p.url, 'getSlot')).body.result).toBe('ok');
    expect(await (await fetch(`${p.url}/some/path`)).text()).toBe('plain /some/path');
    expect(seen).toEqual(['getSlot', 'GET /some/path']);
    await p.close();
  });

  it('drops the configured share of sendTransaction, answering each with its own signature', async () => {
    const p = await proxy({ dropSendPercent: 50 });
    seen.length = 0;
    const answers: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const tx = wire(i + 1);
      const { body } = await call(p.url, 'sendTransaction', [tx.base64, { encoding: 'base64' }]);
      answers.push(body.result === tx.signature ? 'dropped' : body.result);
    }
    const dropped = answers.filter((a) => a === 'dropped').length;
    expect(dropped + seen.filter((m) => m === 'sendTransaction').length).toBe(40);
    expect(dropped).toBeGreaterThan(10);
    expect(dropped).toBeLessThan(30);
    await p.close();
    // The same seed replays the same drops.
    const again = await proxy({ dropSendPercent: 50 });
    const replay: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const tx = wire(i + 1);
      const { body } = await call(again.url, 'sendTransaction', [
        tx.base64,
        { encoding: 'base64' },
      ]);
      replay.push(body.result === tx.signature ? 'dropped' : body.result);
    }
    expect(replay).toEqual(answers);
    await again.close();
  });

  it('answers 429 with Retry-After without forwarding', async () => {
    const p = await proxy({ rateLimitPercent: 100, retryAfterSeconds: 3 });
    seen.length = 0;
    const answer = await call(p.url, 'getSlot');
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('3');
    expect(seen).toEqual([]);
    await p.close();
  });

  it('serves a stale blockhash: the oldest answer it kept', async () => {
    const p = await proxy();
    const first = (await call(p.url, 'getLatestBlockhash')).body.result.value.blockhash;
    await call(p.url, 'getLatestBlockhash');
    p.setFaults({ staleBlockhashPercent: 100 });
    expect((await call(p.url, 'getLatestBlockhash')).body.result.value.blockhash).toBe(first);
    await p.close();
  });

  it('cuts the connection halfway through the answer', async () => {
    const p = await proxy({ cutPercent: 100 });
    seen.length = 0;
    await expect(call(p.url, 'getBig')).rejects.toThrow();
    // It was forwarded: the upstream did the work, the client lost the answer.
    expect(seen).toEqual(['getBig']);
    await p.close();
  });

  it('applies 429s only to the methods named', async () => {
    const p = await proxy({ rateLimitPercent: 100, methods: ['sendTransaction'] });
    expect((await call(p.url, 'getSlot')).status).toBe(200);
    const tx = wire(9);
    expect((await call(p.url, 'sendTransaction', [tx.base64, { encoding: 'base64' }])).status).toBe(
      429,
    );
    await p.close();
  });

  it('is switched at run time through the admin listener (PUT /admin/faults), and refuses a bad body', async () => {
    const p = await proxy();
    const put = (body: string) =>
      fetch(`${p.adminUrl}/admin/faults`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body,
      });
    expect((await put('{"rateLimitPercent":100}')).status).toBe(200);
    expect((await (await fetch(`${p.adminUrl}/admin/faults`)).json()).rateLimitPercent).toBe(100);
    expect((await call(p.url, 'getSlot')).status).toBe(429);
    expect((await put('{"rateLimitPercent":0}')).status).toBe(200);
    expect((await call(p.url, 'getSlot')).status).toBe(200);
    expect((await put('{"rateLimitPercent":101}')).status).toBe(400);
    expect((await put('{"unknown":1}')).status).toBe(400);
    expect((await put('not json')).status).toBe(400);
    await p.close();
  });

  it('answers /healthz and /readyz (the upstream answers); /metrics on the admin listener counts the faults', async () => {
    const p = await proxy({ rateLimitPercent: 100 });
    await call(p.url, 'getSlot');
    expect((await fetch(`${p.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${p.url}/readyz`)).status).toBe(200);
    const metrics = await (await fetch(`${p.adminUrl}/metrics`)).text();
    expect(metrics).toContain('fault_proxy_test_faults_total{kind="rate-limit"} 1');
    await p.close();
  });
});

describe('fates', () => {
  it('adds the latency plus a jitter within its bound, only to targeted methods', () => {
    const faults = faultsSchema.parse({ latencyMs: 100, jitterMs: 50, methods: ['getSlot'] });
    const random = seededRandom(3);
    for (let i = 0; i < 200; i += 1) {
      const fate = decideFate(faults, random, 'getSlot');
      expect(fate.delayMs).toBeGreaterThanOrEqual(100);
      expect(fate.delayMs).toBeLessThanOrEqual(150);
    }
    expect(decideFate(faults, random, 'getBalance').delayMs).toBe(0);
  });

  it('drops only sendTransaction and serves stale answers only for getLatestBlockhash', () => {
    const faults = faultsSchema.parse({ dropSendPercent: 100, staleBlockhashPercent: 100 });
    const random = seededRandom(3);
    expect(decideFate(faults, random, 'sendTransaction').action).toBe('drop');
    expect(decideFate(faults, random, 'getLatestBlockhash').action).toBe('stale-blockhash');
    expect(decideFate(faults, random, 'getSlot').action).toBe('forward');
  });
});

describe('configuration', () => {
  it('refuses a non-loopback host and names each bad field', () => {
    expect(() =>
      loadFaultProxyConfig({
        FAULT_PROXY_HOST: '0.0.0.0',
        FAULT_PROXY_DROP_SEND_PERCENT: '150',
      }),
    ).toThrow(/FAULT_PROXY_HOST[\s\S]*FAULT_PROXY_UPSTREAM[\s\S]*FAULT_PROXY_DROP_SEND_PERCENT/);
  });

  it('prints its --help', () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const run = spawnSync('npx', ['tsx', main, '--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('FAULT_PROXY_DROP_SEND_PERCENT');
    expect(run.stdout).toContain('/admin/faults');
  });
});
