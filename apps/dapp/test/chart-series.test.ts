// The charts' series from the indexer's answers and the asset API's multiplier history: integer
// values in, integer values out, in time order.
import { parseDecimal } from '@basket/tokenized-api';
import { describe, expect, it } from 'vitest';
import type { NavPoint } from '../src/web/data/indexer.ts';
import {
  fixed12,
  formatMultiplier12,
  multiplierSeries,
  navPerShareSeries,
  positionValueSeries,
  tvlSeries,
} from '../src/web/data/series.ts';
import { chartSummary, plotPoints } from '../src/web/ui/time-chart.tsx';

const nav = (unixTime: bigint, pricePerShare: bigint, navUsd = 0n): NavPoint => ({
  unixTime,
  navUsd,
  supply: 0n,
  pricePerShare,
});

describe('chart series', () => {
  it('reads NAV per share and TVL from the indexer points', () => {
    const points = [
      nav(100n, 1_000_000_000_000n, 5_000_000n),
      nav(200n, 1_010_000_000_000n, 7_000_000n),
    ];
    expect(navPerShareSeries(points)).toEqual([
      { time: 100n, value: 1_000_000_000_000n },
      { time: 200n, value: 1_010_000_000_000n },
    ]);
    expect(tvlSeries(points).map((p) => p.value)).toEqual([5_000_000n, 7_000_000n]);
  });

  it('fixes a multiplier at 12 decimals and prints only its significant ones', () => {
    expect(fixed12(parseDecimal('1.0002'))).toBe(1_000_200_000_000n);
    expect(fixed12(parseDecimal('0.1234567890123456'))).toBe(123_456_789_012n);
    expect(formatMultiplier12(1_000_200_000_000n)).toBe('1.0002');
    expect(formatMultiplier12(2_000_000_000_000n)).toBe('2');
  });

  it('draws a multiplier as steps: before the first change, each active change, held to now', () => {
    const change = (iso: string, from: string, to: string) => ({
      activationDateTime: new Date(iso),
      previousMultiplier: parseDecimal(from),
      newMultiplier: parseDecimal(to),
    });
    const t1 = BigInt(Date.parse('2026-11-02T14:30:00Z') / 1000);
    const t2 = BigInt(Date.parse('2026-11-09T14:30:00Z') / 1000);
    const series = multiplierSeries(
      [
        change('2026-11-09T14:30:00Z', '1.5', '0.75'),
        change('2026-11-02T14:30:00Z', '1.0002', '1.5'),
        change('2026-12-01T14:30:00Z', '0.75', '1.5'),
      ],
      t2 + 60n,
    );
    expect(series).toEqual([
      { time: t1 - 1n, value: 1_000_200_000_000n },
      { time: t1, value: 1_500_000_000_000n },
      { time: t2, value: 750_000_000_000n },
      { time: t2 + 60n, value: 750_000_000_000n },
    ]);
    expect(multiplierSeries([], t2)).toEqual([]);
  });

  it('values a position at each NAV point by the shares held then, rounded down', () => {
    const pps = 1_500_000_000_000n; // $1.50 per share (x 1e12)
    const points = [nav(50n, pps), nav(100n, pps), nav(150n, pps + 1n), nav(250n, pps)];
    const deposits = [
      { sku: 'TECH6', block_time: '100', shares: '2000000' },
      { sku: 'BROAD20', block_time: '100', shares: '9' },
    ];
    const withdrawals = [
      { sku: 'TECH6', block_time: '200', shares: '500000', kind: 'stable' },
      { sku: 'TECH6', block_time: '210', shares: '999', kind: 'redemption_payment' },
    ];
    expect(positionValueSeries('TECH6', deposits, withdrawals, points)).toEqual([
      { time: 100n, value: 3_000_000n },
      // 2_000_000 x (1.5e12 + 1) / 1e12 = 3_000_000.000002: down.
      { time: 150n, value: 3_000_000n },
      { time: 250n, value: 2_250_000n },
    ]);
    expect(positionValueSeries('OTHER', deposits, withdrawals, points)).toEqual([]);
  });

  it('plots one point per second in time order and sums up a series in words', () => {
    expect(
      plotPoints([
        { time: 20n, value: 3n },
        { time: 10n, value: 1n },
        { time: 20n, value: 4n },
      ]),
    ).toEqual([
      { time: 10, value: 1 },
      { time: 20, value: 4 },
    ]);
    expect(
      chartSummary(
        'NAV',
        [
          { time: 1n, value: 5n },
          { time: 2n, value: 2n },
          { time: 3n, value: 9n },
        ],
        (v) => `${v}`,
      ),
    ).toBe('NAV: from 5 to 9, 3 points; low 2, high 9.');
  });
});
