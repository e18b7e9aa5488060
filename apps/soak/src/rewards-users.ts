// The users' reward actions: unstake a position whose lock has ended, and claim every reward
// the product publishes for them. The proofs come from where a user's page gets them: the
// dapp's `/api/claims/<wallet>` (the keeper's epoch artifacts, served per claimant); a claim
// already made on chain (its claim status exists) is not sent again.
import {
  ensureTokenAccounts,
  epochAccount,
  findAssociatedTokenAddress,
  findClaimStatusAddress,
  findEpochPda,
  findRewardsConfigAddress,
  getClaimInstructionWithHooksFor,
  getStakePositions,
  getUnstakeInstructionFor,
  type ProgramAddresses,
  readAccounts,
  resolveClaimHookAccounts,
  rewardsConfigAccount,
  tokenMintAccount,
} from '@basket/sdk';
import type { Chain } from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';

/** One claim as the dapp serves it (PublishedClaim of apps/dapp). */
type Published = Readonly<{
  epochId: string;
  rewardMints: readonly string[];
  amounts: readonly string[];
  proof: readonly string[];
}>;

/** A claim a user landed: the proof check matches it with the chain's `claimed` event. */
export type LandedClaim = Readonly<{ epochId: string; claimant: string; amounts: string[] }>;

/** Nothing to do for this action now (no unlocked position, nothing published unclaimed). */
export class NothingToDo extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NothingToDo';
  }
}

/**
 * @example
 * const rewards = rewardActions(chain, programs, 'http://127.0.0.1:7400');
 * await rewards.claim(wallet);
 */
export function rewardActions(chain: Chain, programs: ProgramAddresses, dappUrl: string) {
  const rpc = chain.rpc;
  const read = { commitment: 'confirmed' as const };
  const landed: LandedClaim[] = [];

  const config = async () => {
    const [c] = await readAccounts(
      rpc,
      [rewardsConfigAccount(await findRewardsConfigAddress(programs), programs)],
      read,
    );
    if (!c?.exists) throw new Error('the rewards config does not exist');
    return c;
  };

  async function unstake(wallet: KeyPairSigner): Promise<string> {
    const { positions } = await getStakePositions(rpc, wallet.address, {
      count: 64,
      programs,
      ...read,
    });
    const open = positions.find((p) => p.unlocked);
    if (!open) throw new NothingToDo(`no unlocked stake of ${positions.length}`);
    const c = await config();
    const ownerTokenAccount = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: c.data.stakingMint,
      tokenProgram: c.data.stakingTokenProgram,
    });
    const ix = await getUnstakeInstructionFor(
      {
        owner: wallet,
        config: { address: c.address, data: c.data },
        ownerTokenAccount,
        stakeIndex: open.stakeIndex,
      },
      programs,
    );
    await chain.land('unstake', wallet, [ix]);
    return `stake #${open.stakeIndex}`;
  }

  async function published(wallet: Address): Promise<Published[]> {
    const res = await fetch(`${dappUrl}/api/claims/${wallet}`, {
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) throw new Error(`GET /api/claims answered ${res.status}`);
    return ((await res.json()) as { claims: Published[] }).claims;
  }

  async function unclaimed(wallet: Address): Promise<Published | null> {
    for (const p of await published(wallet)) {
      const status = await findClaimStatusAddress(
        { epochId: BigInt(p.epochId), claimant: wallet },
        { programAddress: programs.rewards },
      );
      if (!(await chain.exists(status))) return p;
    }
    return null;
  }

  async function claim(wallet: KeyPairSigner): Promise<string> {
    const leaf = await unclaimed(wallet.address);
    if (!leaf) throw new NothingToDo('nothing published unclaimed');
    const epochId = BigInt(leaf.epochId);
    const [address] = await findEpochPda({ epochId }, { programAddress: programs.rewards });
    const [epoch] = await readAccounts(rpc, [epochAccount(address, programs)], read);
    if (!epoch?.exists) throw new Error(`epoch ${epochId} is published but not on chain`);
    const mints = await readAccounts(
      rpc,
      leaf.rewardMints.map((m) => tokenMintAccount(m as Address)),
      read,
    );
    const accounts = await ensureTokenAccounts(
      rpc,
      wallet,
      mints.map((m) => {
        if (!m.exists) throw new Error(`reward mint ${m.address} not found`);
        return { owner: wallet.address, mint: m.address, tokenProgram: m.data.tokenProgram };
      }),
      read,
    );
    const amounts = leaf.amounts.map(BigInt);
    const { hookAccounts } = await resolveClaimHookAccounts(
      { epoch: address, rewards: epoch.data.rewards, destinations: accounts.addresses, amounts },
      (a) => chain.accountData(a),
    );
    const ix = await getClaimInstructionWithHooksFor(
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
    if (accounts.instructions.length > 0)
      await chain.land('claim accounts', wallet, accounts.instructions);
    await chain.land(`claim epoch ${epochId}`, wallet, [ix]);
    landed.push({ epochId: leaf.epochId, claimant: wallet.address, amounts: [...leaf.amounts] });
    return `epoch ${epochId}: ${leaf.amounts.join(' + ')}`;
  }

  return { unstake, claim, landed: () => landed as readonly LandedClaim[] };
}
