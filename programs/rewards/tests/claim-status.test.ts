// The claim status: one account per (epoch, claimant) at
// createAddressWithSeed(claimant, "claim" + epoch id in 16 hex digits, rewards program), with
// no bump. Attacks on its address and on the state an attacker can leave at that address
// before the claim (pre-funded, pre-created, owned by another program), and double claims.
import {
  claimStatusSeed,
  findClaimStatusAddress,
  getClaimStatusDecoder,
  REWARDS_ERROR__ALREADY_CLAIMED,
  REWARDS_ERROR__INVALID_CLAIM_STATUS_ADDRESS,
  REWARDS_ERROR__INVALID_OWNER,
  REWARDS_PROGRAM_ADDRESS,
} from '@basket/rewards-client';
import { accountBytes, fund, TOKEN_PROGRAM_ADDRESS, tokenAmount } from '@basket/test-harness';
import {
  type Address,
  createAddressWithSeed,
  generateKeyPairSigner,
  getAddressEncoder,
  getProgramDerivedAddress,
  getU64Encoder,
  getUtf8Encoder,
  lamports,
} from '@solana/kit';
import {
  getAllocateWithSeedInstruction,
  getAssignWithSeedInstruction,
  getCreateAccountWithSeedInstruction,
  getTransferSolInstruction,
  getTransferSolWithSeedInstruction,
} from '@solana-program/system';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Claimant, claimOf, type PostedEpoch, postEpoch } from './claim-world.ts';
import { claimStatusAddress, epochPda, type Fixture, setup } from './fixture.ts';
import { send } from './measured.ts';

const CLAIM_STATUS_LEN = 76n;

describe('claim status', () => {
  let f: Fixture;
  let e: PostedEpoch;
  let who: Claimant;
  let status: Address;

  beforeEach(async () => {
    // Given epoch 1 paying three claimants in the Token-2022 xStock (x1.0571) and the legacy
    // SPL Token mint
    f = await setup();
    e = await postEpoch(f, {
      epochId: 1n,
      mints: [f.xStock, f.legacy],
      amounts: [
        [1_000n, 10n],
        [2_000n, 20n],
        [3_000n, 30n],
      ],
    });
    who = e.claimants[0] as Claimant;
    status = await claimStatusAddress(1n, who.signer.address);
  });

  /** Claimant 0's claim, which must pay exactly once. */
  async function claim(overrides: Parameters<typeof claimOf>[3] = {}) {
    return send(f.svm, [await claimOf(f, e, 0, overrides)], who.signer);
  }

  /** The claim status as a claim leaves it: the program's, rent-exempt, header written. */
  function expectInitialized(minLamports: bigint) {
    const acc = f.svm.getAccount(status);
    if (!acc.exists) throw new Error('claim status missing');
    expect(acc.programAddress).toBe(REWARDS_PROGRAM_ADDRESS);
    expect(BigInt(acc.data.length)).toBe(CLAIM_STATUS_LEN);
    expect(acc.lamports).toBeGreaterThanOrEqual(minLamports);
    expect(acc.lamports).toBeGreaterThanOrEqual(
      f.svm.minimumBalanceForRentExemption(CLAIM_STATUS_LEN),
    );
    const decoded = getClaimStatusDecoder().decode(Uint8Array.from(acc.data));
    expect(decoded).toMatchObject({ discriminator: 4, version: 2, epochId: 1n });
    expect(decoded.claimant).toBe(who.signer.address);
  }

  /** A second claim of the same leaf fails and changes nothing. */
  async function expectSecondClaimRefused() {
    const watched = [...e.holdings, ...who.destinations, await epochPda(1n), status];
    const before = accountBytes(f.svm, watched);
    const again = await claim();
    expect(again.customError).toBe(REWARDS_ERROR__ALREADY_CLAIMED);
    expect(accountBytes(f.svm, watched)).toEqual(before);
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(1_000n);
  }

  it("is created at the claimant's seeded address with the rent minimum", async () => {
    // The seed is "claim" and the epoch id in 16 lowercase hex digits
    expect(claimStatusSeed(1n)).toBe('claim0000000000000001');
    expect(status).toBe(
      await createAddressWithSeed({
        baseAddress: who.signer.address,
        programAddress: REWARDS_PROGRAM_ADDRESS,
        seed: 'claim0000000000000001',
      }),
    );
    const r = await claim();
    expect(r.error).toBeNull();
    expectInitialized(0n);
    const acc = f.svm.getAccount(status);
    expect(acc.exists && acc.lamports).toBe(f.svm.minimumBalanceForRentExemption(CLAIM_STATUS_LEN));
    await expectSecondClaimRefused();
  });

  it('rejects two claims of the same leaf in one transaction', async () => {
    const watched = [...e.holdings, ...who.destinations, await epochPda(1n), status];
    const before = accountBytes(f.svm, watched);
    const ix = await claimOf(f, e, 0);
    // The same instruction twice: the second finds the status the first created
    const r = await send(f.svm, [ix, { ...ix }], who.signer);
    expect(r.customError).toBe(REWARDS_ERROR__ALREADY_CLAIMED);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });

  it('gives each epoch its own claim status', async () => {
    // Given epoch 2 paying the same claimants
    const e2 = await postEpoch(f, {
      epochId: 2n,
      mints: e.mints,
      amounts: [
        [5n, 5n],
        [6n, 6n],
        [7n, 7n],
      ],
      claimants: e.claimants,
    });
    // When claimant 0 claims both epochs, then both pay, into two accounts
    expect((await claim()).error).toBeNull();
    const r = await send(f.svm, [await claimOf(f, e2, 0)], who.signer);
    expect(r.error).toBeNull();
    const second = await claimStatusAddress(2n, who.signer.address);
    expect(second).not.toBe(status);
    expect(f.svm.getAccount(second).exists).toBe(true);
  });

  describe('at another address', () => {
    const others: [string, () => Promise<Address>][] = [
      ['a random key', async () => (await generateKeyPairSigner()).address],
      [
        "another claimant's claim status (their base)",
        async () => claimStatusAddress(1n, (e.claimants[1] as Claimant).signer.address),
      ],
      [
        "the claimant's claim status of another epoch",
        async () => claimStatusAddress(2n, who.signer.address),
      ],
      [
        'a seed with the epoch id in decimal',
        async () =>
          createAddressWithSeed({
            baseAddress: who.signer.address,
            programAddress: REWARDS_PROGRAM_ADDRESS,
            seed: 'claim1',
          }),
      ],
      [
        'the same seed owned by another program',
        async () =>
          findClaimStatusAddress(
            { epochId: 1n, claimant: who.signer.address },
            { programAddress: TOKEN_PROGRAM_ADDRESS },
          ),
      ],
      [
        'the former PDA ["claim", epoch id, claimant]',
        async () =>
          (
            await getProgramDerivedAddress({
              programAddress: REWARDS_PROGRAM_ADDRESS,
              seeds: [
                getUtf8Encoder().encode('claim'),
                getU64Encoder().encode(1n),
                getAddressEncoder().encode(who.signer.address),
              ],
            })
          )[0],
      ],
    ];

    it.each(others)('rejects %s', async (_, address) => {
      const other = await address();
      const watched = [...e.holdings, ...who.destinations, await epochPda(1n), other, status];
      const before = accountBytes(f.svm, watched);
      const r = await claim({ claimStatus: other });
      expect(r.customError).toBe(REWARDS_ERROR__INVALID_CLAIM_STATUS_ADDRESS);
      expect(accountBytes(f.svm, watched)).toEqual(before);
    });
  });

  it.each([
    ["less than the claim status rent (an empty account's rent minimum)", 0n],
    ['more than the claim status rent', 5_000_000_000n],
  ])('claims once when a stranger pre-funded the address with %s', async (_, given) => {
    // Given a stranger who sent lamports to the claim status address first (a plain
    // CreateAccountWithSeed would then fail forever); the runtime refuses less than an
    // empty account's rent minimum
    const amount = given > 0n ? given : f.svm.minimumBalanceForRentExemption(0n);
    const stranger = await generateKeyPairSigner();
    fund(f.svm, stranger.address);
    const sent = await send(
      f.svm,
      [
        getTransferSolInstruction({
          source: stranger,
          destination: status,
          amount: lamports(amount),
        }),
      ],
      stranger,
    );
    expect(sent.error).toBeNull();
    // When the claimant claims, then it pays and the status is the program's
    const r = await claim();
    expect(r.error).toBeNull();
    console.info(
      `claim (2 mints) with a pre-funded claim status (${amount}): ${r.computeUnits} CU`,
    );
    expect(tokenAmount(f.svm, who.destinations[0] as Address)).toBe(1_000n);
    expectInitialized(amount);
    await expectSecondClaimRefused();
  });

  it.each([0n, 76n, 200n])(
    'claims once when the claimant pre-created the address with %i zero bytes',
    async (space) => {
      // Given the claimant's own CreateAccountWithSeed of the address, owned by the rewards
      // program, zeroed (only the claimant can sign for it as the base)
      const rent = f.svm.minimumBalanceForRentExemption(space);
      const made = await send(
        f.svm,
        [
          getCreateAccountWithSeedInstruction({
            payer: who.signer,
            newAccount: status,
            base: who.signer.address,
            seed: claimStatusSeed(1n),
            amount: rent,
            space,
            programAddress: REWARDS_PROGRAM_ADDRESS,
          }),
        ],
        who.signer,
      );
      expect(made.error).toBeNull();
      // When the claimant claims, then it pays (the account is resized and topped up) and a
      // second claim fails
      const r = await claim();
      expect(r.error).toBeNull();
      console.info(
        `claim (2 mints) with a pre-created claim status (${space} bytes): ${r.computeUnits} CU`,
      );
      expectInitialized(rent);
      await expectSecondClaimRefused();
    },
  );

  it('cannot be created by anyone but the claimant', async () => {
    // Given a stranger creating the claimant's address with the claimant as base, unsigned
    const stranger = await generateKeyPairSigner();
    fund(f.svm, stranger.address);
    const r = await send(
      f.svm,
      [
        getCreateAccountWithSeedInstruction({
          payer: stranger,
          newAccount: status,
          base: who.signer.address,
          seed: claimStatusSeed(1n),
          amount: f.svm.minimumBalanceForRentExemption(CLAIM_STATUS_LEN),
          space: CLAIM_STATUS_LEN,
          programAddress: REWARDS_PROGRAM_ADDRESS,
        }),
      ],
      stranger,
    );
    // Then the system program refuses (the base must sign) and the claimant still claims
    expect(r.ok).toBe(false);
    expect(f.svm.getAccount(status).exists).toBe(false);
    expect((await claim()).error).toBeNull();
  });

  it.each([
    [
      'drain it (TransferSolWithSeed)',
      () =>
        getTransferSolWithSeedInstruction({
          source: status,
          baseAccount: who.signer,
          destination: who.signer.address,
          amount: 1n,
          fromSeed: claimStatusSeed(1n),
          fromOwner: REWARDS_PROGRAM_ADDRESS,
        }),
    ],
    [
      'reallocate it (AllocateWithSeed)',
      () =>
        getAllocateWithSeedInstruction({
          newAccount: status,
          baseAccount: who.signer,
          base: who.signer.address,
          seed: claimStatusSeed(1n),
          space: 0n,
          programAddress: REWARDS_PROGRAM_ADDRESS,
        }),
    ],
    [
      'reassign it (AssignWithSeed: the new owner is the owner in the seed, this program)',
      () =>
        getAssignWithSeedInstruction({
          account: status,
          baseAccount: who.signer,
          base: who.signer.address,
          seed: claimStatusSeed(1n),
          programAddress: REWARDS_PROGRAM_ADDRESS,
        }),
    ],
  ])('cannot be closed and re-created: the claimant cannot %s', async (_, ix) => {
    // Given a paid claim
    expect((await claim()).error).toBeNull();
    const before = f.svm.getAccount(status);
    // When the claimant, as the base, asks the system program to undo the claim status
    await send(f.svm, [ix()], who.signer);
    // Then nothing changes (the system program moves lamports and allocates only for
    // accounts it owns, and assigning an address with seed can only name the owner in its
    // seed, a no-op here) and a second claim still fails
    expect(f.svm.getAccount(status)).toEqual(before);
    await expectSecondClaimRefused();
  });

  it('rejects an account owned by another program at the address', async () => {
    // Given (not reachable on a cluster, where only the rewards program can own this
    // address) a token-program account at the claim status address
    f.svm.setAccount({
      address: status,
      programAddress: TOKEN_PROGRAM_ADDRESS,
      lamports: lamports(f.svm.minimumBalanceForRentExemption(CLAIM_STATUS_LEN)),
      data: new Uint8Array(Number(CLAIM_STATUS_LEN)),
      executable: false,
      space: CLAIM_STATUS_LEN,
    });
    const watched = [...e.holdings, ...who.destinations, await epochPda(1n), status];
    const before = accountBytes(f.svm, watched);
    const r = await claim();
    expect(r.customError).toBe(REWARDS_ERROR__INVALID_OWNER);
    expect(accountBytes(f.svm, watched)).toEqual(before);
  });
});
