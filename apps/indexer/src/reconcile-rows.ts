// What the indexer's rows say of one vault at one point of its history (its event sequence):
// which of its events are indexed, its open withdrawal requests and the shares they escrow,
// its open redemption claims, and its books: the effective share supply, the cash book and
// each asset's book, followed from the events (each supply- or cash-moving event carries the
// value after it, each book-moving one the book after or the delta; decision 0910). Pure
// functions over the vault's events, so the comparison with the chain is exact at the
// sequence the chain was read at, whatever the slot.
import type { VaultEvent } from './analytics.ts';

/** Asset slots of a vault (the program's `MAX_ASSETS`). */
export const BOOK_SLOTS = 20;
/** `pay_slot` / `receive_slot` naming the cash buffer. */
const CASH_SLOT = 255n;

export type RowsView = Readonly<{
  /** Event sequences 1..at with no indexed event. */
  missing: bigint[];
  openRequests: bigint;
  escrowedShares: bigint;
  openClaims: bigint;
  /** Effective share supply: minted + management-fee shares owed + escrowed. */
  supply: bigint;
  /** Cash book, raw stablecoin units. */
  cash: bigint;
  /** Book of each asset slot, raw units. */
  books: bigint[];
}>;

const big = (v: unknown): bigint => BigInt(String(v ?? '0'));
const sum = (v: unknown): bigint => (Array.isArray(v) ? v.reduce((t, x) => t + big(x), 0n) : 0n);
const key = (e: VaultEvent) => `${e.payload.owner}:${e.payload.nonce}`;
const list = (v: unknown): bigint[] => (Array.isArray(v) ? v.map(big) : []);

type Books = { supply: bigint; cash: bigint; books: bigint[] };

/** Moves `b` by one event: afters where the event carries them, deltas otherwise. */
function follow(b: Books, e: VaultEvent): void {
  const p = e.payload;
  if (p.supplyAfter !== undefined) b.supply = big(p.supplyAfter);
  // A deposit carries the supply before (accrual included) and moves the cash by its amount
  // (its compute budget leaves room for one field, the accrual: decision 0910).
  if (e.name === 'deposit') {
    b.supply = big(p.supplyBefore) + big(p.shares);
    b.cash += big(p.rawAmount);
  }
  if (e.name === 'mgmtFeeCollected') b.supply = big(p.supply);
  if (p.cashAfter !== undefined) b.cash = big(p.cashAfter);
  if (e.name === 'withdrawStable' || e.name === 'withdrawalFulfilled') b.cash = big(p.cashLeft);
  if (e.name === 'navRefreshed') b.cash = big(p.cashRaw);
  // The books an in-kind withdrawal paid and a redemption set aside for its claim.
  const taken =
    e.name === 'withdrawInKind' ? p.amounts : e.name === 'redemptionBegun' ? p.owed : [];
  list(taken).forEach((amount, i) => {
    if (i < BOOK_SLOTS) b.books[i] = (b.books[i] ?? 0n) - amount;
  });
  const setBook = (slot: bigint, after: unknown) => {
    if (slot === CASH_SLOT) b.cash = big(after);
    else if (slot < BigInt(BOOK_SLOTS)) b.books[Number(slot)] = big(after);
  };
  if (e.name === 'rebalanceLeg') setBook(big(p.paySlot), p.payBookAfter);
  if (e.name === 'rebalanceSettled') setBook(big(p.receiveSlot), p.bookAfter);
  if (e.name === 'holdingBelowBook') setBook(big(p.assetIndex), p.bookAfter);
}

/**
 * The rows' view of a vault as of event sequence `at`, from its events (any order).
 *
 * @example
 * const view = rowsAt(await vaultEvents(pool, 'TECH6'), 42n);
 */
export function rowsAt(events: readonly VaultEvent[], at: bigint): RowsView {
  const upTo = events
    .filter((e) => big(e.payload.eventSequence) <= at)
    .sort((a, b) => Number(big(a.payload.eventSequence) - big(b.payload.eventSequence)));
  const seen = new Set(upTo.map((e) => big(e.payload.eventSequence)));
  const missing: bigint[] = [];
  for (let s = 1n; s <= at; s += 1n) if (!seen.has(s)) missing.push(s);
  const requests = new Map<string, bigint>();
  const claims = new Map<string, bigint>();
  const books: Books = { supply: 0n, cash: 0n, books: Array(BOOK_SLOTS).fill(0n) };
  for (const e of upTo) {
    if (e.name === 'withdrawalRequested') requests.set(key(e), big(e.payload.shares));
    if (e.name === 'withdrawalFulfilled' || e.name === 'withdrawalCancelled')
      requests.delete(key(e));
    // A claim is open while anything it owes (cash or an asset) is unpaid.
    if (e.name === 'redemptionBegun')
      claims.set(key(e), big(e.payload.cashOwed) + sum(e.payload.owed));
    if (e.name === 'redemptionPaid') {
      const left = (claims.get(key(e)) ?? 0n) - big(e.payload.cashPaid) - sum(e.payload.paid);
      if (left > 0n) claims.set(key(e), left);
      else claims.delete(key(e));
    }
    follow(books, e);
  }
  return {
    missing,
    openRequests: BigInt(requests.size),
    escrowedShares: [...requests.values()].reduce((t, s) => t + s, 0n),
    openClaims: BigInt(claims.size),
    ...books,
  };
}
