import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountToUiAmount,
  currentMultiplier,
  exactDisplayUnits,
  exactUiAmount,
  formatF64Fixed,
  pendingMultiplierChange,
  type ScaledUiAmountConfig,
} from '../src/index.ts';

function constant(multiplier: number): ScaledUiAmountConfig {
  return { multiplier, newMultiplier: multiplier, newMultiplierEffectiveTimestamp: 0n };
}

describe('currentMultiplier', () => {
  it('switches to the new multiplier at its effective timestamp, inclusive', () => {
    // Given a pending change at t = 1000
    const config = { multiplier: 5, newMultiplier: 10, newMultiplierEffectiveTimestamp: 1000n };
    // Then the old multiplier applies before, the new one from the timestamp on
    expect(currentMultiplier(config, 999n)).toBe(5);
    expect(currentMultiplier(config, 1000n)).toBe(10);
    expect(currentMultiplier(config, -(2n ** 63n))).toBe(5);
    expect(currentMultiplier(config, 2n ** 63n - 1n)).toBe(10);
  });
});

describe('pendingMultiplierChange', () => {
  it('reports a change scheduled after the instant, and nothing once it is effective', () => {
    const config = { multiplier: 1, newMultiplier: 2, newMultiplierEffectiveTimestamp: 200n };
    expect(pendingMultiplierChange(config, 199n)).toEqual({
      from: 1,
      to: 2,
      effectiveTimestamp: 200n,
    });
    expect(pendingMultiplierChange(config, 200n)).toBeNull();
    expect(pendingMultiplierChange({ ...config, newMultiplier: 1 }, 0n)).toBeNull();
  });
});

describe('amountToUiAmount (Token-2022 rule)', () => {
  it('reproduces Token-2022 unit-test values', () => {
    const five = { multiplier: 5, newMultiplier: 0, newMultiplierEffectiveTimestamp: 1n };
    expect(amountToUiAmount(1n, 0, five, 0n)).toBe('5');
    expect(amountToUiAmount(1n, 1, five, 0n)).toBe('0.5');
    expect(amountToUiAmount(1n, 10, five, 0n)).toBe('0.0000000005');
    expect(amountToUiAmount(10_000_000_000n, 10, five, 0n)).toBe('5');
    // 101 * 0.99 is 99.98999...: truncated, not rounded
    expect(amountToUiAmount(101n, 2, constant(0.99), 0n)).toBe('0.99');
    expect(amountToUiAmount(2n ** 64n - 1n, 0, constant(Number.MAX_VALUE), 0n)).toBe('inf');
    for (const [raw, want] of [
      [23n, '0.23'],
      [110n, '1.1'],
      [4200n, '42'],
      [0n, '0'],
    ] as const) {
      expect(amountToUiAmount(raw, 2, constant(1), 0n)).toBe(want);
    }
  });

  it('formats the exact binary value with ties to even, never in exponent form', () => {
    expect(formatF64Fixed(0.125, 2)).toBe('0.12');
    expect(formatF64Fixed(0.375, 2)).toBe('0.38');
    expect(formatF64Fixed(2 ** 50 + 0.25, 1)).toBe('1125899906842624.2');
    expect(formatF64Fixed(1e21, 0)).toBe('1000000000000000000000');
    expect(formatF64Fixed(0.1, 20)).toBe('0.10000000000000000555');
  });

  it('uses the new multiplier once it is effective', () => {
    const config = { multiplier: 1, newMultiplier: 2, newMultiplierEffectiveTimestamp: 100n };
    expect(amountToUiAmount(150n, 2, config, 99n)).toBe('1.5');
    expect(amountToUiAmount(150n, 2, config, 100n)).toBe('3');
  });

  it('is the exact product or one display unit above it while the product is below 2^52', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-4, max: 1e4, noNaN: true }),
        fc.integer({ min: 0, max: 12 }),
        fc.bigInt({ min: 0n, max: 2n ** 38n }),
        (m, decimals, raw) => {
          const shown = amountToUiAmount(raw, decimals, constant(m), 0n);
          const exact = exactDisplayUnits(raw, m);
          const [whole, fraction = ''] = shown.split('.');
          const units = BigInt(`${whole}${fraction.padEnd(decimals, '0')}`);
          expect(units - exact === 0n || units - exact === 1n).toBe(true);
          if (units === exact) expect(shown).toBe(exactUiAmount(raw, decimals, m));
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
