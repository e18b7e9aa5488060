import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DepositAsset, excessCash, splitDeposit } from '../src/decisions/deposit-split.ts';
import { USD_ONE } from '../src/decisions/valuation.ts';
import { applyTrades, driftOf, type TestVault, vaultArb } from './support/basket-arbitrary.ts';

const U = USD_ONE;
const CENT = U / 100n;
const asset = (mint: string, value: bigint, target: bigint, w: number): DepositAsset => ({
  mint,
  valueUsd1e8: value * U,
  targetUsd1e8: target * U,
  targetWeightBps: w,
});

/** The rule this replaced: the cash by target weight whatever is held (the baseline). */
function byTargetWeight(v: TestVault, cash: bigint, minimum: bigint): Map<string, bigint> {
  const out = new Map<string, bigint>();
  for (const a of v.assets) {
    const raw = (cash * BigInt(a.targetWeightBps)) / 10_000n;
    const notional = raw - (raw % CENT);
    if (notional > 0n && notional >= minimum) out.set(a.mint, notional);
  }
  return out;
}

/** The cash above the buffer's target, as the deposit-router reads it. */
const investableCash = (v: TestVault) => {
  const d = driftOf(v);
  return excessCash({
    navUsd1e8: d.navUsd1e8,
    investableUsd1e8: d.investableUsd1e8,
    assetsUsd1e8: d.assets.reduce((s, a) => s + a.valueUsd1e8, 0n),
  });
};

describe('deposit split', () => {
  it('buys only the underweight assets, the most underweight first, when the cash is short of them', () => {
    // Given A $60 and B $23 under target, C $10 over; When $50 is invested
    const legs = splitDeposit(
      50n * U,
      [asset('A', 500n, 560n, 5_000), asset('B', 350n, 373n, 3_000), asset('C', 260n, 250n, 2_000)],
      0n,
    );
    // Then both shortfalls end at $16.50 (A buys 43.50, B 6.50); C gets nothing
    expect(legs).toEqual([
      { mint: 'A', notionalUsd1e8: 4_350n * CENT },
      { mint: 'B', notionalUsd1e8: 650n * CENT },
    ]);
  });

  it('fills only the largest shortfall while the cash does not reach the next one', () => {
    const legs = splitDeposit(
      30n * U,
      [asset('A', 500n, 560n, 6_000), asset('B', 350n, 373n, 4_000)],
      0n,
    );
    expect(legs).toEqual([{ mint: 'A', notionalUsd1e8: 30n * U }]);
  });

  it('meets every shortfall, then spends the rest by target weight', () => {
    const legs = splitDeposit(
      200n * U,
      [asset('A', 500n, 600n, 6_000), asset('B', 400n, 400n, 4_000)],
      0n,
    );
    // A: 100 short + 60% of the 100 left; B: on target, 40% of it
    expect(legs).toEqual([
      { mint: 'A', notionalUsd1e8: 160n * U },
      { mint: 'B', notionalUsd1e8: 40n * U },
    ]);
  });

  it('never spends more than the cash: sub-cent parts stay in cash', () => {
    const thirds = [
      asset('A', 0n, 0n, 3_333),
      asset('B', 0n, 0n, 3_333),
      asset('C', 0n, 0n, 3_334),
    ];
    const cash = 100n * U + 1n;
    const legs = splitDeposit(cash, thirds, 0n);
    const spent = legs.reduce((s, l) => s + l.notionalUsd1e8, 0n);
    expect(spent).toBeLessThanOrEqual(cash);
    expect(legs.every((l) => l.notionalUsd1e8 % CENT === 0n)).toBe(true);
    expect(cash - spent).toBeLessThan(3n * CENT + 1n);
  });

  it('leaves legs below the minimum trade in cash', () => {
    const legs = splitDeposit(
      100n * U,
      [asset('A', 0n, 60n, 6_000), asset('B', 0n, 40n, 4_000)],
      50n * U,
    );
    expect(legs).toEqual([{ mint: 'A', notionalUsd1e8: 60n * U }]);
  });

  it('refuses weights that do not sum to 10000 and negative cash', () => {
    expect(() => splitDeposit(1n, [asset('A', 0n, 0n, 1)], 0n)).toThrow(/sum to 1/);
    expect(() => splitDeposit(-1n, [asset('A', 0n, 0n, 10_000)], 0n)).toThrow(/negative/);
  });

  it('property: never spends more than the cash, and ends no further from target than the target-weight split', () => {
    fc.assert(
      fc.property(vaultArb, fc.bigInt({ min: 0n, max: 50n * U }), (vault, minimum) => {
        const cash = investableCash(vault);
        const drift = driftOf(vault);
        const legs = splitDeposit(cash, drift.assets, minimum);
        const spent = legs.reduce((s, l) => s + l.notionalUsd1e8, 0n);
        expect(spent).toBeLessThanOrEqual(cash);
        expect(legs.every((l) => l.notionalUsd1e8 >= minimum && l.notionalUsd1e8 > 0n)).toBe(true);
        const after = driftOf(
          applyTrades(vault, new Map(legs.map((l) => [l.mint, l.notionalUsd1e8]))),
        );
        const old = driftOf(applyTrades(vault, byTargetWeight(vault, cash, minimum)));
        expect(after.maxAbsDriftBps).toBeLessThanOrEqual(old.maxAbsDriftBps);
      }),
      { numRuns: 2_000, endOnFailure: true },
    );
  });
});

describe('excess cash', () => {
  it('is what the investable value leaves uninvested, never negative', () => {
    expect(
      excessCash({ navUsd1e8: 1_000n * U, investableUsd1e8: 950n * U, assetsUsd1e8: 400n * U }),
    ).toBe(550n * U);
    expect(
      excessCash({ navUsd1e8: 1_000n * U, investableUsd1e8: 950n * U, assetsUsd1e8: 951n * U }),
    ).toBe(0n);
  });
});
