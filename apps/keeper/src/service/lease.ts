// Leader election between replicas: a lease row in Postgres with a fencing token. Time is the
// database's clock (`now()`), never a replica's, so skewed clocks cannot make two leaders.
// A replica acts only while its lease is unexpired, and every action is recorded with the
// token it ran under by one statement that checks the lease in the same transaction
// (see actions.ts): a replica partitioned away finds its lease gone and stops before sending.
import type pg from 'pg';
import { KEEPER_SCHEMA } from './schema.ts';

/** The lease a replica holds, or null. */
export type HeldLease = Readonly<{ name: string; holder: string; token: bigint }>;

/**
 * Takes the lease when it is free or expired (the token goes up by one), or keeps it when this
 * replica already holds it (the expiry moves on, the token stays). Returns null when another
 * replica holds an unexpired lease.
 *
 * @example
 * const lease = await tryAcquireLease(pool, 'keeper', 'replica-a', 15_000);
 */
export async function tryAcquireLease(
  pool: pg.Pool,
  name: string,
  holder: string,
  ttlMs: number,
): Promise<HeldLease | null> {
  const { rows } = await pool.query<{ token: string; taken: boolean }>(
    `insert into ${KEEPER_SCHEMA}.leader_lease as l (name, holder, token, expires_at)
       values ($1, $2, 1, now() + $3 * interval '1 millisecond')
     on conflict (name) do update set
       holder = excluded.holder,
       token = case when l.holder = excluded.holder and l.expires_at > now() then l.token else l.token + 1 end,
       acquired_at = case when l.holder = excluded.holder and l.expires_at > now() then l.acquired_at else now() end,
       expires_at = excluded.expires_at
     where l.holder = excluded.holder or l.expires_at <= now()
     returning token, (xmax = 0 or acquired_at = now()) as taken`,
    [name, holder, ttlMs],
  );
  const row = rows[0];
  if (!row) return null;
  const token = BigInt(row.token);
  if (row.taken) {
    await pool.query(
      `insert into ${KEEPER_SCHEMA}.leader_history (name, holder, token) values ($1, $2, $3)`,
      [name, holder, token.toString()],
    );
  }
  return { name, holder, token };
}

/**
 * Extends a held lease; returns false when it was lost (expired and taken, or expired).
 *
 * @example
 * if (!(await renewLease(pool, lease, 15_000))) stopActing();
 */
export async function renewLease(pool: pg.Pool, lease: HeldLease, ttlMs: number): Promise<boolean> {
  const { rowCount } = await pool.query(
    `update ${KEEPER_SCHEMA}.leader_lease
        set expires_at = now() + $4 * interval '1 millisecond'
      where name = $1 and holder = $2 and token = $3 and expires_at > now()`,
    [lease.name, lease.holder, lease.token.toString(), ttlMs],
  );
  return rowCount === 1;
}

/**
 * Gives the lease up at shutdown so the other replica takes over at once, not after the TTL.
 *
 * @example
 * await releaseLease(pool, lease);
 */
export async function releaseLease(pool: pg.Pool, lease: HeldLease): Promise<void> {
  await pool.query(
    `update ${KEEPER_SCHEMA}.leader_lease set expires_at = now()
      where name = $1 and holder = $2 and token = $3`,
    [lease.name, lease.holder, lease.token.toString()],
  );
}

/** Who leads now, for `keeper status`. */
export async function currentLeader(
  pool: pg.Pool,
  name: string,
): Promise<{ holder: string; token: bigint; expiresInMs: number } | null> {
  const { rows } = await pool.query<{ holder: string; token: string; ms: string }>(
    `select holder, token, extract(epoch from (expires_at - now())) * 1000 as ms
       from ${KEEPER_SCHEMA}.leader_lease where name = $1 and expires_at > now()`,
    [name],
  );
  const row = rows[0];
  return row ? { holder: row.holder, token: BigInt(row.token), expiresInMs: Number(row.ms) } : null;
}

/** Leadership changes in the last `windowMs` (the leader-flapping alert counts these). */
export async function leaderChangesSince(pool: pg.Pool, name: string, windowMs: number) {
  const { rows } = await pool.query<{ n: string }>(
    `select count(*) as n from ${KEEPER_SCHEMA}.leader_history
      where name = $1 and at > now() - $2 * interval '1 millisecond'`,
    [name, windowMs],
  );
  return Number(rows[0]?.n ?? 0);
}
