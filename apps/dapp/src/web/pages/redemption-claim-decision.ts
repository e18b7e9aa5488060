// What the open-claims list shows for one redemption claim and what its Pay button pays: each
// asset still owed, payable now or with the reason it waits (the SDK's reading of the
// transfers: frozen vault holding, paused stock, your frozen account; or the vault's own
// Frozen status, which would refuse the whole payment), the cash owed, and the payable slots
// in batches of `perPayment` (the cash with the first). Nothing is offered until the
// transfers are read.
import { ASSET_STATUS, type InKindTransfers, type UnpaidReason, unpaidReason } from '@basket/sdk';
import type { RedemptionClaim } from '@basket/vault-client';
import type { Address } from '@solana/kit';
import { UNPAID_REASON_TEXT } from './in-kind-decision.ts';

export type ClaimWaitReason = UnpaidReason | 'AssetFrozenByVault';

/** Why an owed asset waits, in the user's words. */
export const CLAIM_WAIT_TEXT: Record<ClaimWaitReason, string> = {
  ...UNPAID_REASON_TEXT,
  AssetFrozenByVault: 'the vault has frozen this stock (its admins must reactivate it)',
};

export type ClaimRow = Readonly<{
  slot: number;
  mint: Address;
  amountRaw: bigint;
  /** Null: payable now. */
  waits: ClaimWaitReason | null;
}>;

export type ClaimDecision = Readonly<{
  rows: readonly ClaimRow[];
  cashOwed: bigint;
  /** Slots to name per pay_redemption, the cash with the first; empty: nothing payable. */
  batches: readonly Readonly<{ slots: readonly number[]; cash: boolean }>[];
  canPay: boolean;
}>;

/**
 * The list's decision for one claim. `transfers` is the SDK's `readInKindTransfers` of the
 * claim's owed slots (undefined while reading); `assets` the vault's asset entries.
 *
 * @example
 * const d = decideClaim(claim.data, transfers, vault.data.assets, 5);
 * if (d.canPay) await pay(d.batches);
 */
export function decideClaim(
  claim: Pick<RedemptionClaim, 'assetCount' | 'owed' | 'cashOwed'>,
  transfers: InKindTransfers | undefined,
  assets: readonly Readonly<{ mint: Address; status: number }>[],
  perPayment: number,
): ClaimDecision {
  const bySlot = new Map(transfers?.assets.map((t) => [t.slot, t]) ?? []);
  const rows: ClaimRow[] = [];
  for (let slot = 0; slot < claim.assetCount; slot++) {
    const amountRaw = claim.owed[slot] ?? 0n;
    const asset = assets[slot];
    if (amountRaw === 0n || !asset) continue;
    const read = bySlot.get(slot);
    const waits: ClaimWaitReason | null =
      asset.status === ASSET_STATUS.Frozen
        ? 'AssetFrozenByVault'
        : read
          ? unpaidReason(read)
          : null;
    rows.push({ slot, mint: asset.mint, amountRaw, waits });
  }
  const payable = transfers ? rows.filter((r) => r.waits === null).map((r) => r.slot) : [];
  const batches: { slots: number[]; cash: boolean }[] = [];
  for (let i = 0; i < payable.length; i += perPayment) {
    batches.push({ slots: payable.slice(i, i + perPayment), cash: false });
  }
  const cash = transfers !== undefined && claim.cashOwed > 0n;
  if (cash) {
    if (batches.length === 0) batches.push({ slots: [], cash: true });
    else batches[0] = { slots: batches[0]?.slots ?? [], cash: true };
  }
  return { rows, cashOwed: claim.cashOwed, batches, canPay: batches.length > 0 };
}
