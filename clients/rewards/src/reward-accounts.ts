import { AccountRole, type Address, type Instruction } from '@solana/kit';

/** Accounts one reward mint contributes to a `claim`, in the program's order. */
export interface ClaimRewardAccounts {
  mint: Address;
  /** The epoch's holding of this mint (owned by the epoch PDA). */
  holding: Address;
  /** The claimant's token account receiving the reward. */
  destination: Address;
  /** The mint's token program. */
  tokenProgram: Address;
}

/**
 * The flat `rewardAccounts` list of `claim` for reward mints in the epoch's order.
 *
 * @example
 * const rewardAccounts = claimRewardAccountList([{ mint, holding, destination, tokenProgram }]);
 */
export function claimRewardAccountList(groups: readonly ClaimRewardAccounts[]): Address[] {
  return groups.flatMap((g) => [g.mint, g.holding, g.destination, g.tokenProgram]);
}

/**
 * Marks the holding and destination of every reward group of a `claim` instruction
 * writable. The generated builder passes remaining accounts read-only, but the token
 * transfers write both token accounts.
 *
 * @example
 * const ix = withWritableClaimAccounts(getClaimInstruction({ ...input, rewardAccounts }));
 */
export function withWritableClaimAccounts<T extends Instruction>(ix: T): T {
  const fixed = 4;
  const accounts = (ix.accounts ?? []).map((meta, i) => {
    const position = (i - fixed) % 4;
    if (i >= fixed && (position === 1 || position === 2))
      return { ...meta, role: AccountRole.WRITABLE };
    return meta;
  });
  return Object.freeze({ ...ix, accounts });
}
