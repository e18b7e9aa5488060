// Steps: the staking side. The rewards program, like the oracle, is initialized once by its
// upgrade authority with 3 of 5 admins; the admins then widen the reward-mint allow-list.
// Stakers lock the service's staking token (BSKT here) for 30, 90 or 180 days; a longer lock
// weighs more in every epoch's distribution (1, 2, 4).
import {
  decodeProgramEvents,
  findRewardsConfigAddress,
  getCreateAssociatedTokenAccountInstructionFor,
  getRewardsInitializeInstructionFor,
  getSetRewardMintsInstructionFor,
  getStakeInstructionFor,
  getStakePositions,
  type RewardsConfigAccount,
  rawAmount,
  readAccounts,
  rewardsConfigAccount,
} from '@basket/sdk';
import { type TestMint, TOKEN_PROGRAM_ADDRESS } from '@basket/test-harness';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import type { Basket, Cast } from '../context.ts';
import { lookupTableFor } from '../lookup-table.ts';
import { amount, cu, type Narrator, short } from '../narrator.ts';
import { STEPS } from './titles.ts';

/** The staking token and the reward mints epochs pay in. */
export interface Rewards {
  stakingMint: TestMint;
  rewardAssets: Basket['assets'];
}

/** A staker as the distributor sees them. */
export interface Staker {
  signer: KeyPairSigner;
  amount: bigint;
  tierDays: 30 | 90;
  start: bigint;
}

export async function readConfig(cast: Cast): Promise<RewardsConfigAccount> {
  const { programs } = cast.ledger;
  const [config] = await readAccounts(
    cast.ledger.rpc,
    [rewardsConfigAccount(await findRewardsConfigAddress(programs), programs)],
    { commitment: 'confirmed' },
  );
  if (!config.exists) throw new Error('the rewards config does not exist');
  return { address: config.address, data: config.data };
}

export async function initializeRewards(
  cast: Cast,
  basket: Basket,
  say: Narrator,
): Promise<Rewards> {
  say.step(STEPS.rewardsInit);
  const [first, , third] = basket.assets;
  if (!first || !third) throw new Error('the basket has fewer than 3 assets');
  const rewardAssets = [first, third];
  const stakingMint = cast.world
    ? await worldRewards(cast, say)
    : await initializeConfig(cast, first, say);
  // The admins allow this basket's two stocks as reward mints (kept with the ones already
  // allowed, at most 10: on the world, the bootstrap's own reward mints stay).
  const current = (await readConfig(cast)).data;
  const ours = rewardAssets.map((a) => a.mint.address);
  const allowed = [
    ...current.rewardMints.slice(0, current.rewardMintCount).filter((m) => !ours.includes(m)),
    ...ours,
  ].slice(-10);
  const set = await cast.ledger.land('rewards set_reward_mints', cast.deployer, [
    await getSetRewardMintsInstructionFor(
      { rewardMints: allowed, adminSigners: cast.admins.slice(2, 5) },
      cast.ledger.programs,
    ),
  ]);
  say.detail(
    `set_reward_mints: [${rewardAssets.map((a) => a.symbol).join(', ')}] among ${allowed.length}; ${cu(set.computeUnits)}`,
  );
  return { stakingMint, rewardAssets };
}

/** LiteSVM: the one-shot initialize by the upgrade authority and 3 of 5 admins. */
async function initializeConfig(
  cast: Cast,
  first: Basket['assets'][number],
  say: Narrator,
): Promise<TestMint> {
  const { ledger, deployer, admins } = cast;
  const { programs } = ledger;
  const stakingMint = await ledger.createMint(deployer, {
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
    decimals: 6,
  });
  const config = await findRewardsConfigAddress(programs);
  // The staking holding is created beforehand, owned by the config PDA (the program checks it).
  const stakeHolding = await ledger.createTokenAccount(deployer, stakingMint, config);
  const init = await getRewardsInitializeInstructionFor(
    {
      payer: deployer,
      stakingMint: stakingMint.address,
      stakingTokenProgram: stakingMint.tokenProgram,
      stakeHolding,
      admins: admins.map((a) => a.address),
      threshold: 3,
      keepers: [cast.distributor.address],
      rewardMints: [first.mint.address],
      adminSigners: admins.slice(0, 3),
    },
    programs,
  );
  // Four signatures plus the SDK's compute-unit limit exceed the packet size
  // (docs/rewards.md's 1,211 bytes has no compute-budget instruction): a lookup table.
  const bare = await ledger.sizeOf(deployer, [init]);
  const lookup = await lookupTableFor(ledger, deployer, [init]);
  const r = await ledger.land('rewards initialize', deployer, [init], lookup.tables);
  say.detail(
    `config ${short(config)}: staking mint BSKT ${short(stakingMint.address)}, reward mints [${first.symbol}]; ${cu(r.computeUnits)}, ${r.txBytes} bytes with lookup table ${short(lookup.table)} (${bare} without)`,
  );
  return stakingMint;
}

/** The local world: its bootstrap initialized the rewards program with its staking token. */
async function worldRewards(cast: Cast, say: Narrator): Promise<TestMint> {
  const world = cast.world;
  if (!world) throw new Error('not a world cast');
  const config = await readConfig(cast);
  if (config.data.stakingMint !== world.stakingMint.address) {
    throw new Error(
      `the rewards config stakes ${config.data.stakingMint}, the manifest says ${world.stakingMint.address}`,
    );
  }
  say.detail(
    `config ${short(config.address)} exists: initialized by the world's bootstrap, staking mint BSKT ${short(world.stakingMint.address)}, last epoch ${config.data.lastEpochId}`,
  );
  return world.stakingMint;
}

/** Gives `who` staking tokens in their ATA and stakes `stake` of them for `tierDays`. */
async function stakeFor(
  cast: Cast,
  rewards: Rewards,
  who: KeyPairSigner,
  stake: bigint,
  tierDays: 30 | 90,
) {
  const { ledger } = cast;
  const { programs } = ledger;
  const ata = await getCreateAssociatedTokenAccountInstructionFor({
    payer: who,
    owner: who.address,
    mint: rewards.stakingMint.address,
    tokenProgram: rewards.stakingMint.tokenProgram,
  });
  await ledger.land('staking token account', who, [ata]);
  await ledger.mintTo(cast.deployer, rewards.stakingMint, ata.address, stake);
  const { nextStakeIndex } = await getStakePositions(ledger.rpc, who.address, {
    count: 4,
    programs,
    commitment: 'confirmed',
  });
  const built = await getStakeInstructionFor(
    {
      owner: who,
      config: await readConfig(cast),
      ownerTokenAccount: ata.address,
      amount: rawAmount(stake),
      tierDays,
      stakeIndex: nextStakeIndex ?? 0n,
    },
    programs,
  );
  return ledger.land(`stake ${tierDays} days`, who, [built]);
}

export async function stakeTokens(
  cast: Cast,
  rewards: Rewards,
  user: KeyPairSigner,
  say: Narrator,
): Promise<Staker[]> {
  say.step(STEPS.stake);
  const other = await generateKeyPairSigner();
  await cast.ledger.fund(other.address, 10n);
  const stakers: Staker[] = [];
  for (const [who, stake, tierDays] of [
    [user, 1_000_000_000n, 90],
    [other, 1_000_000_000n, 30],
  ] as const) {
    const r = await stakeFor(cast, rewards, who, stake, tierDays);
    const staked = decodeProgramEvents(r.logs, cast.ledger.programs).find(
      (e) => e.status === 'decoded' && e.program === 'rewards' && e.name === 'staked',
    );
    if (staked?.status !== 'decoded' || staked.name !== 'staked')
      throw new Error('no Staked event');
    const unlock = new Date(Number(staked.event.unlock) * 1000).toISOString();
    say.detail(
      `${who === user ? 'user ' : 'other'} ${short(who.address)} staked ${amount(stake, 6, 'BSKT')} for ${tierDays} days (index ${staked.event.stakeIndex}, unlock ${unlock}); ${cu(r.computeUnits)}`,
    );
    stakers.push({ signer: who, amount: stake, tierDays, start: staked.event.start });
  }
  return stakers;
}
