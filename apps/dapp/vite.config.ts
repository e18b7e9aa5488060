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
  plugins: [react()],
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
