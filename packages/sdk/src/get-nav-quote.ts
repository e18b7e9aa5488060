/**
 * `getNavQuote`: reads a vault, its NAV snapshot, its share mint and its asset mints in two
 * batched calls and computes the {@link NavQuote}.
 */

import type { MultiplierState } from '@basket/routing';
import type { Address, MaybeEncodedAccount } from '@solana/kit';
import {
  decodeWith,
  fetchEncodedAccountsBatched,
  type GetMultipleAccountsRpc,
  type ReadAccountsOptions,
  readAccounts,
} from './account-reader.ts';
import {
  clockSysvarAccount,
  navSnapshotAccount,
  type TokenMintInfo,
  tokenMintAccount,
  vaultStateAccount,
} from './account-requests.ts';
import { computeNavQuote, type NavQuote } from './nav-quote.ts';
import { findSkuAddresses } from './pdas.ts';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
import { tokenAccountAmount, withRealBalances } from './real-balances.ts';
import { SDK_ERROR__ACCOUNT_NOT_FOUND, SdkError } from './sdk-errors.ts';

/**
 * Options of {@link getNavQuote}.
 *
 * @example
 * const options: GetNavQuoteOptions = { now: BigInt(clock.unixTimestamp) };
 */
export interface GetNavQuoteOptions extends ReadAccountsOptions {
  /** Unix seconds to evaluate at; default the cluster's Clock, read in the first batch. */
  readonly now?: bigint;
  readonly programs?: Partial<ProgramAddresses>;
  /** Multiplier states from the tokenized-asset API by mint (freeze reasons and times). */
  readonly multiplierStates?: ReadonlyMap<Address, MultiplierState>;
}

/**
 * Reads everything a NAV quote needs for a SKU (two `getMultipleAccounts` calls: the vault, its
 * snapshot and the Clock sysvar, then the share and asset mints) and computes it at the
 * cluster's time unless `now` is given.
 *
 * @throws {SdkError} `SDK_ERROR__ACCOUNT_NOT_FOUND` when the vault or a mint does not exist;
 * `SDK_ERROR__ACCOUNT_DECODE_FAILED` when an account is not what it should be.
 * @example
 * const quote = await getNavQuote(rpc, 'MAG7');
 * const deposit = quoteDeposit(quote, rawAmount(25_000_000n));
 */
export async function getNavQuote(
  rpc: GetMultipleAccountsRpc,
  sku: string,
  options: GetNavQuoteOptions = {},
): Promise<NavQuote> {
  const programs = resolveProgramAddresses(options.programs);
  const addresses = await findSkuAddresses(sku, programs);
  const [vault, derivedSnapshot, clock] = await readAccounts(
    rpc,
    [
      vaultStateAccount(addresses.vaultState, programs),
      navSnapshotAccount(addresses.navSnapshot, programs),
      clockSysvarAccount(),
    ],
    options,
  );
  if (!vault.exists) {
    throw new SdkError(SDK_ERROR__ACCOUNT_NOT_FOUND, { address: addresses.vaultState });
  }
  const state = vault.data;
  const assetMints = state.assets.slice(0, state.assetCount).map((a) => a.mint);
  const mintRequests = [state.shareMint, ...assetMints].map((m) => tokenMintAccount(m));
  // The vault names its snapshot; when it is not the derived one, read the named one too.
  const namedRequest =
    state.navSnapshot === addresses.navSnapshot
      ? null
      : navSnapshotAccount(state.navSnapshot, programs);
  // The holdings too: the program prices real balances (a seizure lowers the book).
  const holdingAddresses = state.assets.slice(0, state.assetCount).map((a) => a.holding);
  const { accounts: fetched } = await fetchEncodedAccountsBatched(
    rpc,
    [
      ...[...mintRequests, ...(namedRequest ? [namedRequest] : [])].map((r) => r.address),
      ...holdingAddresses,
    ],
    options,
  );
  const accounts = fetched.slice(0, fetched.length - holdingAddresses.length);
  const balances = fetched
    .slice(fetched.length - holdingAddresses.length)
    .map((a) => (a?.exists ? tokenAccountAmount(a.data) : null));
  const mintInfos = mintRequests.map((request, i) => {
    const decoded = decodeWith(request, accounts[i] as MaybeEncodedAccount);
    if (!decoded.exists) {
      throw new SdkError(SDK_ERROR__ACCOUNT_NOT_FOUND, { address: request.address });
    }
    return decoded.data;
  });
  const named = namedRequest
    ? decodeWith(namedRequest, accounts[mintRequests.length] as MaybeEncodedAccount)
    : derivedSnapshot;
  const [shareMint, ...assetInfos] = mintInfos as [TokenMintInfo, ...TokenMintInfo[]];
  const mints = new Map<Address, TokenMintInfo>(assetMints.map((m, i) => [m, assetInfos[i]!]));
  return computeNavQuote({
    vaultAddress: addresses.vaultState,
    vault: withRealBalances(state, balances),
    snapshotAddress: state.navSnapshot,
    snapshot: named.exists ? named.data : null,
    shareMint,
    mints,
    now:
      options.now ??
      (clock.exists ? clock.data.unixTimestamp : BigInt(Math.floor(Date.now() / 1000))),
    programs,
    ...(options.multiplierStates ? { multiplierStates: options.multiplierStates } : {}),
  });
}
