// Property: whatever a tree promises and whatever order claimants come in, an epoch never
// pays more than it funded per mint; a claim either pays all its amounts or fails with
// ClaimExceedsEpochTotal and changes nothing.
import { getEpochDecoder, REWARDS_ERROR__CLAIM_EXCEEDS_EPOCH_TOTAL } from '@basket/rewards-client';
import { accountBytes, tokenAmount } from '@basket/test-harness';
import type { Address } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Claimant, claimOf, postEpoch } from './claim-world.ts';
import { claimStatusAddress, epochPda, setup } from './fixture.ts';
import { send } from './measured.ts';

describe('claims against epoch totals (property)', () => {
  it('never pays more than the funded total of any mint, across many claimants in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        // 2..8 claimants, amounts in the xStock (Token-2022, x1.0571) and the legacy mint
        fc.array(
          fc.tuple(fc.bigInt({ min: 0n, max: 5_000n }), fc.bigInt({ min: 0n, max: 5_000n })),
          {
            minLength: 2,
            maxLength: 8,
          },
        ),
        // Funding as a fraction (per mille) of what the leaves promise: under, exact, over
        fc.tuple(fc.integer({ min: 200, max: 1_200 }), fc.integer({ min: 200, max: 1_200 })),
        fc.nat(),
        async (amounts, [permille0, permille1], seed) => {
          // Given an epoch whose leaves promise `amounts` but which funds only a fraction
          const f = await setup();
          const promised = [0, 1].map((m) => amounts.reduce((s, a) => s + (a[m] as bigint), 0n));
          const funded = [
            ((promised[0] as bigint) * BigInt(permille0)) / 1_000n + 1n,
            ((promised[1] as bigint) * BigInt(permille1)) / 1_000n + 1n,
          ];
          const e = await postEpoch(f, {
            epochId: 1n,
            mints: [f.xStock, f.legacy],
            amounts: amounts.map(([a, b]) => [a, b]),
            funded,
          });
          // When every claimant claims, in a seeded random order
          const order = amounts
            .map((_, i) => i)
            .sort((a, b) => ((a * 7919 + seed) % 101) - ((b * 7919 + seed) % 101));
          const paid = [0n, 0n];
          for (const i of order) {
            const who = e.claimants[i] as Claimant;
            const status = await claimStatusAddress(1n, who.signer.address);
            const watched = [...e.holdings, ...who.destinations, await epochPda(1n), status];
            const before = accountBytes(f.svm, watched);
            const r = await send(f.svm, [await claimOf(f, e, i)], who.signer);
            const [a0, a1] = amounts[i] as [bigint, bigint];
            const fits = paid[0]! + a0 <= funded[0]! && paid[1]! + a1 <= funded[1]!;
            if (fits) {
              // Then a claim that fits pays all its amounts
              expect(r.error).toBeNull();
              paid[0] = paid[0]! + a0;
              paid[1] = paid[1]! + a1;
              expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(a0);
              expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(a1);
            } else {
              // And one that would exceed a total fails whole, changing nothing
              expect(r.customError).toBe(REWARDS_ERROR__CLAIM_EXCEEDS_EPOCH_TOTAL);
              expect(accountBytes(f.svm, watched)).toEqual(before);
            }
          }
          // Then per mint: paid <= funded, the epoch's claimed equals what was paid, and the
          // holding holds exactly the rest
          const acc = f.svm.getAccount(await epochPda(1n));
          if (!acc.exists) throw new Error('epoch missing');
          const ep = getEpochDecoder().decode(Uint8Array.from(acc.data));
          for (const m of [0, 1]) {
            expect(paid[m]! <= funded[m]!).toBe(true);
            expect(ep.rewards[m]?.claimed).toBe(paid[m]);
            expect(tokenAmount(f.svm, e.holdings[m] as Address)).toBe(funded[m]! - paid[m]!);
          }
        },
      ),
      { numRuns: 10 },
    );
  });
});
