/**
 * The vault's books as the program will see them: each asset's book reconciled down to its
 * holding's real token balance (the issuer's permanent delegate can burn or move tokens out
 * of a holding). Mirrors `programs/vault/src/holdings.rs`: while `balance >= book + claims
 * owed` nothing changes (a surplus is a donation and is ignored); below that the book takes
 * its pro-rata part `ceil(book x balance / (book + owed))`, at most the balance (rounded for
 * the holders who stay, decision 0996). Quotes price these books, so a seizure the program has
 * not reconciled yet is already in the quote.
 */

import type { VaultState } from '@basket/vault-client';

/**
 * The book the program will price after reconciling with a holding balance of `balance`.
 *
 * @example
 * reconciledBook(1_000n, 0n, 400n); // 400n: half the holding was burned
 */
export function reconciledBook(book: bigint, owed: bigint, balance: bigint): bigint {
  if (balance >= book + owed) return book;
  if (owed === 0n) return balance < book ? balance : book;
  const total = book + owed;
  const share = (book * balance + total - 1n) / total;
  return share < balance ? share : balance;
}

/**
 * `state` with every asset's book reconciled with its holding's balance (`balances[i]`, raw,
 * in the vault's asset order; `null` = holding not read, book kept).
 *
 * @example
 * const real = withRealBalances(state, holdings.map((h) => h.amount));
 */
export function withRealBalances(
  state: VaultState,
  balances: readonly (bigint | null)[],
): VaultState {
  return {
    ...state,
    assets: state.assets.map((a, i) => {
      const balance = balances[i];
      if (i >= state.assetCount || balance === null || balance === undefined) return a;
      // The holding backs the claims' owed less what a shared seizure left unbacked.
      const backed = a.claimsOwedRaw - (state.claimsUnbackedRaw[i] ?? 0n);
      return { ...a, holdingsRaw: reconciledBook(a.holdingsRaw, backed, balance) };
    }),
  };
}

/**
 * The raw amount of an SPL Token or Token-2022 account's data (bytes 64..72), or `null`.
 *
 * @example
 * const amount = tokenAccountAmount(account.data);
 */
export function tokenAccountAmount(data: Uint8Array | null | undefined): bigint | null {
  if (!data || data.length < 72) return null;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(64, true);
}
