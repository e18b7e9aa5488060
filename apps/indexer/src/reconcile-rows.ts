// What the indexer's rows say of one vault at one point of its history (its event sequence):
// which of its events are indexed, its open withdrawal requests and the shares they escrow,
// and its open redemption claims. Pure functions over the vault's events, so the comparison
// with the chain is exact at the sequence the chain was read at, whatever the slot.
import type { VaultEvent } from './analytics.ts';

export type RowsView = Readonly<{
  /** Event sequences 1..at with no indexed event. */
  missing: bigint[];
  openRequests: bigint;
  escrowedShares: bigint;
  openClaims: bigint;
}>;

const big = (v: unknown): bigint => BigInt(String(v ?? '0'));
const sum = (v: unknown): bigint => (Array.isArray(v) ? v.reduce((t, x) => t + big(x), 0n) : 0n);
const key = (e: VaultEvent) => `${e.payload.owner}:${e.payload.nonce}`;

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
  }
  return {
    missing,
    openRequests: BigInt(requests.size),
    escrowedShares: [...requests.values()].reduce((t, s) => t + s, 0n),
    openClaims: BigInt(claims.size),
  };
}
