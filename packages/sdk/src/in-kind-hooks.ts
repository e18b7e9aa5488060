/**
 * Transfer-hook accounts of the vault's in-kind payouts (`withdraw_in_kind`, `pay_redemption`):
 * one transfer per paid slot from the vault's holding to the receiver's account, signed by the
 * vault PDA. A slot whose mint has a hook set gets its hook's accounts resolved for exactly
 * that transfer (amount included, as an instruction-data seed may use it); the vault forwards
 * them to every stock transfer, and each hooked transfer is priced from its validation bump
 * with `hookedTransferCosts`.
 */

import type { AccountMeta, Address } from '@solana/kit';
import { hookedTransferCosts } from './compute-unit-costs.ts';
import type { InKindAssetTransfer } from './in-kind-transfers.ts';
import type { CostedInstruction } from './transaction-message.ts';
import {
  type AccountDataFetcher,
  type HookedTransfers,
  resolveTransferHook,
  transferHookProgramOf,
  withVaultHookAccounts,
} from './transfer-hook-accounts.ts';

/**
 * The hook accounts of the given payouts (zero amounts move nothing and are left out), how
 * many of them run a hook and each one's validation bump.
 *
 * @example
 * const hooks = await resolveInKindHookAccounts([{ transfer, amount: 5n }], vault.address, rpcAccountData(rpc));
 */
export async function resolveInKindHookAccounts(
  payouts: readonly { transfer: InKindAssetTransfer; amount: bigint }[],
  authority: Address,
  fetch: AccountDataFetcher,
): Promise<HookedTransfers> {
  const hookAccounts: AccountMeta[] = [];
  const validationBumps: number[] = [];
  for (const { transfer, amount } of payouts) {
    const mintData = transfer.mintData;
    if (amount === 0n || mintData === null || transferHookProgramOf(mintData) === null) continue;
    const hook = await resolveTransferHook(
      {
        mint: transfer.mint,
        mintData,
        source: transfer.holding,
        destination: transfer.destination,
        authority,
        amount,
      },
      fetch,
    );
    if (hook === null) continue;
    validationBumps.push(hook.validationBump);
    hookAccounts.push(...hook.accounts);
  }
  return { hookAccounts, hookedTransfers: validationBumps.length, validationBumps };
}

/**
 * A vault payout instruction with its hook accounts appended (merged, at most 8) and each
 * hooked transfer priced from its validation bump; unchanged when nothing is hooked.
 *
 * @example
 * const withdraw = withInKindHooks(await getWithdrawInKindInstructionFor(input), hooks);
 */
export function withInKindHooks(
  costed: CostedInstruction,
  hooks: { hookAccounts: readonly AccountMeta[]; validationBumps: readonly number[] },
): CostedInstruction {
  if (hooks.hookAccounts.length === 0) return costed;
  const instruction = withVaultHookAccounts(costed.instruction, hooks.hookAccounts);
  // The vault passes every hook account to each stock transfer it makes (one per paid asset).
  const forwarded =
    (instruction.accounts?.length ?? 0) - (costed.instruction.accounts?.length ?? 0);
  const transfers = costed.costs
    .filter((c) => c.key === 'vault.perPaidAsset')
    .reduce((n, c) => n + (c.count ?? 1), 0);
  return {
    instruction,
    costs: [
      ...costed.costs,
      ...hookedTransferCosts(hooks.validationBumps),
      { key: 'vault.perForwardedHookAccount', count: forwarded * transfers },
    ],
  };
}
