import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  decimalToScaled,
  formatDecimal,
  parseDecimal,
  tryParseDecimal,
} from '../src/index.ts';

describe('decimal strings', () => {
  it('parses prices and multipliers exactly, keeping their scale', () => {
    // Given decimal strings from the API / When parsed / Then the values are exact integers
    expect(parseDecimal('189.23')).toEqual({ value: 18923n, scale: 2 });
    expect(parseDecimal('1.00000000')).toEqual({ value: 100000000n, scale: 8 });
    expect(parseDecimal('0.99999315')).toEqual({ value: 99999315n, scale: 8 });
    expect(parseDecimal('-0.5')).toEqual({ value: -5n, scale: 1 });
    expect(formatDecimal(parseDecimal('1.00000000'))).toBe('1.00000000');
  });

  it('keeps digits a binary float would lose', () => {
    // Given a value with more significant digits than a double holds
    const text = '12345678901234567.12345678';
    // When parsed and formatted back / Then nothing is lost
    expect(formatDecimal(parseDecimal(text))).toBe(text);
    expect(String(Number(text))).not.toBe(text);
  });

  it('rejects anything but a plain decimal string', () => {
    for (const bad of [
      '',
      '.',
      '1.',
      '.5',
      '+1',
      '1e3',
      '1E-2',
      ' 1',
      '1 ',
      '0x10',
      'NaN',
      '1,5',
      '1.2.3',
    ]) {
      expect(tryParseDecimal(bad)).toBeNull();
    }
    expect(tryParseDecimal('9'.repeat(61))).toBeNull();
    expect(() => parseDecimal('abc')).toThrow(TypeError);
  });

  it('round-trips every decimal through format and parse', () => {
    fc.assert(
      fc.property(fc.bigInt(), fc.integer({ min: 0, max: 18 }), (value, scale) => {
        const d = { value, scale };
        const text = formatDecimal(d);
        fc.pre(text.replace(/[-.]/g, '').length <= 60);
        expect(parseDecimal(text)).toEqual(d);
      }),
    );
  });

  it('rescales with exact, floor and ceil rounding', () => {
    const price = parseDecimal('189.2345');
    expect(decimalToScaled(price, 8)).toBe(18923450000n);
    expect(decimalToScaled(price, 2, 'floor')).toBe(18923n);
    expect(decimalToScaled(price, 2, 'ceil')).toBe(18924n);
    expect(decimalToScaled(parseDecimal('-1.25'), 1, 'floor')).toBe(-13n);
    expect(decimalToScaled(parseDecimal('-1.25'), 1, 'ceil')).toBe(-12n);
    expect(() => decimalToScaled(price, 2)).toThrow(RangeError);
  });

  it('floor ≤ exact value ≤ ceil for every rescale', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 0, max: 18 }),
        (value, scale, target) => {
          const d = { value, scale };
          const floor = { value: decimalToScaled(d, target, 'floor'), scale: target };
          const ceil = { value: decimalToScaled(d, target, 'ceil'), scale: target };
          expect(compareDecimals(floor, d)).toBeLessThanOrEqual(0);
          expect(compareDecimals(ceil, d)).toBeGreaterThanOrEqual(0);
          expect(ceil.value - floor.value <= 1n).toBe(true);
        },
      ),
    );
  });

  it('compares by value regardless of scale', () => {
    expect(compareDecimals(parseDecimal('1.0'), parseDecimal('1.00000000'))).toBe(0);
    expect(compareDecimals(parseDecimal('0.99999315'), parseDecimal('1'))).toBe(-1);
    expect(compareDecimals(parseDecimal('3'), parseDecimal('2.99999999'))).toBe(1);
  });
});
