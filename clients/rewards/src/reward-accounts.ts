import { AccountRole, type Address, type Instruction } from '@solana/kit';

/** Accounts one reward mint contributes to a `claim` or `sweep_epoch`, in the program's order. */
export interface ClaimRewardAccounts {
  mint: Address;
  /** The epoch's holding of this mint (owned by the epoch PDA). */
  holding: Address;
  /** The token account receiving the reward (the claimant's, or the sweep's destination). */
  destination: Address;
  /** The mint's token program. */
  tokenProgram: Address;
}

/** Fixed accounts of `claim` before its reward groups. */
export const CLAIM_FIXED_ACCOUNTS = 5;
/** Fixed accounts of `sweep_epoch` before its reward groups. */
export const SWEEP_FIXED_ACCOUNTS = 2;

/**
 * The flat `rewardAccounts` list of `claim` (or `sweep_epoch`) for reward mints in the
 * epoch's order.
 *
 * @example
 * const rewardAccounts = claimRewardAccountList([{ mint, holding, destination, tokenProgram }]);
 */
export function claimRewardAccountList(groups: readonly ClaimRewardAccounts[]): Address[] {
  return groups.flatMap((g) => [g.mint, g.holding, g.destination, g.tokenProgram]);
}

/**
 * Marks the holding and destination of `groups` reward groups that start after `fixed`
 * accounts writable. The generated builders pass remaining accounts read-only, but the
 * token transfers write both token accounts.
 *
 * @example
 * const ix = withWritableRewardGroups(getSweepEpochInstruction(input), SWEEP_FIXED_ACCOUNTS, 2);
 */
export function withWritableRewardGroups<T extends Instruction>(
  ix: T,
  fixed: number,
  groups: number,
): T {
  const accounts = (ix.accounts ?? []).map((meta, i) => {
    const position = (i - fixed) % 4;
    const inGroups = i >= fixed && i < fixed + 4 * groups;
    if (inGroups && (position === 1 || position === 2))
      return { ...meta, role: AccountRole.WRITABLE };
    return meta;
  });
  return Object.freeze({ ...ix, accounts });
}

/**
 * Marks the holding and destination of every reward group of a `claim` instruction
 * writable.
 *
 * @example
 * const ix = withWritableClaimAccounts(getClaimInstruction({ ...input, rewardAccounts }));
 */
export function withWritableClaimAccounts<T extends Instruction>(ix: T): T {
  const groups = Math.floor(((ix.accounts?.length ?? 0) - CLAIM_FIXED_ACCOUNTS) / 4);
  return withWritableRewardGroups(ix, CLAIM_FIXED_ACCOUNTS, Math.max(groups, 0));
}
