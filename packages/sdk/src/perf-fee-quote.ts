/**
 * What `collect_perf_fee` would mint now, by its own steps
 * (`programs/vault/src/instructions/collect_perf_fee`).
 */

import { VAULT_ERROR__PERF_FEE_NOT_DUE, VAULT_ERROR__VAULT_PAUSED } from '@basket/vault-client';
import type { NavQuote, VaultRefusal } from './nav-quote.ts';
import { type QuoteProgramOptions, quotePrograms, vaultRefusal } from './quote-programs.ts';
import { perfFee } from './share-math.ts';

/** Shared-check code of an arithmetic overflow (`CommonError::MathOverflow`). */
const COMMON_MATH_OVERFLOW = 110;

/**
 * Minimum time between two crystallizations (program `PERF_FEE_PERIOD_SECS`, 90 days).
 *
 * @example
 * PERF_FEE_PERIOD_SECS; // 7_776_000n
 */
export const PERF_FEE_PERIOD_SECS = 90n * 86_400n;

/**
 * The outcome of a performance-fee quote.
 *
 * @example
 * const q = quotePerfFee(nav);
 * if (q.ok && q.feeShares > 0n) crank();
 */
export type PerfFeeQuote =
  | { readonly ok: true; readonly feeShares: bigint; readonly newHwmPps: bigint }
  | { readonly ok: false; readonly refusal: VaultRefusal };

/**
 * Quotes `collect_perf_fee` at the quote's instant: pause, the 90-day period, snapshot and
 * held-asset guards, then the fee on the NAV rounded down (price memory applied) over the
 * supply with the management fee accrued.
 *
 * @example
 * quotePerfFee(await getNavQuote(rpc, 'MAG7'));
 */
export function quotePerfFee(quote: NavQuote, options: QuoteProgramOptions = {}): PerfFeeQuote {
  const programs = quotePrograms(options, quote.programs);
  const refuse = (code: number): PerfFeeQuote => ({
    ok: false,
    refusal: vaultRefusal(programs, code),
  });
  if (quote.paused) return refuse(VAULT_ERROR__VAULT_PAUSED);
  if (quote.now < quote.config.lastPerfFeeTime + PERF_FEE_PERIOD_SECS) {
    return refuse(VAULT_ERROR__PERF_FEE_NOT_DUE);
  }
  if (quote.refusal || !quote.navUsd) {
    return quote.refusal ? { ok: false, refusal: quote.refusal } : refuse(COMMON_MATH_OVERFLOW);
  }
  const fee = perfFee(
    quote.navUsd.down,
    quote.supply.effective,
    quote.config.highWaterMarkPps,
    quote.config.perfFeeBps,
  );
  return { ok: true, ...fee };
}
