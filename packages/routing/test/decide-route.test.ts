import { isOpen, type TradingHoursMode } from '@basket/market-calendar';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decideRoute, InvalidRoutingInputError, type Route } from '../src/index.ts';
import { entryOf, statusOf } from './fixtures.ts';

// Instants with the windows known open (true) or closed (false) per mode.
const INSTANTS = {
  'Tuesday 11:00 ET': { at: '2025-06-10T11:00:00-04:00', MarketHours: true, TwentyFourFive: true },
  'Tuesday 22:00 ET': { at: '2025-06-10T22:00:00-04:00', MarketHours: false, TwentyFourFive: true },
  'Sunday 20:00 ET': { at: '2025-06-08T20:00:00-04:00', MarketHours: false, TwentyFourFive: true },
  'early-close day 14:00 ET': {
    at: '2025-11-28T14:00:00-05:00',
    MarketHours: false,
    TwentyFourFive: true,
  },
  'Saturday noon ET': {
    at: '2025-06-14T12:00:00-04:00',
    MarketHours: false,
    TwentyFourFive: false,
  },
  'Independence Day 11:00 ET': {
    at: '2025-07-04T11:00:00-04:00',
    MarketHours: false,
    TwentyFourFive: false,
  },
} as const;

const MODES: readonly TradingHoursMode[] = ['MarketHours', 'TwentyFourFive', 'Always'];
const BOOLS = [false, true] as const;

interface Row {
  readonly instant: keyof typeof INSTANTS;
  readonly mode: TradingHoursMode;
  readonly entryHalt: boolean;
  readonly statusHalt: boolean;
  readonly marketHalt: boolean;
  readonly depth: boolean;
  readonly route: Route;
  readonly rule: 1 | 2 | 3;
  readonly primary: 'allowed' | 'blocked';
}

/** Every combination of inputs, with the outcome the spec's rules 1-4 give. */
const ROWS: Row[] = [];
for (const instant of Object.keys(INSTANTS) as (keyof typeof INSTANTS)[]) {
  for (const mode of MODES) {
    for (const entryHalt of BOOLS) {
      for (const statusHalt of BOOLS) {
        for (const marketHalt of BOOLS) {
          for (const depth of BOOLS) {
            const windowOpen = mode === 'Always' || INSTANTS[instant][mode];
            const fallback: Route = depth ? 'aggregator' : 'skip';
            const [route, rule]: [Route, 1 | 2 | 3] = !windowOpen
              ? [fallback, 1]
              : entryHalt || statusHalt
                ? [fallback, 2]
                : ['swap', 3];
            const primary = marketHalt ? 'blocked' : 'allowed';
            ROWS.push({
              instant,
              mode,
              entryHalt,
              statusHalt,
              marketHalt,
              depth,
              route,
              rule,
              primary,
            });
          }
        }
      }
    }
  }
}

describe('routing decision table (rules 1-4, every combination)', () => {
  it('covers 6 instants x 3 modes x 2^4 flags', () => {
    expect(ROWS).toHaveLength(288);
  });

  it.each(ROWS)(
    '$mode at $instant, entry halt $entryHalt, status halt $statusHalt, market halt $marketHalt, depth $depth -> $route (rule $rule), primary $primary',
    (row) => {
      // Given the entry, status, depth and instant of the row
      const decision = decideRoute({
        entry: entryOf({ tradingHoursMode: row.mode, isAtomicTradingHalted: row.entryHalt }),
        status: statusOf({
          isAtomicTradingHalted: row.statusHalt,
          isMarketTradingHalted: row.marketHalt,
        }),
        aggregatorDepth: row.depth,
        now: new Date(INSTANTS[row.instant].at),
      });
      // Then the route, the rule and rule 4's primary-market decision are the spec's
      expect(decision.route).toBe(row.route);
      expect(decision.rule).toBe(row.rule);
      expect(decision.primaryMarket.issuanceAndRedemption).toBe(row.primary);
    },
  );
});

describe('routing decision details', () => {
  it('explains an aggregator route outside market hours with the next open', () => {
    // Given a MarketHours asset on Saturday with aggregator depth
    const decision = decideRoute({
      entry: entryOf(),
      status: statusOf(),
      aggregatorDepth: { hasDepth: true, detail: 'impact 0.1%' },
      now: new Date('2025-06-14T12:00:00-04:00'),
    });
    // Then rule 1 routes to the aggregator, says why, and names Monday's open
    expect(decision).toMatchObject({
      route: 'aggregator',
      rule: 1,
      reason: 'OutsideTradingWindow',
      windowOpen: false,
      windowClosesAt: null,
    });
    expect(decision.message).toContain('outside market hours');
    expect(decision.windowOpensAt?.toISOString()).toBe('2025-06-16T13:30:00.000Z');
  });

  it('treats an atomic halt reported only by the system status as a halt', () => {
    // Given an entry that is not halted and a status that is
    const decision = decideRoute({
      entry: entryOf(),
      status: statusOf({ isAtomicTradingHalted: true }),
      aggregatorDepth: false,
      now: new Date('2025-06-10T11:00:00-04:00'),
    });
    // Then rule 2 applies, and without depth the leg is skipped
    expect(decision).toMatchObject({
      route: 'skip',
      rule: 2,
      reason: 'AtomicTradingHalted',
      atomicHalt: { entry: false, status: true },
      aggregatorHasDepth: false,
    });
  });

  it('gives the swap route with the window close time during market hours', () => {
    // Given a MarketHours asset at 11:00 on a trading day
    const decision = decideRoute({
      entry: entryOf(),
      status: statusOf(),
      aggregatorDepth: true,
      now: new Date('2025-06-10T11:00:00-04:00'),
    });
    // Then the route is swap and the window closes at 16:00 EDT
    expect(decision).toMatchObject({ route: 'swap', rule: 3, reason: 'SwapRouteOpen' });
    expect(decision.windowClosesAt?.toISOString()).toBe('2025-06-10T20:00:00.000Z');
  });

  it('never gives a MarketHours asset the swap route outside market hours', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (now, entryHalt, statusHalt, marketHalt, depth) => {
          // Given any instant and flags for a MarketHours asset
          const decision = decideRoute({
            entry: entryOf({ isAtomicTradingHalted: entryHalt }),
            status: statusOf({
              isAtomicTradingHalted: statusHalt,
              isMarketTradingHalted: marketHalt,
            }),
            aggregatorDepth: depth,
            now,
          });
          // Then a swap route implies the market is open and nothing is halted
          if (decision.route === 'swap') {
            expect(isOpen('MarketHours', now)).toBe(true);
            expect(entryHalt || statusHalt).toBe(false);
          }
          if (!isOpen('MarketHours', now)) expect(decision.route).not.toBe('swap');
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    [
      'entry.tradingHoursMode',
      { entry: entryOf({ tradingHoursMode: 'Weekdays' as TradingHoursMode }) },
    ],
    ['entry.symbol', { entry: entryOf({ symbol: '' }) }],
    [
      'entry.isAtomicTradingHalted',
      { entry: entryOf({ isAtomicTradingHalted: 'false' as unknown as boolean }) },
    ],
    ['status.isAtomicTradingHalted', { status: { isMarketTradingHalted: false } as never }],
    ['status.isMarketTradingHalted', { status: { isAtomicTradingHalted: false } as never }],
    ['status', { status: null as never }],
    ['aggregatorDepth.hasDepth', { aggregatorDepth: {} as never }],
  ])('refuses a malformed %s', (field, patch) => {
    // Given an input with one malformed field
    const input = { entry: entryOf(), status: statusOf(), aggregatorDepth: true, now: 0, ...patch };
    // When / Then the error names the field
    try {
      decideRoute(input);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidRoutingInputError);
      expect((error as InvalidRoutingInputError).context.field).toBe(field);
    }
  });
});
