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

  it('drops to the balance without claims, and to its pro-rata part with claims, rounded down', () => {
    expect(reconciledBook(1_000n, 0n, 400n)).toBe(400n);
    expect(reconciledBook(1_000n, 0n, 0n)).toBe(0n);
    expect(reconciledBook(600n, 400n, 500n)).toBe(300n);
    expect(reconciledBook(7n, 3n, 9n)).toBe(6n);
  });

  it('reads the raw amount of a token account', () => {
    const data = new Uint8Array(165);
    new DataView(data.buffer).setBigUint64(64, 123_456n, true);
    expect(tokenAccountAmount(data)).toBe(123_456n);
    expect(tokenAccountAmount(new Uint8Array(10))).toBeNull();
  });
});
