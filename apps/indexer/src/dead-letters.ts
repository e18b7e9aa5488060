// Dead letters: what an acknowledged delivery could not turn into rows, with the reason. An
// item is set aside alone (its savepoint rolled back) so the others of its delivery are
// indexed; a delivery whose job ran out of attempts is set aside whole.
import type pg from 'pg';
import type { TransactionItem } from './webhook-body.ts';

export type DeadLetter = Readonly<{
  deliveryId: bigint;
  /** Position of the item in its delivery; null for the whole delivery. */
  itemIndex: number | null;
  signature: string | null;
  reason: string;
  item: TransactionItem | null;
}>;

/** The text kept for an error: its message, bounded (a reason is read by people). */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 500 ? `${text.slice(0, 500)}...` : text;
}

/**
 * Records one dead letter (a second record of the same item keeps the first).
 *
 * @example
 * await recordDeadLetter(client, { deliveryId: 7n, itemIndex: 2, signature, reason, item });
 */
export async function recordDeadLetter(
  db: pg.Pool | pg.PoolClient,
  letter: DeadLetter,
): Promise<void> {
  await db.query(
    `insert into dead_letters (delivery_id, item_index, signature, reason, item)
     values ($1, $2, $3, $4, $5) on conflict do nothing`,
    [
      letter.deliveryId.toString(),
      letter.itemIndex,
      letter.signature,
      letter.reason,
      // json (not jsonb) keeps the item as received, whatever escapes it holds.
      letter.item === null ? null : JSON.stringify(letter.item),
    ],
  );
}
