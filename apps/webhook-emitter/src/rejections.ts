// What the emitter does with a batch the receiver refuses for good. A receiver's 400 (its
// schema names a malformed item), 413 (body too large) or 422 says retrying the same body can
// never succeed, and the cursor cannot pass a batch that is never acknowledged, so one bad item
// would hold every later transaction of its program forever. The batch is halved until the
// refused items are alone; each refused item is set aside in a file with the receiver's answer
// (a dead letter a person can read and replay), counted and logged, and the cursor moves on.
// Any other failure (5xx, 408, 429, 401/403, a network error) is the receiver's state, not the
// item's, and is retried from the same cursor.
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Receiver answers that refuse the body itself: retrying the same body cannot succeed. */
export const PERMANENT_STATUSES: ReadonlySet<number> = new Set([400, 413, 422]);

/** A POST the receiver refused for good, with the start of its answer. */
export class PermanentRejection extends Error {
  constructor(
    readonly status: number,
    readonly answer: string,
  ) {
    super(`receiver refused the batch for good: ${status} ${answer}`);
    this.name = 'PermanentRejection';
  }
}

/** An item the receiver refused alone, as written to the rejections file. */
export type RejectedItem = {
  webhook: string;
  program: string;
  signature: string;
  status: number;
  answer: string;
};

/**
 * Posts `items`; where the receiver refuses a batch for good, posts its halves, down to single
 * items, and returns the items refused alone (everything else was acknowledged).
 * @example
 *   const refused = await postIsolating(items, (batch) => post(webhook, batch));
 */
export async function postIsolating<T>(
  items: readonly T[],
  post: (batch: readonly T[]) => Promise<void>,
): Promise<{ item: T; rejection: PermanentRejection }[]> {
  try {
    await post(items);
    return [];
  } catch (error) {
    if (!(error instanceof PermanentRejection)) throw error;
    if (items.length === 1) return [{ item: items[0] as T, rejection: error }];
    const half = Math.ceil(items.length / 2);
    const first = await postIsolating(items.slice(0, half), post);
    const second = await postIsolating(items.slice(half), post);
    return [...first, ...second];
  }
}

/** Appends refused items to `<stateDir>/<webhook>.rejected.jsonl` (one JSON object per line). */
export function rejectionsFile(stateDir: string, webhook: string) {
  mkdirSync(stateDir, { recursive: true });
  const file = join(stateDir, `${webhook}.rejected.jsonl`);
  return {
    file,
    append(rows: RejectedItem[]) {
      if (rows.length === 0) return;
      appendFileSync(file, rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
    },
  };
}
