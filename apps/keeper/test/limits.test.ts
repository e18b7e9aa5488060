// The replica's limiters and the RPC client's retries: the 5 tx/s submission limiter holds the
// sixth of a burst, the per-job cap refuses (TX_RATE_CAPPED) instead of queueing, and every
// attempt of a retried RPC call takes its own budget slot. The RPC server is a real local
// HTTP server answering as told; the limiters are the real Bottleneck instances.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Bottleneck from 'bottleneck';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKeeperLimits } from '../src/chain/limits.ts';
import { createLimitedRpc, isRetryableTransportError } from '../src/chain/rpc.ts';
import { KeeperError } from '../src/decisions/errors.ts';

const options = { rpcPerSecond: 50, txPerSecond: 5, assetIndexPerSecond: 10, txPerMinutePerJob: 3 };

describe('createKeeperLimits', () => {
  it('the submission limiter runs five at once and holds the sixth for the next second', async () => {
    const limits = createKeeperLimits(options);
    const done: number[] = [];
    const jobs = Array.from({ length: 6 }, (_, i) =>
      limits.tx.schedule(async () => void done.push(i)),
    );
    await Promise.all(jobs.slice(0, 5));
    expect(done).toHaveLength(5);
    expect(limits.tx.counts().QUEUED).toBe(1);
    expect(await limits.tx.currentReservoir()).toBe(0);
    await jobs[5];
    expect(done).toEqual([0, 1, 2, 3, 4, 5]);
    await limits.stop();
  });

  it('a job over its per-minute cap is refused with TX_RATE_CAPPED, other jobs are not', async () => {
    const limits = createKeeperLimits(options);
    for (let i = 0; i < 3; i += 1) await limits.takeTxSlot('nav-push');
    const refused = await limits.takeTxSlot('nav-push').then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(KeeperError);
    expect((refused as KeeperError).code).toBe('TX_RATE_CAPPED');
    await expect(limits.takeTxSlot('drift-scan')).resolves.toBeUndefined();
    await limits.stop();
  });

  it('takes racing for the last slots: exactly the cap pass, the rest are refused at once', async () => {
    const limits = createKeeperLimits(options);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, () => limits.takeTxSlot('rebalance-exec')),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    const reasons = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(reasons.map((r) => (r as KeeperError).code)).toEqual([
      'TX_RATE_CAPPED',
      'TX_RATE_CAPPED',
    ]);
    await limits.stop();
  });
});

/** A JSON-RPC server answering each request with the next status of `plan` (then 200). */
let server: Server;
let url: string;
let plan: number[] = [];
let requests: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { id, method } = JSON.parse(body) as { id: string; method: string };
      requests.push(method);
      const status = plan.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(status === 200 ? JSON.stringify({ jsonrpc: '2.0', id, result: 42 }) : '{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  plan = [];
  requests = [];
});

/** Limiters that never refill within the test: what is left shows how many slots were taken. */
function countingLimits() {
  return { rpc: new Bottleneck({ reservoir: 100 }), tx: new Bottleneck({ reservoir: 100 }) };
}

describe('createLimitedRpc', () => {
  it('retries 5xx and 429, each attempt taking its own RPC slot and counted', async () => {
    const limits = countingLimits();
    const calls: string[] = [];
    const { rpc } = createLimitedRpc(url, limits, (m) => calls.push(m));
    plan = [503, 429, 500];
    expect(await rpc.getSlot().send()).toBe(42n);
    expect(requests).toEqual(['getSlot', 'getSlot', 'getSlot', 'getSlot']);
    expect(calls).toHaveLength(4);
    expect(await limits.rpc.currentReservoir()).toBe(96);
  });

  it('a submission retried takes a submission slot per attempt as well', async () => {
    const limits = countingLimits();
    const { transport } = createLimitedRpc(url, limits);
    plan = [502];
    await transport({
      payload: { jsonrpc: '2.0', id: '1', method: 'sendTransaction', params: [] },
    });
    expect(requests).toHaveLength(2);
    expect(await limits.tx.currentReservoir()).toBe(98);
    expect(await limits.rpc.currentReservoir()).toBe(98);
  });

  it('does not retry a 4xx: one request, one slot, the error surfaces', async () => {
    const limits = countingLimits();
    const { rpc } = createLimitedRpc(url, limits);
    plan = [400];
    await expect(rpc.getSlot().send()).rejects.toThrow(/400/);
    expect(requests).toHaveLength(1);
    expect(await limits.rpc.currentReservoir()).toBe(99);
  });

  it('gives up after four retries of a persisting 5xx', async () => {
    const limits = countingLimits();
    const { rpc } = createLimitedRpc(url, limits);
    plan = [500, 500, 500, 500, 500, 500];
    await expect(rpc.getSlot().send()).rejects.toThrow(/500/);
    expect(requests).toHaveLength(5);
  }, 20_000);

  it('classifies transport failures', () => {
    expect(isRetryableTransportError(new TypeError('fetch failed'))).toBe(true);
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    expect(isRetryableTransportError(abort)).toBe(false);
  });
});
