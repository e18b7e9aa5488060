import { REWARDS_ERROR__INVALID_PROOF } from '@basket/rewards-client';
import { accountBytes, tokenAmount } from '@basket/test-harness';
import type { Address } from '@solana/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Claimant, claimOf, postEpoch } from './claim-world.ts';
import { claimStatusAddress, epochPda, setup } from './fixture.ts';
import { send } from './measured.ts';

type Tamper = 'flip-proof-bit' | 'bump-amount' | 'drop-proof-node' | 'other-proof';

describe('claim: TypeScript-built trees against the on-chain verifier (property)', () => {
  it('every TS-built proof pays on-chain and every tampered one is rejected without changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 9n })),
          {
            minLength: 2,
            maxLength: 9,
          },
        ),
        fc.nat(),
        fc.nat(),
        fc.constantFrom<Tamper>('flip-proof-bit', 'bump-amount', 'drop-proof-node', 'other-proof'),
        fc.nat(),
        async (amounts, pickHonest, pickVictim, tamper, bit) => {
          // Given an epoch paying random amounts in the xStock (multiplier 1.0571) and the
          // legacy mint to 2..9 claimants, built and proven by @basket/merkle
          const f = await setup();
          const e = await postEpoch(f, {
            epochId: 1n,
            mints: [f.xStock, f.legacy],
            amounts: amounts.map(([a, b]) => [a, b]),
          });
          const n = amounts.length;
          const honest = pickHonest % n;
          const victim = (honest + 1 + (pickVictim % (n - 1))) % n;

          // When one claimant claims with the TS-built proof, it pays exactly their amounts
          const who = e.claimants[honest] as Claimant;
          const ok = await send(f.svm, [await claimOf(f, e, honest)], who.signer);
          expect(ok.error).toBeNull();
          expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(amounts[honest]?.[0]);
          expect(tokenAmount(f.svm, who.destinations[1] as Address)).toBe(amounts[honest]?.[1]);

          // And another claimant's tampered claim fails with InvalidProof and changes nothing
          const c = e.distribution.claims[victim];
          const v = e.claimants[victim] as Claimant;
          if (!c) throw new Error('missing claim');
          let proof = c.proof.map((p) => Uint8Array.from(p));
          let claimAmounts = [...c.amounts];
          if (tamper === 'flip-proof-bit' && proof.length > 0) {
            const node = proof[bit % proof.length] as Uint8Array;
            node[(bit >> 3) % 32] = (node[(bit >> 3) % 32] as number) ^ (1 << (bit & 7));
          } else if (tamper === 'drop-proof-node' && proof.length > 0) {
            proof = proof.filter((_, i) => i !== bit % proof.length);
          } else if (tamper === 'other-proof') {
            proof = (e.distribution.claims[honest]?.proof ?? []).map((p) => Uint8Array.from(p));
            if (
              proof.length === c.proof.length &&
              proof.every((p, i) => p.every((b, j) => b === c.proof[i]?.[j]))
            ) {
              claimAmounts[0] = (claimAmounts[0] as bigint) + 1n;
            }
          } else {
            claimAmounts = claimAmounts.map((a, i) => (i === bit % 2 ? a + 1n : a));
          }
          const status = await claimStatusAddress(1n, v.signer.address);
          const watched = [...e.holdings, ...v.destinations, await epochPda(1n), status];
          const before = accountBytes(f.svm, watched);
          const bad = await send(
            f.svm,
            [await claimOf(f, e, victim, { proof, amounts: claimAmounts })],
            v.signer,
          );
          expect(bad.customError).toBe(REWARDS_ERROR__INVALID_PROOF);
          expect(accountBytes(f.svm, watched)).toEqual(before);
        },
      ),
      { numRuns: 12 },
    );
  });
});
