// The analytics in integer math, checked against numbers worked out by hand.
import { describe, expect, it } from 'vitest';
import {
  aprBps,
  feeTotals,
  navPoints,
  pointAt,
  supplyAfter,
  type VaultEvent,
} from '../src/analytics.ts';

const ev = (name: string, payload: Record<string, string>, slot = 1n): VaultEvent => ({
  name,
  slot,
  commitment: 'finalized',
  payload,
});

const DAY = 86_400n;

describe('vault analytics', () => {
  it('follows the share supply through deposits, withdrawals and fees', () => {
    expect(supplyAfter(ev('deposit', { supplyBefore: '100', shares: '50' }))).toBe(150n);
    expect(supplyAfter(ev('withdrawStable', { supplyBefore: '150', shares: '30' }))).toBe(120n);
    expect(supplyAfter(ev('withdrawInKind', { supplyBefore: '120', shares: '20' }))).toBe(100n);
    expect(supplyAfter(ev('redemptionBegun', { supplyBefore: '100', shares: '10' }))).toBe(90n);
    expect(supplyAfter(ev('mgmtFeeCollected', { supply: '91', sharesMinted: '1' }))).toBe(91n);
    expect(supplyAfter(ev('perfFeeCrystallized', { supplyBefore: '91', feeShares: '2' }))).toBe(
      93n,
    );
    expect(supplyAfter(ev('navRefreshed', { navDownUsd: '1' }))).toBeNull();
    // A withdrawal request's shares stay in the supply until the keeper pays them.
    expect(supplyAfter(ev('withdrawalRequested', { shares: '5' }))).toBeNull();
    expect(supplyAfter(ev('withdrawalCancelled', { shares: '5' }))).toBeNull();
    expect(supplyAfter(ev('withdrawalFulfilled', { supplyBefore: '93', shares: '5' }))).toBe(88n);
    // Version 2 events carry the supply after, a request's own management-fee accrual included.
    expect(
      supplyAfter(
        ev('withdrawalRequested', { shares: '5', mgmtFeeAccrued: '2', supplyAfter: '90' }),
      ),
    ).toBe(90n);
    expect(
      supplyAfter(ev('withdrawInKind', { supplyBefore: '120', shares: '20', supplyAfter: '100' })),
    ).toBe(100n);
  });

  it('prices each refresh over the supply before it, rounding the price per share down', () => {
    const points = navPoints([
      ev('navRefreshed', { navDownUsd: '0', unixTime: '1', eventSequence: '1' }),
      ev('deposit', { supplyBefore: '0', shares: '3000000' }),
      ev('navRefreshed', { navDownUsd: '10000000', unixTime: '2', eventSequence: '3' }),
    ]);
    expect(points.map((p) => [p.supply, p.pricePerShare])).toEqual([
      [0n, 0n],
      // 10 USD over 3 shares: 3.333... x 1e12, rounded down
      [3_000_000n, 3_333_333_333_333n],
    ]);
    expect(pointAt(points, 1n)).toBeNull();
    expect(pointAt(points, 5n)?.navUsd).toBe(10_000_000n);
  });

  it('annualises the 30-day change of the price per share, rounding toward zero both ways', () => {
    const at = (day: bigint, nav: string) =>
      ev('navRefreshed', {
        navDownUsd: nav,
        unixTime: String(day * DAY),
        eventSequence: String(day),
      });
    const deposit = ev('deposit', { supplyBefore: '0', shares: '1000000' });
    // 1.00 -> 1.01 in 30 days: 1% x 365 / 30 = 12.1666..% -> 1216 bps
    const up = aprBps(navPoints([deposit, at(0n, '1000000'), at(30n, '1010000')]), 30);
    expect(up?.aprBps).toBe(1_216n);
    // 1.00 -> 0.99: -1216.66.. -> -1216 bps (toward zero)
    const down = aprBps(navPoints([deposit, at(0n, '1000000'), at(30n, '990000')]), 30);
    expect(down?.aprBps).toBe(-1_216n);
    // No price 30 days back: no APR
    expect(aprBps(navPoints([deposit, at(29n, '1000000')]), 30)).toBeNull();
  });

  it('values share fees at the last price before them, rounded down, and sums withdrawal fees', () => {
    const totals = feeTotals([
      ev('deposit', { supplyBefore: '0', shares: '3000000' }),
      ev('navRefreshed', { navDownUsd: '10000000' }),
      ev('mgmtFeeCollected', { sharesMinted: '1000', supply: '3001000' }),
      ev('withdrawStable', { supplyBefore: '3001000', shares: '1000', feeUsd: '7' }),
    ]);
    // 1,000 raw shares at 3.333333333333 USD -> 3333.33 -> 3333 (1e-6 USD)
    expect(totals.management).toEqual({ shares: 1_000n, usd: 3_333n });
    expect(totals.withdrawal.usd).toBe(7n);
    expect(totals.performance).toEqual({ shares: 0n, usd: 0n });
  });
});
