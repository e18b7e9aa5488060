// The RPC pool over stand-in endpoints (transports that answer from a plan): failover on 429,
// 5xx and network failures, the Retry-After pause, the breaker, roles, and labels without keys.
// Time is a variable the test moves; nothing waits.
import {
  createSolanaRpcFromTransport,
  type RpcTransport,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  SolanaError,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { feeCapFor, landingSettings, rpcEndpointsOf } from '../src/chain/landing-config.ts';
import { createRpcPool, type EndpointEvent, endpointLabel } from '../src/chain/rpc-pool.ts';

function httpError(statusCode: number, retryAfter?: string) {
  const headers = new Headers(retryAfter ? { 'retry-after': retryAfter } : {});
  return new SolanaError(SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, {
    headers,
    message: `HTTP ${statusCode}`,
    statusCode,
  });
}

/** Endpoints whose answers follow `plans[url]` (an error, or 'ok'); every call is logged. */
function standIns(plans: Record<string, (Error | 'ok')[]>) {
  const log: string[] = [];
  const transportFor =
    (url: string): RpcTransport =>
    async <T>(request: Parameters<RpcTransport>[0]) => {
      const method = (request.payload as { method: string }).method;
      log.push(`${url} ${method}`);
      const next = plans[url]?.shift() ?? 'ok';
      if (next !== 'ok') throw next;
      return { jsonrpc: '2.0', id: 1, result: 7 } as T;
    };
  return { log, transportFor };
}

describe('rpc pool', () => {
  it('fails over to the next endpoint on a 429 and pauses the first for its Retry-After', async () => {
    let now = 0;
    const events: EndpointEvent[] = [];
    const { log, transportFor } = standIns({ a: [httpError(429, '2')] });
    const pool = createRpcPool(
      [
        { url: 'a', read: true, send: true },
        { url: 'b', read: true, send: true },
      ],
      { perSecond: 100, transportFor, now: () => now, onEvent: (e) => events.push(e) },
    );
    const rpc = createSolanaRpcFromTransport(pool.transport);
    expect(await rpc.getSlot().send()).toBe(7n);
    expect(await rpc.getSlot().send()).toBe(7n);
    // The second call skipped a while its Retry-After lasted; after it, a is first again.
    now = 2_001;
    await rpc.getSlot().send();
    expect(log).toEqual(['a getSlot', 'b getSlot', 'b getSlot', 'a getSlot']);
    expect(events).toEqual([{ endpoint: 'rpc0:invalid-url', kind: 'rate-limited' }]);
    await pool.stop();
  });

  it('opens an endpoint’s breaker after three failures in a row and tries it last', async () => {
    const boom = () => new TypeError('fetch failed');
    const { log, transportFor } = standIns({ a: [boom(), boom(), boom()] });
    const pool = createRpcPool(
      [
        { url: 'a', read: true, send: true },
        { url: 'b', read: true, send: true },
      ],
      { perSecond: 100, transportFor },
    );
    const rpc = createSolanaRpcFromTransport(pool.transport);
    for (let i = 0; i < 4; i += 1) await rpc.getSlot().send();
    expect(log).toEqual([
      'a getSlot',
      'b getSlot',
      'a getSlot',
      'b getSlot',
      'a getSlot',
      'b getSlot',
      'b getSlot',
    ]);
    expect(pool.health().map((h) => h.healthy)).toEqual([false, true]);
    await pool.stop();
  });

  it('does not fail over a request’s own fault (a 400)', async () => {
    const { log, transportFor } = standIns({ a: [httpError(400)] });
    const pool = createRpcPool(
      [
        { url: 'a', read: true, send: true },
        { url: 'b', read: true, send: true },
      ],
      { perSecond: 100, transportFor },
    );
    await expect(createSolanaRpcFromTransport(pool.transport).getSlot().send()).rejects.toThrow(
      /400/,
    );
    expect(log).toEqual(['a getSlot']);
    await pool.stop();
  });

  it('sends through send endpoints only and reads through read endpoints only', async () => {
    const { log, transportFor } = standIns({});
    const pool = createRpcPool(
      [
        { url: 'reader', read: true, send: false },
        { url: 'sender', read: false, send: true },
      ],
      { perSecond: 100, transportFor },
    );
    await pool.transport({ payload: { jsonrpc: '2.0', id: 1, method: 'sendTransaction' } });
    await pool.transport({ payload: { jsonrpc: '2.0', id: 2, method: 'getSlot' } });
    expect(log).toEqual(['sender sendTransaction', 'reader getSlot']);
    await pool.stop();
  });

  it('labels an endpoint by position and host, never its path or query', () => {
    expect(endpointLabel('https://rpc.example.com/v1/SECRET?api-key=SECRET', 3)).toBe(
      'rpc3:rpc.example.com',
    );
  });
});

describe('landing configuration', () => {
  const settings = landingSettings({ rpcUrl: 'http://127.0.0.1:8899' });

  it('defaults to the one cluster endpoint for reads and sends', () => {
    expect(rpcEndpointsOf(settings)).toEqual([
      { url: 'http://127.0.0.1:8899', read: true, send: true },
    ]);
    expect(
      rpcEndpointsOf({ rpcUrls: ['http://a'], sendRpcUrls: ['http://s'] }).map((e) => e.send),
    ).toEqual([true, true]);
  });

  it('caps NAV pushes highest and fee collection lowest', () => {
    expect(feeCapFor(settings, 'nav-push')).toBe(2_000_000n);
    expect(feeCapFor(settings, 'withdrawal-router')).toBe(500_000n);
    expect(feeCapFor(settings, 'collect-fees')).toBe(100_000n);
  });

  it('bounds a rebalance leg by what it trades, rounded down, never above the rebalance cap', () => {
    // $2,500 leg, 10 bps = $2.50; at $100 per SOL = 0.025 SOL = 25,000,000 lamports > the cap.
    expect(feeCapFor(settings, 'rebalance-exec', 250_000_000_000n)).toBe(1_000_000n);
    // $50 leg: $0.05 = 0.0005 SOL = 500,000 lamports.
    expect(feeCapFor(settings, 'rebalance-exec', 5_000_000_000n)).toBe(500_000n);
    // $0.33333333 leg: 0.000333333 USD -> 3,333.33 lamports, rounded down.
    expect(feeCapFor(settings, 'rebalance-exec', 33_333_333n)).toBe(3_333n);
  });
});
