#!/usr/bin/env node
// No import circles: the TypeScript tree through dpdm (every source, test, bench and script
// file; type-only imports count too, since a circle of types is still a circle of modules to
// read; the Codama-generated clients are left out: they are regenerated, never edited), and
// the Rust workspace's crates through `cargo metadata` (every dependency kind, dev included:
// cargo itself refuses only circles of normal dependencies). Run by `npm test`'s lint step.
import { spawnSync } from 'node:child_process';

if (process.argv.includes('--help')) {
  console.log(
    'usage: node scripts/check-cycles.mjs\n  fails when a TypeScript module or a Rust crate of the workspace is in an import circle',
  );
  process.exit(0);
}
const root = new URL('..', import.meta.url).pathname;
const TS_FILES = [
  'packages/*/src/**/*.{ts,tsx}',
  'packages/*/test/**/*.ts',
  'clients/*/src/**/*.ts',
  'apps/*/src/**/*.{ts,tsx}',
  'apps/*/test/**/*.{ts,tsx}',
  'apps/*/scripts/**/*.ts',
  'bench/**/*.ts',
  'scripts/**/*.{ts,mjs}',
  'programs/*/tests/**/*.ts',
  'fuzz/**/*.ts',
];
let failed = false;

const ts = spawnSync(
  'npx',
  [
    'dpdm',
    '--no-tree',
    '--no-warning',
    '--no-progress',
    '--exit-code',
    'circular:1',
    '--exclude',
    'node_modules|clients/[^/]+/src/generated',
    ...TS_FILES,
  ],
  { cwd: root, encoding: 'utf8' },
);
if (ts.status !== 0) {
  failed = true;
  console.error(`check-cycles: TypeScript import circles (dpdm):\n${ts.stdout}${ts.stderr}`);
} else {
  console.log('check-cycles: no TypeScript import circle');
}

/** Circles among the workspace's crates, each as its crate names in order. */
function crateCircles(packages) {
  const names = new Map(
    packages.map((p) => [p.manifest_path.replace(/\/Cargo\.toml$/, ''), p.name]),
  );
  const edges = new Map(
    packages.map((p) => [
      p.name,
      p.dependencies.filter((d) => d.path && names.has(d.path)).map((d) => names.get(d.path)),
    ]),
  );
  const circles = [];
  const state = new Map();
  const stack = [];
  const visit = (n) => {
    state.set(n, 'open');
    stack.push(n);
    for (const m of edges.get(n) ?? []) {
      if (state.get(m) === 'open') circles.push([...stack.slice(stack.indexOf(m)), m]);
      else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, 'done');
  };
  for (const n of edges.keys()) if (!state.has(n)) visit(n);
  return circles;
}

const cargo = spawnSync('cargo', ['metadata', '--no-deps', '--format-version', '1', '--locked'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (cargo.status !== 0) {
  failed = true;
  console.error(`check-cycles: cargo metadata failed:\n${cargo.stderr}`);
} else {
  const circles = crateCircles(JSON.parse(cargo.stdout).packages);
  if (circles.length > 0) {
    failed = true;
    for (const c of circles) console.error(`check-cycles: Rust crate circle: ${c.join(' -> ')}`);
  } else {
    console.log('check-cycles: no Rust crate circle');
  }
}
process.exit(failed ? 1 : 0);
