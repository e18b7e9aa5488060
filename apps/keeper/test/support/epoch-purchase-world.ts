// The world's side of an epoch whose rewards are bought: the admins make two of the world's
// stocks the reward mints (one of them the hooked HOODx), the swept fees arrive in the
// keeper's stablecoin account, and the test computes each staker's payout from the stake
// records on chain (claims: epoch-world.ts's claimFromArtifact, hooked mints included).
import {
  ensureTokenAccounts,
  getSetRewardMintsInstructionFor,
  getStakePositions,
} from '@basket/sdk';
import { loadWorldKeys, programAddressesOf, type TestWorld } from '@basket/world';
import type { Address, KeyPairSigner } from '@solana/kit';
import { getMintToCheckedInstruction } from '@solana-program/token';

/** The mint of a world stock by symbol. */
export function stockMint(world: TestWorld, symbol: string): Address {
  const stock = world.manifest.stocks.find((s) => s.symbol === symbol);
  if (!stock) throw new Error(`no ${symbol} in the world`);
  return stock.mint as Address;
}

/** The admins (3 of 5) replace the reward mints. */
export async function setRewardMints(world: TestWorld, mints: readonly Address[]): Promise<void> {
  const keys = await loadWorldKeys(world.dir);
  const ix = await getSetRewardMintsInstructionFor(
    { rewardMints: mints, adminSigners: keys.admins.slice(0, 3) },
    programAddressesOf(world.manifest),
  );
  await world.chain.land('set_reward_mints', keys.admins[0] as never, [ix]);
}

/** The issuer mints `amount` stablecoin into `owner`'s account (the swept fees' stand-in). */
export async function sweepFeesTo(
  world: TestWorld,
  owner: KeyPairSigner,
  amount: bigint,
): Promise<Address> {
  const keys = await loadWorldKeys(world.dir);
  const stable = world.manifest.stablecoin;
  const account = await ensureTokenAccounts(
    world.chain.rpc,
    owner,
    [
      {
        owner: owner.address,
        mint: stable.mint as Address,
        tokenProgram: stable.tokenProgram as Address,
      },
    ],
    { commitment: 'confirmed' },
  );
  if (account.instructions.length > 0) {
    await world.chain.land('stablecoin account', owner, account.instructions);
  }
  const destination = account.addresses[0] as Address;
  await world.chain.landRaw('swept fees', keys.issuer, [
    getMintToCheckedInstruction(
      {
        mint: stable.mint as Address,
        token: destination,
        mintAuthority: keys.issuer,
        amount,
        decimals: stable.decimals,
      },
      { programAddress: stable.tokenProgram as Address },
    ),
  ]);
  return destination;
}

/**
 * Each wallet's payout of `funded` over the epoch `[start, end)`, computed here from its stake
 * records: points = amount x tier weight x seconds staked in the epoch; payout =
 * floor(funded x points / all points).
 */
export async function expectedPayouts(
  world: TestWorld,
  wallets: readonly Address[],
  window: { start: bigint; end: bigint },
  funded: bigint,
): Promise<Map<Address, bigint>> {
  const programs = programAddressesOf(world.manifest);
  const points = new Map<Address, bigint>();
  for (const owner of wallets) {
    const { positions } = await getStakePositions(world.chain.rpc, owner, {
      programs,
      commitment: 'confirmed',
      count: 4,
    });
    let p = 0n;
    for (const { record } of positions) {
      let from = window.start;
      if (record.startTs > from) from = record.startTs;
      if (window.end > from) p += record.amount * BigInt(record.weight) * (window.end - from);
    }
    points.set(owner, p);
  }
  const all = [...points.values()].reduce((x, y) => x + y, 0n);
  return new Map([...points].map(([owner, p]) => [owner, (funded * p) / all]));
}
