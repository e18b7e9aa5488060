// A keeper replica killed at a chosen point of a fenced send, as `kill -9` would leave it: its
// pool's statement at that point never returns (the process is gone before it runs), its lease
// is not released, and its database sessions end (the leg lock its guard held goes with them).
// And the in-flight resolver a served keeper runs, for a survivor driven by hand.
import { LEG_LOCK_CLASS } from '../../src/jobs/leg-guard.ts';
import type { Keeper } from '../../src/keeper.ts';
import { resolveInFlight } from '../../src/service/actions.ts';

/**
 * `after-claim`: the action row is `sending` with no signature, nothing sent (the signed
 * transaction never leaves). `after-signature`: the transaction is sent and confirmed, its
 * signature recorded, the row still `sending` (finishAction never ran).
 */
export type KillPoint = 'after-claim' | 'after-signature';

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * Arms `keeper` to stop at `point` of the first send whose action key starts with `keyPrefix`.
 * `reached` resolves with that action key once it is there; then call `kill`.
 *
 * @example
 * const armed = armKill(leader, 'after-signature', 'rebalance:TECH6:');
 * void runRebalanceExec(leader.context, payload);
 * await armed.reached;
 * await killReplica(leader, survivor);
 */
export function armKill(keeper: Keeper, point: KillPoint, keyPrefix: string) {
  const pool = keeper.context.pool as unknown as { query: Query };
  const original: Query = pool.query.bind(pool);
  let hit: (key: string) => void = () => {};
  const reached = new Promise<string>((resolve) => {
    hit = resolve;
  });
  pool.query = (...args: unknown[]) => {
    const [sql, params] = args;
    const text = typeof sql === 'string' ? sql : (sql as { text?: string } | null)?.text;
    const key = Array.isArray(params) ? params[0] : undefined;
    if (typeof text === 'string' && typeof key === 'string' && key.startsWith(keyPrefix)) {
      // recordSignature sets the signature; finishAction sets the outcome.
      const stopsHere =
        point === 'after-claim' ? /set signature = \$2/.test(text) : /set status = \$2/.test(text);
      if (stopsHere) {
        hit(key);
        return new Promise(() => {});
      }
    }
    return original(...args);
  };
  return { reached };
}

/**
 * Kills an armed `keeper` that has reached its point: no lease release, its leg locks' sessions
 * terminated (run through `other`, a live keeper's pool).
 */
export async function killReplica(keeper: Keeper, other: Keeper): Promise<void> {
  await keeper.context.elector.stop({ release: false });
  await other.context.pool.query(
    `select pg_terminate_backend(pid) from pg_locks
      where locktype = 'advisory' and classid = $1 and granted and pid <> pg_backend_pid()`,
    [LEG_LOCK_CLASS],
  );
}

/** Waits until `keeper` leads (the dead leader's lease expired), or fails after `ms`. */
export async function waitForLease(keeper: Keeper, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (!keeper.context.elector.lease()) {
    if (Date.now() > until) throw new Error(`${keeper.context.config.replicaId} never led`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The in-flight resolver as a served keeper runs it, with no age threshold. */
export function resolveNow(keeper: Keeper): Promise<number> {
  const rpc = keeper.context.rpc;
  return resolveInFlight(
    keeper.context.pool,
    async (sigs) =>
      (await rpc.getSignatureStatuses(sigs as never, { searchTransactionHistory: true }).send())
        .value,
    0,
  );
}
