/**
 * The shares a deposit mints, by the deposit instruction's own steps and refusals
 * (`programs/vault/src/instructions/deposit/processor.rs`).
 */

import {
  VAULT_ERROR__AMOUNT_TOO_SMALL,
  VAULT_ERROR__DEPOSIT_BELOW_MINIMUM,
  VAULT_ERROR__DEPOSIT_CAP_EXCEEDED,
  VAULT_ERROR__VAULT_PAUSED,
} from '@basket/vault-client';
import type { NavQuote, VaultRefusal } from './nav-quote.ts';
import { type QuoteProgramOptions, quotePrograms, vaultRefusal } from './quote-programs.ts';
import type { RawAmount } from './raw-amount.ts';
import { BPS, sharesForDeposit } from './share-math.ts';

/**
 * The outcome of a deposit quote: the shares and the bound to sign, or the program's refusal.
 *
 * @example
 * const q = quoteDeposit(nav, rawAmount(25_000_000n), { slippageBps: 50 });
 * if (q.ok) buildDeposit({ rawAmount: q.rawAmount, minSharesOut: q.minSharesOut });
 */
export type DepositQuote =
  | {
      readonly ok: true;
      readonly rawAmount: RawAmount;
      /** Shares the program mints if nothing changes before it runs. */
      readonly shares: bigint;
      /** `shares` less the slippage tolerance, rounded down: pass as `min_shares_out`. */
      readonly minSharesOut: bigint;
      readonly navUsd: bigint;
      readonly supply: bigint;
    }
  | { readonly ok: false; readonly rawAmount: RawAmount; readonly refusal: VaultRefusal };

/**
 * Quotes a stablecoin deposit of `rawAmount` (6 decimals, valued at par) against a NAV quote,
 * checking in the program's order: pause, minimum, snapshot and asset guards, deposit cap,
 * zero shares. `slippageBps` (default 50) sets `minSharesOut`.
 *
 * @example
 * quoteDeposit(nav, rawAmount(1_000_000n)); // { ok: true, shares: ..., minSharesOut: ... }
 */
export function quoteDeposit(
  quote: NavQuote,
  amount: RawAmount,
  options: QuoteProgramOptions & { slippageBps?: number } = {},
): DepositQuote {
  const programs = quotePrograms(options, quote.programs);
  const refuse = (code: number, refusal?: VaultRefusal): DepositQuote => ({
    ok: false,
    rawAmount: amount,
    refusal: refusal ?? vaultRefusal(programs, code),
  });
  if (quote.paused) return refuse(VAULT_ERROR__VAULT_PAUSED);
  if (amount < quote.config.minDepositRaw) return refuse(VAULT_ERROR__DEPOSIT_BELOW_MINIMUM);
  if (quote.refusal || !quote.navUsd) return refuse(0, quote.refusal ?? undefined);
  const navUsd = quote.navUsd.up;
  if (navUsd + amount > quote.config.depositCapUsd)
    return refuse(VAULT_ERROR__DEPOSIT_CAP_EXCEEDED);
  const shares = sharesForDeposit(amount, navUsd, quote.supply.effective);
  if (shares === 0n) return refuse(VAULT_ERROR__AMOUNT_TOO_SMALL);
  const slippageBps = BigInt(options.slippageBps ?? 50);
  if (slippageBps < 0n || slippageBps > BPS) throw new RangeError('slippageBps must be 0-10000');
  return {
    ok: true,
    rawAmount: amount,
    shares,
    minSharesOut: (shares * (BPS - slippageBps)) / BPS,
    navUsd,
    supply: quote.supply.effective,
  };
}
