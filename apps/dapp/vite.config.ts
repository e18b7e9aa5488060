// The web bundle: React without JSX (the repository's strict tsconfig has no JSX setting, so
// components use `createElement`), one entry, hashed assets under /assets, no inline scripts
// (the CSP allows only 'self').
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Keep every asset a file: a data: URL script or style would need a CSP exception.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1_500,
  },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
});
