// Builds the web bundle with Vite when it is missing, so `npm start` (which starts this server
// from source) serves the app without a separate build step. A deployment ships a built
// `dist/` and never reaches this.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const APP_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Builds into `outDir` unless its `index.html` exists; returns whether it built. */
export async function ensureBundle(outDir: string, log: (line: string) => void): Promise<boolean> {
  if (existsSync(join(outDir, 'index.html'))) return false;
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
