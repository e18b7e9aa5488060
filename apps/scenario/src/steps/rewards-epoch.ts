// Steps: one weekly epoch. The keeper's distributor weighs each stake by amount x tier weight
// x time staked in the epoch (@basket/merkle `buildDistribution`), splits each reward mint's
// total accordingly, funds holdings owned by the epoch PDA and posts only the Merkle root and
// the totals (`distribute_epoch`). Each staker claims their leaf with its proof; the claim
// creates a claim-status account, so a second claim of the same leaf is refused.
import { buildDistribution, TIER_WEIGHTS, toHex } from '@basket/merkle';
import {
  ensureTokenAccounts,
  epochAccount,
  findEpochPda,
  getClaimInstructionFor,
  getDistributeEpochInstructionFor,
  readAccounts,
} from '@basket/sdk';
import type { KeyPairSigner } from '@solana/kit';
import { type Cast, tokenAmountText } from '../context.ts';
import type { ScenarioFacts } from '../facts.ts';
import { cu, type Narrator, short } from '../narrator.ts';
import { type Rewards, readConfig, type Staker } from './rewards-setup.ts';
import { STEPS } from './titles.ts';

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
  const { programs } = ledger;
  // Epoch ids only grow: 1 on a new ledger, the next one on a world that paid epochs before.
  const epochId = (await readConfig(cast)).data.lastEpochId + 1n;
  const epochStart = await ledger.now();
  await ledger.advance(WEEK);
  const distribution = buildDistribution({
    programId: programs.rewards,
    epochId,
    epochStart,
    epochEnd: await ledger.now(),
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
  const [epoch] = await findEpochPda({ epochId }, { programAddress: programs.rewards });
  // The keeper funds one holding per reward mint, owned by the epoch PDA, with the totals.
  const holdings = [];
  for (const [i, asset] of rewards.rewardAssets.entries()) {
    const holding = await ledger.createTokenAccount(cast.deployer, asset.mint, epoch);
    await ledger.mintTo(cast.deployer, asset.mint, holding, TOTALS[i] ?? 0n);
    holdings.push({ mint: asset.mint.address, holding, total: TOTALS[i] ?? 0n });
  }
  const posted = await ledger.land('distribute_epoch', cast.distributor, [
    await getDistributeEpochInstructionFor(
      { keeper: cast.distributor, epochId, merkleRoot: distribution.root, rewards: holdings },
      programs,
    ),
  ]);
  say.detail(
    `epoch ${epochId} ${short(epoch)}: root ${toHex(distribution.root).slice(0, 16)}…, ${distribution.claims.length} leaves; ${cu(posted.computeUnits)}`,
  );
  for (const [i, asset] of rewards.rewardAssets.entries()) {
    say.detail(
      `total ${await tokenAmountText(ledger, asset.mint.address, TOTALS[i] ?? 0n, asset.symbol)}`,
    );
  }
  return { distribution, epochId };
}

export async function claimRewards(
  cast: Cast,
  rewards: Rewards,
  paid: Awaited<ReturnType<typeof distributeEpoch>>,
  user: KeyPairSigner,
  say: Narrator,
): Promise<Pick<ScenarioFacts, 'claim' | 'secondClaimRefusal'>> {
  say.step(STEPS.claim);
  const { ledger } = cast;
  const { programs } = ledger;
  const leaf = paid.distribution.claims.find((c) => c.claimant === user.address);
  if (!leaf) throw new Error('the user has no leaf in the epoch');
  const [epochAddress] = await findEpochPda(
    { epochId: paid.epochId },
    { programAddress: programs.rewards },
  );
  const [epoch] = await readAccounts(ledger.rpc, [epochAccount(epochAddress, programs)], {
    commitment: 'confirmed',
  });
  if (!epoch.exists) throw new Error(`epoch ${paid.epochId} does not exist`);
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
    { commitment: 'confirmed' },
  );
  const before = await Promise.all(accounts.addresses.map((a) => ledger.tokenAmount(a)));
  const claim = await getClaimInstructionFor(
    {
      claimant: user,
      epoch: epoch.data,
      destinations: accounts.addresses,
      amounts: leaf.amounts,
      proof: leaf.proof,
    },
    programs,
  );
  const r = await ledger.land('claim', user, [...accounts.instructions, claim]);
  const after = await Promise.all(accounts.addresses.map((a) => ledger.tokenAmount(a)));
  const received = after.map((a, i) => a - (before[i] ?? 0n));
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
