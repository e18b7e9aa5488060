// The mint's ScaledUiAmount multiplier in the API's terms, for `decideMultiplierFreeze`.
import type { MultiplierState, OnChainMultiplier } from './multiplier-freeze.ts';

/**
 * The issuer writes a decimal multiplier into its mint as the double nearest to it
 * (Token-2022 stores an IEEE-754 double), so a decimal like 1.0002 is on chain as
 * 1.000199999999999977..., and the fixed form floored at 12 decimals (1.000199999999) never
 * equals the API's figure: compared as decimals, the asset would look mismatched, hence frozen,
 * for as long as that multiplier lasts. When the mint's double is exactly the double nearest
 * to the API's current or new multiplier, that decimal is what the chain holds; otherwise the
 * fixed form is returned (and compares as the mismatch it is). Parsing a decimal text to the
 * nearest double is exact in JavaScript, so this compares identities, with no arithmetic on a
 * double.
 *
 * @example
 * onChainMultiplierTerms(state, { f64: 1.0002, fixed: { raw: 1_000_199_999_999n, decimals: 12 } });
 * // '1.0002' when the API's current multiplier is '1.0002'
 */
export function onChainMultiplierTerms(
  state: Pick<MultiplierState, 'currentMultiplier' | 'newMultiplier'>,
  onChain: Readonly<{ f64: number; fixed: { readonly raw: bigint; readonly decimals: number } }>,
): OnChainMultiplier {
  for (const decimal of [state.currentMultiplier, state.newMultiplier]) {
    if (Number(decimal) === onChain.f64) return decimal;
  }
  return onChain.fixed;
}
