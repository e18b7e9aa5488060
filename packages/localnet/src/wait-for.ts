// Waiting for the chain to reach a state (a clock reading, a slot, a confirmed airdrop) as a
// retry policy from cockatiel rather than a hand-written loop: the probe runs every
// `intervalMs` until it returns something other than null, or the time is up.
import { ConstantBackoff, handleWhenResult, retry } from 'cockatiel';

/**
 * Resolves with the probe's first non-null result; throws `${what} within N s` when none
 * comes in time. Errors the probe throws are not retried: they end the wait at once.
 *
 * @example
 * const slot = await waitFor('the chain did not pass slot 42', async () => {
 *   const now = await rpc.getSlot().send();
 *   return now > 42n ? now : null;
 * });
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null>,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const intervalMs = options.intervalMs ?? 50;
  const policy = retry(
    handleWhenResult((result) => result === null),
    {
      maxAttempts: Math.max(1, Math.ceil(timeoutMs / intervalMs)),
      backoff: new ConstantBackoff(intervalMs),
    },
  );
  const result = await policy.execute(probe);
  if (result === null) throw new Error(`${what} within ${timeoutMs / 1000} s`);
  return result;
}
