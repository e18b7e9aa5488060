// A distributed epoch with real claimants, for the claim tests.
import { type Distribution, fromClaims } from '@basket/merkle';
import {
  getClaimStatusDecoder,
  getEpochDecoder,
  REWARDS_PROGRAM_ADDRESS,
} from '@basket/rewards-client';
import { createTokenAccount, fund, type SendResult, type TestMint } from '@basket/test-harness';
import {
  type Address,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import {
  claimIx,
  claimStatusAddress,
  distributeIx,
  epochPda,
  type Fixture,
  fundEpoch,
} from './fixture.ts';
import { send } from './measured.ts';

export interface Claimant {
  signer: KeyPairSigner;
  /** One destination token account per epoch mint. */
  destinations: Address[];
}

export interface PostedEpoch {
  epochId: bigint;
  mints: TestMint[];
  holdings: Address[];
  distribution: Distribution;
  claimants: Claimant[];
}

export async function newClaimant(f: Fixture, mints: TestMint[]): Promise<Claimant> {
  const signer = await generateKeyPairSigner();
  fund(f.svm, signer.address);
  const destinations = [];
  for (const m of mints)
    destinations.push(await createTokenAccount(f.svm, f.payer, m, signer.address));
  return { signer, destinations };
}

/**
 * Posts epoch `epochId` paying `amounts[i]` (one amount per mint) to claimant i, funded with
 * `funded` (defaults to the exact sums).
 */
export async function postEpoch(
  f: Fixture,
  input: {
    epochId: bigint;
    mints: TestMint[];
    amounts: bigint[][];
    funded?: bigint[];
    claimants?: Claimant[];
  },
): Promise<PostedEpoch> {
  // Sequential: `send` expires the blockhash before each transaction, so concurrent sends
  // would invalidate each other's blockhash.
  const claimants: Claimant[] = input.claimants ?? [];
  if (!input.claimants) {
    for (const _ of input.amounts) claimants.push(await newClaimant(f, input.mints));
  }
  const totals = input.mints.map((_, i) =>
    input.amounts.reduce((s, a) => s + (a[i] as bigint), 0n),
  );
  const distribution = fromClaims({
    programId: REWARDS_PROGRAM_ADDRESS,
    epochId: input.epochId,
    rewardMints: input.mints.map((m) => m.address),
    totals,
    claims: input.amounts.map((amounts, i) => ({
      claimant: (claimants[i] as Claimant).signer.address,
      amounts,
    })),
  });
  const funded = input.funded ?? totals;
  const holdings = await fundEpoch(f, input.epochId, input.mints, funded);
  const r = await send(
    f.svm,
    [
      await distributeIx(f, {
        epochId: input.epochId,
        root: distribution.root,
        totals: funded,
        mints: input.mints,
        holdings,
      }),
    ],
    f.keeper,
  );
  if (!r.ok) throw new Error(`distribute_epoch failed: ${r.error}`);
  return { epochId: input.epochId, mints: input.mints, holdings, distribution, claimants };
}

/** The claim of claimant `i` exactly as the distribution says, with optional overrides. */
export async function claimOf(
  f: Fixture,
  e: PostedEpoch,
  i: number,
  overrides: {
    signer?: KeyPairSigner;
    amounts?: bigint[];
    proof?: Uint8Array[];
    epochId?: bigint;
    epoch?: Address;
    claimStatus?: Address;
    destinations?: Address[];
  } = {},
) {
  const c = e.distribution.claims[i];
  const who = e.claimants[i];
  if (!c || !who) throw new Error(`no claimant ${i}`);
  return claimIx(f, {
    claimant: overrides.signer ?? who.signer,
    epochId: overrides.epochId ?? e.epochId,
    epoch: overrides.epoch,
    claimStatus: overrides.claimStatus,
    amounts: overrides.amounts ?? c.amounts,
    proof: overrides.proof ?? c.proof,
    mints: e.mints,
    holdings: e.holdings,
    destinations: overrides.destinations ?? who.destinations,
  });
}

/** Sends `ixs` (signed by `payer`, the fixture's by default) and throws if it fails. */
export async function sendOk(
  f: Fixture,
  ixs: Instruction[],
  payer: KeyPairSigner = f.payer,
): Promise<SendResult> {
  const r = await send(f.svm, ixs, payer);
  if (!r.ok) throw new Error(r.error ?? 'failed');
  return r;
}

/** The epoch account `epochId`, decoded. */
export async function epochOf(f: Fixture, epochId: bigint) {
  const acc = f.svm.getAccount(await epochPda(epochId));
  if (!acc.exists) throw new Error(`no epoch ${epochId}`);
  return getEpochDecoder().decode(Uint8Array.from(acc.data));
}

/** The claimant's claim status of epoch `epochId`, decoded. */
export async function claimStatusOf(f: Fixture, epochId: bigint, claimant: Address) {
  const acc = f.svm.getAccount(await claimStatusAddress(epochId, claimant));
  if (!acc.exists) throw new Error('no claim status');
  return getClaimStatusDecoder().decode(Uint8Array.from(acc.data));
}

/** The deferred-mints bits of the claimant's claim status of epoch `epochId`. */
export async function deferredOf(f: Fixture, epochId: bigint, claimant: Address): Promise<number> {
  return (await claimStatusOf(f, epochId, claimant)).deferred;
}
