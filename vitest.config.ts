import { defineConfig } from 'vitest/config';

// One runner for the whole repository. Program tests load the real `.so` files from
// target/deploy, which `npm test` builds first (scripts/test.sh).
export default defineConfig({
  test: {
    include: ['{packages,clients,apps,programs,bench,scripts}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'target/**'],
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
