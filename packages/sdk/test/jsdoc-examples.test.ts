// Style check: every export of src/ carries JSDoc with an @example (re-exports aside).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src', import.meta.url));
const DECLARATION = /^export (?:async )?(?:function|const|class|interface|type) (\w+)/;

describe('documentation', () => {
  it('gives every exported declaration a JSDoc block with an @example', () => {
    const missing: string[] = [];
    for (const file of readdirSync(SRC).filter((f) => f.endsWith('.ts') && f !== 'index.ts')) {
      const lines = readFileSync(join(SRC, file), 'utf8').split('\n');
      lines.forEach((line, i) => {
        const name = DECLARATION.exec(line)?.[1];
        if (!name) return;
        // Walk back over the JSDoc block that ends right above the declaration.
        let j = i - 1;
        if (!lines[j]?.trim().endsWith('*/')) {
          missing.push(`${file}: ${name} (no JSDoc)`);
          return;
        }
        let block = '';
        while (j >= 0 && !lines[j]!.trim().startsWith('/**')) block = `${lines[j--]}\n${block}`;
        if (!block.includes('@example')) missing.push(`${file}: ${name}`);
      });
    }
    expect(missing).toEqual([]);
  });

  it('keeps index.ts to re-exports only', () => {
    const index = readFileSync(join(SRC, 'index.ts'), 'utf8').trim().split('\n');
    for (const line of index) expect(line).toMatch(/^export \* from '\.\/[a-z0-9-]+\.ts';$/);
  });
});
