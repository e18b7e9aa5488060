import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

describe('runs in Node and the browser', () => {
  it('imports nothing Node-only and touches no Node globals', () => {
    // Given every source file of the package
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      // Comments (JSDoc examples mention process.env) are not code.
      const text = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      // Then only relative modules, zod and lru-cache / cockatiel (both ship browser builds) are
      // imported, and process/Buffer/require are unused
      for (const match of text.matchAll(/from '([^']+)'/g)) {
        expect(match[1], file).toMatch(/^(\.\.?\/|zod$|lru-cache$|cockatiel$)/);
      }
      expect(text, file).not.toMatch(/\b(process\.|Buffer\.|require\()/);
    }
  });
});
