import { describe, expect, it } from 'vitest';
import { toCents, waterFill } from '../src/decisions/allocation.ts';

describe('water-filling', () => {
  it('lowers the highest levels to a common line, within the amount (floor) or covering it (ceil)', () => {
    expect(waterFill(10n, [8n, 5n, 1n], [8n, 5n, 1n], 'floor')).toEqual([6n, 3n, 0n]);
    expect(waterFill(10n, [8n, 5n, 1n], [8n, 5n, 1n], 'ceil')).toEqual([7n, 4n, 0n]);
    expect(waterFill(2n, [8n, 5n, 1n], [8n, 5n, 1n], 'floor')).toEqual([2n, 0n, 0n]);
  });

  it('goes below zero when the caps allow (a sale beyond the targets), never past a cap', () => {
    // Levels 3, -1, -4 with holdings 5, 2, 10: 9 taken with the first capped at 5, second at 2
    expect(waterFill(9n, [3n, -1n, -4n], [5n, 2n, 10n], 'ceil')).toEqual([5n, 2n, 2n]);
    // A cap of 0 (an asset that cannot trade) is never touched
    expect(waterFill(4n, [9n, 1n], [0n, 10n], 'ceil')).toEqual([0n, 4n]);
  });

  it('takes every cap when the amount covers them, nothing for no amount', () => {
    expect(waterFill(100n, [3n, 1n], [3n, 1n], 'floor')).toEqual([3n, 1n]);
    expect(waterFill(0n, [3n, 1n], [3n, 1n], 'ceil')).toEqual([0n, 0n]);
  });
});

describe('cents', () => {
  it('rounds USD x 1e8 to whole cents either way', () => {
    expect(toCents(1_234_567n, 'floor')).toBe(1_000_000n);
    expect(toCents(1_234_567n, 'ceil')).toBe(2_000_000n);
    expect(toCents(3_000_000n, 'ceil')).toBe(3_000_000n);
  });
});
