import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assetValueUsd,
  feeOn,
  inKindAmount,
  isSdkError,
  mgmtFeeShares,
  mulDiv,
  PPS_SCALE,
  perfFee,
  pricePerShare,
  SDK_ERROR__MATH_OVERFLOW,
  SECONDS_PER_YEAR,
  sharesForDeposit,
  stableWithdrawal,
  valueOfShares,
} from '../src/index.ts';

const U64_MAX = (1n << 64n) - 1n;
const u64 = fc.bigInt({ min: 0n, max: U64_MAX });

describe('share math (port of programs/vault/src/share_math)', () => {
  it('reproduces the program unit-test vectors', () => {
    // 2.5 tokens (8 decimals) x 1.05 x $200 = $525
    expect(assetValueUsd(250_000_000n, 1_050_000_000_000n, 20_000_000_000n, 8, 'down')).toBe(
      525_000_000n,
    );
    expect(assetValueUsd(0n, 1n, 1n, 8, 'up')).toBe(0n);
    expect(() => assetValueUsd(1n, 1n, 1n, 13, 'up')).toThrow();
    expect(sharesForDeposit(1_000_000_000n, 0n, 0n)).toBe(1_000_000_000n);
    expect(pricePerShare(0n, 0n)).toBe(PPS_SCALE);
    expect(feeOn(10_000n, 5)).toBe(5n);
    expect(feeOn(10_001n, 5)).toBe(6n);
    expect(feeOn(1n, 5)).toBe(1n);
    expect(feeOn(U64_MAX, 5)).toBe(9_223_372_036_854_776n);
    expect(stableWithdrawal(10_000_000_000n, 1_000_000_000_000n, 1_000_000_000_000n, 5)).toEqual({
      grossUsd: 10_000_000_000n,
      feeUsd: 5_000_000n,
      netUsd: 9_995_000_000n,
    });
    expect(stableWithdrawal(1n, 1_000_000_000_000n, 1_000_000_000_000n, 5)).toEqual({
      grossUsd: 1n,
      feeUsd: 1n,
      netUsd: 0n,
    });
    expect(mgmtFeeShares(1_000_000_000_000n, 20, SECONDS_PER_YEAR)).toBe(2_004_008_016n);
    expect(mgmtFeeShares(1_000_000_000_000n, 20, -5n)).toBe(0n);
    expect(mgmtFeeShares(0n, 20, 100n)).toBe(0n);
  });

  it('charges the performance fee only above the high-water mark (program vectors)', () => {
    const supply = 1_000_000_000_000n;
    const nav = 1_000_000_000_000n;
    const hwm = pricePerShare(nav, supply);
    expect(perfFee(nav, supply, hwm, 1_000)).toEqual({ feeShares: 0n, newHwmPps: hwm });
    expect(perfFee(nav / 2n, supply, hwm, 1_000).newHwmPps).toBe(hwm);
    const up = perfFee(1_100_000_000_000n, supply, hwm, 1_000);
    const feeValue = valueOfShares(up.feeShares, 1_100_000_000_000n, supply + up.feeShares);
    expect(feeValue <= 10_000_000_000n && feeValue > 9_999_000_000n).toBe(true);
    const pre = pricePerShare(1_100_000_000_000n, supply);
    expect(up.newHwmPps > hwm && up.newHwmPps < pre).toBe(true);
    expect(perfFee(1_100_000_000_000n, supply + up.feeShares, up.newHwmPps, 1_000).feeShares).toBe(
      0n,
    );
  });

  it('fails where the program fails with MathOverflow', () => {
    const cases = [
      () => mulDiv(U64_MAX, 2n, 1n, 'down'),
      () => mulDiv(U64_MAX, U64_MAX, U64_MAX - 1n, 'up'),
      () => mulDiv(1n, 1n, 0n, 'down'),
      () => valueOfShares(11n, 100n, 10n),
      () => inKindAmount(11n, 100n, 10n),
      () => sharesForDeposit(1n, U64_MAX, 0n),
    ];
    for (const c of cases) {
      try {
        c();
        expect.unreachable();
      } catch (e) {
        expect(isSdkError(e, SDK_ERROR__MATH_OVERFLOW)).toBe(true);
      }
    }
    expect(mulDiv(U64_MAX, U64_MAX, U64_MAX, 'up')).toBe(U64_MAX);
  });

  it('mulDiv equals the exact quotient rounded as stated, or fails above u64', () => {
    fc.assert(
      fc.property(u64, u64, u64, fc.boolean(), (a, b, d, up) => {
        const exact = d === 0n ? null : up ? (a * b + d - 1n) / d : (a * b) / d;
        if (exact === null || exact > U64_MAX) {
          expect(() => mulDiv(a, b, d, up ? 'up' : 'down')).toThrow();
        } else {
          expect(mulDiv(a, b, d, up ? 'up' : 'down')).toBe(exact);
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it('up and down asset values bracket the exact value', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        fc.bigInt({ min: 1n, max: 10n ** 10n }),
        fc.integer({ min: 2, max: 12 }),
        (raw, mult, price, dec) => {
          const num = raw * mult * price;
          const den = 10n ** 12n * 10n ** BigInt(dec + 2);
          const lo = assetValueUsd(raw, mult, price, dec, 'down');
          const hi = assetValueUsd(raw, mult, price, dec, 'up');
          expect(lo * den <= num && hi * den >= num).toBe(true);
        },
      ),
      { numRuns: 3_000 },
    );
  });
});
