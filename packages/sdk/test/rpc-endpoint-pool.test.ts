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
import {
  createPooledRpc,
  createRpcPool,
  type EndpointEvent,
  endpointLabel,
} from '../src/rpc-endpoint-pool.ts';

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

describe('pooled rpc (the dapp and the operator CLI)', () => {
  it('reads and sends through the next endpoint when the first is down, and reports it unhealthy', async () => {
    const down = () => new TypeError('fetch failed');
    const { log, transportFor } = standIns({ a: [down(), down(), down(), down()] });
    const { rpc, pool } = createPooledRpc(['a', 'b'], { transportFor });
    for (let i = 0; i < 3; i += 1) await rpc.getSlot().send();
    await pool.transport({ payload: { jsonrpc: '2.0', id: 9, method: 'sendTransaction' } });
    expect(log).toEqual([
      'a getSlot',
      'b getSlot',
      'a getSlot',
      'b getSlot',
      'a getSlot',
      'b getSlot',
      // a's breaker is open: b first, a no longer tried while b answers.
      'b sendTransaction',
    ]);
    expect(pool.health().map((h) => [h.endpoint, h.healthy])).toEqual([
      ['rpc0:invalid-url', false],
      ['rpc1:invalid-url', true],
    ]);
    await pool.stop();
  });

  it('refuses an empty list', () => {
    expect(() => createPooledRpc([])).toThrow(RangeError);
  });
});
