/**
 * `getNavProjection`: reads the NAV quote (which carries the vault's `lastMgmtFeeTime`) and
 * projects it with {@link projectNav}.
 */

import type { GetMultipleAccountsRpc } from './account-reader.ts';
import { type GetNavQuoteOptions, getNavQuote } from './get-nav-quote.ts';
import { type NavProjection, type ProjectNavOptions, projectNav } from './nav-projection.ts';
import type { NavQuote } from './nav-quote.ts';

/**
 * Reads a SKU's NAV quote and projects it to `options.at` with the issuer's FeeAccrual
 * schedules, the vault's management fee accruing exactly as the program would from its
 * `lastMgmtFeeTime`. The quote's reads only (two `getMultipleAccounts` calls).
 *
 * @throws {SdkError} `SDK_ERROR__ACCOUNT_NOT_FOUND` when the vault does not exist; see
 * `getNavQuote` and `projectNav` for the rest.
 * @example
 * const { quote, projection } = await getNavProjection(rpc, 'MAG7', { at: now + 30n * 86_400n, feeAccrual });
 */
export async function getNavProjection(
  rpc: GetMultipleAccountsRpc,
  sku: string,
  options: Omit<ProjectNavOptions, 'lastMgmtFeeTime'> & GetNavQuoteOptions,
): Promise<{ quote: NavQuote; projection: NavProjection }> {
  const quote = await getNavQuote(rpc, sku, options);
  const projection = projectNav(quote, {
    at: options.at,
    feeAccrual: options.feeAccrual,
    multiplierActions: options.multiplierActions,
  });
  return { quote, projection };
}
