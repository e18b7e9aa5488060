// What the in-kind form offers for a quote: the slices that would not be paid now (frozen
// holding, paused stock, frozen receiving account), whether the one-transaction withdrawal
// may be signed, and when the SDK's opt-in to forfeit those slices is passed (only after the
// user ticked that they accept it). The redemption request (begin_redemption, then
// pay_redemption per slot) is the alternative: the claim keeps each blocked slot owed.
import { type InKindWithdrawalQuote, skippedByProgram, type UnpaidSlot } from '@basket/sdk';

/** How the withdrawal is made: one `withdraw_in_kind`, or a redemption claim paid in steps. */
export type InKindPath = 'withdraw' | 'redeem';

export interface InKindDecision {
  /** The slices the quote says will not be paid now (empty without a quote). */
  readonly blocked: readonly UnpaidSlot[];
  /** The path the main button takes. */
  readonly path: InKindPath;
  /** Whether the main button may be pressed. */
  readonly canSubmit: boolean;
  /** Whether the "I accept forfeiting" checkbox is shown (withdraw path, skippable slices). */
  readonly offerForfeit: boolean;
  /** Whether the redemption request is offered beside the withdrawal. */
  readonly offerRedemption: boolean;
  /** Passed to the SDK as `acceptUnpaidSlots`: true only once the user accepted. */
  readonly acceptUnpaidSlots: boolean;
}

/** Why a slice is not paid, in the user's words. */
export const UNPAID_REASON_TEXT: Record<UnpaidSlot['reason'], string> = {
  HoldingFrozen: "the issuer froze the vault's holding of this stock",
  MintPaused: 'the issuer paused every transfer of this stock',
  DestinationFrozen: 'your account for this stock is frozen (the issuer must thaw it)',
};

/**
 * The form's choices for `quote` (null while the amount is not valid), made with the
 * wallet's transfers (`readInKindTransfers`): nothing is offered until they are read. `batched` baskets
 * always redeem through a claim; blocked slots then wait in it. A one-transaction withdrawal
 * with blocked slices needs the user's explicit acceptance, and is impossible while a
 * receiving account is frozen (the transfer would fail the whole withdrawal).
 */
export function decideInKind(
  quote: InKindWithdrawalQuote | null,
  options: {
    batched: boolean;
    forfeitAccepted: boolean;
    /** Whether the transfers were read (until then nothing may be signed). */
    transfersKnown: boolean;
  },
): InKindDecision {
  const blocked = quote?.ok ? quote.unpaid : [];
  const path: InKindPath = options.batched ? 'redeem' : 'withdraw';
  const none = {
    blocked,
    path,
    canSubmit: false,
    offerForfeit: false,
    offerRedemption: false,
    acceptUnpaidSlots: false,
  };
  if (!quote?.ok || !options.transfersKnown) return none;
  if (path === 'redeem' || blocked.length === 0) return { ...none, canSubmit: true };
  const forfeitable = blocked.every((b) => skippedByProgram(b.reason));
  const accepted = forfeitable && options.forfeitAccepted;
  return {
    ...none,
    canSubmit: accepted,
    offerForfeit: forfeitable,
    offerRedemption: true,
    acceptUnpaidSlots: accepted,
  };
}

/**
 * What the user accepts to forfeit, as a string (slot, reason and amount of each blocked
 * slice): an acceptance holds only while it equals the current quote's.
 */
export function blockedKey(quote: InKindWithdrawalQuote | null): string {
  const blocked = quote?.ok ? quote.unpaid : [];
  return blocked.map((b) => `${b.slot}:${b.reason}:${b.amountRaw}`).join(',');
}

/**
 * The asset slots a redemption pays, `perPayment` per transaction: every slot owed something
 * except the blocked ones (they stay owed in the claim). At least one batch (the cash part is
 * paid with the last).
 */
export function redemptionBatches(
  quote: Extract<InKindWithdrawalQuote, { ok: true }>,
  perPayment: number,
): number[][] {
  const blocked = new Set(quote.unpaid.map((u) => u.slot));
  const paying = quote.assets
    .map((a, slot) => ({ slot, owed: a.amountRaw }))
    .filter((s) => s.owed > 0n && !blocked.has(s.slot))
    .map((s) => s.slot);
  const batches: number[][] = [];
  for (let i = 0; i < paying.length; i += perPayment) batches.push(paying.slice(i, i + perPayment));
  if (batches.length === 0) batches.push([]);
  return batches;
}
