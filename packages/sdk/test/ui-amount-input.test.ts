import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  exactDisplayUnits,
  isSdkError,
  SDK_ERROR__INVALID_DECIMAL_AMOUNT,
  uiAmountToRawAmount,
} from '../src/index.ts';
import { exactRational } from './exact-reference.ts';

/** Exact display value of `raw` times 10^decimals as a fraction, for comparisons. */
function displayTimesScale(raw: bigint, m: number) {
  const { num, den } = exactRational(m);
  return { num: raw * num, den };
}

describe('uiAmountToRawAmount (user input, rounded against the user)', () => {
  it('converts exact values exactly', () => {
    expect(uiAmountToRawAmount('1.5', 6, 1.5)).toBe(1_000_000n);
    expect(uiAmountToRawAmount('3', 0, 3)).toBe(1n);
    expect(uiAmountToRawAmount('.5', 1, 1)).toBe(5n);
    expect(uiAmountToRawAmount('5.', 0, 1)).toBe(5n);
  });

  it('rounds down by default and up on request', () => {
    // Given 1 display unit at multiplier 3: a third of a raw unit
    expect(uiAmountToRawAmount('1', 0, 3)).toBe(0n);
    expect(uiAmountToRawAmount('1', 0, 3, 'up')).toBe(1n);
  });

  it('rejects malformed input and amounts above u64', () => {
    for (const bad of ['', '.', '-1', '1e3', '1,5', ' 1', '0x10', 'NaN']) {
      expect(() => uiAmountToRawAmount(bad, 6, 1.1), bad).toThrowError();
    }
    try {
      uiAmountToRawAmount('18446744073709551616', 0, 1);
    } catch (e) {
      expect(isSdkError(e, SDK_ERROR__INVALID_DECIMAL_AMOUNT)).toBe(true);
    }
  });

  it('down: the largest raw amount whose exact display does not exceed the input', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-2, max: 1e4, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        fc.bigInt({ min: 0n, max: 10n ** 10n }),
        fc.integer({ min: 0, max: 14 }),
        (m, decimals, typedUnits, typedScale) => {
          const text = (Number(typedUnits) / 10 ** typedScale).toFixed(typedScale);
          const typed = { units: BigInt(text.replace('.', '')), scale: typedScale };
          const raw = uiAmountToRawAmount(text, decimals, m);
          // display(raw) * 10^scale <= typed.units * 10^decimals < display(raw + 1) * 10^scale
          const limit = typed.units * 10n ** BigInt(decimals);
          const at = displayTimesScale(raw, m);
          const next = displayTimesScale(raw + 1n, m);
          expect(at.num * 10n ** BigInt(typed.scale) <= limit * at.den).toBe(true);
          expect(next.num * 10n ** BigInt(typed.scale) > limit * next.den).toBe(true);
          // and Token-2022's truncated display never shows more than typed
          expect(exactDisplayUnits(raw, m) * 10n ** BigInt(typed.scale) <= limit).toBe(true);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('up: the smallest raw amount whose exact display reaches the input', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-2, max: 1e4, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        fc.bigInt({ min: 1n, max: 10n ** 8n }),
        (m, decimals, units) => {
          const text = units.toString();
          const raw = uiAmountToRawAmount(text, decimals, m, 'up');
          const limit = units * 10n ** BigInt(decimals);
          const at = displayTimesScale(raw, m);
          const before = displayTimesScale(raw - 1n, m);
          expect(at.num >= limit * at.den).toBe(true);
          expect(before.num < limit * before.den).toBe(true);
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
