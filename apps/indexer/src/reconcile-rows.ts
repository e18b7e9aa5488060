// What the indexer's rows say of one vault at one point of its history (its event sequence):
// which of its events are indexed, its open withdrawal requests and the shares they escrow,
// its open redemption claims, and its books: the effective share supply, the cash book and
// each asset's book, followed from the events (each supply- or cash-moving event carries the
// value after it, each book-moving one the book after or the delta; decision 0910). Pure
// functions over the vault's events, so the comparison with the chain is exact at the
// sequence the chain was read at, whatever the slot. An event of a release before the books
// (decision 0980: its fields are that release's only) leaves the books it moves unknown (null,
// not compared) until a later event sets them again.
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
  /** Effective share supply: minted + management-fee shares owed + escrowed; null: unknown. */
  supply: bigint | null;
  /** Cash book, raw stablecoin units; null: unknown. */
  cash: bigint | null;
  /** Book of each asset slot, raw units; null: unknown. */
  books: (bigint | null)[];
}>;

const big = (v: unknown): bigint => BigInt(String(v ?? '0'));
const sum = (v: unknown): bigint => (Array.isArray(v) ? v.reduce((t, x) => t + big(x), 0n) : 0n);
const key = (e: VaultEvent) => `${e.payload.owner}:${e.payload.nonce}`;
const list = (v: unknown): bigint[] => (Array.isArray(v) ? v.map(big) : []);

type Books = { supply: bigint | null; cash: bigint | null; books: (bigint | null)[] };

/**
 * The first version of each event moving the supply or a book that carries what it moved
 * (decision 0910). An earlier one (an earlier deployment's, decision 0980) has the same fields
 * less those: a deposit's and a fee collection's v1 already carried their books (the accrual
 * was added only), a stable payout's its cash left, in-kind amounts their deltas.
 */
const BOOKS_SINCE: Readonly<Record<string, number>> = {
  withdrawInKind: 2,
  withdrawStable: 2,
  perfFeeCrystallized: 2,
  redemptionBegun: 2,
  withdrawalRequested: 2,
  withdrawalFulfilled: 2,
  rebalanceLeg: 3,
  rebalanceSettled: 2,
};

/** After an event of a release before the books: what it moved and did not say is unknown. */
function forget(b: Books, e: VaultEvent): void {
  const p = e.payload;
  if (e.name === 'rebalanceLeg' || e.name === 'rebalanceSettled') {
    const slot = big(e.name === 'rebalanceLeg' ? p.paySlot : p.receiveSlot);
    if (slot === CASH_SLOT) b.cash = null;
    else if (slot < BigInt(BOOK_SLOTS)) b.books[Number(slot)] = null;
    return;
  }
  b.supply = null;
  // Their cash moved by what the claim or the owner took, which v1 does not say.
  if (e.name === 'withdrawInKind' || e.name === 'redemptionBegun') b.cash = null;
}

/** Moves `b` by one event: afters where the event carries them, deltas otherwise. */
function follow(b: Books, e: VaultEvent): void {
  const p = e.payload;
  if (p.supplyAfter !== undefined) b.supply = big(p.supplyAfter);
  // A deposit carries the supply before (accrual included) and moves the cash by its amount
  // (its compute budget leaves room for one field, the accrual: decision 0910).
  if (e.name === 'deposit') {
    b.supply = big(p.supplyBefore) + big(p.shares);
    if (b.cash !== null) b.cash += big(p.rawAmount);
  }
  if (e.name === 'mgmtFeeCollected') b.supply = big(p.supply);
  if (p.cashAfter !== undefined) b.cash = big(p.cashAfter);
  if (e.name === 'withdrawStable' || e.name === 'withdrawalFulfilled') b.cash = big(p.cashLeft);
  if (e.name === 'navRefreshed') b.cash = big(p.cashRaw);
  // The books an in-kind withdrawal paid and a redemption set aside for its claim.
  const taken =
    e.name === 'withdrawInKind' ? p.amounts : e.name === 'redemptionBegun' ? p.owed : [];
  list(taken).forEach((amount, i) => {
    const book = b.books[i];
    if (i < BOOK_SLOTS && book !== null) b.books[i] = (book ?? 0n) - amount;
  });
  const setBook = (slot: bigint, after: unknown) => {
    if (slot === CASH_SLOT) b.cash = big(after);
    else if (slot < BigInt(BOOK_SLOTS)) b.books[Number(slot)] = big(after);
  };
  if (e.name === 'rebalanceLeg') setBook(big(p.paySlot), p.payBookAfter);
  if (e.name === 'rebalanceSettled') setBook(big(p.receiveSlot), p.bookAfter);
  if (e.name === 'holdingBelowBook') setBook(big(p.assetIndex), p.bookAfter);
  const since = BOOKS_SINCE[e.name];
  if (since !== undefined && e.version !== undefined && e.version < since) forget(b, e);
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
  const books: Books = { supply: 0n, cash: 0n, books: Array<bigint | null>(BOOK_SLOTS).fill(0n) };
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
