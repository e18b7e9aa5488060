// The web bundle: React components in TSX through @vitejs/plugin-react (the automatic JSX
// runtime, the same `jsx: react-jsx` the repository's tsconfig type-checks them with), one
// entry, hashed assets under /assets, no inline scripts (the CSP allows only 'self').
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root,
  base: '/',
  mode: 'production',
  plugins: [react()],
  // The production JSX runtime whatever NODE_ENV the builder runs under: the dapp server builds
  // the bundle in-process, and under vitest NODE_ENV is "test", which would compile `jsxDEV`
  // calls that React's production build does not export.
  oxc: { jsx: { runtime: 'automatic', development: false } },
  // The same reason: the production builds of the dependencies that ship two (lightweight-charts).
  resolve: { conditions: ['module', 'browser', 'production'] },
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
