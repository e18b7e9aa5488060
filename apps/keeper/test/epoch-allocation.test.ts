import { type Address, address } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { allocateEpoch } from '../src/decisions/epoch-allocation.ts';

const a = address('11111111111111111111111111111112');
const b = address('11111111111111111111111111111113');
const c = address('11111111111111111111111111111114');

describe('allocateEpoch (floor per staker, remainder kept for the next epoch)', () => {
  it('splits pro rata and rounds every staker down', () => {
    const out = allocateEpoch(
      10n,
      new Map<Address, bigint>([
        [a, 1n],
        [b, 2n],
      ]),
    );
    // exact shares 3.33 and 6.67: both rounded down, 1 unit left over
    expect(out.amounts.get(a)).toBe(3n);
    expect(out.amounts.get(b)).toBe(6n);
    expect(out.distributed).toBe(9n);
    expect(out.remainder).toBe(1n);
  });

  it('distributes everything when the shares divide exactly', () => {
    const out = allocateEpoch(
      1_000n,
      new Map<Address, bigint>([
        [a, 1n],
        [b, 3n],
      ]),
    );
    expect([...out.amounts.values()]).toEqual([250n, 750n]);
    expect(out.remainder).toBe(0n);
  });

  it('leaves out a staker whose share rounds to zero, keeping it in the remainder', () => {
    const out = allocateEpoch(
      5n,
      new Map<Address, bigint>([
        [a, 1n],
        [b, 1_000n],
        [c, 1_000n],
      ]),
    );
    expect(out.amounts.has(a)).toBe(false);
    expect(out.amounts.get(b)).toBe(2n);
    expect(out.distributed + out.remainder).toBe(5n);
  });

  it('never exceeds the funding, with amounts beyond u64 points', () => {
    const big = 2n ** 64n - 1n;
    const out = allocateEpoch(
      big,
      new Map<Address, bigint>([
        [a, big * 604_800n * 4n],
        [b, 7n],
      ]),
    );
    expect(out.distributed).toBeLessThanOrEqual(big);
    expect(out.distributed + out.remainder).toBe(big);
  });

  it('pays nothing without points or funding, and refuses negatives', () => {
    expect(allocateEpoch(10n, new Map()).remainder).toBe(10n);
    expect(allocateEpoch(0n, new Map<Address, bigint>([[a, 5n]])).distributed).toBe(0n);
    expect(() => allocateEpoch(-1n, new Map())).toThrow(RangeError);
    expect(() => allocateEpoch(1n, new Map<Address, bigint>([[a, -1n]]))).toThrow(RangeError);
  });
});
