/**
 * The mutant generator: line mutants of the checks and of the money and ID math in the
 * programs' source (cargo-mutants mutates function bodies, not comparisons or rounding modes, which are
 * what this program's safety rests on). Operators:
 * - `rounding`: `Rounding::Up` <-> `Rounding::Down` (each occurrence);
 * - `comparison`: a flipped or loosened comparison in a condition (`<` <-> `<=`, `>` <-> `>=`,
 *   `==` <-> `!=`);
 * - `require`: a check that returns an error disabled (`if c {` -> `if false && (c) {` when
 *   the block returns `Err`; `require(c, E)?` -> `require(true || c, E)?`);
 * - `off-by-one`: a `+ 1` or `- 1` dropped.
 * Test modules (`tests.rs`, anything after `#[cfg(test)]`) and comments are never mutated.
 */

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface Mutant {
  /** sha256 of path, original line, its occurrence among equal lines, and the mutated line. */
  hash: string;
  path: string;
  /** 1-based line number in the source the list was made from. */
  line: number;
  operator: 'rounding' | 'comparison' | 'require' | 'off-by-one';
  original: string;
  mutated: string;
}

/** The vault's money paths: share, fee and NAV math and the instructions that move value. */
const VAULT_DIRS = [
  'programs/vault/src/share_math',
  'programs/vault/src/nav',
  'programs/vault/src/instructions/deposit',
  'programs/vault/src/instructions/withdraw_usdc',
  'programs/vault/src/instructions/withdraw_in_kind',
  'programs/vault/src/instructions/withdrawal_request',
  'programs/vault/src/instructions/begin_redemption',
  'programs/vault/src/instructions/pay_redemption',
  'programs/vault/src/instructions/collect_mgmt_fee',
  'programs/vault/src/instructions/collect_perf_fee',
  'programs/vault/src/instructions/collect_withdraw_fees',
  'programs/vault/src/instructions/stable_payout.rs',
  'programs/vault/src/holdings.rs',
];

/**
 * The other programs' checks and ID math: the oracle's keeper, payload, sequence, deviation
 * and staleness checks; the rewards program's instructions (signers, epoch ids and bounds,
 * merkle proofs, claims and sweeps, token moves) and its merkle and tier math; the upgrade
 * gate's approvals and buffer checks. Events, errors, layouts and instruction builders
 * carry no check and are left out.
 */
const OTHER_DIRS = [
  'programs/oracle/src/bytes.rs',
  'programs/oracle/src/deviation',
  'programs/oracle/src/ed25519.rs',
  'programs/oracle/src/instructions',
  'programs/oracle/src/payload.rs',
  'programs/oracle/src/staleness.rs',
  'programs/oracle/src/state/config.rs',
  'programs/rewards/src/instructions',
  'programs/rewards/src/merkle.rs',
  'programs/rewards/src/tier.rs',
  'programs/upgrade-gate/src/approval.rs',
  'programs/upgrade-gate/src/loader.rs',
  'programs/upgrade-gate/src/processor.rs',
];

export const MUTATED_DIRS = [...VAULT_DIRS, ...OTHER_DIRS];

function rustFiles(root: string, entry: string): string[] {
  const full = join(root, entry);
  if (statSync(full).isFile()) return [full];
  return readdirSync(full)
    .flatMap((name) => rustFiles(root, join(entry, name)))
    .filter((f) => f.endsWith('.rs') && !f.endsWith('/tests.rs'));
}

const COMPARISONS: [string, string][] = [
  [' <= ', ' < '],
  [' < ', ' <= '],
  [' >= ', ' > '],
  [' > ', ' >= '],
  [' == ', ' != '],
  [' != ', ' == '],
];

function code(line: string): string {
  const i = line.indexOf('//');
  return i < 0 ? line : line.slice(0, i);
}

/** `shared::require(` at the end of a line: the condition is on the next one. */
const OPEN_REQUIRE = /\brequire\($/;

function variants(line: string, next: string, previous: string): [Mutant['operator'], string][] {
  const c = code(line);
  const out: [Mutant['operator'], string][] = [];
  if (c.trim() === '') return out;
  for (const [from, to] of [
    ['Rounding::Up', 'Rounding::Down'],
    ['Rounding::Down', 'Rounding::Up'],
  ] as const) {
    let at = c.indexOf(from);
    while (at >= 0) {
      out.push(['rounding', line.slice(0, at) + to + line.slice(at + from.length)]);
      at = c.indexOf(from, at + 1);
    }
  }
  const isCondition =
    (/\b(if|while|ensure|require)\b/.test(c) && !/\bif let\b/.test(c)) ||
    OPEN_REQUIRE.test(code(previous).trimEnd());
  if (isCondition) {
    for (const [from, to] of COMPARISONS) {
      const at = c.indexOf(from);
      if (at >= 0) out.push(['comparison', line.slice(0, at) + to + line.slice(at + from.length)]);
    }
  }
  const cond = /^(\s*)(?:} else )?if (.+) \{\s*$/.exec(c);
  if (cond && !/\bif let\b/.test(c) && (/return Err\(|Err\(/.test(next) || /return Err/.test(c))) {
    const indent = cond[1] ?? '';
    const elsePart = c.trimStart().startsWith('} else') ? '} else ' : '';
    out.push(['require', `${indent}${elsePart}if false && (${cond[2]}) {`]);
  }
  // The rewards program's `shared::require(condition, error)?`: the condition made `true`.
  const call = /^(\s*)((?:shared::)?require\()(.*)$/.exec(c);
  if (call && !/\bfn\b/.test(c))
    out.push(['require', `${call[1]}${call[2]}true || ${call[3]}`.trimEnd()]);
  for (const op of [' + 1)', ' - 1)', ' + 1;', ' - 1;']) {
    const at = c.indexOf(op);
    if (at >= 0)
      out.push(['off-by-one', line.slice(0, at) + op.slice(4) + line.slice(at + op.length)]);
  }
  return out;
}

/** Every mutant of the checked paths under `root` (a checkout), in file and line order. */
export function listMutants(root: string): Mutant[] {
  const mutants: Mutant[] = [];
  for (const file of MUTATED_DIRS.flatMap((d) => rustFiles(root, d)).sort()) {
    const path = relative(root, file);
    const lines = readFileSync(file, 'utf8').split('\n');
    const seen = new Map<string, number>();
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      if (line.includes('#[cfg(test)]')) break;
      const occurrence = seen.get(line) ?? 0;
      seen.set(line, occurrence + 1);
      for (const [operator, mutated] of variants(line, lines[i + 1] ?? '', lines[i - 1] ?? '')) {
        const hash = createHash('sha256')
          .update(`${path}\n${line}\n${occurrence}\n${mutated}`)
          .digest('hex')
          .slice(0, 16);
        mutants.push({
          hash,
          path,
          line: i + 1,
          operator,
          original: line.trim(),
          mutated: mutated.trim(),
        });
      }
    }
  }
  return mutants;
}
