// What the proxy does with one request, decided from the faults in force and the seeded
// generator alone (no I/O), so a seed replays the same faults for the same request sequence.
// Every request consumes the same five draws whatever the outcome.
import type { Faults } from './config.ts';
import type { SeededRandom } from './random.ts';

/**
 * One request's fate.
 *
 * @example
 * const fate: Fate = { delayMs: 20, action: 'drop' };
 */
export type Fate = Readonly<{
  delayMs: number;
  action: 'forward' | 'rate-limit' | 'drop' | 'stale-blockhash' | 'cut';
}>;

/**
 * Decides a request's fate. `method` is the JSON-RPC method (null for a plain HTTP request or
 * a batch): drops apply to sendTransaction only, stale answers to getLatestBlockhash only.
 *
 * @example
 * const fate = decideFate(faults, random, 'sendTransaction');
 */
export function decideFate(faults: Faults, random: SeededRandom, method: string | null): Fate {
  const jitter = random.below(faults.jitterMs + 1);
  const limit = random.below(100) < faults.rateLimitPercent;
  const drop = random.below(100) < faults.dropSendPercent;
  const stale = random.below(100) < faults.staleBlockhashPercent;
  const cut = random.below(100) < faults.cutPercent;
  const targeted =
    faults.methods.length === 0 || (method !== null && faults.methods.includes(method));
  const delayMs = targeted ? faults.latencyMs + jitter : 0;
  if (targeted && limit) return { delayMs, action: 'rate-limit' };
  if (method === 'sendTransaction' && drop) return { delayMs, action: 'drop' };
  if (method === 'getLatestBlockhash' && stale) return { delayMs, action: 'stale-blockhash' };
  if (targeted && cut) return { delayMs, action: 'cut' };
  return { delayMs, action: 'forward' };
}
