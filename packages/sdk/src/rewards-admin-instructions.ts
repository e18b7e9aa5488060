/**
 * Admin multisig and keeper instructions of the rewards program (`initialize`,
 * `rotate_keepers`, `set_reward_mints`, `set_paused`, `reset_last_epoch`, `distribute_epoch`,
 * `sweep_epoch`),
 * every PDA resolved here (config `["rewards_config"]`, epoch `["epoch", epoch_id]`, the
 * program's ProgramData). Admin signers: at least the configured threshold (3 of 5).
 */

import {
  claimRewardAccountList,
  type Epoch,
  findEpochPda,
  findRewardsConfigPda,
  findRewardsProgramDataPda,
  getDistributeEpochInstruction,
  getInitializeInstruction,
  getResetLastEpochInstruction,
  getRotateKeepersInstruction,
  getSetPausedInstruction,
  getSetRewardMintsInstruction,
  getSweepEpochInstruction,
  SWEEP_FIXED_ACCOUNTS,
  withWritableRewardGroups,
} from '@basket/rewards-client';
import type { Address, ReadonlyUint8Array, TransactionSigner } from '@solana/kit';
import type { ComputeCost } from './compute-unit-costs.ts';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './token-programs.ts';
import type { CostedInstruction } from './transaction-message.ts';

const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
const MAX_KEEPERS = 8;
const INIT_REWARD_MINTS = 4;
const MAX_REWARD_MINTS = 10;

/**
 * `set_paused` flag bits of the rewards program (0 unpauses everything).
 *
 * @example
 * getRewardsSetPausedInstructionFor({ flags: REWARDS_PAUSE_FLAGS.claims, adminSigners });
 */
export const REWARDS_PAUSE_FLAGS = Object.freeze({ staking: 1, claims: 2 } as const);

function padded(keys: readonly Address[], length: number, what: string, min = 1): Address[] {
  if (keys.length < min || keys.length > length) {
    throw new RangeError(`${what}: ${min}-${length} keys, not ${keys.length}`);
  }
  return [...keys, ...Array<Address>(length - keys.length).fill(SYSTEM_PROGRAM)];
}

function bumpSteps(bump: number): ComputeCost[] {
  return bump < 255 ? [{ key: 'runtime.bumpSearchStep', count: 255 - bump }] : [];
}

async function configOf(programs: Partial<ProgramAddresses>) {
  const programAddress = resolveProgramAddresses(programs).rewards;
  const [config, bump] = await findRewardsConfigPda({ programAddress });
  return { programAddress, config, bump };
}

/**
 * An `initialize` (once per deployment): admin set (5 keys) and threshold, keepers (1-8),
 * the staking mint with its holding (a token account of that mint owned by the config PDA,
 * created beforehand) and up to 4 reward mints (raise the list to 10 later with
 * `set_reward_mints`). Signed by the upgrade authority (default: the payer) and the admins'
 * threshold.
 *
 * @example
 * const init = await getRewardsInitializeInstructionFor({ payer: deployer, stakingMint, stakingTokenProgram, stakeHolding, admins, threshold: 3, keepers: [keeper], rewardMints, adminSigners });
 */
export async function getRewardsInitializeInstructionFor(
  input: {
    payer: TransactionSigner;
    upgradeAuthority?: TransactionSigner;
    stakingMint: Address;
    stakingTokenProgram: Address;
    stakeHolding: Address;
    admins: readonly Address[];
    threshold: number;
    keepers: readonly Address[];
    rewardMints: readonly Address[];
    adminSigners: readonly TransactionSigner[];
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction & { config: Address }> {
  const { programAddress, config, bump } = await configOf(programs);
  const [programData] = await findRewardsProgramDataPda(programAddress);
  const instruction = getInitializeInstruction(
    {
      payer: input.payer,
      config,
      stakingMint: input.stakingMint,
      stakeHolding: input.stakeHolding,
      stakingTokenProgram: input.stakingTokenProgram,
      systemProgram: SYSTEM_PROGRAM,
      programData,
      upgradeAuthority: input.upgradeAuthority ?? input.payer,
      admins: [...input.admins],
      threshold: input.threshold,
      keeperCount: input.keepers.length,
      keepers: padded(input.keepers, MAX_KEEPERS, 'keepers'),
      rewardMintCount: input.rewardMints.length,
      rewardMints: padded(input.rewardMints, INIT_REWARD_MINTS, 'reward mints at initialize'),
      adminSigners: [...input.adminSigners],
    },
    { programAddress },
  );
  return { instruction, config, costs: [{ key: 'rewards.initialize' }, ...bumpSteps(bump)] };
}

/**
 * A `rotate_keepers` of the rewards program (1-8 distinct keys).
 *
 * @example
 * const rotate = await getRewardsRotateKeepersInstructionFor({ keepers: [newKeeper], adminSigners });
 */
export async function getRewardsRotateKeepersInstructionFor(
  input: { keepers: readonly Address[]; adminSigners: readonly TransactionSigner[] },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const { programAddress, config } = await configOf(programs);
  const instruction = getRotateKeepersInstruction(
    {
      config,
      keeperCount: input.keepers.length,
      keepers: padded(input.keepers, MAX_KEEPERS, 'keepers'),
      adminSigners: [...input.adminSigners],
    },
    { programAddress },
  );
  return { instruction, costs: [{ key: 'rewards.rotateKeepers' }] };
}

/**
 * A `set_reward_mints` replacing the reward-mint allow-list (1-10 distinct mints).
 *
 * @example
 * const mints = await getSetRewardMintsInstructionFor({ rewardMints: [aaplx, tslax], adminSigners });
 */
export async function getSetRewardMintsInstructionFor(
  input: { rewardMints: readonly Address[]; adminSigners: readonly TransactionSigner[] },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  if (input.rewardMints.length < 1 || input.rewardMints.length > MAX_REWARD_MINTS) {
    throw new RangeError(`reward mints: 1-${MAX_REWARD_MINTS}, not ${input.rewardMints.length}`);
  }
  const { programAddress, config } = await configOf(programs);
  const instruction = getSetRewardMintsInstruction(
    { config, rewardMints: [...input.rewardMints], adminSigners: [...input.adminSigners] },
    { programAddress },
  );
  return { instruction, costs: [{ key: 'rewards.setRewardMints' }] };
}

/**
 * A rewards `set_paused`: bits of {@link REWARDS_PAUSE_FLAGS} (0 unpauses).
 *
 * @example
 * const pauseClaims = await getRewardsSetPausedInstructionFor({ flags: REWARDS_PAUSE_FLAGS.claims, adminSigners });
 */
export async function getRewardsSetPausedInstructionFor(
  input: { flags: number; adminSigners: readonly TransactionSigner[] },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const all = REWARDS_PAUSE_FLAGS.staking | REWARDS_PAUSE_FLAGS.claims;
  if (!Number.isInteger(input.flags) || input.flags < 0 || (input.flags & ~all) !== 0) {
    throw new RangeError(
      `pause flags ${input.flags} set bits other than staking (1) and claims (2)`,
    );
  }
  const { programAddress, config } = await configOf(programs);
  const instruction = getSetPausedInstruction(
    { config, flags: input.flags, adminSigners: [...input.adminSigners] },
    { programAddress },
  );
  return { instruction, costs: [{ key: 'rewards.setPaused' }] };
}

/**
 * A `reset_last_epoch` (admin recovery): sets the configuration's last epoch id to
 * `lastEpochId`, so the keeper posts `lastEpochId + 1` next (ids are 1 to 16 above the last).
 * The program takes any u64; choose one at or above the highest epoch posted, or the keeper's
 * next post meets an existing epoch account and is refused.
 *
 * @example
 * const reset = await getResetLastEpochInstructionFor({ lastEpochId: 41n, adminSigners });
 */
export async function getResetLastEpochInstructionFor(
  input: { lastEpochId: bigint; adminSigners: readonly TransactionSigner[] },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  if (input.lastEpochId < 0n || input.lastEpochId > 0xffff_ffff_ffff_ffffn) {
    throw new RangeError(`last epoch id ${input.lastEpochId} is not a u64`);
  }
  const { programAddress, config } = await configOf(programs);
  const instruction = getResetLastEpochInstruction(
    { config, lastEpochId: input.lastEpochId, adminSigners: [...input.adminSigners] },
    { programAddress },
  );
  return { instruction, costs: [{ key: 'rewards.resetLastEpoch' }] };
}

/**
 * One reward mint of an epoch: the mint, the epoch's funded holding of it (a token account
 * owned by the epoch PDA) and the total the Merkle tree distributes, raw.
 *
 * @example
 * const reward: EpochReward = { mint: aaplx, holding, total: 1_000_000n };
 */
export interface EpochReward {
  readonly mint: Address;
  readonly holding: Address;
  readonly total: bigint;
}

/**
 * A keeper's `distribute_epoch`: posts `merkleRoot` for `epochId` (above the last one) over
 * 1-10 reward mints whose holdings already hold their totals; creates the epoch account.
 *
 * @example
 * const { instruction, epoch } = await getDistributeEpochInstructionFor({ keeper, epochId: 7n, merkleRoot, rewards });
 */
export async function getDistributeEpochInstructionFor(
  input: {
    keeper: TransactionSigner;
    epochId: bigint;
    merkleRoot: ReadonlyUint8Array;
    rewards: readonly EpochReward[];
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction & { epoch: Address }> {
  if (input.rewards.length < 1 || input.rewards.length > MAX_REWARD_MINTS) {
    throw new RangeError(`an epoch pays 1-${MAX_REWARD_MINTS} mints, not ${input.rewards.length}`);
  }
  const { programAddress, config } = await configOf(programs);
  const [epoch, bump] = await findEpochPda({ epochId: input.epochId }, { programAddress });
  const instruction = getDistributeEpochInstruction(
    {
      keeper: input.keeper,
      config,
      epoch,
      systemProgram: SYSTEM_PROGRAM,
      epochId: input.epochId,
      merkleRoot: input.merkleRoot,
      totals: input.rewards.map((r) => r.total),
      rewardAccounts: input.rewards.flatMap((r) => [r.mint, r.holding]),
    },
    { programAddress },
  );
  return {
    instruction,
    epoch,
    costs: [
      { key: 'rewards.distributeEpoch' },
      { key: 'rewards.distributeEpochPerMint', count: input.rewards.length },
      ...bumpSteps(bump),
    ],
  };
}

/**
 * A `sweep_epoch` after the 90-day claim window: moves each named mint's remaining holding
 * to `destinations` (mint -> a token account of that mint, by procedure the treasury's).
 * Holdings and token programs come from the decoded epoch.
 *
 * @example
 * const sweep = await getSweepEpochInstructionFor({ epoch: epochData, destinations: new Map([[aaplx, treasuryAaplx]]), adminSigners });
 */
export async function getSweepEpochInstructionFor(
  input: {
    epoch: Epoch;
    destinations: ReadonlyMap<Address, Address>;
    adminSigners: readonly TransactionSigner[];
  },
  programs: Partial<ProgramAddresses> = {},
): Promise<CostedInstruction> {
  const { programAddress, config } = await configOf(programs);
  const [epoch] = await findEpochPda({ epochId: input.epoch.epochId }, { programAddress });
  const rewards = input.epoch.rewards.slice(0, input.epoch.mintCount);
  const groups = [...input.destinations].map(([mint, destination]) => {
    const reward = rewards.find((r) => r.mint === mint);
    if (!reward) throw new RangeError(`mint ${mint} is not a reward mint of the epoch`);
    return {
      mint,
      holding: reward.holding,
      destination,
      tokenProgram: reward.tokenProgram === 1 ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS,
    };
  });
  if (groups.length < 1) throw new RangeError('name at least one mint to sweep');
  const built = getSweepEpochInstruction(
    {
      config,
      epoch,
      epochId: input.epoch.epochId,
      mintCount: groups.length,
      rewardAccounts: claimRewardAccountList(groups),
      adminSigners: [...input.adminSigners],
    },
    { programAddress },
  );
  return {
    instruction: withWritableRewardGroups(built, SWEEP_FIXED_ACCOUNTS, groups.length),
    costs: [
      { key: 'rewards.sweepEpoch' },
      { key: 'rewards.sweepEpochPerMint', count: groups.length },
    ],
  };
}
