// Kit's RPC behind the budget: every JSON-RPC call waits for the RPC limiter, transaction
// submissions also for the submission limiter, and transport failures (network, HTTP 5xx/429)
// are retried with exponential backoff by cockatiel. A counter sees every call (the bench
// checks calls per account read).
import {
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  createSolanaRpcSubscriptions,
  type RpcTransport,
} from '@solana/kit';
import { ExponentialBackoff, handleAll, retry } from 'cockatiel';
import type { KeeperLimits } from './limits.ts';

/** Calls that count against the submission budget as well. */
const SUBMISSIONS = new Set(['sendTransaction']);

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
  const policy = retry(handleAll, {
    maxAttempts: 4,
    backoff: new ExponentialBackoff({ initialDelay: 250, maxDelay: 4_000 }),
  });
  const transport: RpcTransport = async <T>(request: Parameters<RpcTransport>[0]) => {
    const method = (request.payload as { method?: string }).method ?? 'unknown';
    onCall(method);
    const send = () => limits.rpc.schedule(() => policy.execute(() => base<T>(request)));
    return SUBMISSIONS.has(method) ? limits.tx.schedule(send) : send();
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
