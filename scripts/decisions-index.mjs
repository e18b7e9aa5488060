#!/usr/bin/env node
// Writes docs/decisions/README.md, the index of the decision records, from the records in
// that folder (each `NNNN-slug.md`, titled `# NNNN. Title`, with an `Area:` line naming its
// component and a `## Status` section), grouped by area, so the index never lists a record
// that is gone or misses one someone added. `--check` fails instead of writing when the
// committed index differs (its test runs with `npm test`).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DECISIONS_DIR = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
const RECORD = /^\d{4}-.+\.md$/;

/** The components, in the index's order; a record names one in its `Area:` line. */
export const AREAS = [
  'Toolchain and build',
  'Market calendar and routing',
  'Tokenized-asset API',
  'Vault program',
  'Oracle program',
  'Rewards program',
  'Operations and upgrade gate',
  'Client SDK',
  'Transaction landing',
  'Keeper',
  'Indexer and webhooks',
  'Dapp',
  'Services and local world',
  'Aggregator simulator and swap venue',
  'Tests, fuzzing and soak',
];

// A record without an `Area:` line is placed by the first of these words its title or file
// name holds, so a record someone adds without one still lands near its kin.
const AREA_WORDS = [
  [/\bkeeper/i, 'Keeper'],
  [/\bdapp/i, 'Dapp'],
  [/\bindexer|webhook/i, 'Indexer and webhooks'],
  [/\boracle|snapshot/i, 'Oracle program'],
  [/\breward|\bclaim|\bstak|\bepoch/i, 'Rewards program'],
  [/\bvault/i, 'Vault program'],
  [/\bsdk\b/i, 'Client SDK'],
  [/\bops\b|operator|upgrade/i, 'Operations and upgrade gate'],
  [/\btest|fuzz|soak|bench|mutant/i, 'Tests, fuzzing and soak'],
  [/\bworld|service|supervisor|postgres/i, 'Services and local world'],
];

/**
 * One record's number, title and status, read from its file. Lenient about the heading's form
 * (`# 0042. Title`, `# 0042 Title`, `# Title`) and the status's (`## Status` section or a
 * `Status:` line), so a record someone adds is always listed; the file name gives the number.
 */
export function readRecord(dir, file) {
  const text = readFileSync(join(dir, file), 'utf8');
  const num = file.slice(0, 4);
  const heading = text.match(/^# (.+)$/m)?.[1] ?? file.slice(5, -3).replace(/-/g, ' ');
  const title = heading.replace(/^\d{4}\s*[.:\u2013-]?\s*/, '').trim();
  const section = text.match(/^##+ Status\s*\n+([^#][\s\S]*?)(?=\n#|$)/m)?.[1];
  const line = text.match(/^(?:[-*]\s*)?\**Status\**:\**\s*(.+)$/m)?.[1];
  const raw = (section ?? line ?? 'not stated').trim().replace(/\s+/g, ' ');
  // The index shows the status's first sentence (e.g. "Accepted." or "Superseded by 0042."),
  // and the next one too when it names what the record supersedes.
  const [first = raw, second] = raw.split(/(?<=\.)\s/);
  const status = second?.startsWith('Supersedes') ? `${first} ${second}` : first;
  const stated = text.match(/^Area:\s*(.+)$/m)?.[1]?.trim();
  const area = stated ?? AREA_WORDS.find(([re]) => re.test(`${title} ${file}`))?.[1] ?? 'Other';
  return { num, file, title, status, area };
}

/** The index's text for the records in `dir`: one section per area, records in number order. */
export function renderIndex(dir = DECISIONS_DIR) {
  const files = readdirSync(dir)
    .filter((f) => RECORD.test(f))
    .sort();
  const seen = new Map();
  for (const f of files) {
    const n = f.slice(0, 4);
    if (seen.has(n)) throw new Error(`two records numbered ${n}: ${seen.get(n)} and ${f}`);
    seen.set(n, f);
  }
  const rows = files.map((f) => readRecord(dir, f));
  const esc = (s) => s.replace(/\|/g, '\\|');
  const present = [...new Set(rows.map((r) => r.area))];
  const others = present.filter((a) => !AREAS.includes(a) && a !== 'Other').sort();
  const order = [...AREAS, ...others, 'Other'].filter((a) => present.includes(a));
  const sections = order.flatMap((area) => [
    `## ${area}`,
    '',
    '| # | Decision | Status |',
    '|---|---|---|',
    ...rows
      .filter((r) => r.area === area)
      .map((r) => `| ${r.num} | [${esc(r.title)}](${r.file}) | ${esc(r.status)} |`),
    '',
  ]);
  return [
    '# Decision records',
    '',
    'One file per decision: the gaps the specification leaves open ("not shown") and the choices',
    'the issues left to us. Each record has a Context, the Decision, its Consequences and a Status;',
    'a superseded record stays, marked "Superseded by NNNN", and the record that replaced it says',
    '"Supersedes NNNN". A record names its component in an `Area:` line under its title (one of',
    'the sections below; a record without one is placed by the words of its title). New records',
    "take the next free number of the writer's block and are added as `NNNN-short-slug.md`; this",
    'index is generated from the folder by `node scripts/decisions-index.mjs` (`--check` is run by',
    'the tests).',
    '',
    ...sections,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--help')) {
    console.log(
      'usage: node scripts/decisions-index.mjs [--check]\n  writes docs/decisions/README.md from the records; --check fails when it is out of date',
    );
    process.exit(0);
  }
  const path = join(DECISIONS_DIR, 'README.md');
  const want = renderIndex();
  if (process.argv.includes('--check')) {
    let have = '';
    try {
      have = readFileSync(path, 'utf8');
    } catch {}
    if (have !== want) {
      console.error(
        'decisions-index: docs/decisions/README.md is out of date; run node scripts/decisions-index.mjs',
      );
      process.exit(1);
    }
    console.log('decisions-index: up to date');
  } else {
    writeFileSync(path, want);
    console.log(`decisions-index: wrote ${path}`);
  }
}
