import type { AccountMeta, Instruction } from '@solana/kit';

/** The most transfer-hook extra accounts the rewards program forwards to one transfer. */
export const MAX_HOOK_ACCOUNTS = 16;

/**
 * Appends the transfer hooks' extra accounts to a `claim` (after its reward groups) or a
 * `sweep_epoch` (after its admin signers), each address once with the strongest role asked
 * for. Pass the accounts a hook-resolution helper returns for every hooked reward mint of
 * the instruction (resolved extra metas, the hook program, its validation account): the
 * program forwards the whole list to each Token-2022 transfer, and Token-2022 finds what
 * each hook needs by address. Apply after `withWritableClaimAccounts`, which counts groups
 * from the account list's length.
 *
 * @example
 * const ix = withTransferHookAccounts(withWritableClaimAccounts(getClaimInstruction(input)), hookAccounts);
 */
export function withTransferHookAccounts<T extends Instruction>(
  ix: T,
  hookAccounts: readonly AccountMeta[],
): T {
  const merged: AccountMeta[] = [];
  for (const meta of hookAccounts) {
    const at = merged.findIndex((m) => m.address === meta.address);
    if (at < 0) merged.push(meta);
    // AccountRole is a bit set (1 = writable, 2 = signer): the union keeps both asks.
    else merged[at] = { ...merged[at], role: (merged[at]?.role ?? 0) | meta.role } as AccountMeta;
  }
  if (merged.length > MAX_HOOK_ACCOUNTS) {
    throw new RangeError(
      `${merged.length} transfer-hook accounts: the rewards program forwards at most ${MAX_HOOK_ACCOUNTS}`,
    );
  }
  return Object.freeze({ ...ix, accounts: [...(ix.accounts ?? []), ...merged] });
}
