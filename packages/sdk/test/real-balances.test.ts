// The SDK's copy of the program's book reconciliation (programs/vault/src/holdings.rs), on
// the same cases as the program's unit tests.
import { describe, expect, it } from 'vitest';
import { reconciledBook, tokenAccountAmount } from '../src/index.ts';

describe('reconciledBook', () => {
  it('keeps the book while the holding covers book and claims, whatever the surplus', () => {
    expect(reconciledBook(1_000n, 0n, 1_000n)).toBe(1_000n);
    expect(reconciledBook(1_000n, 0n, 5_000n)).toBe(1_000n);
    expect(reconciledBook(600n, 400n, 1_000n)).toBe(600n);
  });

  it('drops to the balance without claims, and to its pro-rata part with claims, rounded up for the vault', () => {
    expect(reconciledBook(1_000n, 0n, 400n)).toBe(400n);
    expect(reconciledBook(1_000n, 0n, 0n)).toBe(0n);
    expect(reconciledBook(600n, 400n, 500n)).toBe(300n);
    // 600 x 501 / 1000 = 300.6 -> 301: the holders who stay keep the unit (decision 0996).
    expect(reconciledBook(600n, 400n, 501n)).toBe(301n);
    // 7 x 9 / 10 = 6.3 -> 7: the claims get 2 for 3 owed.
    expect(reconciledBook(7n, 3n, 9n)).toBe(7n);
    // Never above the balance, never below the exact share, less than a unit above it.
    for (const [book, owed, balance] of [
      [1n, 1n, 1n],
      [1n, 1n, 0n],
      [2n ** 64n - 2n, 1n, 2n ** 64n - 2n],
      [1_000_003n, 999_999n, 1_500_001n],
    ] as const) {
      const after = reconciledBook(book, owed, balance);
      expect(after <= balance && after <= book).toBe(true);
      expect(after * (book + owed) >= book * balance).toBe(true);
      expect(after * (book + owed) < book * balance + book + owed).toBe(true);
    }
  });

  it('reads the raw amount of a token account', () => {
    const data = new Uint8Array(165);
    new DataView(data.buffer).setBigUint64(64, 123_456n, true);
    expect(tokenAccountAmount(data)).toBe(123_456n);
    expect(tokenAccountAmount(new Uint8Array(10))).toBeNull();
  });
});
