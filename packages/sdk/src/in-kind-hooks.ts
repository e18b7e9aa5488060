/**
 * Transfer-hook accounts of the vault's in-kind payouts (`withdraw_in_kind`, `pay_redemption`):
 * one transfer per paid slot from the vault's holding to the receiver's account, signed by the
 * vault PDA. A slot whose mint has a hook set gets its hook's accounts resolved for exactly
 * that transfer (amount included, as an instruction-data seed may use it); the vault forwards
 * them to every stock transfer, and each hooked transfer is priced with `hookedTransferCost`.
 */

import type { AccountMeta, Address } from '@solana/kit';
import { hookedTransferCost } from './compute-unit-costs.ts';
import type { InKindAssetTransfer } from './in-kind-transfers.ts';
import { reconciledBook } from './real-balances.ts';
import { mulDiv } from './share-math.ts';
import type { CostedInstruction } from './transaction-message.ts';
import {
  type AccountDataFetcher,
  resolveTransferHookAccounts,
  transferHookProgramOf,
  withVaultHookAccounts,
} from './transfer-hook-accounts.ts';

/**
 * The hook accounts of the given payouts (zero amounts move nothing and are left out) and
 * how many of them run a hook.
 *
 * @example
 * const hooks = await resolveInKindHookAccounts([{ transfer, amount: 5n }], vault.address, rpcAccountData(rpc));
 */
export async function resolveInKindHookAccounts(
  payouts: readonly { transfer: InKindAssetTransfer; amount: bigint }[],
  authority: Address,
  fetch: AccountDataFetcher,
): Promise<{ hookAccounts: AccountMeta[]; hookedTransfers: number }> {
  const hookAccounts: AccountMeta[] = [];
  let hookedTransfers = 0;
  for (const { transfer, amount } of payouts) {
    const mintData = transfer.mintData;
    if (amount === 0n || mintData === null || transferHookProgramOf(mintData) === null) continue;
    const hook = await resolveTransferHookAccounts(
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
    hookedTransfers += 1;
    hookAccounts.push(...hook);
  }
  return { hookAccounts, hookedTransfers };
}

/**
 * A vault payout instruction with its hook accounts appended (merged, at most 8) and each
 * hooked transfer priced; unchanged when nothing is hooked.
 *
 * @example
 * const withdraw = withInKindHooks(await getWithdrawInKindInstructionFor(input), hooks);
 */
export function withInKindHooks(
  costed: CostedInstruction,
  hooks: { hookAccounts: readonly AccountMeta[]; hookedTransfers: number },
): CostedInstruction {
  if (hooks.hookAccounts.length === 0) return costed;
  return {
    instruction: withVaultHookAccounts(costed.instruction, hooks.hookAccounts),
    costs: [...costed.costs, hookedTransferCost(hooks.hookedTransfers)],
  };
}

/**
 * What `pay_redemption` transfers for a slot owed `owedRaw`, as the program computes it
 * (`holdings::reconcile` then `holdings::claim_payment`): the full amount while the holding
 * backs the book and every claim; after a seizure, the claims' part of the holding (what
 * they owe less `unbackedRaw`, the vault's `claimsUnbackedRaw[slot]`, split once) shared pro
 * rata, rounded down (in the vault's favour), the last claim taking all that backs it.
 *
 * @example
 * claimPaymentRaw(100n, { holdingsRaw: 600n, claimsOwedRaw: 400n }, 500n); // 50n
 * claimPaymentRaw(400n, { holdingsRaw: 300n, claimsOwedRaw: 400n }, 500n, 200n); // 200n
 */
export function claimPaymentRaw(
  owedRaw: bigint,
  asset: { holdingsRaw: bigint; claimsOwedRaw: bigint },
  balance: bigint | null,
  unbackedRaw = 0n,
): bigint {
  const owed = asset.claimsOwedRaw;
  if (owed === 0n) return owedRaw;
  let backed = owed > unbackedRaw ? owed - unbackedRaw : 0n;
  if (balance !== null && balance < asset.holdingsRaw + backed) {
    // The reconcile splits the shortfall once; the claims keep what the book leaves.
    const book = reconciledBook(asset.holdingsRaw, backed, balance);
    const left = balance - book;
    backed = left < backed ? left : backed;
  }
  if (backed >= owed) return owedRaw;
  if (owedRaw >= owed) return backed;
  return mulDiv(owedRaw, backed, owed, 'down');
}
