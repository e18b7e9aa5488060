// The rewards program's events from real transactions in LiteSVM (Token-2022 staking mint with
// a non-unit multiplier, an issuer stock and an SPL Token mint as rewards): a stake, an epoch
// posted for two claimants, a claim, and the unstake after the lock; as webhook items.
import { fromClaims } from '@basket/merkle';
import {
  findEpochPda,
  getDistributeEpochInstruction,
  REWARDS_PROGRAM_ADDRESS,
} from '@basket/rewards-client';
import {
  epochAccount,
  getClaimInstructionFor,
  getStakeInstructionFor,
  getUnstakeInstructionFor,
  rawAmount,
  readAccounts,
  rewardsConfigAccount,
} from '@basket/sdk';
import {
  createTokenAccount,
  fund,
  mintTo,
  SYSTEM_PROGRAM_ADDRESS,
  setUnixTime,
  tokenAmount,
} from '@basket/test-harness';
import type { Address, Instruction } from '@solana/kit';
import { rewardsWorld, staker, T0 } from '../../../../packages/sdk/test/support/rewards-world.ts';
import { svmRpc } from '../../../../packages/sdk/test/support/svm-rpc.ts';
import type { TransactionItem } from '../../src/webhook-body.ts';
import { land } from './svm-items.ts';

export type RewardsScenario = Readonly<{
  items: TransactionItem[];
  staker: Address;
  stakeAmount: bigint;
  /** What the claim moved into the claimant's accounts, per reward mint (measured). */
  claimed: bigint[];
  totals: bigint[];
  merkleRootHex: string;
}>;

export async function rewardsScenario(): Promise<RewardsScenario> {
  const w = await rewardsWorld();
  const items: TransactionItem[] = [];
  const step = async (name: string, ixs: Instruction[]) => {
    const r = await land(w, ixs);
    if (!r.ok) throw new Error(`${name} failed\n${r.logs.join('\n')}`);
    items.push(r.item);
  };
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
  return {
    items,
    staker: s.signer.address,
    stakeAmount,
    claimed,
    totals,
    merkleRootHex: Buffer.from(distribution.root).toString('hex'),
  };
}
