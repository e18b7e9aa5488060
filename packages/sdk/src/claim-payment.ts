/**
 * What `pay_redemption` pays a claim's slot, mirrored from `programs/vault/src/holdings.rs`:
 * the asset's book and claims reconciled with the holding's real balance (a seizure split
 * once between the book and the claims, the claims' haircut index scaled by what they kept),
 * then the slot's own share of the seizures since the claim was made.
 */

import type { RedemptionClaim, VaultState } from '@basket/vault-client';
import { reconciledBook } from './real-balances.ts';
import { mulDiv } from './share-math.ts';

/**
 * Scale of the vault's claims haircut index (`holdings::INDEX_SCALE`): 1e-18 per unit owed.
 *
 * @example
 * const survivingPart = CLAIM_INDEX_SCALE - vault.data.claimsHaircut[slot];
 */
export const CLAIM_INDEX_SCALE = 10n ** 18n;

/**
 * A claim slot against its asset's haircut index: at opening, now, and whether wiped since.
 *
 * @example
 * const fresh: ClaimStanding = { haircutAtOpen: 0n, haircutNow: 0n, wiped: false };
 */
export interface ClaimStanding {
  haircutAtOpen: bigint;
  haircutNow: bigint;
  wiped: boolean;
}

/** A claim made with nothing seized since (the default of {@link claimPaymentRaw}). */
const WHOLE: ClaimStanding = { haircutAtOpen: 0n, haircutNow: 0n, wiped: false };

/**
 * Slot `slot` of `claim` against the vault's haircut index as read (`claimsHaircut`) and the
 * epoch at which a seizure last left the asset's claims nothing (`claimsWipedEpoch`).
 *
 * @example
 * const standing = claimStanding(vault.data, claim.data, 2);
 */
export function claimStanding(
  vault: Pick<VaultState, 'claimsHaircut' | 'claimsWipedEpoch'>,
  claim: Pick<RedemptionClaim, 'epoch' | 'haircutAtOpen'>,
  slot: number,
): ClaimStanding {
  return {
    haircutAtOpen: claim.haircutAtOpen[slot] ?? 0n,
    haircutNow: vault.claimsHaircut[slot] ?? 0n,
    wiped: claim.epoch < (vault.claimsWipedEpoch[slot] ?? 0),
  };
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/**
 * What `pay_redemption` transfers for a slot owed `owedRaw`, as the program computes it
 * (`holdings::reconcile` then `holdings::claim_payment`): the claims count for what the
 * holding backs (owed less `unbackedRaw`, the vault's `claimsUnbackedRaw[slot]`); a seizure
 * not yet reconciled is split once and scales the haircut index; the slot is paid its own
 * share, `owedRaw x (1 - haircut now) / (1 - haircut at opening)` rounded down (in the
 * vault's favour), nothing if wiped, never more than is backed; the last claim on the asset
 * takes all that is backed.
 *
 * @example
 * claimPaymentRaw(100n, { holdingsRaw: 600n, claimsOwedRaw: 400n }, 500n); // 50n
 * claimPaymentRaw(400n, { holdingsRaw: 300n, claimsOwedRaw: 400n }, 500n, 200n); // 200n
 * claimPaymentRaw(100n, { holdingsRaw: 200n, claimsOwedRaw: 500n }, 500n, 200n, {
 *   haircutAtOpen: CLAIM_INDEX_SCALE / 2n, haircutNow: CLAIM_INDEX_SCALE / 2n, wiped: false,
 * }); // 100n: made after the seizure, it does not share the older claims' loss
 */
export function claimPaymentRaw(
  owedRaw: bigint,
  asset: { holdingsRaw: bigint; claimsOwedRaw: bigint },
  balance: bigint | null,
  unbackedRaw = 0n,
  standing: ClaimStanding = WHOLE,
): bigint {
  const owed = asset.claimsOwedRaw;
  if (owed === 0n) return owedRaw;
  let backed = owed > unbackedRaw ? owed - unbackedRaw : 0n;
  let { haircutNow, wiped } = standing;
  if (balance !== null && balance < asset.holdingsRaw + backed) {
    // The reconcile splits the shortfall once; the claims keep what the book leaves.
    const book = reconciledBook(asset.holdingsRaw, backed, balance);
    const left = min(balance - book, backed);
    if (backed > 0n && left < backed) {
      const survival = mulDiv(CLAIM_INDEX_SCALE - haircutNow, left, backed, 'down');
      // A survival of 0 wipes every claim open now, this one included.
      wiped ||= survival === 0n;
      haircutNow = survival === 0n ? 0n : CLAIM_INDEX_SCALE - survival;
    }
    backed = left;
  }
  if (wiped) return 0n;
  if (owedRaw >= owed) return backed;
  if (haircutNow === standing.haircutAtOpen) return min(owedRaw, backed);
  const now = CLAIM_INDEX_SCALE - haircutNow;
  const open = CLAIM_INDEX_SCALE - standing.haircutAtOpen;
  return min(min(mulDiv(owedRaw, now, open, 'down'), owedRaw), backed);
}
