// Kit's RPC behind the budget: every attempt of a JSON-RPC call (a retry included) waits for
// its own RPC limiter slot, and transaction submissions for a submission slot as well, so the
// 50 calls/s (5 tx/s) are never exceeded however many calls fail; the counter sees every
// attempt. Transport failures worth another try (network errors, HTTP 429 and 5xx) are retried
// with exponential backoff by cockatiel; a 4xx is the request's own fault and is not.
import {
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  createSolanaRpcSubscriptions,
  isSolanaError,
  type RpcTransport,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
} from '@solana/kit';
import { ExponentialBackoff, handleWhen, retry } from 'cockatiel';
import type { KeeperLimits } from './limits.ts';

/** Calls that count against the submission budget as well. */
const SUBMISSIONS = new Set(['sendTransaction']);

/**
 * Whether a transport failure may succeed if tried again: HTTP 429 and 5xx, and failures
 * below HTTP (connection refused or reset, DNS). Not an abort, not any other HTTP status.
 *
 * @example
 * isRetryableTransportError(error) // false for a 400
 */
export function isRetryableTransportError(error: unknown): boolean {
  if (isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) {
    const status = error.context.statusCode;
    return status === 429 || status >= 500;
  }
  if (isSolanaError(error)) return false;
  return !(error instanceof Error && error.name === 'AbortError');
}

/** The retry policy of every RPC call: at most 4 retries (5 attempts), backoff from 250 ms to 4 s. */
function rpcRetryPolicy() {
  return retry(handleWhen(isRetryableTransportError), {
    maxAttempts: 4,
    backoff: new ExponentialBackoff({ initialDelay: 250, maxDelay: 4_000 }),
  });
}

/**
 * A Kit RPC client at `url` that respects `limits`.
 *
 * @example
 * const { rpc } = createLimitedRpc(url, limits, (method) => calls.inc({ method }));
 */
export function createLimitedRpc(
  url: string,
  limits: Pick<KeeperLimits, 'rpc' | 'tx'>,
  onCall: (method: string) => void = () => {},
) {
  const base = createDefaultRpcTransport({ url });
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
  return { rpc: createSolanaRpcFromTransport(transport), transport };
}

/** PubSub for confirmations (subscriptions are not part of the RPC call budget). */
export function createSubscriptions(wsUrl: string) {
  return createSolanaRpcSubscriptions(wsUrl);
}

/** A `fetch` for the tokenized-asset API client that waits for the asset-index limiter. */
export function limitedFetch(limits: Pick<KeeperLimits, 'assetIndex'>) {
  return (input: string, init: RequestInit) => limits.assetIndex.schedule(() => fetch(input, init));
}
