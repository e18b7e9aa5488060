// Display <-> raw with non-unit ScaledUiAmount multipliers, each rounding direction pinned.
import { exactDisplayUnits, type ScaledUiAmountConfig } from '@basket/sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AmountInputError,
  formatBps,
  formatPricePerShare,
  formatTokenAmount,
  formatUsd,
  maxInputOf,
  minimumAfterSlippage,
  parseSlippagePercent,
  parseTokenAmount,
  type TokenDisplay,
  weightBps,
} from '../src/shared/money.ts';

const scaled = (multiplier: number, newMultiplier = multiplier, at = 0n): ScaledUiAmountConfig => ({
  multiplier,
  newMultiplier,
  newMultiplierEffectiveTimestamp: at,
});
const stock = (m: number): TokenDisplay => ({
  symbol: 'AAPLx',
  decimals: 8,
  scaledUiAmount: scaled(m),
});
const usdc: TokenDisplay = { symbol: 'USDC', decimals: 6, scaledUiAmount: null };
const NOW = 1_800_000_000n;

describe('formatTokenAmount', () => {
  it('shows raw x multiplier exactly, grouped', () => {
    expect(formatTokenAmount(123_456_789_000_000n, stock(1.5), NOW)).toBe('1,851,851.835');
    expect(formatTokenAmount(1_000_000n, usdc, NOW)).toBe('1');
  });

  it('rounds down: 0.1 is slightly above 1/10 in binary, yet a product never shows above its exact value', () => {
    // 3 raw x 0.1 = 0.3000000000000000166 display units at 0 decimals -> 0
    expect(
      formatTokenAmount(3n, { symbol: 'X', decimals: 0, scaledUiAmount: scaled(0.1) }, NOW),
    ).toBe('0');
    // 0.99 is below 0.99 in binary: 101 x 0.99 = 99.99 -> 99 units
    expect(
      formatTokenAmount(101n, { symbol: 'X', decimals: 2, scaledUiAmount: scaled(0.99) }, NOW),
    ).toBe('0.99');
  });

  it('uses the new multiplier from its effective second on', () => {
    const token: TokenDisplay = { symbol: 'X', decimals: 0, scaledUiAmount: scaled(1, 3, NOW) };
    expect(formatTokenAmount(10n, token, NOW - 1n)).toBe('10');
    expect(formatTokenAmount(10n, token, NOW)).toBe('30');
  });

  it('cuts to fewer digits down by default and up on request', () => {
    const t = stock(1.0571);
    expect(formatTokenAmount(123_456_789n, t, NOW, { maxFraction: 2 })).toBe('1.3');
    expect(formatTokenAmount(123_456_789n, t, NOW, { maxFraction: 2, rounding: 'up' })).toBe(
      '1.31',
    );
  });
});

describe('parseTokenAmount', () => {
  it('reads display units through the multiplier exactly', () => {
    expect(parseTokenAmount('1.5', stock(1.5), NOW)).toBe(100_000_000n);
    expect(parseTokenAmount('1,000.5', usdc, NOW)).toBe(1_000_500_000n);
    expect(parseTokenAmount('.5', usdc, NOW)).toBe(500_000n);
  });

  it('rounds down for what the user sends and up for what the user must reach', () => {
    // 1 display unit at multiplier 3 with 0 decimals: 1/3 raw
    const t: TokenDisplay = { symbol: 'X', decimals: 0, scaledUiAmount: scaled(3) };
    expect(() => parseTokenAmount('1', t, NOW)).toThrow(AmountInputError);
    expect(parseTokenAmount('1', t, NOW, 'up')).toBe(1n);
    expect(parseTokenAmount('7', t, NOW)).toBe(2n);
    expect(parseTokenAmount('7', t, NOW, 'up')).toBe(3n);
  });

  it('refuses what is not a plain amount, with a reason', () => {
    for (const [text, reason] of [
      ['', 'empty'],
      ['  ', 'empty'],
      ['1e6', 'malformed'],
      ['-1', 'malformed'],
      ['1,,0', 'malformed'],
      ['1.2.3', 'malformed'],
      ['0.0000001', 'zero'],
      ['99999999999999999999999', 'too-large'],
    ] as const) {
      try {
        parseTokenAmount(text, usdc, NOW);
        expect.unreachable(text);
      } catch (error) {
        expect(error).toBeInstanceOf(AmountInputError);
        expect((error as AmountInputError).reason).toBe(reason);
      }
    }
  });

  it('a typed amount parsed down never displays above what was typed, and up never below (property)', () => {
    const multipliers = fc.constantFrom(0.1, 0.5, 1.0571, 2.5, 3, 0.99, 1.23456789);
    fc.assert(
      fc.property(multipliers, fc.bigInt({ min: 1n, max: 10n ** 15n }), (m, typedUnits) => {
        const token = stock(m);
        const typed = `${typedUnits / 10n ** 8n}.${(typedUnits % 10n ** 8n).toString().padStart(8, '0')}`;
        let down: bigint | null = null;
        try {
          down = parseTokenAmount(typed, token, NOW, 'down');
        } catch (error) {
          if (!(error instanceof AmountInputError && error.reason === 'zero')) throw error;
        }
        const up = parseTokenAmount(typed, token, NOW, 'up');
        if (down !== null) {
          expect(exactDisplayUnits(down, m)).toBeLessThanOrEqual(typedUnits);
          expect(exactDisplayUnits(down + 1n, m, 'up')).toBeGreaterThan(typedUnits);
        }
        expect(exactDisplayUnits(up, m, 'up')).toBeGreaterThanOrEqual(typedUnits);
      }),
      { numRuns: 300 },
    );
  });

  it('"max" typed back never exceeds the balance (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0.1, 1.0571, 2.5, 3),
        fc.bigInt({ min: 1_000n, max: 10n ** 16n }),
        (m, balance) => {
          const token = stock(m);
          expect(parseTokenAmount(maxInputOf(balance, token, NOW), token, NOW)).toBeLessThanOrEqual(
            balance,
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('USD, prices, percentages', () => {
  it('cuts cents down for what is received and up for what is paid', () => {
    expect(formatUsd(1_234_567_891n)).toBe('$1,234.56');
    expect(formatUsd(1_234_567_891n, 'up')).toBe('$1,234.57');
    expect(formatUsd(1_234_560_000n, 'up')).toBe('$1,234.56');
    expect(formatUsd(0n)).toBe('$0.00');
    expect(formatUsd(-1_500_001n)).toBe('-$1.51');
    expect(formatUsd(-1_500_001n, 'up')).toBe('-$1.50');
  });

  it('shows NAV per share with six decimals, rounded down', () => {
    expect(formatPricePerShare(1_000_000_999_999n)).toBe('$1.000000');
    expect(formatPricePerShare(12_345_678_901_234_567n)).toBe('$12,345.678901');
  });

  it('shows basis points as percent and weights in basis points', () => {
    expect(formatBps(50)).toBe('0.50%');
    expect(formatBps(-125n)).toBe('-1.25%');
    expect(formatBps(10_000)).toBe('100.00%');
    expect(weightBps(1n, 3n)).toBe(3_333n);
    expect(weightBps(5n, 0n)).toBe(0n);
  });

  it('reads slippage in percent exactly and bounds it', () => {
    expect(parseSlippagePercent('0.5')).toBe(50n);
    expect(parseSlippagePercent('1')).toBe(100n);
    expect(parseSlippagePercent('0.05')).toBe(5n);
    expect(() => parseSlippagePercent('0.005')).toThrow(AmountInputError);
    expect(() => parseSlippagePercent('11')).toThrow(/10%/);
    expect(minimumAfterSlippage(1_000_001n, 50n)).toBe(995_000n);
  });
});
