// The rewards program's events from real transactions in LiteSVM (Token-2022 staking mint with
// a non-unit multiplier, an issuer stock and an SPL Token mint as rewards): a stake, an epoch
// posted for two claimants, a claim, and the unstake after the lock; then, apart (`adminItems`),
// the admins' actions: keepers rotated, claims and staking paused and resumed, a third reward
// mint added, and the epoch's unclaimed rest swept after its 90-day window; as webhook items.
import { fromClaims } from '@basket/merkle';
import {
  findEpochPda,
  getDistributeEpochInstruction,
  getResetLastEpochInstruction,
  REWARDS_PROGRAM_ADDRESS,
} from '@basket/rewards-client';
import {
  epochAccount,
  getClaimInstructionFor,
  getRewardsRotateKeepersInstructionFor,
  getRewardsSetPausedInstructionFor,
  getSetRewardMintsInstructionFor,
  getStakeInstructionFor,
  getSweepEpochInstructionFor,
  getUnstakeInstructionFor,
  rawAmount,
  readAccounts,
  rewardsConfigAccount,
} from '@basket/sdk';
import {
  createIssuerMint,
  createTokenAccount,
  fund,
  mintTo,
  SYSTEM_PROGRAM_ADDRESS,
  setUnixTime,
  tokenAmount,
} from '@basket/test-harness';
import { type Address, generateKeyPairSigner, type Instruction } from '@solana/kit';
import { rewardsWorld, staker, T0 } from '../../../../packages/sdk/test/support/rewards-world.ts';
import { svmRpc } from '../../../../packages/sdk/test/support/svm-rpc.ts';
import type { TransactionItem } from '../../src/webhook-body.ts';
import { recorder } from './svm-items.ts';

export type RewardsScenario = Readonly<{
  items: TransactionItem[];
  staker: Address;
  stakeAmount: bigint;
  /** What the claim moved into the claimant's accounts, per reward mint (measured). */
  claimed: bigint[];
  totals: bigint[];
  merkleRootHex: string;
  /** The admins' transactions, after the unstake (kept apart: they move the clock 90 days). */
  adminItems: TransactionItem[];
  admin: Readonly<{
    sig: Record<string, string>;
    keeperCount: number;
    rewardMints: readonly Address[];
    /** What the sweep moved to each destination (measured), per epoch mint. */
    swept: readonly { mint: Address; amount: bigint }[];
    /** The admins' reset of the last epoch id: the id before and the one set. */
    lastEpochReset: Readonly<{ previous: bigint; lastEpochId: bigint }>;
  }>;
}>;

export async function rewardsScenario(): Promise<RewardsScenario> {
  const w = await rewardsWorld();
  const { items, sig, step } = recorder(w);
  const adminItems: TransactionItem[] = [];
  const [cfg] = await readAccounts(svmRpc(w.svm), [rewardsConfigAccount(w.config)]);
  if (!cfg.exists) throw new Error('no rewards config');
  const config = { address: cfg.address, data: cfg.data };
  const s = await staker(w);
  const stakeAmount = 400_000_000n;
  await step('stake', [
    (
      await getStakeInstructionFor({
        owner: s.signer,
        config,
        ownerTokenAccount: s.tokens,
        amount: rawAmount(stakeAmount),
        tierDays: 30,
        stakeIndex: 0n,
      })
    ).instruction,
  ]);

  // Epoch 1 pays the staker and someone else in both reward mints.
  const mints = [w.xStock, w.legacy];
  const other = w.payer;
  const amounts = [
    [150_000n, 300_000n],
    [50_000n, 50_000n],
  ] as const;
  const totals = mints.map((_, i) => (amounts[0][i] as bigint) + (amounts[1][i] as bigint));
  const distribution = fromClaims({
    programId: REWARDS_PROGRAM_ADDRESS,
    epochId: 1n,
    rewardMints: mints.map((m) => m.address),
    totals,
    claims: [
      { claimant: s.signer.address, amounts: [...amounts[0]] },
      { claimant: other.address, amounts: [...amounts[1]] },
    ],
  });
  const [epoch] = await findEpochPda({ epochId: 1n });
  const holdings: Address[] = [];
  for (const [i, m] of mints.entries()) {
    const h = await createTokenAccount(w.svm, w.payer, m, epoch);
    await mintTo(w.svm, w.payer, m, h, totals[i] as bigint);
    holdings.push(h);
  }
  await step('distribute', [
    getDistributeEpochInstruction({
      keeper: w.keeper,
      config: w.config,
      epoch,
      systemProgram: SYSTEM_PROGRAM_ADDRESS,
      epochId: 1n,
      merkleRoot: distribution.root,
      totals,
      rewardAccounts: mints.flatMap((m, i) => [m.address, holdings[i] as Address]),
    }),
  ]);
  fund(w.svm, s.signer.address);
  const destinations: Address[] = [];
  for (const m of mints)
    destinations.push(await createTokenAccount(w.svm, w.payer, m, s.signer.address));
  const [epochData] = await readAccounts(svmRpc(w.svm), [epochAccount(epoch)]);
  if (!epochData.exists) throw new Error('epoch missing');
  const leaf = distribution.claims[0];
  if (!leaf) throw new Error('no leaf');
  await step('claim', [
    (
      await getClaimInstructionFor({
        claimant: s.signer,
        epoch: epochData.data,
        destinations,
        amounts: leaf.amounts,
        proof: leaf.proof,
      })
    ).instruction,
  ]);
  const claimed = destinations.map((d) => tokenAmount(w.svm, d));
  setUnixTime(w.svm, T0 + 31n * 86_400n);
  await step('unstake', [
    (
      await getUnstakeInstructionFor({
        owner: s.signer,
        config,
        ownerTokenAccount: s.tokens,
        stakeIndex: 0n,
      })
    ).instruction,
  ]);

  // The admins: a second keeper, claims and staking paused then resumed, a third reward mint.
  const adminSigners = w.admins.slice(0, 3);
  const admin = async (name: string, built: Promise<{ instruction: Instruction }>) =>
    step(name, [(await built).instruction], adminItems);
  const extraKeeper = (await generateKeyPairSigner()).address;
  await admin(
    'rotateKeepers',
    getRewardsRotateKeepersInstructionFor({
      keepers: [w.keeper.address, extraKeeper],
      adminSigners,
    }),
  );
  await admin('pause', getRewardsSetPausedInstructionFor({ flags: 3, adminSigners }));
  await admin('resume', getRewardsSetPausedInstructionFor({ flags: 0, adminSigners }));
  const third = await createIssuerMint(w.svm, w.payer, { decimals: 6, multiplier: 3.5 });
  const rewardMints = [w.xStock.address, w.legacy.address, third.address];
  await admin('setRewardMints', getSetRewardMintsInstructionFor({ rewardMints, adminSigners }));
  // 90 days after the epoch, what the other claimant left is swept to the admins' accounts.
  setUnixTime(w.svm, T0 + 91n * 86_400n);
  const [closing] = await readAccounts(svmRpc(w.svm), [epochAccount(epoch)]);
  if (!closing.exists) throw new Error('epoch missing');
  const sweepTo = new Map<Address, Address>();
  for (const m of mints)
    sweepTo.set(m.address, await createTokenAccount(w.svm, w.payer, m, w.payer.address));
  await admin(
    'sweep',
    getSweepEpochInstructionFor({ epoch: closing.data, destinations: sweepTo, adminSigners }),
  );
  const swept = [...sweepTo].map(([mint, d]) => ({ mint, amount: tokenAmount(w.svm, d) }));
  // The admins' recovery of the epoch ids: the last distributed id set (here ahead by 3).
  const [before] = await readAccounts(svmRpc(w.svm), [rewardsConfigAccount(w.config)]);
  if (!before.exists) throw new Error('no rewards config');
  const resetTo = before.data.lastEpochId + 3n;
  await admin(
    'resetLastEpoch',
    Promise.resolve({
      instruction: getResetLastEpochInstruction({
        config: w.config,
        lastEpochId: resetTo,
        adminSigners,
      }),
    }),
  );
  const [after] = await readAccounts(svmRpc(w.svm), [rewardsConfigAccount(w.config)]);
  if (!after.exists) throw new Error('no rewards config');
  if (after.data.lastEpochId !== resetTo) throw new Error('last epoch id not reset');
  return {
    adminItems,
    admin: {
      sig,
      keeperCount: after.data.keeperCount,
      rewardMints,
      swept,
      lastEpochReset: { previous: before.data.lastEpochId, lastEpochId: resetTo },
    },
    items,
    staker: s.signer.address,
    stakeAmount,
    claimed,
    totals,
    merkleRootHex: Buffer.from(distribution.root).toString('hex'),
  };
}
