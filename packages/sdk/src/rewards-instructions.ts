/**
 * User instructions of the rewards program (stake, unstake, claim), with every account the
 * generated builders need resolved from the decoded rewards config or epoch: the caller
 * supplies only what is theirs (signer, token accounts, amounts).
 */

import {
  claimRewardAccountList,
  type Epoch,
  findClaimStatusAddress,
  findEpochPda,
  findRewardsConfigPda,
  findStakeRecordPda,
  getClaimInstruction,
  getStakeInstruction,
  getUnstakeInstruction,
  type RewardsConfig,
  withWritableClaimAccounts,
} from '@basket/rewards-client';
import type { Address, ReadonlyUint8Array, TransactionSigner } from '@solana/kit';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import type { RawAmount } from './raw-amount.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './token-programs.ts';
import type { CostedInstruction } from './transaction-message.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;

/**
 * The rewards config as read (address and decoded data).
 *
 * @example
 * const [config] = await readAccounts(rpc, [rewardsConfigAccount(address)]);
 */
export interface RewardsConfigAccount {
  readonly address: Address;
  readonly data: RewardsConfig;
}

/**
 * A `stake` of `amount` raw staking tokens for `tierDays` (30, 90 or 180), into the stake record
 * `["stake", owner, stakeIndex]`.
 *
 * @example
 * const ix = await getStakeInstructionFor({ owner: wallet, config, ownerTokenAccount, amount, tierDays: 90, stakeIndex: 0n });
 */
export async function getStakeInstructionFor(
  input: {
    owner: TransactionSigner;
    config: RewardsConfigAccount;
    ownerTokenAccount: Address;
    amount: RawAmount;
    tierDays: 30 | 90 | 180;
    stakeIndex: bigint;
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const programAddress = resolveProgramAddresses(programs).rewards;
  const [stakeRecord, bump] = await findStakeRecordPda(
    { owner: input.owner.address, stakeIndex: input.stakeIndex },
    { programAddress },
  );
  // The program searches the stake record's canonical bump from 255 down.
  const costs = [
    { key: 'rewards.stake' as const },
    { key: 'runtime.bumpSearchStep' as const, count: 255 - bump },
  ];
  const instruction = getStakeInstruction(
    {
      owner: input.owner,
      config: input.config.address,
      stakeRecord,
      stakingMint: input.config.data.stakingMint,
      ownerTokenAccount: input.ownerTokenAccount,
      stakeHolding: input.config.data.stakeHolding,
      tokenProgram: input.config.data.stakingTokenProgram,
      systemProgram: SYSTEM_PROGRAM,
      amount: input.amount,
      tierDays: input.tierDays,
      stakeIndex: input.stakeIndex,
    },
    { programAddress },
  );
  return { instruction, costs };
}

/**
 * An `unstake` of the stake record `["stake", owner, stakeIndex]` back to `ownerTokenAccount`.
 *
 * @example
 * const ix = await getUnstakeInstructionFor({ owner: wallet, config, ownerTokenAccount, stakeIndex: 0n });
 */
export async function getUnstakeInstructionFor(
  input: {
    owner: TransactionSigner;
    config: RewardsConfigAccount;
    ownerTokenAccount: Address;
    stakeIndex: bigint;
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const programAddress = resolveProgramAddresses(programs).rewards;
  const [stakeRecord] = await findStakeRecordPda(
    { owner: input.owner.address, stakeIndex: input.stakeIndex },
    { programAddress },
  );
  const instruction = getUnstakeInstruction(
    {
      owner: input.owner,
      config: input.config.address,
      stakeRecord,
      stakingMint: input.config.data.stakingMint,
      stakeHolding: input.config.data.stakeHolding,
      ownerTokenAccount: input.ownerTokenAccount,
      tokenProgram: input.config.data.stakingTokenProgram,
    },
    { programAddress },
  );
  return { instruction, costs: [{ key: 'rewards.unstake' }] };
}

/**
 * A `claim` of epoch `epoch.epochId` for `claimant`, with the amounts and proof from the
 * published distribution. `destinations[i]` receives reward mint i of the epoch (its order).
 * The claim status is created at {@link findClaimStatusAddress} (no bump), so the cost does
 * not depend on the claimant's key.
 *
 * @example
 * const ix = await getClaimInstructionFor({ claimant: wallet, epoch, destinations, amounts, proof });
 */
export async function getClaimInstructionFor(
  input: {
    claimant: TransactionSigner;
    epoch: Epoch;
    destinations: readonly Address[];
    amounts: readonly bigint[];
    proof: readonly ReadonlyUint8Array[];
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const programAddress = resolveProgramAddresses(programs).rewards;
  const epochId = input.epoch.epochId;
  const rewards = input.epoch.rewards.slice(0, input.epoch.mintCount);
  if (input.destinations.length !== rewards.length || input.amounts.length !== rewards.length) {
    throw new RangeError(
      `epoch ${epochId} pays ${rewards.length} mints: one destination and amount each`,
    );
  }
  const [[epoch], claimStatus, [config]] = await Promise.all([
    findEpochPda({ epochId }, { programAddress }),
    findClaimStatusAddress({ epochId, claimant: input.claimant.address }, { programAddress }),
    findRewardsConfigPda({ programAddress }),
  ]);
  // Issuer mints (Token-2022 with the issuer's set, which always has Pausable: the epoch's
  // bit) cost ~1,450 CU more each inside Token-2022's transfer.
  const issuerMints = rewards.filter(
    (r, i) => r.tokenProgram === 1 && ((input.epoch.pausable >> i) & 1) === 1,
  ).length;
  const rewardAccounts = claimRewardAccountList(
    rewards.map((r, i) => ({
      mint: r.mint,
      holding: r.holding,
      destination: input.destinations[i] as Address,
      tokenProgram: r.tokenProgram === 1 ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS,
    })),
  );
  const instruction = withWritableClaimAccounts(
    getClaimInstruction(
      {
        claimant: input.claimant,
        epoch,
        claimStatus,
        systemProgram: SYSTEM_PROGRAM,
        config,
        epochId,
        amounts: [...input.amounts],
        proof: [...input.proof],
        rewardAccounts,
      },
      { programAddress },
    ),
  );
  return {
    instruction,
    costs: [
      { key: 'rewards.claim' },
      { key: 'rewards.claimPerMint', count: rewards.length - issuerMints },
      { key: 'rewards.claimPerIssuerMint', count: issuerMints },
      { key: 'rewards.claimPerProofLevel', count: input.proof.length },
    ],
  };
}
