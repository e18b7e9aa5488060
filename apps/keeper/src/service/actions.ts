// Fenced, recorded actions. Before a transaction is sent, one statement inserts its action row
// only if this replica's lease (holder and token) is still unexpired by the database's clock
// and leaves a margin to land the send; the unique action key makes a second attempt by any
// replica find the row instead. After the send the row records the signature and outcome.
import type pg from 'pg';
import type { HeldLease } from './lease.ts';
import { KEEPER_SCHEMA } from './schema.ts';

/** Outcome of claiming an action. */
export type ClaimResult =
  | Readonly<{ claimed: true }>
  | Readonly<{ claimed: false; reason: 'lease-lost' }>
  | Readonly<{
      claimed: false;
      reason: 'already-claimed';
      status: string;
      signature: string | null;
      ageMs: number;
      token: bigint;
    }>;

/**
 * Claims `actionKey` under `lease`. A row left `failed` or `expired` may be claimed again (its
 * transaction never landed); a `sending` or `sent` row may not. `detail` is the row's detail
 * while it is `sending`: a send whose outcome stays unknown is settled `sent` by the in-flight
 * resolver with it (nav-push records its entries there, decision 0997).
 *
 * @example
 * const claim = await claimAction(pool, lease, 'nav-push:TECH6:42', 'nav-push', 2_000);
 * if (!claim.claimed) return;
 */
export async function claimAction(
  pool: pg.Pool,
  lease: HeldLease,
  actionKey: string,
  job: string,
  marginMs: number,
  detail: Record<string, unknown> | null = null,
): Promise<ClaimResult> {
  const { rows } = await pool.query<{ action_key: string }>(
    `insert into ${KEEPER_SCHEMA}.actions as a (action_key, job, token, holder, status, detail)
       select $1, $2, $3, $4, 'sending', $7::jsonb
        where exists (select 1 from ${KEEPER_SCHEMA}.leader_lease
                       where name = $5 and holder = $4 and token = $3
                         and expires_at > now() + $6 * interval '1 millisecond')
     on conflict (action_key) do update set
       token = excluded.token, holder = excluded.holder, status = 'sending',
       signature = null, detail = excluded.detail, updated_at = now()
       where a.status in ('failed', 'expired')
     returning action_key`,
    [
      actionKey,
      job,
      lease.token.toString(),
      lease.holder,
      lease.name,
      marginMs,
      detail === null ? null : JSON.stringify(detail),
    ],
  );
  if (rows.length === 1) return { claimed: true };
  const existing = await pool.query<{
    status: string;
    signature: string | null;
    ms: string;
    token: string;
  }>(
    `select status, signature, token, extract(epoch from (now() - updated_at)) * 1000 as ms
       from ${KEEPER_SCHEMA}.actions where action_key = $1`,
    [actionKey],
  );
  const row = existing.rows[0];
  // No row (or a retryable one) and no insert: the fencing condition failed.
  if (!row || row.status === 'failed' || row.status === 'expired') {
    return { claimed: false, reason: 'lease-lost' };
  }
  return {
    claimed: false,
    reason: 'already-claimed',
    status: row.status,
    signature: row.signature,
    ageMs: Number(row.ms),
    token: BigInt(row.token),
  };
}

/**
 * Records the outcome of a claimed action.
 *
 * @example
 * await finishAction(pool, key, 'sent', signature, { sequence: '42' });
 */
export async function finishAction(
  pool: pg.Pool,
  actionKey: string,
  status: 'sent' | 'failed' | 'expired' | 'dry-run',
  signature: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await pool.query(
    `update ${KEEPER_SCHEMA}.actions
        set status = $2, signature = coalesce($3, signature), detail = $4, updated_at = now()
      where action_key = $1`,
    [actionKey, status, signature, JSON.stringify(detail)],
  );
}

/**
 * Records the signature as soon as it is known, before the transaction leaves, and only while
 * `lease` still fences this action: the row is this holder's under this token and the lease is
 * unexpired by the database's clock with `marginMs` to spare, in one statement. Everything
 * between the claim and here (an RFQ co-sign call, a remote signer, the per-job slot) can take
 * longer than the lease: false means another replica may lead now, and nothing may be sent.
 *
 * @example
 * if (!(await recordSignature(pool, lease, key, signature, 3_000))) return abandonClaim(pool, lease, key);
 */
export async function recordSignature(
  pool: pg.Pool,
  lease: HeldLease,
  actionKey: string,
  signature: string,
  marginMs: number,
): Promise<boolean> {
  const { rowCount } = await pool.query(
    `update ${KEEPER_SCHEMA}.actions as a set signature = $2, updated_at = now()
      where a.action_key = $1 and a.status = 'sending' and a.holder = $3 and a.token = $4
        and exists (select 1 from ${KEEPER_SCHEMA}.leader_lease
                     where name = $5 and holder = $3 and token = $4
                       and expires_at > now() + $6 * interval '1 millisecond')`,
    [actionKey, signature, lease.holder, lease.token.toString(), lease.name, marginMs],
  );
  return rowCount === 1;
}

/**
 * Gives back a claim whose transaction was never sent (the lease was lost before it left): the
 * row becomes `expired`, so whichever replica leads may run the action at once. Only this
 * holder's `sending` row under this token is touched.
 *
 * @example
 * await abandonClaim(pool, lease, key, 'lease-lost');
 */
export async function abandonClaim(
  pool: pg.Pool,
  lease: HeldLease,
  actionKey: string,
  reason: string,
): Promise<void> {
  await pool.query(
    `update ${KEEPER_SCHEMA}.actions
        set status = 'expired', signature = null, detail = $4, updated_at = now()
      where action_key = $1 and status = 'sending' and holder = $2 and token = $3`,
    [actionKey, lease.holder, lease.token.toString(), JSON.stringify({ abandoned: reason })],
  );
}

/** The last actions, newest first (for `keeper status`). */
export async function recentActions(pool: pg.Pool, limit = 20) {
  const { rows } = await pool.query<{
    action_key: string;
    job: string;
    token: string;
    holder: string;
    status: string;
    signature: string | null;
    updated_at: Date;
  }>(
    `select action_key, job, token, holder, status, signature, updated_at
       from ${KEEPER_SCHEMA}.actions order by updated_at desc limit $1`,
    [limit],
  );
  return rows;
}

/**
 * Settles actions left `sending` (a replica died, or the send's outcome was unknown) once
 * their blockhash must have expired (`olderThanMs`): a signature the chain knows becomes
 * `sent`, one it does not know (or no signature at all) becomes `expired`, so the action may
 * run again. Returns how many were settled.
 *
 * @example
 * await resolveInFlight(pool, (sigs) => rpc.getSignatureStatuses(sigs).send(), 150_000);
 */
export async function resolveInFlight(
  pool: pg.Pool,
  statuses: (signatures: string[]) => Promise<readonly ({ err: unknown } | null)[]>,
  olderThanMs: number,
): Promise<number> {
  const { rows } = await pool.query<{ action_key: string; signature: string | null }>(
    `select action_key, signature from ${KEEPER_SCHEMA}.actions
      where status = 'sending' and updated_at < now() - $1 * interval '1 millisecond'
      limit 100`,
    [olderThanMs],
  );
  if (rows.length === 0) return 0;
  const signed = rows.filter((r) => r.signature !== null);
  const found = signed.length > 0 ? await statuses(signed.map((r) => r.signature as string)) : [];
  const landed = new Map(signed.map((r, i) => [r.action_key, found[i] ?? null]));
  for (const row of rows) {
    const status = landed.get(row.action_key) ?? null;
    const next = status === null ? 'expired' : status.err ? 'failed' : 'sent';
    await pool.query(
      `update ${KEEPER_SCHEMA}.actions set status = $2, updated_at = now()
        where action_key = $1 and status = 'sending'`,
      [row.action_key, next],
    );
  }
  return rows.length;
}
