import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase, startPostgres } from '../src/index.ts';

describe('startPostgres', () => {
  it('serves a real server on loopback whose data survives a restart', async () => {
    // Given a server with a persistent data directory and a row written to it
    const dir = await mkdtemp(join(tmpdir(), 'pg-test-'));
    await chmod(dir, 0o755);
    try {
      const env = {};
      let server = await startPostgres({ dataDir: join(dir, 'data'), env });
      const db = await createDatabase(server.url, 'keep');
      let client = new pg.Client({ connectionString: db.url });
      await client.connect();
      await client.query('CREATE TABLE t (v bigint)');
      await client.query('INSERT INTO t VALUES (9007199254740993)');
      await client.end();
      await server.stop();
      // When the server is started again on the same directory
      server = await startPostgres({ dataDir: join(dir, 'data'), env });
      client = new pg.Client({
        connectionString: db.url.replace(/:\d+\//, `:${new URL(server.url).port}/`),
      });
      await client.connect();
      // Then the row is there, exact (no float on a bigint)
      const { rows } = await client.query('SELECT v::text AS v FROM t');
      expect(rows).toEqual([{ v: '9007199254740993' }]);
      expect(new URL(server.url).hostname).toBe('127.0.0.1');
      await client.end();
      await server.stop();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves SIGINT and SIGTERM to the service that owns the server', async () => {
    // Given the signal listeners before any server exists
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    const dir = await mkdtemp(join(tmpdir(), 'pg-sig-'));
    await chmod(dir, 0o755);
    // When a server starts (the library is imported on first use)
    const server = await startPostgres({ dataDir: join(dir, 'data'), env: {} });
    try {
      // Then no handler that would exit the process on Ctrl-C was added
      expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before);
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('uses DATABASE_URL instead of starting a server', async () => {
    const server = await startPostgres({
      dataDir: '/nonexistent',
      env: { DATABASE_URL: 'postgres://x@h/db' },
    });
    expect(server).toMatchObject({ url: 'postgres://x@h/db', owned: false });
    await server.stop();
  });
});
