import { describe, expect, it } from 'vitest';
import { decideMultiplierFreeze, onChainMultiplierTerms } from '../src/index.ts';

const now = Date.parse('2026-11-23T15:00:00Z');
const state = {
  currentMultiplier: '1.0002',
  newMultiplier: '1.0002',
  activationDateTime: null,
  reason: null,
} as const;
// 1.0002 is not a double: a mint holds 1.000199999999999977..., floored at 12 decimals.
const fixed = { raw: 1_000_199_999_999n, decimals: 12 } as const;

describe('the mint multiplier in the API terms', () => {
  it('is the decimal whose nearest double the mint holds: no mismatch, no freeze', () => {
    const terms = onChainMultiplierTerms(state, { f64: 1.0002, fixed });
    expect(terms).toBe('1.0002');
    expect(decideMultiplierFreeze({ state, now, onChainMultiplier: terms }).frozen).toBe(false);
    // The floored fixed form alone would have read as a mismatch.
    expect(decideMultiplierFreeze({ state, now, onChainMultiplier: fixed }).status).toBe(
      'OnChainMismatch',
    );
  });

  it('is the fixed form when the double is one ulp away: the mismatch stays', () => {
    const terms = onChainMultiplierTerms(state, { f64: 1.0002 + Number.EPSILON, fixed });
    expect(terms).toBe(fixed);
    expect(decideMultiplierFreeze({ state, now, onChainMultiplier: terms }).status).toBe(
      'OnChainMismatch',
    );
  });

  it('recognises the new multiplier once the mint has settled on it', () => {
    const split = {
      currentMultiplier: '1.0002',
      newMultiplier: '2.0004',
      activationDateTime: new Date(now - 60_000),
      reason: 'Split' as const,
    };
    const terms = onChainMultiplierTerms(split, {
      f64: 2.0004,
      fixed: { raw: 2_000_399_999_999n, decimals: 12 },
    });
    expect(terms).toBe('2.0004');
    expect(decideMultiplierFreeze({ state: split, now, onChainMultiplier: terms }).status).toBe(
      'Settled',
    );
  });
});
