// What this browser confirmed for a wallet (label, vault, signature, when), so the portfolio's
// History can name a transaction the indexer has not listed yet: the chain says it happened
// (the wallet's recent signatures), this says what it was. Bounded, per wallet, in
// localStorage; nothing here is trusted for amounts.

export type Activity = Readonly<{
  signature: string;
  label: string;
  skuId: string | null;
  /** Milliseconds since the epoch, this machine's clock (display order only). */
  at: number;
}>;

/** How many entries a wallet keeps: the newest. */
export const ACTIVITY_LIMIT = 20;

const keyOf = (wallet: string) => `basket-activity:${wallet}`;

/**
 * The wallet's recorded activity, newest first (empty when storage is unreadable).
 *
 * @example
 * readActivity(localStorage, address).map((a) => a.label);
 */
export function readActivity(storage: Storage, wallet: string): Activity[] {
  try {
    const parsed = JSON.parse(storage.getItem(keyOf(wallet)) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as Activity[]) : [];
  } catch {
    return [];
  }
}

/**
 * Records a confirmed transaction of `wallet` (a signature recorded twice is kept once).
 *
 * @example
 * recordActivity(localStorage, address, { signature, label: 'Deposit', skuId: 'TECH6', at: Date.now() });
 */
export function recordActivity(storage: Storage, wallet: string, entry: Activity): void {
  const rest = readActivity(storage, wallet).filter((a) => a.signature !== entry.signature);
  try {
    storage.setItem(keyOf(wallet), JSON.stringify([entry, ...rest].slice(0, ACTIVITY_LIMIT)));
  } catch {
    // A full or disabled storage only loses the label; the chain still lists the signature.
  }
}
