// The decision records' index is the folder's: every record listed once, in number order,
// nothing listed that is gone (the index is generated; this fails when someone adds a record
// and does not run `node scripts/decisions-index.mjs`).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { DECISIONS_DIR, readRecord, renderIndex } from './decisions-index.mjs';

describe('docs/decisions index', () => {
  it('matches the records in the folder', () => {
    const committed = readFileSync(join(DECISIONS_DIR, 'README.md'), 'utf8');
    expect(committed).toBe(renderIndex());
  });

  it('lists a record added in any block, with the title and status it states', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
    writeFileSync(
      join(dir, '0001-first.md'),
      '# 0001. First\n\n## Context\n\nc\n\n## Decision\n\nd\n\n## Consequences\n\nq\n\n## Status\n\nSuperseded by 0150. Kept for history.\n',
    );
    writeFileSync(join(dir, '0150-other-block.md'), '# 0150 Other block\n\nStatus: Accepted\n');
    writeFileSync(join(dir, 'README.md'), 'not a record');
    const index: string = renderIndex(dir);
    expect(index).toContain('| 0001 | [First](0001-first.md) | Superseded by 0150. |');
    expect(index).toContain('| 0150 | [Other block](0150-other-block.md) | Accepted |');
    expect(index.indexOf('0001')).toBeLessThan(index.indexOf('0150'));
    expect(readRecord(dir, '0150-other-block.md').title).toBe('Other block');
  });

  it('refuses two records with one number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
    writeFileSync(join(dir, '0007-a.md'), '# 0007. A\n\n## Status\n\nAccepted.\n');
    writeFileSync(join(dir, '0007-b.md'), '# 0007. B\n\n## Status\n\nAccepted.\n');
    expect(() => renderIndex(dir)).toThrow(/two records numbered 0007/);
  });
});
