import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type PostgresServer, startPostgres } from './server.ts';

/**
 * For tests: a real server on a free port in a temporary directory (or DATABASE_URL's server)
 * and a fresh database on it. `close()` drops the database, stops a server it started and
 * removes its directory. Call it from `afterAll`.
 *
 * @example
 * let db: Awaited<ReturnType<typeof startTestDatabase>>;
 * beforeAll(async () => { db = await startTestDatabase(); });
 * afterAll(() => db.close());
 */
export async function startTestDatabase(prefix = 'test'): Promise<{
  url: string;
  server: PostgresServer;
  close: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'basket-pg-'));
  // mkdtemp makes the directory private to root; the server's own user must reach its data.
  await chmod(dir, 0o755);
  const server = await startPostgres({ dataDir: join(dir, 'data'), persistent: false });
  const database = await createDatabase(server.url, prefix);
  return {
    url: database.url,
    server,
    close: async () => {
      await database.drop().catch(() => {});
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
