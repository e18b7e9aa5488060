// Builds the web bundle with Vite when it is missing or older than the page's sources, so
// `npm start` (which starts this server from source) and the browser suite never serve a stale
// page. A deployment ships a built `dist/` and never reaches this.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const APP_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What the bundle is built from (the page's code, the shared modules, the HTML and config). */
const SOURCES = ['src/web', 'src/shared', 'index.html', 'vite.config.ts'];
/**
 * The workspace's libraries the page imports, directly or through each other (the SDK, the
 * generated clients, routing, ...): every `src` under these folders of the repository, so an
 * SDK change rebuilds the page too. Watching all of them rather than the page's import graph
 * costs a needless rebuild at worst; missing one serves a stale page.
 */
const LIBRARY_FOLDERS = ['../../packages', '../../clients'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newestMtime(join(path, name))), 0);
}

function librarySources(root: string): string[] {
  return LIBRARY_FOLDERS.flatMap((folder) => {
    const dir = join(root, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir).map((name) => join(dir, name, 'src'));
  });
}

/** Whether `outDir` lacks a bundle or holds one older than a source file (its own or a library's). */
export function bundleIsStale(outDir: string, root = APP_ROOT): boolean {
  const index = join(outDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const sources = [...SOURCES.map((p) => join(root, p)), ...librarySources(root)];
  return sources.some((p) => newestMtime(p) > built);
}

/** Builds into `outDir` unless an up-to-date bundle is there; returns whether it built. */
export async function ensureBundle(outDir: string, log: (line: string) => void): Promise<boolean> {
  if (!bundleIsStale(outDir)) return false;
  log(`building the web bundle into ${outDir}`);
  const { build } = await import('vite');
  await build({
    configFile: join(APP_ROOT, 'vite.config.ts'),
    root: APP_ROOT,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  return true;
}
