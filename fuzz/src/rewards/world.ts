/**
 * The rewards program's fuzzed world in LiteSVM: the real rewards `.so` (upgradeable, as
 * deployed), its configuration initialised through `initialize`, a Token-2022 staking mint
 * with a non-unit ScaledUiAmount multiplier, two reward mints (the issuer's tokenized stock,
 * whose permanent delegate can seize from an epoch's holding, and a legacy SPL Token mint),
 * three users who stake and claim, and the keeper who posts epochs. Made once per run and
 * restored per sequence from LiteSVM's snapshot, as the vault's world (decision 0940).
 */

import { createTokenAccount, fund, mintTo, newKeyPairSigner, seedKeys } from '@basket/test-harness';
import type { Address, KeyPairSigner } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { type Fixture, setup } from '../../../programs/rewards/tests/fixture.ts';

/** What each user holds of the staking mint at the start (raw units). */
export const STAKE_BALANCE = 1_000_000_000n;

export interface RewardsUser {
  signer: KeyPairSigner;
  /** Staking-mint wallet. */
  tokens: Address;
  /** One wallet per reward mint (xStock, legacy). */
  destinations: Address[];
}

export interface RewardsWorld {
  f: Fixture;
  svm: LiteSVM;
  users: RewardsUser[];
  /** Where the issuer's delegate moves what it takes from an epoch holding. */
  recovery: Address;
  /** Keys that can post epochs: the world's keeper, then a replacement (keeper rotation). */
  keepers: KeyPairSigner[];
  /** The admins' wallets a sweep moves an epoch's unclaimed rewards to (per reward mint). */
  sweepTo: Address[];
}

export async function createRewardsWorld(): Promise<RewardsWorld> {
  const f = await setup();
  const users: RewardsUser[] = [];
  for (let i = 0; i < 3; i++) {
    const signer = await newKeyPairSigner();
    fund(f.svm, signer.address);
    const tokens = await createTokenAccount(f.svm, f.payer, f.stakingMint, signer.address);
    await mintTo(f.svm, f.payer, f.stakingMint, tokens, STAKE_BALANCE);
    const destinations = [];
    for (const m of [f.xStock, f.legacy])
      destinations.push(await createTokenAccount(f.svm, f.payer, m, signer.address));
    users.push({ signer, tokens, destinations });
  }
  const recoveryOwner = await newKeyPairSigner();
  const recovery = await createTokenAccount(f.svm, f.payer, f.xStock, recoveryOwner.address);
  // Made last, so every key above is what it was before sweeps and rotations were fuzzed.
  const replacement = await newKeyPairSigner();
  fund(f.svm, replacement.address);
  const sweepOwner = await newKeyPairSigner();
  const sweepTo = [];
  for (const m of [f.xStock, f.legacy])
    sweepTo.push(await createTokenAccount(f.svm, f.payer, m, sweepOwner.address));
  return { f, svm: f.svm, users, recovery, keepers: [f.keeper, replacement], sweepTo };
}

export interface RewardsTemplate {
  keys: string;
  world: RewardsWorld;
  bytes: Uint8Array;
}

export async function rewardsTemplate(keys: string): Promise<RewardsTemplate> {
  seedKeys(keys);
  const world = await createRewardsWorld();
  return { keys, world, bytes: world.svm.toBytes() };
}

export function restoreRewardsWorld(t: RewardsTemplate): RewardsWorld {
  const svm = LiteSVM.fromBytes(t.bytes);
  return { ...t.world, svm, f: { ...t.world.f, svm } };
}
