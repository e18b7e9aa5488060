// What pay_redemption transfers for a slot (the program's claim_payment after reconciling the
// book), which the pay flow resolves transfer-hook accounts for: the full amount while the
// holding backs book and claims, else the claim's own share of the seizures since it was made
// (the vault's haircut index against the one it recorded), rounded down (in the vault's favour).
import { describe, expect, it } from 'vitest';
import { CLAIM_INDEX_SCALE, claimPaymentRaw, claimStanding } from '../src/index.ts';

const HALF = CLAIM_INDEX_SCALE / 2n;
const standing = (haircutAtOpen: bigint, haircutNow: bigint, wiped = false) => ({
  haircutAtOpen,
  haircutNow,
  wiped,
});

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
    expect(claimPaymentRaw(101n, split, 500n, 200n, standing(0n, HALF))).toBe(50n);
    // A later burn cuts both again, from what each is backed by now.
    expect(claimPaymentRaw(400n, split, 250n, 200n)).toBe(100n);
  });

  it('rounds for the vault: the book keeps the unit, a claim part rounds down', () => {
    // Book 7, claims 3, balance 9: the book keeps ceil(63 / 10) = 7 (decision 0996), the
    // claims share the 2 left: the whole owed takes both.
    expect(claimPaymentRaw(3n, { holdingsRaw: 7n, claimsOwedRaw: 3n }, 9n)).toBe(2n);
    // Book 6, claims 3, balance 5: the book keeps ceil(30 / 9) = 4, the claims share 1 of 3:
    // 1 x 1 / 3 = 0.33 pays 0, 2 x 1 / 3 = 0.67 pays 0, the whole owed takes the 1.
    expect(claimPaymentRaw(1n, { holdingsRaw: 6n, claimsOwedRaw: 3n }, 5n)).toBe(0n);
    expect(claimPaymentRaw(2n, { holdingsRaw: 6n, claimsOwedRaw: 3n }, 5n)).toBe(0n);
    expect(claimPaymentRaw(3n, { holdingsRaw: 6n, claimsOwedRaw: 3n }, 5n)).toBe(1n);
  });

  it('pays a claim made after a seizure its own share, not the older claims ratio', () => {
    // After the split above, Carol's 100 is taken from the book: book 200, owed 500, 200
    // unbacked, index 1/2 (she records it). Paid now: all of it.
    const late = { holdingsRaw: 200n, claimsOwedRaw: 500n };
    expect(claimPaymentRaw(100n, late, 500n, 200n, standing(HALF, HALF))).toBe(100n);
    // A second burn (500 -> 250), not reconciled yet: book 100, the claims keep 150 of 300,
    // index 1/4: Carol 50 (the aggregate 150 / 500 would pay 30), Alice's 400 -> 100.
    expect(claimPaymentRaw(100n, late, 250n, 200n, standing(HALF, HALF))).toBe(50n);
    expect(claimPaymentRaw(400n, late, 250n, 200n, standing(0n, HALF))).toBe(100n);
  });

  it('rounds an index share down, never up; the last claim takes the unit', () => {
    const third = CLAIM_INDEX_SCALE / 3n;
    const asset = { holdingsRaw: 0n, claimsOwedRaw: 100n };
    // A third survives: 10 -> 3.33 pays 3.
    expect(claimPaymentRaw(10n, asset, 100n, 0n, standing(0n, CLAIM_INDEX_SCALE - third))).toBe(3n);
    // Two thirds at opening, one third now: 11 -> 5.5 pays 5.
    const later = standing(CLAIM_INDEX_SCALE - 2n * third, CLAIM_INDEX_SCALE - third);
    expect(claimPaymentRaw(11n, asset, 100n, 0n, later)).toBe(5n);
    // The last claim (all that is owed) takes what backs it.
    expect(claimPaymentRaw(100n, asset, 100n, 60n, later)).toBe(40n);
  });

  it('pays nothing to a claim wiped by a seizure of the whole holding', () => {
    expect(
      claimPaymentRaw(
        100n,
        { holdingsRaw: 0n, claimsOwedRaw: 100n },
        50n,
        100n,
        standing(0n, 0n, true),
      ),
    ).toBe(0n);
    // Not reconciled yet: the burn of everything wipes it now.
    expect(claimPaymentRaw(100n, { holdingsRaw: 600n, claimsOwedRaw: 400n }, 0n)).toBe(0n);
  });

  it('reads a claim slot against the vault (claimStanding)', () => {
    const vault = { claimsHaircut: [0n, HALF], claimsWipedEpoch: [2, 0] };
    expect(claimStanding(vault, { epoch: 1, haircutAtOpen: [0n, 0n] }, 0)).toEqual(
      standing(0n, 0n, true),
    );
    expect(claimStanding(vault, { epoch: 2, haircutAtOpen: [0n, 0n] }, 0).wiped).toBe(false);
    expect(claimStanding(vault, { epoch: 1, haircutAtOpen: [0n, HALF] }, 1)).toEqual(
      standing(HALF, HALF),
    );
  });
});
