/**
 * `getNavProjection`: reads what a projection needs (the NAV quote, and the vault's
 * `lastMgmtFeeTime`, which the quote does not carry) and projects it with {@link projectNav}.
 */

import type { GetMultipleAccountsRpc } from './account-reader.ts';
import { readAccounts } from './account-reader.ts';
import { vaultStateAccount } from './account-requests.ts';
import { type GetNavQuoteOptions, getNavQuote } from './get-nav-quote.ts';
import { type NavProjection, type ProjectNavOptions, projectNav } from './nav-projection.ts';
import type { NavQuote } from './nav-quote.ts';
import { findSkuAddresses } from './pdas.ts';
import { SDK_ERROR__ACCOUNT_NOT_FOUND, SdkError } from './sdk-errors.ts';

/**
 * Reads a SKU's NAV quote and vault state and projects them to `options.at` with the issuer's
 * FeeAccrual schedules, the vault's management fee accruing exactly as the program would from
 * its `lastMgmtFeeTime`. Three `getMultipleAccounts` calls.
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
  const { vaultState } = await findSkuAddresses(sku, options.programs);
  const [[vault], quote] = await Promise.all([
    readAccounts(rpc, [vaultStateAccount(vaultState, options.programs)], options),
    getNavQuote(rpc, sku, options),
  ]);
  if (!vault.exists) throw new SdkError(SDK_ERROR__ACCOUNT_NOT_FOUND, { address: vaultState });
  const projection = projectNav(quote, {
    at: options.at,
    feeAccrual: options.feeAccrual,
    lastMgmtFeeTime: vault.data.lastMgmtFeeTime,
  });
  return { quote, projection };
}
