/**
 * What the invariants read from the chain after every step: the vault's books, the real
 * token balances, the share supply, every open request and claim, and each actor's wealth
 * valued independently of the program (the reference pricing of the vault fixture, redone
 * here over one decoded state so a step costs one decode, not one per helper).
 */

import {
  getRedemptionClaimDecoder,
  getWithdrawalRequestDecoder,
  type RedemptionClaim,
  type VaultState,
  type WithdrawalRequest,
} from '@basket/vault-client';
import type { Address } from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import {
  assetValueDown,
  MULTIPLIER_SCALE,
  multiplierNum,
  VIRTUAL_ASSETS_USD,
  VIRTUAL_SHARES,
} from '../../programs/vault/tests/fixture.ts';
import { addressBytes } from './fast-send.ts';
import { readVaultState } from './vault-reader.ts';
import type { World } from './world.ts';

/** An open withdrawal request or redemption claim the model knows of. */
export interface OpenEntry {
  actor: number;
  nonce: bigint;
  address: Address;
}

export interface Observation {
  vault: VaultState;
  /** Real balances of the holdings (per asset) and of the cash holding. */
  holdingBalances: bigint[];
  cashBalance: bigint;
  shareSupply: bigint;
  /** minted + owed fee shares + escrowed shares: what prices everyone. */
  pricedSupply: bigint;
  /** NAV at the real balances and the last accepted prices, rounded down (1e-6 USD). */
  navDown: bigint;
  requests: (WithdrawalRequest | null)[];
  claims: (RedemptionClaim | null)[];
  /**
   * Wealth of each actor, then the treasury, the trade authority, the venue's reserves, the
   * RFQ provider and the virtual shares' claim (1e-6 USD, rounded down).
   */
  wealth: bigint[];
  /** Share balances of each actor, then the treasury. */
  shareBalances: bigint[];
  /** Raw data of every account a refused step must leave alone (see {@link watchedAddresses}). */
  raw: (Uint8Array | null)[];
}

interface RawSvm {
  inner?: { getAccount(address: Uint8Array): { data(): Uint8Array } | null };
}

// Codama decoders are built once: building one costs more than a decode.
const requestDecoder = getWithdrawalRequestDecoder();
const claimDecoder = getRedemptionClaimDecoder();

/**
 * An account's data, or null. Reads through LiteSVM's native handle with the address bytes
 * cached: its public `getAccount` re-encodes both addresses in base58 on every call, which
 * was most of a step's time (measured: 0.5 ms a read, about 30 reads a step).
 */
export function rawData(svm: LiteSVM, address: Address): Uint8Array | null {
  const inner = (svm as unknown as RawSvm).inner;
  if (!inner) {
    const acc = svm.getAccount(address);
    return acc.exists ? Uint8Array.from(acc.data) : null;
  }
  const acc = inner.getAccount(addressBytes(address));
  if (!acc) return null;
  const data = acc.data();
  return data.length === 0 ? null : data;
}

function u64At(data: Uint8Array | null, offset: number): bigint {
  if (!data) return 0n;
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
}

/** Token account amount (both token programs keep it at offset 64). */
export function balanceOf(w: World, account: Address): bigint {
  return u64At(rawData(w.svm, account), 64);
}

let cachedVault: { data: Uint8Array; state: VaultState } | null = null;

/** The vault state, decoded once per distinct content (the decoder costs milliseconds). */
export function vaultState(w: World, read?: Uint8Array | null): VaultState {
  const data = read === undefined ? rawData(w.svm, w.b.vault) : read;
  if (!data) throw new Error('the vault account does not exist');
  if (cachedVault && Buffer.from(cachedVault.data).equals(Buffer.from(data)))
    return cachedVault.state;
  const state = readVaultState(data);
  cachedVault = { data: Uint8Array.from(data), state };
  return state;
}

/** Value of `raw` units of asset `i` at the last accepted push, rounded down. */
export function assetValue(w: World, i: number, raw: bigint): bigint {
  const a = w.b.assets[i];
  if (!a || raw === 0n) return 0n;
  return assetValueDown(raw, multiplierNum(a.multiplier), a.priceUsd1e8, a.mint.decimals);
}

/**
 * What one party's valuation may move by from flooring alone: 10 micro-USD, plus per stock
 * two scaled units' worth (the multiplier's floor and the price's), which at 6 decimals and
 * $90 is about 190 micro-USD.
 */
export function wealthTolerance(w: World): bigint {
  return w.b.assets.reduce((t, a) => {
    const unit =
      (a.priceUsd1e8 + 10n ** BigInt(a.mint.decimals + 2) - 1n) /
      10n ** BigInt(a.mint.decimals + 2);
    return t + 2n * unit;
  }, 10n);
}

/** Value of `shares` at the reference price per share, rounded down. */
export function shareValue(
  o: Pick<Observation, 'navDown' | 'pricedSupply'>,
  shares: bigint,
): bigint {
  return (shares * (o.navDown + VIRTUAL_ASSETS_USD)) / (o.pricedSupply + VIRTUAL_SHARES);
}

/**
 * NAV rounded down at the real balances (a balance below book + owed scales the book down,
 * as the vault reconciles a seizure; a surplus is ignored), as the fixture's `navAtBalances`.
 */
function navDownAt(w: World, v: VaultState, balances: bigint[]): bigint {
  const groups = new Map<number, bigint>();
  w.b.assets.forEach((a, i) => {
    const entry = v.assets[i];
    if (!entry) return;
    const book = entry.holdingsRaw;
    // What the holding backs for the claims: owed less what a shared seizure left unbacked.
    const owed = entry.claimsOwedRaw - (v.claimsUnbackedRaw[i] ?? 0n);
    const balance = balances[i] ?? 0n;
    const raw =
      balance >= book + owed ? book : owed === 0n ? balance : (book * balance) / (book + owed);
    if (raw === 0n) return;
    const unit = (a.priceUsd1e8 * multiplierNum(a.multiplier)) / MULTIPLIER_SCALE;
    groups.set(a.mint.decimals, (groups.get(a.mint.decimals) ?? 0n) + raw * unit);
  });
  let nav = v.cashRaw;
  for (const [decimals, sum] of groups) nav += sum / 10n ** BigInt(decimals + 2);
  return nav;
}

/** Every account a refused instruction must leave as it was. */
export function watchedAddresses(w: World, requests: OpenEntry[], claims: OpenEntry[]): Address[] {
  return [
    w.b.vault,
    w.b.cashHolding,
    w.b.shareMint,
    w.b.snapshot,
    w.oracle.config,
    w.oracle.reference,
    ...w.b.holdings,
    w.treasury.usdc,
    w.treasury.shares,
    ...w.actors.flatMap((a) => [a.usdcAccount, a.shareAccount, ...a.assetAccounts]),
    ...w.counterparty.assets,
    w.counterparty.usdc,
    w.venue.accounts.pool,
    w.venue.accounts.stockVault,
    w.venue.accounts.usdVault,
    w.provider.asset0,
    w.provider.usdc,
    // The hook's writable accounts (its record): a refused transfer leaves it as it was.
    ...w.hook.accounts.filter((a) => (a.role & 1) !== 0).map((a) => a.address),
    ...requests.map((r) => r.address),
    ...claims.map((c) => c.address),
  ];
}

export function observe(w: World, requests: OpenEntry[], claims: OpenEntry[]): Observation {
  const addresses = watchedAddresses(w, requests, claims);
  const raw = addresses.map((a) => rawData(w.svm, a));
  const data = new Map<Address, Uint8Array | null>(addresses.map((a, i) => [a, raw[i] ?? null]));
  const bal = (a: Address) => u64At(data.get(a) ?? null, 64);
  const vault = vaultState(w, data.get(w.b.vault) ?? null);
  const holdingBalances = w.b.holdings.map(bal);
  const cashBalance = bal(w.b.cashHolding);
  const shareSupply = u64At(data.get(w.b.shareMint) ?? null, 36);
  const pricedSupply = shareSupply + vault.feeSharesOwed + vault.escrowedShares;
  const navDown = navDownAt(w, vault, holdingBalances);
  const decode = <T>(a: Address, f: (d: Uint8Array) => T) => {
    const d = data.get(a);
    return d ? f(d) : null;
  };
  const reqs = requests.map((r) => decode(r.address, (d) => requestDecoder.decode(d)));
  const cls = claims.map((c) => decode(c.address, (d) => claimDecoder.decode(d)));
  const partial = { navDown, pricedSupply };
  const shareBalances: bigint[] = [];
  const wealth = w.actors.map((a, k) => {
    const shares = bal(a.shareAccount);
    shareBalances.push(shares);
    let v = bal(a.usdcAccount);
    // Raw units per stock, the wallet's and the claims' together, valued once: a claim paid
    // in kind moves raw units from one to the other, and valuing each part apart would floor
    // twice (one scaled unit of a 6-decimal stock is worth about a hundred micro-USD).
    const raw = a.assetAccounts.map((acc) => bal(acc));
    let escrowed = 0n;
    requests.forEach((r, j) => {
      if (r.actor === k) escrowed += reqs[j]?.shares ?? 0n;
    });
    v += shareValue(partial, shares + escrowed);
    claims.forEach((c, j) => {
      const claim = cls[j];
      if (c.actor !== k || !claim) return;
      v += claim.cashOwed;
      claim.owed.forEach((owed, i) => {
        if (i < raw.length) raw[i] = (raw[i] ?? 0n) + owed;
      });
    });
    raw.forEach((r, i) => {
      v += assetValue(w, i, r);
    });
    return v;
  });
  const treasuryShares = bal(w.treasury.shares);
  shareBalances.push(treasuryShares);
  wealth.push(
    bal(w.treasury.usdc) +
      vault.withdrawFeesOwed +
      shareValue(partial, treasuryShares + vault.feeSharesOwed),
  );
  // The trade authority's wallet: a generous fill moves value from it to the vault's holders.
  const cp = w.counterparty;
  wealth.push(bal(cp.usdc) + cp.assets.reduce((s, acc, i) => s + assetValue(w, i, bal(acc)), 0n));
  // The venue's reserves and the RFQ provider's wallet (asset 0 and the stablecoin): a route
  // that pays the vault badly moves value to them, one that pays it well moves it from them.
  const v = w.venue.accounts;
  wealth.push(bal(v.usdVault) + assetValue(w, 0, bal(v.stockVault)));
  wealth.push(bal(w.provider.usdc) + assetValue(w, 0, bal(w.provider.asset0)));
  // The virtual shares' claim (the first-depositor defence): minting shares (a fee, a deposit)
  // shrinks it in the real holders' favour, which is no one's money but the price's, so it
  // is a party of the sum, never an actor.
  wealth.push((VIRTUAL_SHARES * (navDown + VIRTUAL_ASSETS_USD)) / (pricedSupply + VIRTUAL_SHARES));
  return {
    vault,
    holdingBalances,
    cashBalance,
    shareSupply,
    pricedSupply,
    navDown,
    requests: reqs,
    claims: cls,
    wealth,
    shareBalances,
    raw,
  };
}

/** Whether every watched account still holds the bytes observed in `o`. */
export function unchangedSince(
  w: World,
  o: Observation,
  requests: OpenEntry[],
  claims: OpenEntry[],
): boolean {
  const now = watchedAddresses(w, requests, claims).map((a) => rawData(w.svm, a));
  return (
    now.length === o.raw.length &&
    now.every((d, i) => {
      const was = o.raw[i];
      if (!d || !was) return d === was;
      return Buffer.from(d).equals(Buffer.from(was));
    })
  );
}
