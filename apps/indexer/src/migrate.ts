// Numbered SQL migrations (migrations/NNN_name.sql), each applied once in its own transaction
// under an advisory lock, so two indexers starting together do not race. A database whose
// schema is newer than this build is refused: an old indexer must not write a new schema.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** An arbitrary constant naming the indexer's migration lock. */
const LOCK_KEY = 7_410_001;

export type Migration = Readonly<{ version: number; name: string; sql: string }>;

/** The migrations shipped with this build, in order. */
export function bundledMigrations(dir: string = DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 3)),
      name: file.slice(4, -4),
      sql: readFileSync(`${dir}${file}`, 'utf8'),
    }));
}

export class SchemaTooNewError extends Error {
  constructor(database: number, build: number) {
    super(
      `the database schema is at version ${database}, newer than this indexer's ${build}: upgrade the indexer`,
    );
    this.name = 'SchemaTooNewError';
  }
}

/**
 * Applies what is missing; returns the versions applied now.
 *
 * @example
 * await migrate(pool); // [1, 2] on an empty database, [] after
 */
export async function migrate(
  pool: pg.Pool,
  migrations: readonly Migration[] = bundledMigrations(),
): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEY]);
    // The pools' search_path names this schema; it must exist before anything is created.
    await client.query('create schema if not exists indexer');
    await client.query(
      'create table if not exists schema_version (version int primary key, name text not null, applied_at timestamptz not null default now())',
    );
    const { rows } = await client.query<{ v: number | null }>(
      'select max(version) as v from schema_version',
    );
    const current = rows[0]?.v ?? 0;
    const latest = migrations.at(-1)?.version ?? 0;
    if (current > latest) throw new SchemaTooNewError(current, latest);
    const applied: number[] = [];
    for (const m of migrations) {
      if (m.version <= current) continue;
      await client.query('begin');
      try {
        await client.query(m.sql);
        await client.query('insert into schema_version (version, name) values ($1, $2)', [
          m.version,
          m.name,
        ]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`migration ${m.version} ${m.name} failed: ${(error as Error).message}`);
      }
      applied.push(m.version);
    }
    return applied;
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    client.release();
  }
}
