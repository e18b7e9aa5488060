import { defineConfig } from 'vitest/config';

// One runner for the whole repository. Program tests load the real `.so` files from
// target/deploy, which `npm test` builds first (scripts/test.sh).
export default defineConfig({
  test: {
    include: ['{packages,clients,apps,programs,bench,scripts}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'target/**'],
    pool: 'forks',
    // Two test files at once (the default on two cores is one): the world suites spend most of
    // their wall time waiting for slots and confirmations, so a second file overlaps the wait.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
