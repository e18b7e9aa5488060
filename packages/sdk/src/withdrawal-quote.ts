/**
 * What a withdrawal pays, by the withdraw instructions' own steps and refusals
 * (`programs/vault/src/instructions/withdraw_usdc` and `withdraw_in_kind`).
 */

import {
  VAULT_ERROR__AMOUNT_TOO_SMALL,
  VAULT_ERROR__INSUFFICIENT_CASH,
  VAULT_ERROR__VAULT_PAUSED,
} from '@basket/vault-client';
import type { Address } from '@solana/kit';
import {
  type InKindTransfers,
  skippedByProgram,
  type UnpaidSlot,
  unpaidReason,
} from './in-kind-transfers.ts';
import type { NavQuote, VaultRefusal } from './nav-quote.ts';
import { type QuoteProgramOptions, quotePrograms, vaultRefusal } from './quote-programs.ts';
import { isSdkError, SDK_ERROR__MATH_OVERFLOW } from './sdk-errors.ts';
import { inKindAmount, stableWithdrawal } from './share-math.ts';

/** Shared-check code of an arithmetic overflow (`CommonError::MathOverflow`). */
const COMMON_MATH_OVERFLOW = 110;

/** Refusals decoded against the caller's ids, else the NAV quote's. */
function refuser(quote: NavQuote, options: QuoteProgramOptions) {
  const programs = quotePrograms(options, quote.programs);
  return (code: number, mint: Address | null = null): VaultRefusal =>
    vaultRefusal(programs, code, mint);
}

/** Runs share math, turning its overflow into the program's `MathOverflow` refusal. */
function orOverflow<T>(run: () => T, refuse: (code: number) => VaultRefusal): T | VaultRefusal {
  try {
    return run();
  } catch (e) {
    if (isSdkError(e, SDK_ERROR__MATH_OVERFLOW)) return refuse(COMMON_MATH_OVERFLOW);
    throw e;
  }
}

/**
 * The outcome of a stablecoin withdrawal quote.
 *
 * @example
 * const q = quoteStableWithdrawal(nav, 1_000_000n);
 * if (q.ok) buildWithdrawUsdc({ shares: q.shares, quotedOut: q.netUsd, maxSlipBps: 50 });
 */
export type StableWithdrawalQuote =
  | {
      readonly ok: true;
      readonly shares: bigint;
      /** Value of the shares at the NAV rounded down. */
      readonly grossUsd: bigint;
      /** The withdrawal fee (rounded up), paid to the treasury. */
      readonly feeUsd: bigint;
      /** What the user receives in stablecoin raw units: pass as `quoted_out`. */
      readonly netUsd: bigint;
    }
  | { readonly ok: false; readonly shares: bigint; readonly refusal: VaultRefusal };

/**
 * Quotes burning `shares` for stablecoin from the cash buffer, in the program's order: pause,
 * zero shares, snapshot and held-asset guards, value (NAV down) less the fee, zero net, cash
 * available.
 *
 * @example
 * quoteStableWithdrawal(nav, 500_000n); // { ok: true, grossUsd, feeUsd, netUsd }
 */
export function quoteStableWithdrawal(
  quote: NavQuote,
  shares: bigint,
  options: QuoteProgramOptions = {},
): StableWithdrawalQuote {
  const refuse = refuser(quote, options);
  const no = (refusal: VaultRefusal): StableWithdrawalQuote => ({ ok: false, shares, refusal });
  if (quote.paused) return no(refuse(VAULT_ERROR__VAULT_PAUSED));
  if (shares === 0n) return no(refuse(VAULT_ERROR__AMOUNT_TOO_SMALL));
  if (quote.refusal || !quote.navUsd) return no(quote.refusal ?? refuse(COMMON_MATH_OVERFLOW));
  const navUsd = quote.navUsd.down;
  const w = orOverflow(
    () => stableWithdrawal(shares, navUsd, quote.supply.effective, quote.config.withdrawFeeBps),
    refuse,
  );
  if ('kind' in w) return no(w);
  if (w.netUsd === 0n) return no(refuse(VAULT_ERROR__AMOUNT_TOO_SMALL));
  if (w.grossUsd > quote.cashRaw) return no(refuse(VAULT_ERROR__INSUFFICIENT_CASH));
  return { ok: true, shares, ...w };
}

/**
 * The outcome of an in-kind withdrawal quote: raw amounts per asset (vault order) and cash.
 * `assets[i].amountRaw` is the pro-rata slice; a slot listed in `unpaid` will not be paid
 * (the withdrawer forfeits it: it stays with the other holders), or, for a frozen
 * destination, fails the whole withdrawal.
 *
 * @example
 * const q = quoteInKindWithdrawal(nav, 500_000n);
 * if (q.ok) q.assets.forEach((a) => console.log(a.mint, a.amountRaw));
 */
export type InKindWithdrawalQuote =
  | {
      readonly ok: true;
      readonly shares: bigint;
      readonly assets: readonly { readonly mint: Address; readonly amountRaw: bigint }[];
      readonly cashRaw: bigint;
      /** Slots whose non-zero slice would not be paid now (empty without `transfers`). */
      readonly unpaid: readonly UnpaidSlot[];
    }
  | { readonly ok: false; readonly shares: bigint; readonly refusal: VaultRefusal };

/**
 * Quotes burning `shares` for a pro-rata raw share of every holding and of the cash buffer
 * (rounded down; the virtual shares' part stays in the vault). Only assets actually paid are
 * guarded, as in the program: a frozen asset the payout rounds to zero blocks nothing.
 * With `transfers` (`readInKindTransfers` for the withdrawer) the slices that will not move
 * are listed in `unpaid`: a frozen holding or a paused mint is skipped by the program before
 * its guards (so it refuses nothing), a frozen destination is not.
 *
 * @example
 * quoteInKindWithdrawal(nav, 500_000n, { transfers: await readInKindTransfers(rpc, vault, owner) });
 */
export function quoteInKindWithdrawal(
  quote: NavQuote,
  shares: bigint,
  options: QuoteProgramOptions & { guardAssets?: boolean; transfers?: InKindTransfers } = {},
): InKindWithdrawalQuote {
  const refuse = refuser(quote, options);
  const no = (refusal: VaultRefusal): InKindWithdrawalQuote => ({ ok: false, shares, refusal });
  if (quote.paused) return no(refuse(VAULT_ERROR__VAULT_PAUSED));
  if (shares === 0n) return no(refuse(VAULT_ERROR__AMOUNT_TOO_SMALL));
  if (quote.snapshotRefusal) return no(quote.snapshotRefusal);
  const supply = quote.supply.effective;
  const assets: { mint: Address; amountRaw: bigint }[] = [];
  const unpaid: UnpaidSlot[] = [];
  let paidAny = false;
  for (const [slot, asset] of quote.assets.entries()) {
    const amount = orOverflow(() => inKindAmount(shares, asset.holdingsRaw, supply), refuse);
    if (typeof amount !== 'bigint') return no(amount);
    assets.push({ mint: asset.mint, amountRaw: amount });
    if (amount === 0n) continue;
    const transfer = options.transfers?.assets.find((t) => t.slot === slot);
    const reason = transfer ? unpaidReason(transfer) : null;
    if (reason) unpaid.push({ slot, mint: asset.mint, reason, amountRaw: amount });
    // The program skips a frozen holding's or paused mint's slice before its guards.
    if (reason && skippedByProgram(reason)) continue;
    if (asset.guardFailure && options.guardAssets !== false) return no(asset.guardFailure);
    paidAny = true;
  }
  const cashRaw = orOverflow(() => inKindAmount(shares, quote.cashRaw, supply), refuse);
  if (typeof cashRaw !== 'bigint') return no(cashRaw);
  if (cashRaw === 0n && !paidAny) return no(refuse(VAULT_ERROR__AMOUNT_TOO_SMALL));
  return { ok: true, shares, assets, cashRaw, unpaid };
}

/**
 * Quotes a `begin_redemption` of `shares`: the raw amounts per asset and the cash the claim
 * will hold. As `withdraw_in_kind` but without per-asset guards, which run when each slot is
 * paid (`pay_redemption`): a frozen asset delays only its own slot.
 *
 * @example
 * const q = quoteBeginRedemption(nav, shares);
 */
export function quoteBeginRedemption(
  quote: NavQuote,
  shares: bigint,
  options: QuoteProgramOptions = {},
): InKindWithdrawalQuote {
  return quoteInKindWithdrawal(quote, shares, { ...options, guardAssets: false });
}
