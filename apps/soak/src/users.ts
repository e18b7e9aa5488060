// Simulated users: the world's demo wallets deposit, withdraw in USDC and in kind, request
// withdrawals (paid later by the keeper), begin redemptions (paid by the keeper's
// pay_redemption), stake, unstake what has unlocked and claim their published rewards
// (rewards-users.ts), each choice and amount drawn from the seed. They send to the
// validator directly (a user's wallet is not behind the services' proxy); an action refused or
// unsendable (the validator down, a stale NAV after a clock move) is counted, never retried
// blindly, so nothing a user did is double-counted.
import {
  findAssociatedTokenAddress,
  findRewardsConfigAddress,
  getBeginRedemptionInstructionFor,
  getDepositInstructionsFor,
  getNavQuote,
  getRequestWithdrawUsdcInstructionFor,
  getStakeInstructionFor,
  getStakePositions,
  getWithdrawInKindInstructionsFor,
  getWithdrawUsdcInstructionsFor,
  type ProgramAddresses,
  quoteDeposit,
  quoteStableWithdrawal,
  quoteWithdrawalRequest,
  rawAmount,
  readAccounts,
  rewardsConfigAccount,
  TOKEN_2022_PROGRAM_ADDRESS,
  vaultStateAccount,
} from '@basket/sdk';
import { type Chain, readSigner, type TestWorld } from '@basket/world';
import { type Address, fetchAddressesForLookupTables, type KeyPairSigner } from '@solana/kit';
import type { Random } from './random.ts';
import { NothingToDo, rewardActions } from './rewards-users.ts';

export const USER_ACTIONS = [
  'deposit',
  'withdraw-usdc',
  'withdraw-in-kind',
  'request-withdrawal',
  'begin-redemption',
  'stake',
  'unstake',
  'claim-rewards',
] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

/** `idle`: nothing to do when drawn (no unlocked stake, no unclaimed reward published). */
export type UserTally = Record<UserAction, { landed: number; refused: number; idle: number }>;

export type Users = Readonly<{
  /** One action by a random user on a random SKU. */
  step: () => Promise<{ action: UserAction; ok: boolean; note: string }>;
  tally: () => UserTally;
  /** Every reward claim a user landed (epoch, claimant, amounts as published). */
  claims: () => ReturnType<ReturnType<typeof rewardActions>['landed']>;
  /**
   * Every user claims what is published and still unclaimed (as a user opening the page at
   * the end would): a short soak's epoch may be distributed after the last random claim.
   */
  claimAll: () => Promise<{ landed: number; refused: number }>;
}>;

type Sku = TestWorld['manifest']['skus'][number];

/**
 * @example
 * const users = await simulatedUsers(world, programs, seeded(1));
 * await users.step();
 */
export async function simulatedUsers(
  world: Pick<TestWorld, 'manifest' | 'chain'>,
  programs: ProgramAddresses,
  r: Random,
  /** The dapp's base URL: where a user's page gets its published claims and proofs. */
  dappUrl: string,
): Promise<Users> {
  const chain: Chain = world.chain;
  const rpc = chain.rpc;
  const read = { programs, commitment: 'confirmed' as const };
  const wallets: KeyPairSigner[] = await Promise.all(
    world.manifest.keys.demoWallets.map((p) => readSigner(p)),
  );
  const stable = world.manifest.stablecoin;
  const tally = Object.fromEntries(
    USER_ACTIONS.map((a) => [a, { landed: 0, refused: 0, idle: 0 }]),
  ) as UserTally;
  // Request and claim nonces: drawn once per soak, then counted up (never reused).
  let nonce = BigInt(r.int(1, 1_000_000)) * 1_000n;
  const rewards = rewardActions(chain, programs, dappUrl);

  const tablesOf = async (sku: Sku) =>
    sku.lookupTable
      ? await fetchAddressesForLookupTables([sku.lookupTable as Address], rpc, read)
      : undefined;
  const vaultOf = async (sku: Sku) => {
    const [vault] = await readAccounts(rpc, [vaultStateAccount(sku.vault as Address, programs)]);
    if (!vault?.exists) throw new Error(`${sku.skuId}: vault ${sku.vault} not found`);
    return vault;
  };
  const sharesOf = async (wallet: KeyPairSigner, shareMint: Address) =>
    chain.tokenAmount(
      await findAssociatedTokenAddress({
        owner: wallet.address,
        mint: shareMint,
        tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      }),
    );

  async function act(
    wanted: UserAction,
    wallet: KeyPairSigner,
    sku: Sku,
  ): Promise<[UserAction, string]> {
    if (wanted === 'stake') return ['stake', await stake(wallet)];
    if (wanted === 'unstake') return ['unstake', await rewards.unstake(wallet)];
    if (wanted === 'claim-rewards') return ['claim-rewards', await rewards.claim(wallet)];
    const vault = await vaultOf(sku);
    const nav = await getNavQuote(rpc, sku.skuId, read);
    const held = await sharesOf(wallet, vault.data.shareMint);
    const shareSource = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint: vault.data.shareMint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    });
    // A small part of what the user holds (shares have 6 decimals): 1/50 to 1/10.
    const part = held / BigInt(r.int(10, 50));
    // A user with no shares yet deposits first.
    const action: UserAction = part === 0n ? 'deposit' : wanted;
    if (action === 'deposit') {
      const usd = BigInt(r.int(50, 2_000));
      const quote = quoteDeposit(nav, rawAmount(usd * 1_000_000n), {
        vaultProgram: programs.vault,
      });
      if (!quote.ok) throw new Error(`deposit refused by the quote: ${quote.refusal.message}`);
      const source = await findAssociatedTokenAddress({
        owner: wallet.address,
        mint: stable.mint as Address,
        tokenProgram: stable.tokenProgram as Address,
      });
      const deposit = await getDepositInstructionsFor(
        {
          depositor: wallet,
          vault,
          source,
          rawAmount: quote.rawAmount,
          minSharesOut: quote.minSharesOut,
        },
        { rpc, ...read },
      );
      await chain.land(`deposit ${sku.skuId}`, wallet, deposit.instructions, await tablesOf(sku));
      return [action, `${usd} USDC`];
    }
    if (action === 'withdraw-usdc') {
      const quote = quoteStableWithdrawal(nav, part, { vaultProgram: programs.vault });
      if (!quote.ok) throw new Error(`withdrawal refused by the quote: ${quote.refusal.message}`);
      const treasuryStable = await findAssociatedTokenAddress({
        owner: vault.data.treasury,
        mint: vault.data.stableMint,
        tokenProgram: stable.tokenProgram as Address,
      });
      const built = await getWithdrawUsdcInstructionsFor(
        {
          owner: wallet,
          vault,
          treasuryStable,
          shares: part,
          quotedOut: quote.netUsd,
          maxSlipBps: 50,
        },
        { rpc, ...read },
      );
      await chain.land(
        `withdraw_usdc ${sku.skuId}`,
        wallet,
        built.instructions,
        await tablesOf(sku),
      );
      return [action, `${part} shares`];
    }
    if (action === 'withdraw-in-kind') {
      const built = await getWithdrawInKindInstructionsFor(
        { owner: wallet, vault, shares: part, nav, acceptUnpaidSlots: true },
        { rpc, ...read },
      );
      await chain.land(
        `withdraw_in_kind ${sku.skuId}`,
        wallet,
        built.instructions,
        await tablesOf(sku),
      );
      return [action, `${part} shares`];
    }
    nonce += 1n;
    if (action === 'request-withdrawal') {
      const quote = quoteWithdrawalRequest(nav, part, {
        toleranceBps: 300,
        vaultProgram: programs.vault,
      });
      if (!quote.ok) throw new Error(`request refused by the quote: ${quote.refusal.message}`);
      const ix = await getRequestWithdrawUsdcInstructionFor(
        { owner: wallet, vault, shareSource, shares: part, minOut: quote.minOut, nonce },
        programs,
      );
      await chain.land(`request_withdraw_usdc ${sku.skuId}`, wallet, [ix], await tablesOf(sku));
      return [action, `${part} shares, nonce ${nonce}`];
    }
    const begin = await getBeginRedemptionInstructionFor(
      { owner: wallet, vault, shareSource, shares: part, nonce },
      programs,
    );
    await chain.land(`begin_redemption ${sku.skuId}`, wallet, [begin], await tablesOf(sku));
    return [action, `${part} shares, nonce ${nonce}`];
  }

  async function stake(wallet: KeyPairSigner): Promise<string> {
    const mint = world.manifest.stakingMint as Address;
    const info = await rpc
      .getAccountInfo(mint, { encoding: 'base64', commitment: 'confirmed' })
      .send();
    if (!info.value) throw new Error(`staking mint ${mint} not found`);
    const ownerTokenAccount = await findAssociatedTokenAddress({
      owner: wallet.address,
      mint,
      tokenProgram: info.value.owner,
    });
    const [config] = await readAccounts(
      rpc,
      [rewardsConfigAccount(await findRewardsConfigAddress(programs), programs)],
      { commitment: 'confirmed' },
    );
    if (!config?.exists) throw new Error('the rewards config does not exist');
    const { nextStakeIndex } = await getStakePositions(rpc, wallet.address, {
      count: 64,
      programs,
      commitment: 'confirmed',
    });
    // 1 to 20 whole tokens (the demo wallets hold 10,000), 30 or 90 days.
    const whole = BigInt(r.int(1, 20));
    const amount = whole * 10n ** BigInt(await decimalsOf(mint));
    const built = await getStakeInstructionFor(
      {
        owner: wallet,
        config: { address: config.address, data: config.data },
        ownerTokenAccount,
        amount: rawAmount(amount),
        tierDays: r.pick([30, 90] as const),
        stakeIndex: nextStakeIndex ?? 0n,
      },
      programs,
    );
    await chain.land('stake', wallet, [built]);
    return `${whole} tokens`;
  }

  const decimals = new Map<string, number>();
  async function decimalsOf(mint: Address): Promise<number> {
    const known = decimals.get(mint);
    if (known !== undefined) return known;
    const supply = await rpc.getTokenSupply(mint, { commitment: 'confirmed' }).send();
    decimals.set(mint, supply.value.decimals);
    return supply.value.decimals;
  }

  return {
    step: async () => {
      let action = r.pick(USER_ACTIONS);
      const wallet = r.pick(wallets);
      const sku = r.pick(world.manifest.skus);
      try {
        const [done, note] = await act(action, wallet, sku);
        action = done;
        tally[action].landed += 1;
        return { action, ok: true, note: `${sku.skuId} ${note}` };
      } catch (error) {
        if (error instanceof NothingToDo) {
          tally[action].idle += 1;
          return { action, ok: true, note: error.message };
        }
        tally[action].refused += 1;
        const message = error instanceof Error ? error.message : String(error);
        return { action, ok: false, note: `${sku.skuId}: ${message.split('\n')[0]}` };
      }
    },
    tally: () => tally,
    claims: rewards.landed,
    claimAll: async () => {
      let landed = 0;
      let refused = 0;
      for (const wallet of wallets) {
        // One claim per published epoch at most; the bound only guards a claim that lands
        // without its status becoming visible (the chain check then reports it).
        for (let k = 0; k < 16; k += 1) {
          try {
            await rewards.claim(wallet);
            tally['claim-rewards'].landed += 1;
            landed += 1;
          } catch (error) {
            if (error instanceof NothingToDo) break;
            tally['claim-rewards'].refused += 1;
            refused += 1;
            break;
          }
        }
      }
      return { landed, refused };
    },
  };
}
