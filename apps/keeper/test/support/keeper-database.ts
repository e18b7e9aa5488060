// A real Postgres server with the keeper's schema for one test file: started before its tests,
// the leases, actions and leadership history emptied before each test, stopped after them.
// Call at the top level of the file.
import { startTestDatabase } from '@basket/postgres-server';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { ensureKeeperSchema } from '../../src/service/schema.ts';

/**
 * @example
 * const db = keeperDatabase('keeper-fence');
 * it('...', async () => { await db.pool().query('select 1'); });
 */
export function keeperDatabase(
  prefix: string,
  maxConnections = 4,
): { pool: () => pg.Pool; url: () => string } {
  let server: Awaited<ReturnType<typeof startTestDatabase>> | undefined;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    server = await startTestDatabase(prefix);
    pool = new pg.Pool({ connectionString: server.url, max: maxConnections });
    await ensureKeeperSchema(pool);
  }, 120_000);
  afterAll(async () => {
    await pool?.end();
    await server?.close();
  });
  beforeEach(async () => {
    await pool?.query('truncate keeper.leader_lease, keeper.actions, keeper.leader_history');
  });
  return {
    pool: () => {
      if (!pool) throw new Error('the database starts in beforeAll');
      return pool;
    },
    /** For a second pool (another replica's connections). */
    url: () => {
      if (!server) throw new Error('the database starts in beforeAll');
      return server.url;
    },
  };
}
