import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeF64Multiplier,
  f64FromBits,
  f64ToBits,
  isSdkError,
  MULTIPLIER_SCALE,
  SDK_ERROR__INVALID_MULTIPLIER,
  tryDecodeF64Multiplier,
} from '../src/index.ts';
import { ceilDiv, exactRational, floorDiv } from './exact-reference.ts';

const U64_MAX = (1n << 64n) - 1n;

function reference(x: number): { floor: bigint; ceil: bigint } | null {
  if (!(Number.isFinite(x) && x >= 2 ** -1022)) return null;
  const { num, den } = exactRational(x);
  const floor = floorDiv(num * MULTIPLIER_SCALE, den);
  const ceil = ceilDiv(num * MULTIPLIER_SCALE, den);
  return floor > 0n && ceil <= U64_MAX ? { floor, ceil } : null;
}

describe('decodeF64Multiplier (port of programs/common/src/multiplier.rs)', () => {
  it('decodes the same common multipliers as the program', () => {
    // Given the values the Rust unit test pins
    // Then the decoder gives the same integers
    expect(decodeF64Multiplier(1)).toEqual({ floor: MULTIPLIER_SCALE, ceil: MULTIPLIER_SCALE });
    expect(decodeF64Multiplier(3).floor).toBe(3n * MULTIPLIER_SCALE);
    expect(decodeF64Multiplier(0.5).floor).toBe(MULTIPLIER_SCALE / 2n);
    expect(decodeF64Multiplier(0.1)).toEqual({ floor: 100_000_000_000n, ceil: 100_000_000_001n });
  });

  it('rejects the values the program rejects', () => {
    for (const x of [0, -0, -1, Infinity, -Infinity, Number.NaN, 1e-13, 5e-324, 1e8]) {
      expect(tryDecodeF64Multiplier(x), String(x)).toBeNull();
      expect(() => decodeF64Multiplier(x)).toThrowError(/multiplier/);
    }
    try {
      decodeF64Multiplier(0);
    } catch (e) {
      expect(isSdkError(e, SDK_ERROR__INVALID_MULTIPLIER)).toBe(true);
    }
  });

  it('accepts the raw bits of the mint field as a bigint', () => {
    expect(decodeF64Multiplier(f64ToBits(1.0571))).toEqual(decodeF64Multiplier(1.0571));
  });

  it('matches the exact rational reference on arbitrary bit patterns', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: U64_MAX }), (bits) => {
        const view = new DataView(new ArrayBuffer(8));
        view.setBigUint64(0, bits);
        const x = view.getFloat64(0);
        expect(tryDecodeF64Multiplier(bits)).toEqual(reference(x));
      }),
      { numRuns: 20_000 },
    );
  });

  it('matches the exact rational reference on realistic multipliers', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 1e6, noNaN: true }), (x) => {
        const got = tryDecodeF64Multiplier(x);
        expect(got).toEqual(reference(x));
        if (got) expect(got.ceil - got.floor <= 1n).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('matches at the edges of the accepted range', () => {
    // Given doubles around the smallest non-zero floor and around u64::MAX / 1e12
    const around = (x: number) => [-1n, 0n, 1n].map((d) => f64FromBits(f64ToBits(x) + d));
    const edges = [...around(1e-12), ...around(18446744.073709551)];
    for (const x of edges) expect(tryDecodeF64Multiplier(x), String(x)).toEqual(reference(x));
  });
});
