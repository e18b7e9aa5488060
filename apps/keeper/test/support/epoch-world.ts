// The world's side of a reward epoch for the distributor's test: wallets stake the staking
// token, the issuer funds the keeper's funding account of the reward stock (standing in for
// the purchase from swept fees), and a claimant claims its leaf from the written artifact.
import type { DistributionArtifact } from '@basket/merkle';
import {
  ensureTokenAccounts,
  epochAccount,
  findAssociatedTokenAddress,
  findEpochPda,
  findRewardsConfigAddress,
  getClaimInstructionWithHooksFor,
  getStakeInstructionFor,
  rawAmount,
  readAccounts,
  resolveClaimHookAccounts,
  rewardsConfigAccount,
  tokenMintAccount,
} from '@basket/sdk';
import { programAddressesOf, type TestWorld } from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';
import { getMintToCheckedInstruction } from '@solana-program/token';

async function rewardsConfig(world: TestWorld) {
  const programs = programAddressesOf(world.manifest);
  const address = await findRewardsConfigAddress(programs);
  const [config] = await readAccounts(world.chain.rpc, [rewardsConfigAccount(address, programs)], {
    commitment: 'confirmed',
  });
  if (!config?.exists) throw new Error('no rewards config');
  return { address: config.address, data: config.data };
}

/** `wallet` stakes `amount` raw staking tokens for `tierDays` (its first stake record). */
export async function stake(
  world: TestWorld,
  wallet: KeyPairSigner,
  amount: bigint,
  tierDays: 30 | 90 | 180,
): Promise<void> {
  const programs = programAddressesOf(world.manifest);
  const config = await rewardsConfig(world);
  const source = await findAssociatedTokenAddress({
    owner: wallet.address,
    mint: config.data.stakingMint,
    tokenProgram: config.data.stakingTokenProgram,
  });
  const ix = await getStakeInstructionFor(
    {
      owner: wallet,
      config,
      ownerTokenAccount: source,
      amount: rawAmount(amount),
      tierDays,
      stakeIndex: 0n,
    },
    programs,
  );
  await world.chain.land(`stake ${tierDays} d`, wallet, [ix]);
}

/** The issuer mints `amount` of the first reward mint into the keeper's funding account. */
export async function fundKeeper(
  world: TestWorld,
  keeper: KeyPairSigner,
  issuer: KeyPairSigner,
  amount: bigint,
): Promise<Address> {
  const rewardMint = (await rewardsConfig(world)).data.rewardMints[0] as Address;
  const [mint] = await readAccounts(world.chain.rpc, [tokenMintAccount(rewardMint)], {
    commitment: 'confirmed',
  });
  if (!mint?.exists) throw new Error('no reward mint');
  const funding = await ensureTokenAccounts(
    world.chain.rpc,
    keeper,
    [{ owner: keeper.address, mint: rewardMint, tokenProgram: mint.data.tokenProgram }],
    { commitment: 'confirmed' },
  );
  if (funding.instructions.length > 0) {
    await world.chain.land('keeper funding account', keeper, funding.instructions);
  }
  await world.chain.landRaw('fund the keeper', issuer, [
    getMintToCheckedInstruction(
      {
        mint: rewardMint,
        token: funding.addresses[0] as Address,
        mintAuthority: issuer,
        amount,
        decimals: mint.data.decimals,
      },
      { programAddress: mint.data.tokenProgram },
    ),
  ]);
  return rewardMint;
}

/** The epoch's on-chain Merkle root, hex. */
export async function epochRoot(world: TestWorld, epochId: bigint): Promise<string> {
  const programs = programAddressesOf(world.manifest);
  const [address] = await findEpochPda({ epochId }, { programAddress: programs.rewards });
  const [epoch] = await readAccounts(world.chain.rpc, [epochAccount(address, programs)], {
    commitment: 'confirmed',
  });
  if (!epoch?.exists) throw new Error(`no epoch ${epochId}`);
  return Buffer.from(epoch.data.merkleRoot).toString('hex');
}

async function accountData(world: TestWorld, a: Address): Promise<Uint8Array | null> {
  const info = await world.chain.rpc.getAccountInfo(a, { encoding: 'base64' }).send();
  return info.value ? Uint8Array.from(Buffer.from(info.value.data[0], 'base64')) : null;
}

/**
 * `wallet` claims its leaf of the artifact (a hooked mint with its hook's accounts); returns
 * the raw amounts it received.
 */
export async function claimFromArtifact(
  world: TestWorld,
  wallet: KeyPairSigner,
  artifact: DistributionArtifact,
): Promise<bigint[]> {
  const programs = programAddressesOf(world.manifest);
  const leaf = artifact.claims.find((c) => c.claimant === wallet.address);
  if (!leaf) throw new Error(`${wallet.address} has no leaf`);
  const epochId = BigInt(artifact.epochId);
  const [address] = await findEpochPda({ epochId }, { programAddress: programs.rewards });
  const [epoch] = await readAccounts(world.chain.rpc, [epochAccount(address, programs)], {
    commitment: 'confirmed',
  });
  if (!epoch?.exists) throw new Error(`no epoch ${epochId}`);
  const mints = await readAccounts(
    world.chain.rpc,
    artifact.rewardMints.map((m) => tokenMintAccount(m as Address)),
    { commitment: 'confirmed' },
  );
  const accounts = await ensureTokenAccounts(
    world.chain.rpc,
    wallet,
    mints.map((m) => {
      if (!m.exists) throw new Error('no reward mint');
      return { owner: wallet.address, mint: m.address, tokenProgram: m.data.tokenProgram };
    }),
    { commitment: 'confirmed' },
  );
  const balance = () => Promise.all(accounts.addresses.map((a) => world.chain.tokenAmount(a)));
  const before = await balance();
  // A reward mint with a transfer hook (HOODx) needs its hook's accounts on the claim.
  const amounts = leaf.amounts.map(BigInt);
  const { hookAccounts } = await resolveClaimHookAccounts(
    { epoch: address, rewards: epoch.data.rewards, destinations: accounts.addresses, amounts },
    (a) => accountData(world, a),
  );
  const claim = await getClaimInstructionWithHooksFor(
    {
      claimant: wallet,
      epoch: epoch.data,
      destinations: accounts.addresses,
      amounts,
      proof: leaf.proof.map((p) => Uint8Array.from(Buffer.from(p, 'hex'))),
      hookAccounts,
    },
    programs,
  );
  // The destinations first: with a hooked mint's accounts the claim alone fills a transaction.
  if (accounts.instructions.length > 0) {
    await world.chain.land('claim accounts', wallet, accounts.instructions);
  }
  await world.chain.land('claim', wallet, [claim]);
  const after = await balance();
  return after.map((a, i) => a - (before[i] ?? 0n));
}
