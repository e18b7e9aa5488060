import { isOpen } from '@basket/market-calendar';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertSwapPreCommit,
  checkSwapPreCommit,
  InvalidRoutingInputError,
  SwapPreCommitRefusedError,
} from '../src/index.ts';
import { entryOf, statusOf } from './fixtures.ts';

const at = (iso: string) => new Date(iso);

describe('swap pre-commit check', () => {
  it('accepts when the execution deadline is inside the open window', () => {
    // Given a MarketHours asset at 15:58:00 ET with a 60 s execution timeout
    const result = checkSwapPreCommit({
      entry: entryOf({ executionTimeoutSeconds: 60 }),
      status: statusOf(),
      aggregatorDepth: true,
      now: at('2025-06-10T15:58:00-04:00'),
    });
    // Then it is accepted with a 15:59:00 deadline
    expect(result.ok).toBe(true);
    expect(result.executionDeadline.toISOString()).toBe('2025-06-10T19:59:00.000Z');
  });

  it('refuses when the deadline falls exactly on the close', () => {
    // Given 15:59:00 ET with a 60 s timeout: the deadline is 16:00:00, the first closed instant
    const result = checkSwapPreCommit({
      entry: entryOf({ executionTimeoutSeconds: 60 }),
      status: statusOf(),
      aggregatorDepth: true,
      now: at('2025-06-10T15:59:00-04:00'),
    });
    // Then it is refused and the leg falls back to the aggregator
    expect(result).toMatchObject({
      ok: false,
      code: 'WindowClosesBeforeExecutionDeadline',
      fallbackRoute: 'aggregator',
    });
  });

  it('accepts one millisecond earlier than the exact-close case', () => {
    // Given 15:58:59.999 ET with a 60 s timeout: the deadline is 15:59:59.999
    const result = checkSwapPreCommit({
      entry: entryOf({ executionTimeoutSeconds: 60 }),
      status: statusOf(),
      aggregatorDepth: true,
      now: at('2025-06-10T15:58:59.999-04:00'),
    });
    // Then it is accepted
    expect(result.ok).toBe(true);
  });

  it('refuses when the window closed between routing and submission', () => {
    // Given a leg routed to swap at 15:59:30 and submitted at 16:00:01 ET
    const result = checkSwapPreCommit({
      entry: entryOf({ executionTimeoutSeconds: 10 }),
      status: statusOf(),
      aggregatorDepth: false,
      now: at('2025-06-10T16:00:01-04:00'),
    });
    // Then the re-evaluated rule gives skip (no depth) and the swap is refused
    expect(result).toMatchObject({ ok: false, code: 'RouteNoLongerSwap', fallbackRoute: 'skip' });
    expect(result.ok ? null : result.decision.reason).toBe('OutsideTradingWindow');
  });

  it('refuses when an atomic halt appeared since routing', () => {
    // Given the fresh system status now reports an atomic halt
    const result = checkSwapPreCommit({
      entry: entryOf(),
      status: statusOf({ isAtomicTradingHalted: true }),
      aggregatorDepth: true,
      now: at('2025-06-10T11:00:00-04:00'),
    });
    // Then it is refused in favour of the aggregator
    expect(result).toMatchObject({
      ok: false,
      code: 'RouteNoLongerSwap',
      fallbackRoute: 'aggregator',
    });
  });

  it('uses the 13:00 early close as the window end', () => {
    // Given 12:59:30 ET on the day after Thanksgiving, 60 s timeout
    const result = checkSwapPreCommit({
      entry: entryOf(),
      status: statusOf(),
      aggregatorDepth: true,
      now: at('2025-11-28T12:59:30-05:00'),
    });
    // Then it is refused: the deadline 13:00:30 is after the close
    expect(result).toMatchObject({ ok: false, code: 'WindowClosesBeforeExecutionDeadline' });
  });

  it('lets a TwentyFourFive asset trade through 16:00 but not past Friday 20:00', () => {
    // Given a TwentyFourFive asset at Tuesday 15:59:30 and at Friday 19:59:30 ET
    const entry = entryOf({ tradingHoursMode: 'TwentyFourFive' });
    const tuesday = checkSwapPreCommit({
      entry,
      status: statusOf(),
      aggregatorDepth: true,
      now: at('2025-06-10T15:59:30-04:00'),
    });
    const friday = checkSwapPreCommit({
      entry,
      status: statusOf(),
      aggregatorDepth: true,
      now: at('2025-06-13T19:59:30-04:00'),
    });
    // Then Tuesday is accepted and Friday refused
    expect(tuesday.ok).toBe(true);
    expect(friday).toMatchObject({ ok: false, code: 'WindowClosesBeforeExecutionDeadline' });
  });

  it('never refuses an Always asset for its window', () => {
    // Given an Always asset on Saturday night with a long timeout
    const result = checkSwapPreCommit({
      entry: entryOf({ tradingHoursMode: 'Always', executionTimeoutSeconds: 3600 }),
      status: statusOf(),
      aggregatorDepth: false,
      now: at('2025-06-14T23:59:59-04:00'),
    });
    // Then it is accepted
    expect(result.ok).toBe(true);
  });

  it.each([0, -5, Number.NaN, Number.POSITIVE_INFINITY, '60'])(
    'refuses an executionTimeoutSeconds of %s',
    (seconds) => {
      // Given a malformed execution timeout
      const input = {
        entry: entryOf({ executionTimeoutSeconds: seconds as number }),
        status: statusOf(),
        aggregatorDepth: true,
        now: at('2025-06-10T11:00:00-04:00'),
      };
      // When / Then the check names the field
      expect(() => checkSwapPreCommit(input)).toThrow(InvalidRoutingInputError);
    },
  );

  it('throws a typed refusal from the asserting form', () => {
    // Given a submission after the close
    const input = {
      entry: entryOf(),
      status: statusOf(),
      aggregatorDepth: true,
      now: at('2025-06-10T16:30:00-04:00'),
    };
    // When / Then assertSwapPreCommit throws the refusal code
    expect(() => assertSwapPreCommit(input)).toThrow(SwapPreCommitRefusedError);
    try {
      assertSwapPreCommit(input);
    } catch (error) {
      expect((error as SwapPreCommitRefusedError).context).toMatchObject({
        symbol: 'AAPLx',
        code: 'RouteNoLongerSwap',
      });
    }
  });

  it('only ever accepts when both now and the deadline are inside market hours', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2036, 0, 1) }),
        fc.integer({ min: 1, max: 7200 }),
        (now, timeout) => {
          // Given any instant and execution timeout for a MarketHours asset
          const result = checkSwapPreCommit({
            entry: entryOf({ executionTimeoutSeconds: timeout }),
            status: statusOf(),
            aggregatorDepth: true,
            now,
          });
          // Then acceptance implies the whole execution interval is in market hours
          if (result.ok) {
            expect(isOpen('MarketHours', now)).toBe(true);
            expect(isOpen('MarketHours', result.executionDeadline)).toBe(true);
            expect(result.executionDeadline.getTime()).toBeLessThan(
              result.decision.windowClosesAt?.getTime() ?? 0,
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
