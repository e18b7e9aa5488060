// The reload interval of the dapp's queries (TanStack Query's refetchInterval): steady after a success, backing off while a
// service fails (every open page would otherwise ask a down service every few seconds).
import { describe, expect, it } from 'vitest';
import { MAX_REFRESH_BACKOFF_MS, nextRefreshDelay, retryDelay } from '../src/web/data/queries.ts';

describe('nextRefreshDelay', () => {
  it('keeps the interval after a success', () => {
    expect(nextRefreshDelay(15_000, 0)).toBe(15_000);
    expect(nextRefreshDelay(5_000, 0)).toBe(5_000);
  });

  it('doubles per consecutive failure up to the cap', () => {
    expect([1, 2, 3, 4].map((f) => nextRefreshDelay(5_000, f))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ]);
    expect(nextRefreshDelay(5_000, 5)).toBe(MAX_REFRESH_BACKOFF_MS);
    expect(nextRefreshDelay(5_000, 1_000)).toBe(MAX_REFRESH_BACKOFF_MS);
  });

  it('never waits less than the interval, even one above the cap', () => {
    expect(nextRefreshDelay(300_000, 3)).toBe(300_000);
  });
});

describe('retryDelay', () => {
  it('waits 1 s before the first retry and doubles, capped', () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([1_000, 2_000, 4_000]);
    expect(retryDelay(30)).toBe(MAX_REFRESH_BACKOFF_MS);
  });
});
