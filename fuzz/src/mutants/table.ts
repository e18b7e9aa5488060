/**
 * The markdown table of every listed mutant and its verdict (`npm run mutants -- --table`),
 * as docs/mutants.md shows it: one row per mutant, the changed part of the line in view.
 */

import type { Mutant } from './generate.ts';

export interface Verdict {
  status: string;
  killedBy: string | null;
}

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The part of `from` and `to` around their first difference, elided with `…` when long. */
function excerpt(from: string, to: string): [string, string] {
  if (from.length <= 60 && to.length <= 60) return [from, to];
  let at = 0;
  while (at < from.length && from[at] === to[at]) at++;
  const start = Math.max(0, at - 24);
  const cut = (s: string) =>
    `${start > 0 ? '…' : ''}${s.slice(start, start + 48)}${s.length > start + 48 ? '…' : ''}`;
  return [cut(from), cut(to)];
}

/** `programs/vault/src/x.rs` -> `vault/x.rs`. */
const where = (m: Mutant) => `${m.path.replace(/^programs\/([^/]+)\/src\//, '$1/')}:${m.line}`;

export function markdownTable(mutants: Mutant[], verdicts: Map<string, Verdict>): string {
  const rows = mutants.map((m) => {
    const v = verdicts.get(m.hash);
    const [from, to] = excerpt(m.original, m.mutated);
    const by = v?.killedBy ?? '';
    const killedBy = by.length > 90 ? `${by.slice(0, 87)}...` : by;
    return `| \`${m.hash}\` | ${m.operator} | \`${cell(where(m))}\` | \`${cell(from)}\` -> \`${cell(to)}\` | ${v?.status ?? 'pending'} | ${cell(killedBy)} |`;
  });
  return [
    '| hash | operator | where | mutation | verdict | killed by |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
