// How the deployment's stablecoin is shown: plain USDC at its configured decimals (no scaled UI
// amount: the stablecoin is not a tokenized stock, its multiplier is always one).
import type { TokenDisplay } from '../../shared/money.ts';
import { useDapp } from './context.ts';

/**
 * The display of the deployment's stablecoin.
 *
 * @example
 * formatTokenAmount(quote.netUsd, useUsdcDisplay(), nav.now)
 */
export function useUsdcDisplay(): TokenDisplay {
  return {
    symbol: 'USDC',
    decimals: useDapp().session.config.stablecoin.decimals,
    scaledUiAmount: null,
  };
}
