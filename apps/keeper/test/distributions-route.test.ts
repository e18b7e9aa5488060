// The keeper's read-only distribution routes: an artifact the distributor wrote is served as
// JSON; any other name, a traversal, a file being written or a symlink out of the directory is
// a 404 that reveals nothing.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, createMetrics, createServiceServer } from '@basket/service-kit';
import { afterAll, describe, expect, it } from 'vitest';
import { registerDistributionRoutes } from '../src/service/distributions-route.ts';

const root = mkdtempSync(join(tmpdir(), 'keeper-distributions-'));
const dir = join(root, 'distributions');
mkdirSync(dir);
const SECRET = '{"secret":"outside the directory"}';
writeFileSync(join(root, 'secret.json'), SECRET);
const artifact = (id: number) => JSON.stringify({ version: 1, epochId: String(id), claims: [] });
writeFileSync(join(dir, 'epoch-12.json'), artifact(12));
writeFileSync(join(dir, 'epoch-2.json'), artifact(2));
writeFileSync(join(dir, 'epoch-3.json.tmp'), artifact(3));
writeFileSync(join(dir, 'notes.txt'), 'not an artifact');
symlinkSync(join(root, 'secret.json'), join(dir, 'epoch-4.json'));

const app = createServiceServer({
  logger: createLogger({ name: 'distributions-test', level: 'silent' }),
  metrics: createMetrics('keeper_distributions_test'),
});
registerDistributionRoutes(app, dir);
afterAll(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

describe('GET /distributions', () => {
  it('lists the artifacts by epoch id, nothing else in the directory', async () => {
    const res = await app.inject({ method: 'GET', url: '/distributions' });
    expect(res.statusCode).toBe(200);
    // Not the file being written, the other names, nor the symlink epoch-4.json.
    expect(res.json()).toEqual({ files: ['epoch-2.json', 'epoch-12.json'] });
  });

  it('serves an artifact as stored, as JSON, not cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/distributions/epoch-12.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(artifact(12));
  });

  it('answers 404 to a missing epoch, other names, a file being written and a symlink', async () => {
    for (const name of [
      'epoch-7.json',
      'epoch-02.json',
      'epoch-3.json.tmp',
      'notes.txt',
      'epoch-4.json',
      'epoch-1.JSON',
    ]) {
      const res = await app.inject({ method: 'GET', url: `/distributions/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.body, name).not.toContain('outside the directory');
    }
  });

  it('answers 404 to every path traversal, revealing nothing', async () => {
    for (const url of [
      '/distributions/..%2Fsecret.json',
      '/distributions/%2e%2e%2fsecret.json',
      '/distributions/..%5Csecret.json',
      '/distributions/../secret.json',
      '/distributions/epoch-1.json%2F..%2F..%2Fsecret.json',
      `/distributions/${encodeURIComponent(join(root, 'secret.json'))}`,
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('outside the directory');
    }
  });
});
