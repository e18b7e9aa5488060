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
    }
  | { readonly ok: false; readonly shares: bigint; readonly refusal: VaultRefusal };

/**
 * Quotes burning `shares` for a pro-rata raw share of every holding and of the cash buffer
 * (rounded down; the virtual shares' part stays in the vault). Only assets actually paid are
 * guarded, as in the program: a frozen asset the payout rounds to zero blocks nothing.
 *
 * @example
 * quoteInKindWithdrawal(nav, 500_000n);
 */
export function quoteInKindWithdrawal(
  quote: NavQuote,
  shares: bigint,
  options: QuoteProgramOptions & { guardAssets?: boolean } = {},
): InKindWithdrawalQuote {
  const refuse = refuser(quote, options);
  const no = (refusal: VaultRefusal): InKindWithdrawalQuote => ({ ok: false, shares, refusal });
  if (quote.paused) return no(refuse(VAULT_ERROR__VAULT_PAUSED));
  if (shares === 0n) return no(refuse(VAULT_ERROR__AMOUNT_TOO_SMALL));
  if (quote.snapshotRefusal) return no(quote.snapshotRefusal);
  const supply = quote.supply.effective;
  const assets: { mint: Address; amountRaw: bigint }[] = [];
  for (const asset of quote.assets) {
    const amount = orOverflow(() => inKindAmount(shares, asset.holdingsRaw, supply), refuse);
    if (typeof amount !== 'bigint') return no(amount);
    if (amount > 0n && asset.guardFailure && options.guardAssets !== false) {
      return no(asset.guardFailure);
    }
    assets.push({ mint: asset.mint, amountRaw: amount });
  }
  const cashRaw = orOverflow(() => inKindAmount(shares, quote.cashRaw, supply), refuse);
  if (typeof cashRaw !== 'bigint') return no(cashRaw);
  if (cashRaw === 0n && assets.every((a) => a.amountRaw === 0n)) {
    return no(refuse(VAULT_ERROR__AMOUNT_TOO_SMALL));
  }
  return { ok: true, shares, assets, cashRaw };
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
