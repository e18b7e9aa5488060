#!/usr/bin/env node
// Regenerates every program's IDL (from the Rust source, through scripts/idl-gen) and the
// TypeScript client of each IDL (through @codama/renderers-js) into clients/<program>.
// With --check nothing is written: it fails if any committed file differs from what the
// sources generate now, so CI catches an IDL or client that drifted from the programs.
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { renderVisitor } from '@codama/renderers-js';
import { visit } from '@codama/visitors-core';

const root = new URL('..', import.meta.url).pathname;
const check = process.argv.includes('--check');
if (process.argv.includes('--help')) {
  console.log(
    'usage: node scripts/codegen.mjs [--check] [program ...]\n  regenerates idl/*.json and clients/*/src/generated; --check only verifies they are current',
  );
  process.exit(0);
}

const env = { ...process.env, RUSTC: '/usr/bin/rustc' };
// Optional program names restrict the run (for example `node scripts/codegen.mjs vault`).
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const idlArgs = [
  'run',
  '--quiet',
  '--locked',
  '-p',
  'idl-gen',
  '--',
  ...(check ? ['--check'] : []),
  ...only,
];
execFileSync('cargo', idlArgs, { cwd: root, env, stdio: 'inherit' });

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path).map((p) => join(name, p)) : [name];
  });
}

// codama-rs omits empty arrays when it serializes nodes; the JavaScript visitors expect
// every array field to be present, as the @codama/nodes constructors would create them.
const ARRAY_FIELDS = {
  rootNode: ['additionalPrograms'],
  programNode: ['accounts', 'instructions', 'definedTypes', 'pdas', 'errors', 'docs'],
  instructionNode: [
    'accounts',
    'arguments',
    'extraArguments',
    'remainingAccounts',
    'byteDeltas',
    'discriminators',
    'subInstructions',
    'docs',
  ],
  accountNode: ['discriminators', 'docs'],
  definedTypeNode: ['docs'],
  pdaNode: ['seeds', 'docs'],
  structTypeNode: ['fields'],
  structFieldTypeNode: ['docs'],
  enumTypeNode: ['variants'],
  tupleTypeNode: ['items'],
  instructionAccountNode: ['docs'],
  instructionArgumentNode: ['docs'],
  instructionRemainingAccountsNode: ['docs'],
  errorNode: ['docs'],
};

function normalize(node) {
  if (Array.isArray(node)) return node.map(normalize);
  if (node === null || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, normalize(v)]));
  for (const field of ARRAY_FIELDS[out.kind] ?? []) out[field] ??= [];
  return out;
}

const stale = [];
for (const file of readdirSync(join(root, 'idl')).filter((f) => f.endsWith('.json'))) {
  const program = file.replace(/\.json$/, '');
  if (only.length > 0 && !only.includes(program)) continue;
  const idl = normalize(JSON.parse(readFileSync(join(root, 'idl', file), 'utf8')));
  const scratch = mkdtempSync(join(tmpdir(), `codegen-${program}-`));
  await visit(
    idl,
    renderVisitor(scratch, { syncPackageJson: false, kitImportStrategy: 'rootOnly' }),
  );
  const fresh = join(scratch, 'src', 'generated');
  const target = join(root, 'clients', program, 'src', 'generated');
  if (check) {
    const want = listFiles(fresh).sort();
    const have = listFiles(target).sort();
    const differs =
      want.join('\n') !== have.join('\n') ||
      want.some(
        (f) => readFileSync(join(fresh, f), 'utf8') !== readFileSync(join(target, f), 'utf8'),
      );
    if (differs) stale.push(relative(root, target));
  } else {
    rmSync(target, { recursive: true, force: true });
    cpSync(fresh, target, { recursive: true });
    console.log(`codegen: wrote ${relative(root, target)} (${listFiles(target).length} files)`);
  }
  rmSync(scratch, { recursive: true, force: true });
}

if (stale.length > 0) {
  console.error(
    `codegen: generated clients are out of date, run \`npm run codegen\`: ${stale.join(', ')}`,
  );
  process.exit(1);
}
if (check) console.log('codegen: IDLs and clients are up to date');
