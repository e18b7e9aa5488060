// Kit's RPC behind the budget: every attempt of a JSON-RPC call (a retry included) waits for
// its own RPC limiter slot, and transaction submissions for a submission slot as well, so the
// 50 calls/s (5 tx/s) are never exceeded however many calls fail; the counter sees every
// attempt. Transport failures worth another try (network errors, HTTP 429 and 5xx) are retried
// with exponential backoff by cockatiel; a 4xx is the request's own fault and is not.

import {
  createRpcPool,
  type EndpointEvent,
  isRetryableTransportError,
  type RpcEndpoint,
} from '@basket/sdk';
import {
  createSolanaRpcFromTransport,
  createSolanaRpcSubscriptions,
  type RpcTransport,
} from '@solana/kit';
import { ExponentialBackoff, handleWhen, retry } from 'cockatiel';
import type { KeeperLimits } from './limits.ts';

export { isRetryableTransportError } from '@basket/sdk';

/** Calls that count against the submission budget as well. */
const SUBMISSIONS = new Set(['sendTransaction']);

/** The retry policy of every RPC call: at most 4 retries (5 attempts), backoff from 250 ms to 4 s. */
function rpcRetryPolicy() {
  return retry(handleWhen(isRetryableTransportError), {
    maxAttempts: 4,
    backoff: new ExponentialBackoff({ initialDelay: 250, maxDelay: 4_000 }),
  });
}

/**
 * A Kit RPC client over `endpoints` (one URL: that endpoint for reads and sends) that respects
 * `limits`: the replica's budget first, then each endpoint's own limiter, breaker and failover
 * (the SDK's rpc-endpoint-pool.ts); a retry of the whole call picks the best endpoint again.
 *
 * @example
 * const { rpc, pool } = createLimitedRpc([{ url, read: true, send: true }], limits, (method) => calls.inc({ method }));
 */
export function createLimitedRpc(
  endpoints: string | readonly RpcEndpoint[],
  limits: Pick<KeeperLimits, 'rpc' | 'tx'>,
  onCall: (method: string) => void = () => {},
  options: { perEndpointPerSecond?: number; onEndpointEvent?: (e: EndpointEvent) => void } = {},
) {
  const pool = createRpcPool(
    typeof endpoints === 'string' ? [{ url: endpoints, read: true, send: true }] : endpoints,
    {
      perSecond: options.perEndpointPerSecond ?? 50,
      ...(options.onEndpointEvent ? { onEvent: options.onEndpointEvent } : {}),
    },
  );
  const base = pool.transport;
  const policy = rpcRetryPolicy();
  const transport: RpcTransport = async <T>(request: Parameters<RpcTransport>[0]) => {
    const method = (request.payload as { method?: string }).method ?? 'unknown';
    const attempt = () =>
      limits.rpc.schedule(() => {
        onCall(method);
        return base<T>(request);
      });
    return policy.execute(() =>
      SUBMISSIONS.has(method) ? limits.tx.schedule(attempt) : attempt(),
    );
  };
  return { rpc: createSolanaRpcFromTransport(transport), transport, pool };
}

/** PubSub for confirmations (subscriptions are not part of the RPC call budget). */
export function createSubscriptions(wsUrl: string) {
  return createSolanaRpcSubscriptions(wsUrl);
}

/** A `fetch` for the tokenized-asset API client that waits for the asset-index limiter. */
export function limitedFetch(limits: Pick<KeeperLimits, 'assetIndex'>) {
  return (input: string, init: RequestInit) => limits.assetIndex.schedule(() => fetch(input, init));
}
