/**
 * Surviving mutants shown equivalent to the original (no input tells them apart), by hash,
 * with the reason; docs/mutants.md lists them. A hash here is never reported as a survivor.
 */
export const EQUIVALENT: Record<string, string> = {
  // share_math::mgmt_fee_shares: `elapsed_secs <= 0` -> `< 0`.
  '13457152373cb281':
    'at elapsed 0 the mutant goes on with t = 0: numerator fee_bps x 0 = 0, so the shares are supply x 0 / denominator = 0, what the early return gives',
  // share_math::perf_fee: `pps <= hwm_pps` -> `pps < hwm_pps`.
  '9738a76a3e2db64e':
    'at pps == hwm the mutant goes on: gain = (pps - hwm) x supply / scale = 0, fee = 0, fee_shares = 0, and the fee_shares == 0 branch returns the same unchanged result',
  // collect_perf_fee: `if fee.fee_shares > 0` (u64) -> `>= 0`.
  ab972495d9ffb203:
    'with no fee shares the mutant sends a mint_to_checked of 0 shares, which Token-2022 accepts and which changes no account (supply and balance unchanged; the event was emitted before either way); only compute units differ',
};
