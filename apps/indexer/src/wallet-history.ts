// A wallet's history (`/api/wallets/:address`): five lists, each at most `limit` rows, the
// newest page first (each page oldest first, as the dapp lists it), with a cursor per list
// to the page before. A wallet with years of activity is read a page at a time, never whole.
import type pg from 'pg';

/** Where each list's rows live and what orders them (slot, then the event's identity). */
export const WALLET_LISTS = {
  deposits: {
    view: 'vault_deposits',
    owner: 'depositor',
    at: ['slot', 'signature', 'event_index'],
  },
  withdrawals: {
    view: 'vault_withdrawals',
    owner: 'owner',
    at: ['slot', 'signature', 'event_index'],
  },
  withdrawalRequests: {
    view: 'withdrawal_requests',
    owner: 'owner',
    at: ['request_slot', 'request_signature', 'request_event_index'],
  },
  stakes: { view: 'stakes', owner: 'owner', at: ['slot', 'signature', 'event_index'] },
  claims: { view: 'reward_claims', owner: 'claimant', at: ['slot', 'signature', 'event_index'] },
} as const;

export type WalletList = keyof typeof WALLET_LISTS;
export const WALLET_LIST_NAMES = Object.keys(WALLET_LISTS) as WalletList[];

/** Rows per list when `limit` is not given, and the most a page may ask for. */
export const WALLET_PAGE = Object.freeze({ fallback: 100, max: 1_000 });

/** A position in a list: `<slot>.<signature>.<event index>` of its oldest row shown. */
export type Cursor = Readonly<{ slot: bigint; signature: string; eventIndex: number }>;

/**
 * `before` as given, or null when it is not a cursor.
 *
 * @example
 * parseCursor('123.5abc...xyz.0'); // { slot: 123n, signature: '5abc...xyz', eventIndex: 0 }
 */
export function parseCursor(text: string): Cursor | null {
  const m = /^(\d{1,19})\.([1-9A-HJ-NP-Za-km-z]{64,88})\.(\d{1,5})$/.exec(text);
  if (!m) return null;
  return { slot: BigInt(m[1] as string), signature: m[2] as string, eventIndex: Number(m[3]) };
}

const cursorOf = (row: Record<string, unknown>, at: readonly string[]) =>
  `${row[at[0] as string]}.${row[at[1] as string]}.${row[at[2] as string]}`;

/**
 * One page of one list: the newest `limit` rows before `before` (all when null), oldest
 * first, and the cursor of the page before it (null: this page reaches the first row).
 *
 * @example
 * const { rows, before } = await walletPage(pool, 'deposits', address, 100, null);
 */
export async function walletPage(
  pool: pg.Pool,
  list: WalletList,
  address: string,
  limit: number,
  before: Cursor | null,
): Promise<{ rows: Record<string, unknown>[]; before: string | null }> {
  const { view, owner, at } = WALLET_LISTS[list];
  const order = at.map((c) => `${c} desc`).join(', ');
  const params: unknown[] = [address, limit + 1];
  let where = `${owner} = $1`;
  if (before) {
    where += ` and (${at.join(', ')}) < ($3::bigint, $4::text, $5::int)`;
    params.push(before.slot.toString(), before.signature, before.eventIndex);
  }
  const { rows } = await pool.query(
    `select * from ${view} where ${where} order by ${order} limit $2`,
    params,
  );
  const more = rows.length > limit;
  const page = rows.slice(0, limit).reverse();
  return { rows: page, before: more && page[0] ? cursorOf(page[0], at) : null };
}
