// The decision records' index is the folder's: every record listed once, under its area, in
// number order, nothing listed that is gone (the index is generated; this fails when someone
// adds a record and does not run `node scripts/decisions-index.mjs`). Also: every link from
// the docs into docs/decisions resolves, and a "Superseded by NNNN" names a record that exists.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations
import { AREAS, DECISIONS_DIR, readRecord, renderIndex } from './decisions-index.mjs';

const DOCS_DIR = join(DECISIONS_DIR, '..');
const REPO_DIR = join(DOCS_DIR, '..');

/** Every Markdown file under `dir` (recursively). */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(path);
    return e.name.endsWith('.md') ? [path] : [];
  });
}

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

  it('groups records by their Area line, known areas first, a record without one by its title', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
    const record = (title: string, area: string | null, status: string) =>
      `# ${title}\n\n${area ? `Area: ${area}\n\n` : ''}## Context\n\nc\n\n## Decision\n\nd\n\n## Consequences\n\nq\n\n## Status\n\n${status}\n`;
    writeFileSync(
      join(dir, '0002-b.md'),
      record('0002. B', 'Keeper', 'Accepted. Supersedes 0001.'),
    );
    writeFileSync(join(dir, '0001-a.md'), record('0001. A', 'Keeper', 'Superseded by 0002.'));
    writeFileSync(join(dir, '0003-c.md'), record('0003. C', 'Vault program', 'Accepted.'));
    writeFileSync(join(dir, '0904-d.md'), record('0904. The keeper does D', null, 'Accepted.'));
    writeFileSync(join(dir, '0905-e.md'), record('0905. E', 'Something new', 'Accepted.'));
    const index: string = renderIndex(dir);
    const at = (s: string) => index.indexOf(s);
    expect(at('## Vault program')).toBeGreaterThan(0);
    expect(at('## Vault program')).toBeLessThan(at('## Keeper'));
    expect(at('## Keeper')).toBeLessThan(at('## Something new'));
    expect(at('| 0001 |')).toBeLessThan(at('| 0002 |'));
    expect(at('| 0002 |')).toBeLessThan(at('| 0904 |'));
    expect(at('| 0904 |')).toBeLessThan(at('## Something new'));
    expect(index).toContain('| 0001 | [A](0001-a.md) | Superseded by 0002. |');
    expect(index).toContain('| 0002 | [B](0002-b.md) | Accepted. Supersedes 0001. |');
    expect(AREAS).toContain('Keeper');
  });

  it('every record names a known area, and a superseding number exists', () => {
    const files = readdirSync(DECISIONS_DIR).filter((f) => /^\d{4}-.+\.md$/.test(f));
    const numbers = new Set(files.map((f) => f.slice(0, 4)));
    for (const f of files.filter((f) => f < '0900')) {
      const r = readRecord(DECISIONS_DIR, f);
      expect(AREAS, f).toContain(r.area);
      for (const n of r.status.match(/\b\d{4}\b/g) ?? [])
        expect(numbers.has(n), `${f}: ${n}`).toBe(true);
    }
  });

  it('every link from the docs and the README into docs/decisions resolves', () => {
    const broken: string[] = [];
    for (const file of [...markdownFiles(DOCS_DIR), join(REPO_DIR, 'README.md')]) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = (m[1] ?? '').split('#')[0] ?? '';
        if (!target || /^[a-z]+:/.test(target)) continue;
        const path = join(dirname(file), target);
        if (!relative(DECISIONS_DIR, path).startsWith('..') || file.startsWith(DECISIONS_DIR)) {
          if (!existsSync(path)) broken.push(`${relative(REPO_DIR, file)} -> ${target}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('refuses two records with one number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'decisions-'));
    writeFileSync(join(dir, '0007-a.md'), '# 0007. A\n\n## Status\n\nAccepted.\n');
    writeFileSync(join(dir, '0007-b.md'), '# 0007. B\n\n## Status\n\nAccepted.\n');
    expect(() => renderIndex(dir)).toThrow(/two records numbered 0007/);
  });
});
