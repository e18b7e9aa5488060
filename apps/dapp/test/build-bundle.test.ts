// The server and the browser suite rebuild the bundle when a page source is newer than it, so
// a changed page is never tested or served stale.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleIsStale } from '../src/server/build-bundle.ts';

describe('bundle staleness', () => {
  const root = mkdtempSync(join(tmpdir(), 'dapp-stale-'));
  const dist = join(root, 'dist');
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const touch = (path: string, secs: number) => {
    writeFileSync(path, 'x');
    utimesSync(path, secs, secs);
  };

  it('is stale without a bundle, fresh after it, and stale again when a source changes', () => {
    mkdirSync(join(root, 'src', 'web', 'pages'), { recursive: true });
    mkdirSync(join(root, 'src', 'shared'), { recursive: true });
    touch(join(root, 'src', 'web', 'pages', 'a.ts'), 1_000);
    touch(join(root, 'src', 'shared', 'money.ts'), 1_000);
    expect(bundleIsStale(dist, root)).toBe(true);
    mkdirSync(dist);
    touch(join(dist, 'index.html'), 2_000);
    expect(bundleIsStale(dist, root)).toBe(false);
    // A nested page source newer than the bundle.
    touch(join(root, 'src', 'web', 'pages', 'a.ts'), 3_000);
    expect(bundleIsStale(dist, root)).toBe(true);
    touch(join(dist, 'index.html'), 4_000);
    touch(join(root, 'src', 'shared', 'money.ts'), 5_000);
    expect(bundleIsStale(dist, root)).toBe(true);
  });
});
