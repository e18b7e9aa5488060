// Shared setup of the rewards program tests: a LiteSVM with the program deployed
// upgradeable (the payer is its upgrade authority unless asked otherwise), 5 admins (3
// sign), one keeper, a Token-2022 staking mint and two reward mints: a tokenized stock on
// Token-2022 with a non-unit ScaledUiAmount multiplier and a legacy SPL Token mint.
import {
  claimRewardAccountList,
  findClaimStatusAddress,
  findEpochPda,
  findRewardsConfigPda,
  findStakeRecordPda,
  getClaimInstruction,
  getDistributeEpochInstruction,
  getInitializeInstruction,
  getRotateKeepersInstruction,
  getSetPausedInstruction,
  getSetRewardMintsInstruction,
  getStakeInstruction,
  getSweepEpochInstruction,
  getUnstakeInstruction,
  REWARDS_PROGRAM_ADDRESS,
  SWEEP_FIXED_ACCOUNTS,
  withWritableClaimAccounts,
  withWritableRewardGroups,
} from '@basket/rewards-client';
import {
  addUpgradeableProgram,
  createIssuerMint,
  createMint,
  createTokenAccount,
  fund,
  type IssuerMint,
  mintTo,
  newKeyPairSigner,
  SYSTEM_PROGRAM_ADDRESS,
  setUnixTime,
  type TestMint,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@basket/test-harness';
import type { Address, Instruction, KeyPairSigner } from '@solana/kit';
import { LiteSVM } from 'litesvm';

export const T0 = 1_800_000_000n;
export const DAY = 86_400n;
/** Non-unit multiplier of the tokenized-stock reward mint (and of the staking mint). */
export const XSTOCK_MULTIPLIER = 1.0571;
export const STAKING_MULTIPLIER = 1.25;

export interface Fixture {
  svm: LiteSVM;
  payer: KeyPairSigner;
  admins: KeyPairSigner[];
  keeper: KeyPairSigner;
  config: Address;
  stakingMint: TestMint;
  stakeHolding: Address;
  /** The issuer's tokenized stock (its `issuer` key holds every issuer power). */
  xStock: IssuerMint;
  legacy: TestMint;
  /**
   * The key `initialize` passes as the program's upgrade authority: the payer, a separate
   * deployer key, or (immutable program) a key that no longer is the authority.
   */
  upgradeAuthority: KeyPairSigner;
  /** The rewards program's ProgramData account. */
  programData: Address;
}

/**
 * Who the deployed rewards program's upgrade authority is: the payer (default: the deployer
 * key pays for `initialize`, which keeps the transaction under 1,232 bytes), a separate
 * deployer key, or nobody (an immutable program).
 */
export type UpgradeAuthorityChoice = 'payer' | 'separate' | 'none';

/** Builds the world; `initialize: false` leaves the program uninitialized. */
export async function setup(
  options: { initialize?: boolean; upgradeAuthority?: UpgradeAuthorityChoice } = {},
): Promise<Fixture> {
  const svm = new LiteSVM();
  const payer = await newKeyPairSigner();
  const choice = options.upgradeAuthority ?? 'payer';
  const upgradeAuthority = choice === 'payer' ? payer : await newKeyPairSigner();
  const programData = await addUpgradeableProgram(svm, {
    programAddress: REWARDS_PROGRAM_ADDRESS,
    program: 'rewards',
    authority: choice === 'none' ? null : upgradeAuthority.address,
  });
  setUnixTime(svm, T0);
  fund(svm, payer.address, 1_000n);
  const admins = await Promise.all([0, 1, 2, 3, 4].map(() => newKeyPairSigner()));
  const keeper = await newKeyPairSigner();
  fund(svm, keeper.address);
  const [config] = await findRewardsConfigPda();
  const stakingMint = await createMint(svm, payer, {
    tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    decimals: 6,
    scaledUiAmountMultiplier: STAKING_MULTIPLIER,
  });
  const stakeHolding = await createTokenAccount(svm, payer, stakingMint, config);
  // The issuer's tokenized stock: full extension set (permanent delegate, default state,
  // pausable, confidential-transfer mint, transfer hook unset, metadata).
  const xStock = await createIssuerMint(svm, payer, { decimals: 8, multiplier: XSTOCK_MULTIPLIER });
  const legacy = await createMint(svm, payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 });
  const f: Fixture = {
    svm,
    payer,
    admins,
    keeper,
    config,
    stakingMint,
    stakeHolding,
    xStock,
    legacy,
    upgradeAuthority,
    programData,
  };
  if (options.initialize !== false) {
    const { send } = await import('@basket/test-harness');
    const r = await send(svm, [initializeIx(f, admins.slice(0, 3))], payer);
    if (!r.ok) throw new Error(`initialize failed: ${r.error}`);
  }
  return f;
}

/**
 * `initialize` signed by `signers` (admins) and by the fixture's upgrade authority; the
 * overrides let a test play someone else (a stranger paying, signing as "upgrade
 * authority" and installing admins and a keeper of their own).
 */
export function initializeIx(
  f: Fixture,
  signers: KeyPairSigner[],
  overrides: {
    stakeHolding?: Address;
    rewardMints?: Address[];
    payer?: KeyPairSigner;
    upgradeAuthority?: KeyPairSigner;
    admins?: Address[];
    keeper?: Address;
    threshold?: number;
  } = {},
): Instruction {
  const mints = overrides.rewardMints ?? [f.xStock.address, f.legacy.address];
  return getInitializeInstruction({
    payer: overrides.payer ?? f.payer,
    config: f.config,
    stakingMint: f.stakingMint.address,
    stakeHolding: overrides.stakeHolding ?? f.stakeHolding,
    stakingTokenProgram: f.stakingMint.tokenProgram,
    systemProgram: SYSTEM_PROGRAM_ADDRESS,
    programData: f.programData,
    upgradeAuthority: overrides.upgradeAuthority ?? f.upgradeAuthority,
    admins: overrides.admins ?? f.admins.map((a) => a.address),
    threshold: overrides.threshold ?? 3,
    keeperCount: 1,
    keepers: [overrides.keeper ?? f.keeper.address, ...Array(7).fill(SYSTEM_PROGRAM_ADDRESS)],
    rewardMintCount: mints.length,
    rewardMints: [...mints, ...Array(4 - mints.length).fill(SYSTEM_PROGRAM_ADDRESS)],
    adminSigners: signers,
  });
}

/** A funded staker with a staking token account holding `balance` raw units. */
export async function staker(
  f: Fixture,
  balance = 1_000_000_000n,
): Promise<{ signer: KeyPairSigner; tokens: Address }> {
  const signer = await newKeyPairSigner();
  fund(f.svm, signer.address);
  const tokens = await createTokenAccount(f.svm, f.payer, f.stakingMint, signer.address);
  await mintTo(f.svm, f.payer, f.stakingMint, tokens, balance);
  return { signer, tokens };
}

export async function stakeRecordPda(owner: Address, stakeIndex: bigint): Promise<Address> {
  return (await findStakeRecordPda({ owner, stakeIndex }))[0];
}

export async function stakeIx(
  f: Fixture,
  s: { signer: KeyPairSigner; tokens: Address },
  amount: bigint,
  tierDays: number,
  stakeIndex = 0n,
): Promise<Instruction> {
  return getStakeInstruction({
    owner: s.signer,
    config: f.config,
    stakeRecord: await stakeRecordPda(s.signer.address, stakeIndex),
    stakingMint: f.stakingMint.address,
    ownerTokenAccount: s.tokens,
    stakeHolding: f.stakeHolding,
    tokenProgram: f.stakingMint.tokenProgram,
    systemProgram: SYSTEM_PROGRAM_ADDRESS,
    amount,
    tierDays,
    stakeIndex,
  });
}

export async function unstakeIx(
  f: Fixture,
  owner: KeyPairSigner,
  record: Address,
  destination: Address,
): Promise<Instruction> {
  return getUnstakeInstruction({
    owner,
    config: f.config,
    stakeRecord: record,
    stakingMint: f.stakingMint.address,
    stakeHolding: f.stakeHolding,
    ownerTokenAccount: destination,
    tokenProgram: f.stakingMint.tokenProgram,
  });
}

export async function epochPda(epochId: bigint): Promise<Address> {
  return (await findEpochPda({ epochId }))[0];
}

/** Holdings owned by the epoch PDA, each funded with `funded[i]` raw units of `mints[i]`. */
export async function fundEpoch(
  f: Fixture,
  epochId: bigint,
  mints: TestMint[],
  funded: bigint[],
): Promise<Address[]> {
  const epoch = await epochPda(epochId);
  const holdings: Address[] = [];
  for (const [i, mint] of mints.entries()) {
    const holding = await createTokenAccount(f.svm, f.payer, mint, epoch);
    if ((funded[i] ?? 0n) > 0n) await mintTo(f.svm, f.payer, mint, holding, funded[i] as bigint);
    holdings.push(holding);
  }
  return holdings;
}

export async function distributeIx(
  f: Fixture,
  input: {
    epochId: bigint;
    root: Uint8Array;
    totals: bigint[];
    mints: TestMint[];
    holdings: Address[];
    keeper?: KeyPairSigner;
  },
): Promise<Instruction> {
  return getDistributeEpochInstruction({
    keeper: input.keeper ?? f.keeper,
    config: f.config,
    epoch: await epochPda(input.epochId),
    systemProgram: SYSTEM_PROGRAM_ADDRESS,
    epochId: input.epochId,
    merkleRoot: input.root,
    totals: input.totals,
    rewardAccounts: input.mints.flatMap((m, i) => [m.address, input.holdings[i] as Address]),
  });
}

/** The claimant's claim status of the epoch (created with seed, base = claimant; no bump). */
export async function claimStatusAddress(epochId: bigint, claimant: Address): Promise<Address> {
  return findClaimStatusAddress({ epochId, claimant });
}

export async function claimIx(
  _f: Fixture,
  input: {
    claimant: KeyPairSigner;
    epochId: bigint;
    /** The epoch account to claim against (defaults to the PDA of `epochId`). */
    epoch?: Address;
    /** The claim status account (defaults to the claimant's address for `epochId`). */
    claimStatus?: Address;
    amounts: bigint[];
    proof: Uint8Array[];
    mints: TestMint[];
    holdings: Address[];
    destinations: Address[];
  },
): Promise<Instruction> {
  const status =
    input.claimStatus ?? (await claimStatusAddress(input.epochId, input.claimant.address));
  return withWritableClaimAccounts(
    getClaimInstruction({
      claimant: input.claimant,
      epoch: input.epoch ?? (await epochPda(input.epochId)),
      claimStatus: status,
      systemProgram: SYSTEM_PROGRAM_ADDRESS,
      epochId: input.epochId,
      amounts: input.amounts,
      proof: input.proof,
      rewardAccounts: claimRewardAccountList(
        input.mints.map((m, i) => ({
          mint: m.address,
          holding: input.holdings[i] as Address,
          destination: input.destinations[i] as Address,
          tokenProgram: m.tokenProgram,
        })),
      ),
    }),
  );
}

/** `n` Token-2022 tokenized-stock mints, each with its own non-unit multiplier (1.0571 + i/10). */
export async function xStockMints(f: Fixture, n: number): Promise<TestMint[]> {
  const mints: TestMint[] = [];
  for (let i = 0; i < n; i++)
    mints.push(
      await createIssuerMint(f.svm, f.payer, {
        decimals: 8,
        multiplier: XSTOCK_MULTIPLIER + i / 10,
      }),
    );
  return mints;
}

/** `set_reward_mints` signed by `signers` (the admin multisig). */
export function setRewardMintsIx(
  f: Fixture,
  mints: Address[],
  signers: KeyPairSigner[],
): Instruction {
  return getSetRewardMintsInstruction({
    config: f.config,
    rewardMints: mints,
    adminSigners: signers,
  });
}

/** `rotate_keepers` to `keepers` (1..=8), signed by `signers`. */
export function rotateKeepersIx(
  f: Fixture,
  keepers: Address[],
  signers: KeyPairSigner[],
): Instruction {
  return getRotateKeepersInstruction({
    config: f.config,
    keeperCount: keepers.length,
    keepers: [...keepers, ...Array(8 - keepers.length).fill(SYSTEM_PROGRAM_ADDRESS)],
    adminSigners: signers,
  });
}

/** Pause bits of `set_paused`. */
export const PAUSE_STAKE = 1;
export const PAUSE_CLAIM = 2;

/** `set_paused(flags)`, signed by `signers`. */
export function setPausedIx(f: Fixture, flags: number, signers: KeyPairSigner[]): Instruction {
  return getSetPausedInstruction({ config: f.config, flags, adminSigners: signers });
}

/** `sweep_epoch` of `mints` (a subset of the epoch's, any order) into `destinations`. */
export async function sweepIx(
  f: Fixture,
  input: {
    epochId: bigint;
    mints: TestMint[];
    holdings: Address[];
    destinations: Address[];
    signers: KeyPairSigner[];
  },
): Promise<Instruction> {
  const ix = getSweepEpochInstruction({
    config: f.config,
    epoch: await epochPda(input.epochId),
    epochId: input.epochId,
    mintCount: input.mints.length,
    rewardAccounts: claimRewardAccountList(
      input.mints.map((m, i) => ({
        mint: m.address,
        holding: input.holdings[i] as Address,
        destination: input.destinations[i] as Address,
        tokenProgram: m.tokenProgram,
      })),
    ),
    adminSigners: input.signers,
  });
  return withWritableRewardGroups(ix, SWEEP_FIXED_ACCOUNTS, input.mints.length);
}
