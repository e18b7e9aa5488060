import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  exactDecimalEquals,
  exactDecimalFromScaled,
  formatExactDecimal,
  InvalidDecimalError,
  parseExactDecimal,
} from '../src/index.ts';

describe('exact decimals', () => {
  it.each([
    ['1.00000000', '1'],
    ['0.99990000', '0.9999'],
    ['000.5', '0.5'],
    ['0.000', '0'],
    ['1234567890.123456789012345678901234567890', '1234567890.12345678901234567890123456789'],
  ])('normalizes %s to %s', (text, shortest) => {
    // Given a decimal string
    // When it is parsed and written back
    // Then trailing and leading zeros are gone
    expect(formatExactDecimal(parseExactDecimal(text))).toBe(shortest);
  });

  it.each(['', '1e-8', '-1', '+1', ' 1', '1.', '.5', '1,5', 'NaN'])('rejects %j', (text) => {
    // Given text that is not a plain decimal
    // When / Then parsing refuses it
    expect(() => parseExactDecimal(text, 'newMultiplier')).toThrow(InvalidDecimalError);
  });

  it('equates a scaled integer with its decimal string', () => {
    // Given 1.5 written as a string and as 150000000 / 10^8
    // Then both are equal
    expect(
      exactDecimalEquals(parseExactDecimal('1.50000000'), exactDecimalFromScaled(150_000_000n, 8)),
    ).toBe(true);
  });

  it('treats two decimals as equal exactly when their digits denote the same value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 5 }),
        (raw, scale, pad) => {
          // Given a value written with extra trailing zeros
          const padded = exactDecimalFromScaled(raw * 10n ** BigInt(pad), scale + pad);
          // Then it equals the unpadded value, and its shortest form round-trips
          const plain = exactDecimalFromScaled(raw, scale);
          expect(exactDecimalEquals(padded, plain)).toBe(true);
          expect(exactDecimalEquals(parseExactDecimal(formatExactDecimal(plain)), plain)).toBe(
            true,
          );
          // And adding one unit in the last place makes it differ
          expect(exactDecimalEquals(exactDecimalFromScaled(raw + 1n, scale), plain)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
