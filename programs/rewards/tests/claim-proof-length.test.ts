// How deep a claim's merkle proof can be in practice. The program refuses proofs longer than
// MAX_PROOF_LEN (32) siblings; but a transaction is at most 1,232 bytes, and the smallest claim
// carrying 32 siblings (one reward mint, the claimant paying the fee and signing alone, every
// other account in a lookup table) does not fit. This pins the measurement that makes the
// `m > MAX_PROOF_LEN` -> `m >= MAX_PROOF_LEN` mutant equivalent on a real cluster (docs/mutants.md),
// and shows the deepest proof that does fit is verified and paid.
import { leafHash, MAX_PROOF_LEN, nodeHash } from '@basket/merkle';
import { REWARDS_PROGRAM_ADDRESS } from '@basket/rewards-client';
import { MAX_TRANSACTION_BYTES, tokenAmount } from '@basket/test-harness';
import type { Address, Instruction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { newClaimant } from './claim-world.ts';
import { claimIx, distributeIx, type Fixture, fundEpoch, setup } from './fixture.ts';
import { buildV0, createLookupTable, lookupCandidates, sendV0 } from './lookup.ts';
import { send } from './measured.ts';

const EPOCH = 1n;
const AMOUNT = 1_234_567n;

/** `k` distinct sibling hashes, made from their index (deterministic). */
function siblings(k: number): Uint8Array[] {
  return Array.from({ length: k }, (_, i) => nodeHash(Uint8Array.of(i), Uint8Array.of(i, 1)));
}

describe('claim: the proof depth a transaction can carry', () => {
  it('no transaction fits a 32-sibling claim; the deepest that fits is verified and paid', async () => {
    const f: Fixture = await setup();
    // One reward mint (the issuer's Token-2022 stock, multiplier 1.0571): the smallest claim.
    const mints = [f.xStock];
    const alice = await newClaimant(f, mints);
    const leaf = leafHash({
      programId: REWARDS_PROGRAM_ADDRESS,
      epochId: EPOCH,
      claimant: alice.signer.address,
      amounts: [AMOUNT],
    });
    const holdings = await fundEpoch(f, EPOCH, mints, [AMOUNT]);
    const claim = (proof: Uint8Array[]) =>
      claimIx(f, {
        claimant: alice.signer,
        epochId: EPOCH,
        amounts: [AMOUNT],
        proof,
        mints,
        holdings,
        destinations: alice.destinations,
      });
    // Every account but the claimant (fee payer and signer) and the program in one table.
    const sized = async (ix: Instruction) => {
      const looked = lookupCandidates([ix], [alice.signer.address]);
      const table = await createLookupTable(f.svm, looked);
      const built = await buildV0(null, [ix], alice.signer, { [table]: looked });
      return { tables: { [table]: looked }, txBytes: built.txBytes };
    };

    // A proof of MAX_PROOF_LEN siblings: its smallest transaction is over the packet limit.
    expect(MAX_PROOF_LEN).toBe(32);
    const full = await sized(await claim(siblings(MAX_PROOF_LEN)));
    expect(full.txBytes).toBeGreaterThan(MAX_TRANSACTION_BYTES);
    console.info(`a claim with a ${MAX_PROOF_LEN}-sibling proof: ${full.txBytes} bytes at least`);

    // The deepest proof whose claim fits.
    let depth = MAX_PROOF_LEN;
    while ((await sized(await claim(siblings(depth)))).txBytes > MAX_TRANSACTION_BYTES) depth--;
    expect(depth).toBeLessThan(MAX_PROOF_LEN);
    const proof = siblings(depth);
    const root = proof.reduce((node, sibling) => nodeHash(node, sibling), leaf);
    const distributed = await send(
      f.svm,
      [await distributeIx(f, { epochId: EPOCH, root, totals: [AMOUNT], mints, holdings })],
      f.keeper,
    );
    expect(distributed.error).toBeNull();
    const fits = await sized(await claim(proof));
    expect(fits.txBytes).toBeLessThanOrEqual(MAX_TRANSACTION_BYTES);
    const r = await sendV0(f.svm, [await claim(proof)], alice.signer, fits.tables);
    expect(r.error).toBeNull();
    expect(tokenAmount(f.svm, alice.destinations[0] as Address)).toBe(AMOUNT);
    console.info(`deepest proof in one claim transaction: ${depth} siblings, ${r.txBytes} bytes`);
  });
});
