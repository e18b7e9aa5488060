// One leg of a (vault, asset) at a time, whichever job trades it: a rebalance-exec job (queued
// per (vault, asset) key, the queue runs two jobs at once) and the withdrawal-router's cash
// raise both take this guard before planning a send. It holds a Postgres session advisory lock
// on the (SKU, mint) for the leg's duration (a replica that dies drops its connection, and the
// lock with it), and refuses while an earlier leg of that pair is still `sending` (its outcome
// unknown until the in-flight resolver reads the chain).
import type { KeeperContext } from './context.ts';

/** The advisory-lock class naming leg locks (the schema lock is 7_411_001). */
export const LEG_LOCK_CLASS = 7_411_002;

/**
 * A rebalance of this (SKU, mint) whose outcome is unknown (a `sending` action row, the key
 * every leg route records under): wait for the resolver.
 *
 * @example
 * if (await legInFlight(ctx, 'TECH6', mint)) return;
 */
async function legInFlight(ctx: KeeperContext, skuId: string, mint: string): Promise<boolean> {
  const { rowCount } = await ctx.pool.query(
    "select 1 from keeper.actions where action_key like $1 and status = 'sending'",
    [`rebalance:${skuId}:${mint}:%`],
  );
  return (rowCount ?? 0) > 0;
}

/** The guard's outcome: `run`'s value, or why it did not run. */
export type Guarded<T> = { ran: true; value: T } | { ran: false; reason: string };

/**
 * Runs `run` holding the (SKU, mint) leg lock, unless another leg of the pair is being traded
 * (lock held elsewhere) or in flight. Never waits: the caller skips the leg and decides again
 * later from fresh state.
 *
 * @example
 * const out = await withLegGuard(ctx, 'TECH6', mint, () => executeLeg(ctx, plan));
 * if (!out.ran) return { job, summary: `skipped: ${out.reason}` };
 */
export async function withLegGuard<T>(
  ctx: KeeperContext,
  skuId: string,
  mint: string,
  run: () => Promise<T>,
): Promise<Guarded<T>> {
  const key = `${skuId}:${mint}`;
  const client = await ctx.pool.connect();
  let releaseError: Error | undefined;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1, hashtext($2)) as locked',
      [LEG_LOCK_CLASS, key],
    );
    if (!rows[0]?.locked) return { ran: false, reason: `a leg of ${key} is being traded` };
    try {
      if (await legInFlight(ctx, skuId, mint)) {
        return { ran: false, reason: `a leg of ${key} is in flight` };
      }
      return { ran: true, value: await run() };
    } finally {
      await client
        .query('select pg_advisory_unlock($1, hashtext($2))', [LEG_LOCK_CLASS, key])
        .catch((error: Error) => {
          // A connection that may still hold the lock is closed, never pooled again.
          releaseError = error;
        });
    }
  } finally {
    client.release(releaseError);
  }
}
