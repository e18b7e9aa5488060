import { NAV_ENTRY_FLAGS } from '@basket/sdk';
import { describe, expect, it } from 'vitest';
import { assessCorporateAction, type WatchedAction } from '../src/decisions/corp-actions.ts';
import { epochKey, lastClosedEpoch } from '../src/decisions/epoch.ts';
import { KeeperError } from '../src/decisions/errors.ts';
import { mgmtFeeDue, perfFeeDue } from '../src/decisions/fees.ts';
import { decideNavEntry, priceToUsd1e8, wouldGoStale } from '../src/decisions/nav-entries.ts';
import { usdDecimalToFixed } from '../src/decisions/valuation.ts';

const M = 1_000_000_000_000n;
const now = Date.parse('2026-11-23T15:00:00Z');
const noChange = {
  currentMultiplier: '1.25',
  newMultiplier: '1.25',
  activationDateTime: null,
  reason: null,
} as const;
const base = {
  symbol: 'AAPLx',
  oraclePrice: '189.23',
  fallbackPrice: '189.00',
  multiplier: noChange,
  onChainMultiplierNum: (M * 5n) / 4n,
  onChainMultiplierF64: 1.25,
  marketOpen: true,
  halted: false,
  now,
  slot: 77n,
};

describe('nav entries', () => {
  it('takes the oracle price and the chain multiplier, flags market open', () => {
    const e = decideNavEntry(base);
    expect(e.priceUsd1E8).toBe(18_923_000_000n);
    expect(e.multiplierNum).toBe((M * 5n) / 4n);
    expect(e.flags).toBe(NAV_ENTRY_FLAGS.marketOpen);
  });

  it('falls back to the indicative price and says so in the flags', () => {
    const e = decideNavEntry({ ...base, oraclePrice: null, marketOpen: false });
    expect(e.priceUsd1E8).toBe(18_900_000_000n);
    expect(e.flags).toBe(NAV_ENTRY_FLAGS.fallbackPrice);
  });

  it('refuses to push without any price', () => {
    expect(() => decideNavEntry({ ...base, oraclePrice: null, fallbackPrice: null })).toThrow(
      KeeperError,
    );
  });

  it('sets the freeze flag within 1 h of a split and on a chain/API mismatch', () => {
    const split = {
      currentMultiplier: '1.25',
      newMultiplier: '2.5',
      activationDateTime: new Date(now + 30 * 60_000),
      reason: 'Split' as const,
    };
    const frozen = decideNavEntry({ ...base, multiplier: split });
    expect(frozen.flags & NAV_ENTRY_FLAGS.corporateActionFreeze).not.toBe(0);
    expect(frozen.notes).toContain('freeze');
    const mismatch = decideNavEntry({ ...base, onChainMultiplierNum: M, onChainMultiplierF64: 1 });
    expect(mismatch.notes).toContain('multiplier-mismatch');
    // Two hours ahead: not frozen yet.
    const early = decideNavEntry({
      ...base,
      multiplier: { ...split, activationDateTime: new Date(now + 2 * 3_600_000) },
    });
    expect(early.flags & NAV_ENTRY_FLAGS.corporateActionFreeze).toBe(0);
  });

  it('a decimal multiplier the mint holds as its nearest double is no mismatch; one ulp off is', () => {
    // 1.0002 is not a double: the mint holds 1.000199999999999977..., floored 1.000199999999 x 1e12.
    const api = { ...noChange, currentMultiplier: '1.0002', newMultiplier: '1.0002' };
    const floor = 1_000_199_999_999n;
    const held = decideNavEntry({
      ...base,
      multiplier: api,
      onChainMultiplierNum: floor,
      onChainMultiplierF64: 1.0002,
    });
    expect(held.notes).toEqual([]);
    expect(held.multiplierNum).toBe(floor); // what is pushed is still the chain's fixed form
    const nextUp = 1.0002 + Number.EPSILON;
    expect(nextUp).not.toBe(1.0002);
    const off = decideNavEntry({
      ...base,
      multiplier: api,
      onChainMultiplierNum: floor,
      onChainMultiplierF64: nextUp,
    });
    expect(off.notes).toContain('multiplier-mismatch');
  });

  it('flags a halted asset', () => {
    expect(
      decideNavEntry({ ...base, halted: true }).flags & NAV_ENTRY_FLAGS.tradingHalted,
    ).not.toBe(0);
  });

  it('parses prices exactly and floors beyond 8 decimals', () => {
    expect(priceToUsd1e8('1')).toBe(100_000_000n);
    expect(priceToUsd1e8('0.123456789')).toBe(12_345_678n);
  });

  it('warns when the snapshot would be stale before the next push lands', () => {
    const publish = now / 1000 - 50;
    expect(wouldGoStale(publish, now, 15_000)).toBe(true); // 65 s > 60 s in hours
    expect(wouldGoStale(publish, now, 5_000)).toBe(false);
    const night = Date.parse('2026-11-24T03:00:00Z');
    expect(wouldGoStale(night / 1000 - 200, night, 60_000)).toBe(false); // 260 s < 300 s
  });
});

describe('fees', () => {
  it('management fee due after a day with shares owed', () => {
    expect(mgmtFeeDue({ lastMgmtFeeTime: 0n, now: 86_399n, owedShares: 9n })).toBe(false);
    expect(mgmtFeeDue({ lastMgmtFeeTime: 0n, now: 86_400n, owedShares: 0n })).toBe(false);
    expect(mgmtFeeDue({ lastMgmtFeeTime: 0n, now: 86_400n, owedShares: 1n })).toBe(true);
  });
  it('performance fee only when the quote accepts and mints shares', () => {
    expect(perfFeeDue({ ok: false })).toBe(false);
    expect(perfFeeDue({ ok: true, feeShares: 0n })).toBe(false);
    expect(perfFeeDue({ ok: true, feeShares: 3n })).toBe(true);
  });
});

describe('corporate actions', () => {
  const action = (over: Partial<WatchedAction>): WatchedAction => ({
    id: 'ca1',
    symbol: 'AAPLx',
    reason: 'FeeAccrual',
    previousMultiplier: '1.0000',
    newMultiplier: '0.9999',
    activationDateTime: new Date(now),
    description: '',
    ...over,
  });
  it('treats fee accruals and small dividends as routine', () => {
    expect(assessCorporateAction(action({})).severe).toBe(false);
    expect(
      assessCorporateAction(action({ reason: 'Dividend', newMultiplier: '1.01' })).severe,
    ).toBe(false);
  });
  it('treats splits, reverse splits, administrative actions and big moves as severe', () => {
    expect(assessCorporateAction(action({ reason: 'Split', newMultiplier: '2' })).kind).toBe(
      'split',
    );
    expect(assessCorporateAction(action({ reason: 'ReverseSplit' })).kind).toBe('reverse-split');
    expect(assessCorporateAction(action({ reason: 'Administrative' })).kind).toBe('administrative');
    expect(assessCorporateAction(action({ reason: 'Dividend', newMultiplier: '1.2' })).kind).toBe(
      'large-multiplier-move',
    );
  });
  it('names mergers, spin-offs and delistings from the notice', () => {
    const kinds = ['Merger with XYZ', 'Spin-off of NewCo', 'Delisting from NASDAQ'].map(
      (description) =>
        assessCorporateAction(action({ reason: 'Administrative', description })).kind,
    );
    expect(kinds).toEqual(['merger', 'spin-off', 'delisting']);
  });
});

describe('epochs', () => {
  it('ends on the latest Sunday 00:00 UTC at or before now', () => {
    const monday = BigInt(Date.parse('2026-11-23T10:00:00Z') / 1000);
    const e = lastClosedEpoch(monday);
    expect(new Date(Number(e.end) * 1000).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(e.end - e.start).toBe(604_800n);
    const sunday = BigInt(Date.parse('2026-11-22T00:00:00Z') / 1000);
    expect(lastClosedEpoch(sunday).end).toBe(sunday);
    expect(epochKey(e.end)).toBe('epoch:2026-11-22');
  });
});

describe('usdDecimalToFixed', () => {
  it('reads configured USD amounts exactly in USD x 1e8, and refuses what it cannot hold', () => {
    expect(usdDecimalToFixed('50')).toBe(5_000_000_000n);
    expect(usdDecimalToFixed('0.1')).toBe(10_000_000n);
    // 0.29 * 100 is 28.999999999999996 in floating point; the exact reading keeps every digit.
    expect(usdDecimalToFixed('0.29')).toBe(29_000_000n);
    expect(usdDecimalToFixed('12.00000001')).toBe(1_200_000_001n);
    for (const bad of ['1.000000001', '-1', '1e3', '', '.5', '1.'])
      expect(() => usdDecimalToFixed(bad), bad).toThrow(/not a USD amount/);
  });
});
