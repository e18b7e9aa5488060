// The keeper's part of a reward epoch, for the claim flow: a Merkle distribution over the given
// stakes, the epoch's holding funded by the issuer (mint authority of the reward stock), the
// root posted with `distribute_epoch`, and the artifact written where the dapp reads it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildDistribution, TIER_WEIGHTS, toArtifact } from '@basket/merkle';
import {
  ensureTokenAccounts,
  findEpochPda,
  findRewardsConfigAddress,
  getDistributeEpochInstructionFor,
  readAccounts,
  rewardsConfigAccount,
  type TokenMintInfo,
  tokenMintAccount,
} from '@basket/sdk';
import { getMintToCheckedInstruction, type TokenProgram } from '@basket/test-harness';
import { programAddressesOf, type TestWorld, type WorldKeys } from '@basket/world';
import type { Address } from '@solana/kit';

export async function publishEpoch(
  world: TestWorld,
  keys: WorldKeys,
  dir: string,
  stake: { owner: Address; amount: bigint; tierDays: 30 | 90 | 180; start: bigint },
  total: bigint,
): Promise<{ epochId: bigint; rewardMint: Address }> {
  const programs = programAddressesOf(world.manifest);
  const rpc = world.chain.rpc;
  const configAddress = await findRewardsConfigAddress(programs);
  const [config] = await readAccounts(rpc, [rewardsConfigAccount(configAddress, programs)], {
    commitment: 'confirmed',
  });
  if (!config?.exists) throw new Error('no rewards config');
  const rewardMint = config.data.rewardMints[0] as Address;
  const epochId = config.data.lastEpochId + 1n;
  const now = (await world.clock.now()).unixTimestamp;
  const distribution = buildDistribution({
    programId: programs.rewards,
    epochId,
    epochStart: stake.start,
    epochEnd: now,
    rewardMints: [rewardMint],
    totals: [total],
    stakes: [
      {
        owner: stake.owner,
        amount: stake.amount,
        weight: TIER_WEIGHTS[stake.tierDays],
        start: stake.start,
        end: null,
      },
    ],
  });
  const [epoch] = await findEpochPda({ epochId }, { programAddress: programs.rewards });
  const [mint] = await readAccounts(rpc, [tokenMintAccount(rewardMint)], {
    commitment: 'confirmed',
  });
  if (!mint?.exists) throw new Error('no reward mint');
  const info = mint.data as TokenMintInfo;
  const holding = await ensureTokenAccounts(
    rpc,
    keys.feePayer,
    [{ owner: epoch, mint: rewardMint, tokenProgram: info.tokenProgram }],
    {
      commitment: 'confirmed',
    },
  );
  const holdingAddress = holding.addresses[0] as Address;
  if (holding.instructions.length)
    await world.chain.land('epoch holding', keys.feePayer, holding.instructions);
  await world.chain.landRaw('fund the epoch', keys.issuer, [
    getMintToCheckedInstruction({
      mint: rewardMint,
      destination: holdingAddress,
      authority: keys.issuer,
      amount: total,
      decimals: info.decimals,
      tokenProgram: info.tokenProgram as TokenProgram,
    }),
  ]);
  // The rewards program's keeper set is the world's distributor (one key per role).
  await world.chain.land('distribute_epoch', keys.distributor, [
    await getDistributeEpochInstructionFor(
      {
        keeper: keys.distributor,
        epochId,
        merkleRoot: distribution.root,
        rewards: [{ mint: rewardMint, holding: holdingAddress, total }],
      },
      programs,
    ),
  ]);
  writeFileSync(join(dir, `epoch-${epochId}.json`), JSON.stringify(toArtifact(distribution)));
  return { epochId, rewardMint };
}
