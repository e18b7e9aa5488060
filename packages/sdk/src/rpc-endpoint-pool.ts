// Several RPC endpoints behind one kit transport. Each endpoint has its own rate limiter
// (bottleneck), its own circuit breaker (cockatiel: three retryable failures in a row open it
// for a while) and a pause for the Retry-After of a 429. A call goes to the first usable
// endpoint of its role (reads: `read`, sendTransaction: `send`) in configured order and fails
// over to the next on a retryable failure, so one provider's outage or 429 storm costs a
// failover, not a stop. A request's own fault (4xx other than 429) is not retried. Used by the
// keeper (behind its replica-wide budget and retries), the dapp's browser and the operator CLI
// (decision 0162, moved here by decision 0932).
import {
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  isSolanaError,
  type RpcTransport,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
} from '@solana/kit';
// The light build: the same limiter without Redis clustering (whose scripts would add 5 KiB
// gzipped to the dapp's page for nothing).
import Bottleneck from 'bottleneck/light';
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  circuitBreaker,
  handleWhen,
} from 'cockatiel';

/**
 * One configured endpoint and its roles.
 *
 * @example
 * const endpoint: RpcEndpoint = { url: 'https://rpc.example.com', read: true, send: true };
 */
export type RpcEndpoint = Readonly<{ url: string; read: boolean; send: boolean }>;

/**
 * What a call did at one endpoint, for the per-endpoint metrics.
 *
 * @example
 * createRpcPool(endpoints, { perSecond: 10, onEvent: (e: EndpointEvent) => errors.inc(e) });
 */
export type EndpointEvent = Readonly<{
  endpoint: string;
  kind: 'rate-limited' | 'server-error' | 'network' | 'circuit-open';
}>;

/**
 * A label for an endpoint that never carries a credential: its position and host (a provider's
 * key sits in the path or the query, never in the host we print).
 *
 * @example
 * endpointLabel('https://rpc.example.com/?api-key=secret', 0); // 'rpc0:rpc.example.com'
 */
export function endpointLabel(url: string, index: number): string {
  let host = 'invalid-url';
  try {
    host = new URL(url).host;
  } catch {}
  return `rpc${index}:${host}`;
}

/**
 * Whether a transport failure may succeed if tried again (here or at another endpoint): HTTP
 * 429 and 5xx, and failures below HTTP (connection refused or reset, DNS). Not an abort, not
 * any other HTTP status.
 *
 * @example
 * isRetryableTransportError(error) // false for a 400
 */
export function isRetryableTransportError(error: unknown): boolean {
  if (error instanceof BrokenCircuitError) return true;
  if (isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) {
    const status = error.context.statusCode;
    return status === 429 || status >= 500;
  }
  if (isSolanaError(error)) return false;
  return !(error instanceof Error && error.name === 'AbortError');
}

/** Seconds of a 429's Retry-After header (an HTTP date is not used by providers we know). */
function retryAfterMs(error: unknown): number | null {
  if (!isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) return null;
  if (error.context.statusCode !== 429) return null;
  const value = error.context.headers?.get?.('retry-after');
  const seconds = value ? Number.parseInt(value, 10) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 60) * 1_000 : 1_000;
}

function kindOf(error: unknown): EndpointEvent['kind'] {
  if (error instanceof BrokenCircuitError) return 'circuit-open';
  if (isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) {
    return error.context.statusCode === 429 ? 'rate-limited' : 'server-error';
  }
  return 'network';
}

/**
 * A transport over several endpoints with health, failover and per-endpoint rate limits.
 *
 * @example
 * const pool = createRpcPool([{ url: a, read: true, send: true }, { url: b, read: true, send: true }], { perSecond: 50 });
 * const rpc = createSolanaRpcFromTransport(pool.transport);
 */
export function createRpcPool(
  endpoints: readonly RpcEndpoint[],
  options: {
    perSecond: number;
    /** Retryable failures in a row that open an endpoint's breaker (default 3). */
    failuresToOpen?: number;
    /** How long an open breaker refuses before one trial call (default 5 s). */
    halfOpenAfterMs?: number;
    onEvent?: (event: EndpointEvent) => void;
    now?: () => number;
    /** The per-endpoint transport (tests); default kit's HTTP transport. */
    transportFor?: (url: string) => RpcTransport;
  },
) {
  if (endpoints.length === 0) throw new RangeError('createRpcPool: no endpoint configured');
  const now = options.now ?? Date.now;
  const members = endpoints.map((e, i) => ({
    ...e,
    label: endpointLabel(e.url, i),
    base: (options.transportFor ?? ((url) => createDefaultRpcTransport({ url })))(e.url),
    limiter: new Bottleneck({
      reservoir: options.perSecond,
      reservoirRefreshAmount: options.perSecond,
      reservoirRefreshInterval: 1_000,
      maxConcurrent: Math.max(1, Math.min(options.perSecond, 10)),
    }),
    breaker: circuitBreaker(handleWhen(isRetryableTransportError), {
      halfOpenAfter: options.halfOpenAfterMs ?? 5_000,
      breaker: new ConsecutiveBreaker(options.failuresToOpen ?? 3),
    }),
    pausedUntil: 0,
  }));
  type Member = (typeof members)[number];
  const usable = (m: Member) => m.breaker.state !== CircuitState.Open && m.pausedUntil <= now();

  /** The role's endpoints, usable ones first (configured order kept within each group). */
  const candidates = (role: 'read' | 'send') => {
    const of = members.filter((m) => m[role]);
    return [...of.filter(usable), ...of.filter((m) => !usable(m))];
  };

  const transport: RpcTransport = async <T>(request: Parameters<RpcTransport>[0]) => {
    const method = (request.payload as { method?: string }).method ?? 'unknown';
    const role = method === 'sendTransaction' ? 'send' : 'read';
    const list = candidates(role);
    if (list.length === 0) throw new RangeError(`no RPC endpoint configured for ${role}`);
    let last: unknown;
    for (const member of list) {
      const run = () => member.limiter.schedule(() => member.base<T>(request));
      try {
        // An endpoint whose breaker is open is tried last and straight (no other is left):
        // the caller's backoff paces those calls, and the breaker's trial call reopens it.
        return await (usable(member) ? member.breaker.execute(run) : run());
      } catch (error) {
        if (!isRetryableTransportError(error)) throw error;
        last = error;
        const pause = retryAfterMs(error);
        if (pause !== null) member.pausedUntil = now() + pause;
        options.onEvent?.({ endpoint: member.label, kind: kindOf(error) });
      }
    }
    throw last;
  };

  return {
    transport,
    /** Each endpoint's label, roles and whether it takes calls now. */
    health: () =>
      members.map((m) => ({
        endpoint: m.label,
        read: m.read,
        send: m.send,
        healthy: usable(m),
      })),
    stop: async () => {
      for (const m of members) await m.limiter.stop({ dropWaitingJobs: true }).catch(() => {});
    },
  };
}

/**
 * A pool: its transport, each endpoint's health, and `stop`.
 *
 * @example
 * const healthy = (pool: RpcPool) => pool.health().some((h) => h.healthy);
 */
export type RpcPool = ReturnType<typeof createRpcPool>;

/**
 * Options of {@link createPooledRpc}: the pool's, `perSecond` defaulting to 10 per endpoint.
 *
 * @example
 * const options: PooledRpcOptions = { perSecond: 5, failuresToOpen: 2 };
 */
export type PooledRpcOptions = Omit<Parameters<typeof createRpcPool>[1], 'perSecond'> & {
  perSecond?: number;
};

/**
 * A kit RPC client over `urls`, each reading and sending, in failover order, with the pool's
 * health, failover and per-endpoint rate limit (one URL: that endpoint, still limited).
 *
 * @throws {RangeError} when `urls` is empty.
 * @example
 * const { rpc, pool } = createPooledRpc(['https://a.example', 'https://b.example'], { perSecond: 10 });
 * const slot = await rpc.getSlot().send();
 * pool.health(); // [{ endpoint: 'rpc0:a.example', read: true, send: true, healthy: true }, ...]
 */
export function createPooledRpc(urls: readonly string[], options: PooledRpcOptions = {}) {
  const pool = createRpcPool(
    urls.map((url) => ({ url, read: true, send: true })),
    { ...options, perSecond: options.perSecond ?? 10 },
  );
  return { rpc: createSolanaRpcFromTransport(pool.transport), pool };
}
