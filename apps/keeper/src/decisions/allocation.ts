// How an amount is shared among assets, for the deposit- and withdrawal-routers' decisions:
// pro rata of parts, and "water-filling" (the largest gap first, down to a common level: the
// split that leaves the largest remaining gap smallest). Everything is bigint, rounded as the
// caller asks, so a split either never exceeds its total (floor) or never falls short (ceil).
import { USD_ONE } from './valuation.ts';

/** One US cent in USD x 1e8: legs are whole cents. */
export const CENT = USD_ONE / 100n;

/**
 * Lowers the highest levels first: each level above a common line `L` is brought down to it,
 * by at most its cap, `L` chosen so the reductions sum to `amount` (all the caps when `amount`
 * covers them). Floor: the reductions never sum above `amount`. Ceil: never below it (while
 * the caps allow). Of all splits of `amount` within the caps, this one leaves the highest
 * level lowest and the lowest touched level highest: a deposit fills the largest shortfall
 * first (levels and caps are the shortfalls), a sale takes from the most overweight asset
 * first (levels: value less target, caps: the holdings, so a level may go below zero).
 *
 * @example
 * waterFill(10n, [8n, 5n, 1n], [8n, 5n, 1n], 'floor'); // [6n, 3n, 0n]: both down to 2
 */
export function waterFill(
  amount: bigint,
  levels: readonly bigint[],
  caps: readonly bigint[],
  rounding: 'floor' | 'ceil',
): bigint[] {
  const cap = caps.map((c) => (c > 0n ? c : 0n));
  const at = (line: bigint) =>
    levels.map((d, i) => {
      const cut = d - line;
      return cut <= 0n ? 0n : minOf(cut, cap[i] as bigint);
    });
  const sumAt = (line: bigint) => at(line).reduce((s, x) => s + x, 0n);
  if (amount <= 0n || levels.length === 0) return levels.map(() => 0n);
  if (amount >= cap.reduce((s, c) => s + c, 0n)) return cap;
  // sumAt falls as the line rises: at `lo` every cap is taken, at `hi` nothing.
  let lo = levels.reduce((m, d, i) => minOf(m, d - (cap[i] as bigint)), levels[0] as bigint);
  let hi = levels.reduce((m, d) => maxOf(m, d), levels[0] as bigint);
  if (rounding === 'ceil') {
    // The highest line whose reductions still reach `amount`.
    while (lo < hi) {
      const mid = lo + (hi - lo + 1n) / 2n;
      if (sumAt(mid) >= amount) lo = mid;
      else hi = mid - 1n;
    }
    return at(lo);
  }
  // The lowest line whose reductions stay within `amount`.
  while (lo < hi) {
    const mid = lo + (hi - lo) / 2n;
    if (sumAt(mid) <= amount) hi = mid;
    else lo = mid + 1n;
  }
  return at(hi);
}

/** Larger first, for `sort`. */
export const byAmountDesc = (a: bigint, b: bigint): number => (b > a ? 1 : b < a ? -1 : 0);

/**
 * A USD x 1e8 amount rounded to whole cents.
 *
 * @example
 * toCents(1_234_567n, 'floor'); // 1_000_000n
 * toCents(1_234_567n, 'ceil'); // 2_000_000n
 */
export function toCents(usd1e8: bigint, rounding: 'floor' | 'ceil'): bigint {
  const rest = usd1e8 % CENT;
  if (rest === 0n) return usd1e8;
  return rounding === 'floor' ? usd1e8 - rest : usd1e8 - rest + CENT;
}

/** The larger of two bigints. */
export const maxOf = (a: bigint, b: bigint): bigint => (a > b ? a : b);
/** The smaller of two bigints. */
export const minOf = (a: bigint, b: bigint): bigint => (a < b ? a : b);
