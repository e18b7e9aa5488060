// The rewards admin and keeper builders against the real program in LiteSVM: deployed
// upgradeable (the payer its upgrade authority), initialized through the SDK, then every
// admin instruction with 3 of the 5 admins, an epoch distributed by the keeper and swept
// after its 90-day window. Mints carry non-unit multipliers (1.25, 1.0571). Each lands
// through buildTransactionMessage within the SDK's measured cost model.
import { REWARDS_PROGRAM_ADDRESS } from '@basket/rewards-client';
import {
  addUpgradeableProgram,
  createMint,
  createTokenAccount,
  fund,
  mintTo,
  setUnixTime,
  type TestMint,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
  tokenAmount,
} from '@basket/test-harness';
import { type Address, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { LiteSVM } from 'litesvm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type CostedInstruction,
  epochAccount,
  findEpochPda,
  findRewardsConfigAddress,
  getDistributeEpochInstructionFor,
  getResetLastEpochInstructionFor,
  getRewardsInitializeInstructionFor,
  getRewardsRotateKeepersInstructionFor,
  getRewardsSetPausedInstructionFor,
  getSetRewardMintsInstructionFor,
  getSweepEpochInstructionFor,
  REWARDS_PAUSE_FLAGS,
  readAccounts,
  rewardsConfigAccount,
} from '../src/index.ts';
import { expectCostWithinModel, landAndCost } from './support/cost-check.ts';
import { svmRpc } from './support/svm-rpc.ts';

const T0 = 1_800_000_000n;
const DAY = 86_400n;

let svm: LiteSVM;
let payer: KeyPairSigner;
let admins: KeyPairSigner[];
let keeper: KeyPairSigner;
let config: Address;
let xStock: TestMint;
let legacy: TestMint;

async function land(label: string, instructions: CostedInstruction[], feePayer = payer) {
  const r = await landAndCost(svm, feePayer, instructions);
  expect(r.error, label).toBeNull();
  expectCostWithinModel(r, label);
  return r;
}

async function readConfig() {
  const [c] = await readAccounts(svmRpc(svm), [rewardsConfigAccount(config)]);
  if (!c.exists) throw new Error('rewards config missing');
  return c.data;
}

describe('rewards admin builders in LiteSVM', () => {
  beforeAll(async () => {
    svm = new LiteSVM();
    payer = await generateKeyPairSigner();
    await addUpgradeableProgram(svm, {
      programAddress: REWARDS_PROGRAM_ADDRESS,
      program: 'rewards',
      authority: payer.address,
    });
    setUnixTime(svm, T0);
    fund(svm, payer.address, 1_000n);
    admins = await Promise.all([0, 1, 2, 3, 4].map(() => generateKeyPairSigner()));
    keeper = await generateKeyPairSigner();
    fund(svm, keeper.address);
    config = await findRewardsConfigAddress();
    xStock = await createMint(svm, payer, {
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 8,
      scaledUiAmountMultiplier: 1.0571,
    });
    legacy = await createMint(svm, payer, { tokenProgram: TOKEN_PROGRAM_ADDRESS, decimals: 6 });
  });

  it('initialize installs admins, keepers, the staking holding and reward mints', async () => {
    const stakingMint = await createMint(svm, payer, {
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      decimals: 6,
      scaledUiAmountMultiplier: 1.25,
    });
    const stakeHolding = await createTokenAccount(svm, payer, stakingMint, config);
    const init = await getRewardsInitializeInstructionFor({
      payer,
      stakingMint: stakingMint.address,
      stakingTokenProgram: stakingMint.tokenProgram,
      stakeHolding,
      admins: admins.map((a) => a.address),
      threshold: 3,
      keepers: [keeper.address],
      rewardMints: [xStock.address],
      adminSigners: admins.slice(0, 3),
    });
    expect(init.config).toBe(config);
    await land('rewards.initialize', [init]);
    const c = await readConfig();
    expect(c.stakeHolding).toBe(stakeHolding);
    expect(c.rewardMintCount).toBe(1);
  });

  it('rotate_keepers, set_reward_mints and set_paused change the config', async () => {
    const second = await generateKeyPairSigner();
    await land('rewards.rotate_keepers', [
      await getRewardsRotateKeepersInstructionFor({
        keepers: [keeper.address, second.address],
        adminSigners: admins.slice(2, 5),
      }),
    ]);
    await land('rewards.set_reward_mints', [
      await getSetRewardMintsInstructionFor({
        rewardMints: [xStock.address, legacy.address],
        adminSigners: admins.slice(0, 3),
      }),
    ]);
    await land('rewards.set_paused', [
      await getRewardsSetPausedInstructionFor({
        flags: REWARDS_PAUSE_FLAGS.claims,
        adminSigners: admins.slice(0, 3),
      }),
    ]);
    let c = await readConfig();
    expect(c.keeperCount).toBe(2);
    expect(c.rewardMints.slice(0, c.rewardMintCount)).toEqual([xStock.address, legacy.address]);
    expect(c.paused).toBe(REWARDS_PAUSE_FLAGS.claims);
    await land('rewards.set_paused', [
      await getRewardsSetPausedInstructionFor({ flags: 0, adminSigners: admins.slice(0, 3) }),
    ]);
    c = await readConfig();
    expect(c.paused).toBe(0);
    await expect(
      getRewardsSetPausedInstructionFor({ flags: 4, adminSigners: admins.slice(0, 3) }),
    ).rejects.toThrow(/other than staking/);
  });

  it('the keeper distributes an epoch over funded holdings, and the admins sweep it after 90 days', async () => {
    // Given holdings owned by the epoch PDA, funded with the totals
    const [epoch] = await findEpochPda({ epochId: 1n });
    const totals = [7_000_000n, 3_000_000n];
    const mints = [xStock, legacy];
    const holdings: Address[] = [];
    for (const [i, mint] of mints.entries()) {
      const holding = await createTokenAccount(svm, payer, mint, epoch);
      await mintTo(svm, payer, mint, holding, totals[i] as bigint);
      holdings.push(holding);
    }
    const distribute = await getDistributeEpochInstructionFor({
      keeper,
      epochId: 1n,
      merkleRoot: new Uint8Array(32).fill(7),
      rewards: mints.map((m, i) => ({
        mint: m.address,
        holding: holdings[i] as Address,
        total: totals[i] as bigint,
      })),
    });
    expect(distribute.epoch).toBe(epoch);
    await land('rewards.distribute_epoch (2 mints)', [distribute], keeper);
    const [posted] = await readAccounts(svmRpc(svm), [epochAccount(epoch)]);
    if (!posted.exists) throw new Error('epoch missing');
    expect(posted.data.rewards.slice(0, 2).map((r) => r.total)).toEqual(totals);

    // When the admins sweep both mints after the claim window
    const destinations = new Map<Address, Address>();
    for (const m of mints)
      destinations.set(m.address, await createTokenAccount(svm, payer, m, payer.address));
    const sweep = await getSweepEpochInstructionFor({
      epoch: posted.data,
      destinations,
      adminSigners: admins.slice(1, 4),
    });
    const early = await landAndCost(svm, payer, [sweep]);
    expect(early.failure).toMatchObject({
      kind: 'custom',
      constant: 'REWARDS_ERROR__CLAIM_WINDOW_OPEN',
    });
    setUnixTime(svm, T0 + 90n * DAY);
    await land('rewards.sweep_epoch (2 mints)', [sweep]);
    // Then each destination holds its whole total
    for (const [i, m] of mints.entries()) {
      expect(tokenAmount(svm, destinations.get(m.address) as Address)).toBe(totals[i]);
    }
    await expect(
      getSweepEpochInstructionFor({
        epoch: posted.data,
        destinations: new Map([[payer.address, payer.address]]),
        adminSigners: [],
      }),
    ).rejects.toThrow(/not a reward mint/);
  });

  it("reset_last_epoch sets the last epoch id (the admins' recovery), within its cost", async () => {
    await land('rewards.reset_last_epoch', [
      await getResetLastEpochInstructionFor({ lastEpochId: 41n, adminSigners: admins.slice(0, 3) }),
    ]);
    expect((await readConfig()).lastEpochId).toBe(41n);
    await expect(
      getResetLastEpochInstructionFor({ lastEpochId: 1n << 64n, adminSigners: admins.slice(0, 3) }),
    ).rejects.toThrow(/not a u64/);
  });
});
