// Steps: one weekly epoch. The keeper's distributor weighs each stake by amount x tier weight
// x time staked in the epoch (@basket/merkle `buildDistribution`), splits each reward mint's
// total accordingly, funds holdings owned by the epoch PDA and posts only the Merkle root and
// the totals (`distribute_epoch`). Each staker claims their leaf with its proof; the claim
// creates a claim-status account, so a second claim of the same leaf is refused.
import { buildDistribution, TIER_WEIGHTS, toHex } from '@basket/merkle';
import { REWARDS_PROGRAM_ADDRESS } from '@basket/rewards-client';
import {
  ensureTokenAccounts,
  epochAccount,
  findEpochPda,
  getClaimInstructionFor,
  getDistributeEpochInstructionFor,
  readAccounts,
} from '@basket/sdk';
import { createTokenAccount, mintTo, tokenAmount } from '@basket/test-harness';
import type { KeyPairSigner } from '@solana/kit';
import { type Cast, tokenAmountText } from '../context.ts';
import type { ScenarioFacts } from '../facts.ts';
import { cu, type Narrator, short } from '../narrator.ts';
import type { Rewards, Staker } from './rewards-setup.ts';
import { STEPS } from './titles.ts';

const EPOCH_ID = 1n;
const WEEK = 7n * 86_400n;

/** Raw totals of epoch 1 per reward mint: 3 AAPLx-raw tokens and 10 NVDAx-raw tokens. */
const TOTALS = [300_000_000n, 10_000_000_000n];

export async function distributeEpoch(
  cast: Cast,
  rewards: Rewards,
  stakers: readonly Staker[],
  say: Narrator,
) {
  say.step(STEPS.distribute);
  const { ledger } = cast;
  const epochStart = ledger.now();
  ledger.advance(WEEK);
  const distribution = buildDistribution({
    programId: REWARDS_PROGRAM_ADDRESS,
    epochId: EPOCH_ID,
    epochStart,
    epochEnd: ledger.now(),
    rewardMints: rewards.rewardAssets.map((a) => a.mint.address),
    totals: TOTALS,
    stakes: stakers.map((s) => ({
      owner: s.signer.address,
      amount: s.amount,
      weight: TIER_WEIGHTS[s.tierDays],
      start: s.start,
      end: null,
    })),
  });
  const [epoch] = await findEpochPda({ epochId: EPOCH_ID });
  // The keeper funds one holding per reward mint, owned by the epoch PDA, with the totals.
  const holdings = [];
  for (const [i, asset] of rewards.rewardAssets.entries()) {
    const holding = await createTokenAccount(ledger.svm, cast.deployer, asset.mint, epoch);
    await mintTo(ledger.svm, cast.deployer, asset.mint, holding, TOTALS[i] ?? 0n);
    holdings.push({ mint: asset.mint.address, holding, total: TOTALS[i] ?? 0n });
  }
  const posted = await ledger.land('distribute_epoch', cast.keeper, [
    await getDistributeEpochInstructionFor({
      keeper: cast.keeper,
      epochId: EPOCH_ID,
      merkleRoot: distribution.root,
      rewards: holdings,
    }),
  ]);
  say.detail(
    `epoch ${EPOCH_ID} ${short(epoch)}: root ${toHex(distribution.root).slice(0, 16)}…, ${distribution.claims.length} leaves; ${cu(posted.computeUnits)}`,
  );
  for (const [i, asset] of rewards.rewardAssets.entries()) {
    say.detail(
      `total ${await tokenAmountText(ledger, asset.mint.address, TOTALS[i] ?? 0n, asset.symbol)}`,
    );
  }
  return distribution;
}

export async function claimRewards(
  cast: Cast,
  rewards: Rewards,
  distribution: Awaited<ReturnType<typeof distributeEpoch>>,
  user: KeyPairSigner,
  say: Narrator,
): Promise<Pick<ScenarioFacts, 'claim' | 'secondClaimRefusal'>> {
  say.step(STEPS.claim);
  const { ledger } = cast;
  const leaf = distribution.claims.find((c) => c.claimant === user.address);
  if (!leaf) throw new Error('the user has no leaf in the epoch');
  const [epochId] = await findEpochPda({ epochId: EPOCH_ID });
  const [epoch] = await readAccounts(ledger.rpc, [epochAccount(epochId)]);
  if (!epoch.exists) throw new Error(`epoch ${EPOCH_ID} does not exist`);
  // Reward destinations: the user's ATAs of each mint in the epoch's order (created first if
  // missing; this user has them since the in-kind withdrawal).
  const accounts = await ensureTokenAccounts(
    ledger.rpc,
    user,
    rewards.rewardAssets.map((a) => ({
      owner: user.address,
      mint: a.mint.address,
      tokenProgram: a.mint.tokenProgram,
    })),
  );
  const before = accounts.addresses.map((a) =>
    ledger.svm.getAccount(a).exists ? tokenAmount(ledger.svm, a) : 0n,
  );
  const claim = await getClaimInstructionFor({
    claimant: user,
    epoch: epoch.data,
    destinations: accounts.addresses,
    amounts: leaf.amounts,
    proof: leaf.proof,
  });
  const r = await ledger.land('claim', user, [...accounts.instructions, claim]);
  const received = accounts.addresses.map((a, i) => tokenAmount(ledger.svm, a) - (before[i] ?? 0n));
  say.detail(
    `claim with a ${leaf.proof.length}-node proof: ${cu(r.computeUnits)}, ${r.txBytes} bytes`,
  );
  for (const [i, asset] of rewards.rewardAssets.entries()) {
    say.detail(
      `${asset.symbol}: ${await tokenAmountText(ledger, asset.mint.address, received[i] ?? 0n, asset.symbol)} (leaf ${leaf.amounts[i]})`,
    );
  }
  const again = await ledger.refused('a second claim', user, [claim]);
  const constant = again.kind === 'custom' ? again.constant : null;
  say.detail(`second claim refused: ${constant}: ${again.message}`);
  return {
    claim: { expected: leaf.amounts, received, proofLength: leaf.proof.length },
    secondClaimRefusal: { constant, message: again.message },
  };
}
