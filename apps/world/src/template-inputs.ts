// What a world template is made from, so its key changes when, and only when, one of them
// does: the TypeScript the bootstrap runs (followed import by import from world-template.ts,
// into the workspace's packages and clients), the lockfile (every third-party module), the
// program binaries it deploys and their local keypairs. A change to the supervisor or a
// service the bootstrap never imports keeps the template.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const SIDE_EFFECT_IMPORT = /^import\s+['"]([^'"]+)['"]/gm;

/** Every file the template depends on, absolute paths, sorted. */
export function templateInputs(root: string): string[] {
  const files = new Set(sourceClosure(root, [join(root, 'apps/world/src/world-template.ts')]));
  files.add(join(root, 'package-lock.json'));
  for (const so of listFiles(join(root, 'target/deploy/localnet'), '.so')) files.add(so);
  for (const name of readdirSync(join(root, 'programs'))) {
    const keypair = join(root, 'programs', name, 'program-id.local.json');
    if (existsSync(keypair)) files.add(keypair);
  }
  return [...files].sort();
}

/** The TypeScript files reachable from `entries` through relative and `@basket/*` imports. */
export function sourceClosure(root: string, entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const specifier of specifiers(text)) {
      const target = resolveSpecifier(root, file, specifier);
      if (target !== null && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen];
}

function specifiers(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) out.push((m[1] ?? m[2]) as string);
  for (const m of text.matchAll(SIDE_EFFECT_IMPORT)) out.push(m[1] as string);
  return out;
}

function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return resolveFile(resolve(dirname(from), specifier));
  if (!specifier.startsWith('@basket/')) return null; // third-party: pinned by the lockfile
  const [scope, name, ...rest] = specifier.split('/');
  const linked = join(root, 'node_modules', scope as string, name as string);
  if (!existsSync(linked))
    throw new Error(`world template: cannot resolve ${specifier} from ${from}`);
  const dir = realpathSync(linked);
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    exports?: Record<string, string>;
  };
  const subpath = rest.length > 0 ? `./${rest.join('/')}` : '.';
  const entry = manifest.exports?.[subpath];
  if (typeof entry !== 'string')
    throw new Error(`world template: ${specifier} has no export ${subpath}`);
  return resolveFile(join(dir, entry));
}

function resolveFile(path: string): string {
  for (const candidate of [path, `${path}.ts`, join(path, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`world template: no source file for ${path}`);
}

function listFiles(dir: string, suffix: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(suffix))
    .map((name) => join(dir, name));
}
