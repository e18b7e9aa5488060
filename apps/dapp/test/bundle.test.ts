// The built page carries no secret and stays within a size budget; the audit itself catches
// a planted keypair.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../src/server/build-bundle.ts';
import { auditBundle } from '../src/server/bundle-audit.ts';

describe('the web bundle', () => {
  const out = mkdtempSync(join(tmpdir(), 'dapp-bundle-test-'));
  beforeAll(async () => {
    await ensureBundle(out, () => {});
  }, 120_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('holds no secret, inlines no script and stays under 300 KiB gzipped', () => {
    const { files, findings } = auditBundle(out);
    expect(findings).toEqual([]);
    expect(files.some((f) => f.path === 'index.html')).toBe(true);
    expect(files.reduce((a, f) => a + f.gzipBytes, 0)).toBeLessThan(300 * 1024);
    const html = files.find((f) => f.path === 'index.html');
    expect(html).toBeDefined();
  });

  it('the audit finds a planted keypair', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dapp-planted-'));
    writeFileSync(
      join(dir, 'a.js'),
      `const k = ${JSON.stringify(Array.from({ length: 64 }, (_, i) => i))};`,
    );
    expect(auditBundle(dir).findings).toEqual(['a.js: a keypair byte array']);
    rmSync(dir, { recursive: true, force: true });
  });
});
