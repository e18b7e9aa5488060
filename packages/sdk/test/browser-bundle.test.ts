import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ENTRY = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

describe('runs in the browser', () => {
  it('bundles src/index.ts for the browser without any Node builtin', async () => {
    // Given esbuild resolving every import for platform 'browser'
    const nodeImports: string[] = [];
    const result = await build({
      entryPoints: [ENTRY],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      logLevel: 'silent',
      // The generated clients read process.env.NODE_ENV, which browser bundlers define.
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [
        {
          name: 'refuse-node-builtins',
          setup(b) {
            b.onResolve({ filter: /.*/ }, (args) => {
              if (args.path.startsWith('node:') || BUILTINS.has(args.path)) {
                nodeImports.push(`${args.path} (from ${args.importer})`);
                return { path: args.path, external: true };
              }
              return undefined;
            });
          },
        },
      ],
    });
    // Then it builds, and nothing Node-only was imported on the way
    expect(result.errors).toEqual([]);
    expect(nodeImports).toEqual([]);
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).not.toMatch(/\brequire\(/);
    // and the only `process` reads (the generated clients' NODE_ENV) were defined away
    expect(code).not.toMatch(/\bprocess\.env|\bprocess\[/);
  });

  it('uses no Node globals in its own source', () => {
    const dir = fileURLToPath(new URL('../src', import.meta.url));
    for (const file of readdirSync(dir)) {
      const text = readFileSync(join(dir, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      expect(text, file).not.toMatch(/\b(process|Buffer|require|__dirname)\b/);
    }
  });
});
