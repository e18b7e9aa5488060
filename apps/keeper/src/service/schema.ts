// The keeper's tables, in their own schema (the local world's Postgres is shared with the
// indexer). Created idempotently under an advisory lock so two replicas starting together do
// not race; the queue's tables belong to graphile-worker in `keeper_worker`.
import type pg from 'pg';

export const KEEPER_SCHEMA = 'keeper';
export const QUEUE_SCHEMA = 'keeper_worker';
/** An arbitrary constant naming the keeper's schema lock. */
const LOCK_KEY = 7_411_001;

const STATEMENTS = [
  `create schema if not exists ${KEEPER_SCHEMA}`,
  // One row per lease name. `token` only grows: it is the fencing token every action records.
  `create table if not exists ${KEEPER_SCHEMA}.leader_lease (
     name text primary key,
     holder text not null,
     token bigint not null,
     expires_at timestamptz not null,
     acquired_at timestamptz not null default now())`,
  // One row per on-chain action, keyed by what it acts on (for example a SKU's snapshot
  // sequence): a second replica, or a retry, finds the row and does not act again.
  `create table if not exists ${KEEPER_SCHEMA}.actions (
     action_key text primary key,
     job text not null,
     token bigint not null,
     holder text not null,
     status text not null check (status in ('sending', 'sent', 'failed', 'expired', 'dry-run')),
     signature text,
     detail jsonb,
     created_at timestamptz not null default now(),
     updated_at timestamptz not null default now())`,
  `create index if not exists actions_job_created on ${KEEPER_SCHEMA}.actions (job, created_at desc)`,
  // Leadership changes, for the flapping alert and `keeper status`.
  `create table if not exists ${KEEPER_SCHEMA}.leader_history (
     id bigserial primary key,
     name text not null,
     holder text not null,
     token bigint not null,
     at timestamptz not null default now())`,
  // The issuer's powers over each (vault, mint) as the drift scan last saw them (mint powers
  // and whether the vault's holding is frozen): a restarted or new leader compares with what
  // was last seen, so a change made while no keeper ran is still alerted, once.
  `create table if not exists ${KEEPER_SCHEMA}.issuer_baselines (
     vault text not null,
     mint text not null,
     powers jsonb not null,
     holding_frozen boolean not null,
     updated_at timestamptz not null default now(),
     primary key (vault, mint))`,
];

/**
 * Creates what is missing.
 *
 * @example
 * await ensureKeeperSchema(pool);
 */
export async function ensureKeeperSchema(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    for (const sql of STATEMENTS) await client.query(sql);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    client.release();
  }
}
