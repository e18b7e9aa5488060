import { describe, expect, it } from 'vitest';
import { excessCash, splitDeposit } from '../src/decisions/deposit-split.ts';
import { USD_ONE } from '../src/decisions/valuation.ts';

const basket = [
  { mint: 'A', targetWeightBps: 6_000 },
  { mint: 'B', targetWeightBps: 4_000 },
];

describe('deposit split', () => {
  it('keeps the buffer share in cash and buys the rest by weight', () => {
    expect(splitDeposit(1_000n * USD_ONE, 500, basket, 10n * USD_ONE)).toEqual([
      { mint: 'A', notionalUsd1e8: 570n * USD_ONE },
      { mint: 'B', notionalUsd1e8: 380n * USD_ONE },
    ]);
  });

  it('never spends more than the deposit: sub-cent parts stay in cash', () => {
    const thirds = [
      { mint: 'A', targetWeightBps: 3_333 },
      { mint: 'B', targetWeightBps: 3_333 },
      { mint: 'C', targetWeightBps: 3_334 },
    ];
    const deposit = 100n * USD_ONE + 1n;
    const legs = splitDeposit(deposit, 0, thirds, 0n);
    const spent = legs.reduce((s, l) => s + l.notionalUsd1e8, 0n);
    expect(spent).toBeLessThanOrEqual(deposit);
    expect(legs.every((l) => l.notionalUsd1e8 % 1_000_000n === 0n)).toBe(true);
    expect(deposit - spent).toBeLessThan(3n * 1_000_000n + 1n);
  });

  it('leaves legs below the minimum trade in cash', () => {
    expect(splitDeposit(100n * USD_ONE, 0, basket, 50n * USD_ONE)).toEqual([
      { mint: 'A', notionalUsd1e8: 60n * USD_ONE },
    ]);
  });

  it('refuses weights that do not sum to 10000', () => {
    expect(() => splitDeposit(1n, 0, [{ mint: 'A', targetWeightBps: 1 }], 0n)).toThrow(/sum to 1/);
  });
});

describe('excess cash', () => {
  it('is what the investable value leaves uninvested, never negative', () => {
    const U = 100_000_000n;
    expect(
      excessCash({ navUsd1e8: 1_000n * U, investableUsd1e8: 950n * U, assetsUsd1e8: 400n * U }),
    ).toBe(550n * U);
    expect(
      excessCash({ navUsd1e8: 1_000n * U, investableUsd1e8: 950n * U, assetsUsd1e8: 951n * U }),
    ).toBe(0n);
  });
});
