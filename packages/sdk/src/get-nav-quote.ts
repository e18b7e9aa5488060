/**
 * `getNavQuote`: reads a vault, its NAV snapshot, its share mint and its asset mints in two
 * batched calls and computes the {@link NavQuote}.
 */

import type { MultiplierState } from '@basket/routing';
import type { Address } from '@solana/kit';
import {
  type GetMultipleAccountsRpc,
  type ReadAccountsOptions,
  readAccounts,
} from './account-reader.ts';
import {
  clockSysvarAccount,
  navSnapshotAccount,
  tokenMintAccount,
  vaultStateAccount,
} from './account-requests.ts';
import { computeNavQuote, type NavQuote } from './nav-quote.ts';
import { findSkuAddresses } from './pdas.ts';
import { type ProgramAddresses, resolveProgramAddresses } from './program-addresses.ts';
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
  // The vault names its snapshot; when it is not the derived one, read the named one too.
  const otherSnapshot = state.navSnapshot !== addresses.navSnapshot;
  const [shareMint, ...rest] = await readAccounts(
    rpc,
    [
      tokenMintAccount(state.shareMint),
      ...assetMints.map((m) => tokenMintAccount(m)),
      ...(otherSnapshot ? [navSnapshotAccount(state.navSnapshot, programs)] : []),
    ],
    options,
  );
  const mintResults = rest.slice(0, assetMints.length);
  const named = otherSnapshot ? rest[assetMints.length] : derivedSnapshot;
  if (!shareMint?.exists) {
    throw new SdkError(SDK_ERROR__ACCOUNT_NOT_FOUND, { address: state.shareMint });
  }
  const mints = new Map();
  for (const m of mintResults) {
    if (!m?.exists) {
      throw new SdkError(SDK_ERROR__ACCOUNT_NOT_FOUND, { address: m?.address ?? '(unknown)' });
    }
    mints.set(m.address, m.data);
  }
  return computeNavQuote({
    vaultAddress: addresses.vaultState,
    vault: state,
    snapshotAddress: state.navSnapshot,
    snapshot: named?.exists ? (named.data as never) : null,
    shareMint: shareMint.data as never,
    mints,
    now:
      options.now ??
      (clock.exists ? clock.data.unixTimestamp : BigInt(Math.floor(Date.now() / 1000))),
    vaultProgram: programs.vault,
    ...(options.multiplierStates ? { multiplierStates: options.multiplierStates } : {}),
  });
}
