// What pay_redemption transfers for a slot (the program's claim_payment after reconciling the
// book), which the pay flow resolves transfer-hook accounts for: the full amount while the
// holding backs book and claims, else the pro-rata part rounded down (in the vault's favour).
import { describe, expect, it } from 'vitest';
import { claimPaymentRaw } from '../src/index.ts';

describe('claimPaymentRaw', () => {
  it('pays the full amount owed while the holding backs the book and every claim', () => {
    const asset = { holdingsRaw: 600n, claimsOwedRaw: 400n };
    expect(claimPaymentRaw(100n, asset, 1_000n)).toBe(100n);
    expect(claimPaymentRaw(100n, asset, 5_000n)).toBe(100n);
    // Balance not read: the amount owed.
    expect(claimPaymentRaw(100n, asset, null)).toBe(100n);
  });

  it('after a seizure pays the pro-rata part, exact when it divides', () => {
    // Book 600, claims 400, balance 500: the book keeps 300, the claims share 200 of 400.
    expect(claimPaymentRaw(100n, { holdingsRaw: 600n, claimsOwedRaw: 400n }, 500n)).toBe(50n);
  });

  it('after the split is recorded, pays the claims exactly their share and no more (issue 30)', () => {
    // Book 600, owed 400, balance 500 -> book 300, 200 unbacked: the one claim of 400 is paid
    // 200 whether or not the reconcile already ran, and a partial claim its half.
    const split = { holdingsRaw: 300n, claimsOwedRaw: 400n };
    expect(claimPaymentRaw(400n, split, 500n, 200n)).toBe(200n);
    expect(claimPaymentRaw(400n, { holdingsRaw: 600n, claimsOwedRaw: 400n }, 500n)).toBe(200n);
    expect(claimPaymentRaw(101n, split, 500n, 200n)).toBe(50n);
    // A later burn cuts both again, from what each is backed by now.
    expect(claimPaymentRaw(400n, split, 250n, 200n)).toBe(100n);
  });

  it('rounds a pro-rata part down, never up', () => {
    // Book 7, claims 3, balance 9: book keeps floor(63 / 10) = 6, claims share 3 of 3.
    expect(claimPaymentRaw(3n, { holdingsRaw: 7n, claimsOwedRaw: 3n }, 9n)).toBe(3n);
    // Book 6, claims 3, balance 5: book keeps floor(30 / 9) = 3, claims share 2 of 3:
    // 1 x 2 / 3 = 0.67 pays 0, 2 x 2 / 3 = 1.33 pays 1.
    expect(claimPaymentRaw(1n, { holdingsRaw: 6n, claimsOwedRaw: 3n }, 5n)).toBe(0n);
    expect(claimPaymentRaw(2n, { holdingsRaw: 6n, claimsOwedRaw: 3n }, 5n)).toBe(1n);
  });
});
