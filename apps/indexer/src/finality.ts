// Commitment tracking: rows arrive at `confirmed`; each pass asks the cluster about the
// oldest pending transactions (one getSignatureStatuses call per 256) and moves them to
// `finalized`, or deletes a transaction the cluster no longer knows long after it was seen
// (dropped with its fork: its blockhash expired, it can never land) with its rows.
import type pg from 'pg';

/** What the cluster says of one signature (the RPC's shape, trimmed). */
export type SignatureStatus = Readonly<{
  confirmationStatus?: 'processed' | 'confirmed' | 'finalized' | null;
  err?: unknown;
}> | null;

export type FinalityDecision = 'finalize' | 'drop' | 'wait';

/**
 * What to do with a pending transaction, from its status and how long ago it was first seen.
 *
 * @example
 * finalityDecision({ confirmationStatus: 'finalized', err: null }, 5_000, 180_000); // 'finalize'
 */
export function finalityDecision(
  status: SignatureStatus,
  ageMs: number,
  dropAfterMs: number,
): FinalityDecision {
  if (status === null) return ageMs > dropAfterMs ? 'drop' : 'wait';
  if (status.err !== null && status.err !== undefined) return 'drop';
  return status.confirmationStatus === 'finalized' ? 'finalize' : 'wait';
}

/** Up to 256 signatures per getSignatureStatuses call (the RPC's limit). */
export const STATUS_BATCH = 256;

/**
 * One pass: returns how many were finalized and dropped, and the age of the oldest still
 * pending (the indexer's finality lag).
 */
export async function finalityPass(
  pool: pg.Pool,
  statuses: (signatures: string[]) => Promise<SignatureStatus[]>,
  dropAfterMs: number,
): Promise<{ finalized: number; dropped: number; oldestPendingMs: number }> {
  const { rows } = await pool.query<{ signature: string; age_ms: string }>(
    `select signature, (extract(epoch from now() - first_seen) * 1000)::bigint as age_ms
     from transactions where commitment = 'confirmed' order by slot limit $1`,
    [STATUS_BATCH],
  );
  if (rows.length === 0) return { finalized: 0, dropped: 0, oldestPendingMs: 0 };
  const answer = await statuses(rows.map((r) => r.signature));
  const finalize: string[] = [];
  const drop: string[] = [];
  rows.forEach((row, i) => {
    const decision = finalityDecision(answer[i] ?? null, Number(row.age_ms), dropAfterMs);
    if (decision === 'finalize') finalize.push(row.signature);
    if (decision === 'drop') drop.push(row.signature);
  });
  if (finalize.length > 0) {
    await pool.query(
      `update transactions set commitment = 'finalized', finalized_at = now()
       where signature = any($1) and commitment = 'confirmed'`,
      [finalize],
    );
  }
  if (drop.length > 0) {
    // One statement: the transaction and its events go together (no cascade: migration 005).
    await pool.query(
      `with gone as (delete from transactions where signature = any($1) returning signature)
       delete from events where signature in (select signature from gone)`,
      [drop],
    );
  }
  const { rows: oldest } = await pool.query<{ age_ms: string | null }>(
    `select (extract(epoch from now() - min(first_seen)) * 1000)::bigint as age_ms
     from transactions where commitment = 'confirmed'`,
  );
  return {
    finalized: finalize.length,
    dropped: drop.length,
    oldestPendingMs: Number(oldest[0]?.age_ms ?? 0),
  };
}
