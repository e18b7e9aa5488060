/**
 * What `collect_perf_fee` would mint now, by its own steps
 * (`programs/vault/src/instructions/collect_perf_fee`).
 */

import {
  VAULT_ERROR__PERF_FEE_NOT_DUE,
  VAULT_ERROR__SNAPSHOT_BEFORE_PERIOD_END,
  VAULT_ERROR__VAULT_PAUSED,
} from '@basket/vault-client';
import type { NavQuote, VaultRefusal } from './nav-quote.ts';
import { type QuoteProgramOptions, quotePrograms, vaultRefusal } from './quote-programs.ts';
import { perfFee } from './share-math.ts';

/** Shared-check code of an arithmetic overflow (`CommonError::MathOverflow`). */
const COMMON_MATH_OVERFLOW = 110;

/**
 * Length of a performance-fee period (program `PERF_FEE_PERIOD_SECS`, 90 days). The periods
 * are a fixed grid from the vault's creation (decision 0101).
 *
 * @example
 * PERF_FEE_PERIOD_SECS; // 7_776_000n
 */
export const PERF_FEE_PERIOD_SECS = 90n * 86_400n;

/**
 * How long after a period end the fee may be crystallized (program `PERF_FEE_WINDOW_SECS`,
 * two days: the keeper's daily run always meets one); outside it `collect_perf_fee` is
 * refused until the next end.
 *
 * @example
 * PERF_FEE_WINDOW_SECS; // 172_800n
 */
export const PERF_FEE_WINDOW_SECS = 2n * 86_400n;

/**
 * The period end open at `now` (program `open_period_end`): the latest grid point
 * `lastPerfFeeTime + k x PERF_FEE_PERIOD_SECS` (k >= 1) at or before `now`, if `now` is
 * within `PERF_FEE_WINDOW_SECS` of it; else `null` (not due).
 *
 * @example
 * openPerfFeePeriodEnd(0n, PERF_FEE_PERIOD_SECS + 60n); // PERF_FEE_PERIOD_SECS
 */
export function openPerfFeePeriodEnd(lastPerfFeeTime: bigint, now: bigint): bigint | null {
  const elapsed = now - lastPerfFeeTime;
  if (elapsed < PERF_FEE_PERIOD_SECS) return null;
  const end = lastPerfFeeTime + (elapsed / PERF_FEE_PERIOD_SECS) * PERF_FEE_PERIOD_SECS;
  return now - end <= PERF_FEE_WINDOW_SECS ? end : null;
}

/**
 * The next period end at which `collect_perf_fee` can run (the open one, if any, else the
 * next grid point after `now`).
 *
 * @example
 * nextPerfFeePeriodEnd(0n, 10n); // PERF_FEE_PERIOD_SECS
 */
export function nextPerfFeePeriodEnd(lastPerfFeeTime: bigint, now: bigint): bigint {
  const open = openPerfFeePeriodEnd(lastPerfFeeTime, now);
  if (open !== null) return open;
  const elapsed = now > lastPerfFeeTime ? now - lastPerfFeeTime : 0n;
  return lastPerfFeeTime + (elapsed / PERF_FEE_PERIOD_SECS + 1n) * PERF_FEE_PERIOD_SECS;
}

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
 * Quotes `collect_perf_fee` at the quote's instant: pause, an open period end (within two days
 * of a fixed 90-day grid point), snapshot and held-asset guards, a snapshot published at or
 * after that end, then the fee on the NAV rounded down (price memory applied) over the
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
  const end = openPerfFeePeriodEnd(quote.config.lastPerfFeeTime, quote.now);
  if (end === null) return refuse(VAULT_ERROR__PERF_FEE_NOT_DUE);
  if (quote.refusal || !quote.navUsd) {
    return quote.refusal ? { ok: false, refusal: quote.refusal } : refuse(COMMON_MATH_OVERFLOW);
  }
  const published = quote.snapshot?.staleness.publishUnixTime;
  if (published === undefined || published < end) {
    return refuse(VAULT_ERROR__SNAPSHOT_BEFORE_PERIOD_END);
  }
  const fee = perfFee(
    quote.navUsd.down,
    quote.supply.effective,
    quote.config.highWaterMarkPps,
    quote.config.perfFeeBps,
  );
  return { ok: true, ...fee };
}
