import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  backoffDelayMs,
  DEFAULT_RETRY_POLICY,
  describeNetworkError,
  isRetryable,
  parseRetryAfter,
  rateLimitDelayMs,
} from '../src/index.ts';

const policy = DEFAULT_RETRY_POLICY;

describe('backoff', () => {
  it('grows from 250 ms and is capped at 4 s', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 9].map((r) => backoffDelayMs(policy, r, mid))).toEqual([
      250, 500, 1000, 2000, 4000, 4000, 4000,
    ]);
  });

  it('stays within ±20% of the base for any random draw', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.double({ min: 0, max: 1, maxExcluded: true }),
        (retry, r) => {
          const base = Math.min(4000, 250 * 2 ** (retry - 1));
          const delay = backoffDelayMs(policy, retry, () => r);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
          expect(delay).toBeLessThanOrEqual(Math.ceil(base * 1.2));
        },
      ),
    );
  });
});

describe('Retry-After', () => {
  it('parses delta-seconds and HTTP dates (IMF-fixdate, RFC 850, asctime)', () => {
    const now = Date.UTC(1994, 10, 6, 8, 49, 30);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 12 ', now)).toBe(12_000);
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', now)).toBe(7_000);
    expect(parseRetryAfter('Sunday, 06-Nov-94 08:49:37 GMT', now)).toBe(7_000);
    expect(parseRetryAfter('Sun Nov  6 08:49:37 1994', now)).not.toBeNull();
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:00 GMT', now)).toBe(0); // past
  });

  it('treats garbage as absent', () => {
    for (const bad of ['', 'soon', '-5', '1.5', '1e3', 'Sun, 99 Foo 1994']) {
      expect(parseRetryAfter(bad, 0)).toBeNull();
    }
    expect(parseRetryAfter(null, 0)).toBeNull();
  });

  it('never waits less than Retry-After and adds at most 20% on top', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30_000 }),
        fc.integer({ min: 1, max: 5 }),
        fc.double({ min: 0, max: 1, maxExcluded: true }),
        (retryAfter, retry, r) => {
          const delay = rateLimitDelayMs(policy, retry, retryAfter, () => r);
          const spread = Math.max(retryAfter, Math.min(4000, 250 * 2 ** (retry - 1))) * 0.2;
          expect(delay).toBeGreaterThanOrEqual(retryAfter);
          expect(delay).toBeLessThanOrEqual(Math.ceil(retryAfter + spread));
        },
      ),
    );
  });

  it('still spreads callers when Retry-After is 0', () => {
    const delays = [0, 0.25, 0.5, 0.75].map((r) => rateLimitDelayMs(policy, 1, 0, () => r));
    expect(new Set(delays).size).toBe(4);
  });
});

describe('retry safety', () => {
  it('GETs retry 408, 429, 5xx (not 501/505), timeouts and any network error', () => {
    const retryable = (failure: Parameters<typeof isRetryable>[0]) =>
      isRetryable(failure, 'idempotent');
    expect(
      [408, 429, 500, 502, 503, 504].every((status) => retryable({ kind: 'status', status })),
    ).toBe(true);
    expect(
      [400, 401, 403, 404, 409, 422, 501, 505].some((status) =>
        retryable({ kind: 'status', status }),
      ),
    ).toBe(false);
    expect(retryable({ kind: 'timeout' })).toBe(true);
    expect(retryable({ kind: 'network', phase: 'unknown' })).toBe(true);
  });

  it('the RFQ POST retries only failures before sending; no 4xx, not even 429', () => {
    const retryable = (failure: Parameters<typeof isRetryable>[0]) =>
      isRetryable(failure, 'at-most-once');
    expect(retryable({ kind: 'status', status: 429 })).toBe(false);
    expect(retryable({ kind: 'network', phase: 'before-send' })).toBe(true);
    expect(retryable({ kind: 'status', status: 408 })).toBe(false);
    expect(retryable({ kind: 'status', status: 503 })).toBe(false);
    expect(retryable({ kind: 'timeout' })).toBe(false);
    expect(retryable({ kind: 'network', phase: 'unknown' })).toBe(false);
  });

  it('classifies fetch errors by their code, never by their text', () => {
    const wrap = (code: string) =>
      Object.assign(new TypeError('fetch failed'), { cause: { code } });
    expect(describeNetworkError(wrap('ECONNREFUSED'))).toEqual({
      phase: 'before-send',
      reason: 'ECONNREFUSED',
    });
    expect(describeNetworkError(wrap('ENOTFOUND')).phase).toBe('before-send');
    expect(describeNetworkError(wrap('ECONNRESET')).phase).toBe('unknown');
    expect(describeNetworkError(new TypeError('Failed to fetch'))).toEqual({
      phase: 'unknown',
      reason: 'TypeError',
    });
    expect(describeNetworkError(wrap('not a code; rm -rf')).reason).toBe('TypeError');
  });
});
