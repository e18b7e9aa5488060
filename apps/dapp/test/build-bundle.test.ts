// The server and the browser suite rebuild the bundle when a page source is newer than it, so
// a changed page is never tested or served stale.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleIsStale } from '../src/server/build-bundle.ts';

describe('bundle staleness', () => {
  // A repository of its own: <repo>/apps/dapp is the app, <repo>/packages and <repo>/clients
  // its libraries.
  const repo = mkdtempSync(join(tmpdir(), 'dapp-stale-'));
  const root = join(repo, 'apps', 'dapp');
  const dist = join(root, 'dist');
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  const touch = (path: string, secs: number) => {
    writeFileSync(path, 'x');
    utimesSync(path, secs, secs);
  };

  it('is stale without a bundle, fresh after it, and stale again when a source changes', () => {
    mkdirSync(join(root, 'src', 'web', 'pages'), { recursive: true });
    mkdirSync(join(repo, 'packages', 'sdk', 'src', 'send'), { recursive: true });
    mkdirSync(join(repo, 'clients', 'vault', 'src'), { recursive: true });
    touch(join(repo, 'packages', 'sdk', 'src', 'send', 'fees.ts'), 1_000);
    touch(join(repo, 'clients', 'vault', 'src', 'index.ts'), 1_000);
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

  it('is stale when a workspace library the page imports changes (the SDK, a generated client)', () => {
    touch(join(dist, 'index.html'), 10_000);
    expect(bundleIsStale(dist, root)).toBe(false);
    touch(join(repo, 'packages', 'sdk', 'src', 'send', 'fees.ts'), 11_000);
    expect(bundleIsStale(dist, root)).toBe(true);
    touch(join(dist, 'index.html'), 12_000);
    touch(join(repo, 'clients', 'vault', 'src', 'index.ts'), 13_000);
    expect(bundleIsStale(dist, root)).toBe(true);
    // A library's files outside src (its tests, its node_modules) never rebuild the page.
    touch(join(dist, 'index.html'), 14_000);
    mkdirSync(join(repo, 'packages', 'sdk', 'test'), { recursive: true });
    touch(join(repo, 'packages', 'sdk', 'test', 'fees.test.ts'), 15_000);
    expect(bundleIsStale(dist, root)).toBe(false);
  });
});
