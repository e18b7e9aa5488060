/**
 * The retry policy of the spec's Limits table: exponential backoff from 250 ms to 4 s, at most
 * 5 attempts, ±20% jitter; HTTP 429 waits at least `Retry-After`. Pure functions of an
 * injected `random`, so delays are exact in tests.
 *
 * Written here rather than with cockatiel or p-retry: both sleep with a bare `setTimeout`
 * (no injectable clock, and cockatiel's sleep ignores the abort signal), neither offers
 * proportional ±20% jitter, and neither reads `Retry-After` (see docs/decisions/0007-own-retry-policy-module-instead-of-a-retry-library.md).
 */

import { parseHttpDate } from './http-date.ts';

/** Tunables of the retry policy. */
export type RetryPolicy = Readonly<{
  /** Total attempts including the first (spec: 5). */
  maxAttempts: number;
  /** Delay before the first retry (spec: 250 ms). */
  initialDelayMs: number;
  /** Ceiling of the exponential delay (spec: 4 s). */
  maxDelayMs: number;
  /** Growth factor between consecutive delays. */
  multiplier: number;
  /** Jitter as a fraction of the delay (spec: 0.2 = ±20%). */
  jitterRatio: number;
  /** A `Retry-After` longer than this is not waited for: the error is returned at once. */
  maxRetryAfterMs: number;
}>;

/**
 * The spec's policy. With 5 attempts the delays before retries 1-4 are 250, 500, 1000 and
 * 2000 ms (±20%); the 4 s ceiling applies when `maxAttempts` is raised.
 *
 * @example
 * ```ts
 * createTokenizedApiClient({ baseUrl, retry: { ...DEFAULT_RETRY_POLICY, maxAttempts: 3 } });
 * ```
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = Object.freeze({
  maxAttempts: 5,
  initialDelayMs: 250,
  maxDelayMs: 4_000,
  multiplier: 2,
  jitterRatio: 0.2,
  maxRetryAfterMs: 30_000,
});

/**
 * The un-jittered delay before retry number `retry` (1 = the first retry).
 *
 * @example
 * ```ts
 * backoffBaseMs(DEFAULT_RETRY_POLICY, 3); // 1000
 * ```
 */
export function backoffBaseMs(policy: RetryPolicy, retry: number): number {
  const raw = policy.initialDelayMs * policy.multiplier ** Math.max(0, retry - 1);
  return Math.min(policy.maxDelayMs, raw);
}

/**
 * The jittered delay before retry number `retry`: base × (1 ± jitterRatio), `random` in [0, 1).
 *
 * @example
 * ```ts
 * backoffDelayMs(DEFAULT_RETRY_POLICY, 1, () => 0.5); // 250 (no jitter at the midpoint)
 * backoffDelayMs(DEFAULT_RETRY_POLICY, 1, () => 0);   // 200
 * ```
 */
export function backoffDelayMs(policy: RetryPolicy, retry: number, random: () => number): number {
  const base = backoffBaseMs(policy, retry);
  const factor = 1 + (2 * clampUnit(random()) - 1) * policy.jitterRatio;
  return Math.round(base * factor);
}

/**
 * The delay after an HTTP 429. Never shorter than `Retry-After`; jitter is only ever added
 * on top, sized from the larger of `Retry-After` and the backoff base, so many callers
 * rejected at the same instant do not come back in lockstep. Without a `Retry-After`, the
 * ordinary jittered backoff applies.
 *
 * @example
 * ```ts
 * rateLimitDelayMs(DEFAULT_RETRY_POLICY, 1, 2_000, () => 0.5); // 2200
 * ```
 */
export function rateLimitDelayMs(
  policy: RetryPolicy,
  retry: number,
  retryAfterMs: number | null,
  random: () => number,
): number {
  if (retryAfterMs === null) return backoffDelayMs(policy, retry, random);
  const spread = Math.max(retryAfterMs, backoffBaseMs(policy, retry)) * policy.jitterRatio;
  return Math.ceil(retryAfterMs + clampUnit(random()) * spread);
}

/**
 * Parses a `Retry-After` header (delta-seconds or an HTTP date) into milliseconds from `nowMs`.
 * A date in the past gives 0; anything that is not delta-seconds or exactly an HTTP date
 * (`parseHttpDate`) gives `null`, treated as absent.
 *
 * @example
 * ```ts
 * parseRetryAfter('3', 0);                                  // 3000
 * parseRetryAfter('Wed, 21 Oct 2015 07:28:05 GMT', Date.UTC(2015, 9, 21, 7, 28)); // 5000
 * ```
 */
export function parseRetryAfter(header: string | null, nowMs: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  // Only the three forms RFC 9110 allows; anything else is treated as absent (own backoff).
  const at = parseHttpDate(text, nowMs);
  if (at === null) return null;
  return Math.max(0, at - nowMs);
}

function clampUnit(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(value, 1);
}
