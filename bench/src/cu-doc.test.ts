// docs/compute-units.md is generated from bench/results/cu.json: the committed page is what the
// committed JSON renders to, with one table per program and nothing else measured.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CU_DOC, CU_JSON, renderCuDoc } from './cu-doc.ts';
import type { CuRecord } from './record.ts';

const records = JSON.parse(readFileSync(CU_JSON, 'utf8')) as CuRecord[];

describe('compute-units page', () => {
  it('is what bench/results/cu.json renders to', () => {
    expect(readFileSync(CU_DOC, 'utf8')).toBe(renderCuDoc(records));
  });

  it('has one table per program, each row once', () => {
    const page = renderCuDoc(records);
    const programs = [...new Set(records.map((r) => r.program))];
    for (const p of programs) expect(page.split(`\n## ${p}\n`)).toHaveLength(2);
    const rows = page
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| instruction'));
    const goalRows =
      page
        .split('## Goals')[1]
        ?.split('\n## ')[0]
        ?.split('\n')
        .filter((l) => l.startsWith('| ') && !l.startsWith('| instruction')) ?? [];
    expect(rows.length - goalRows.length).toBe(records.length);
  });
});
