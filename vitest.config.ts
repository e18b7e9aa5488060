import { defineConfig } from 'vitest/config';

// One runner for the whole repository. Program tests load the real `.so` files from
// target/deploy, which `npm test` builds first (scripts/test.sh).
export default defineConfig({
  test: {
    include: ['{packages,clients,apps,programs,bench,fuzz,scripts}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'target/**'],
    pool: 'forks',
    // Three test files at once on two cores (the default is one): the world suites spend most of
    // their wall time waiting for slots and confirmations, so other files overlap the wait.
    // Measured on a warm checkout: 2 workers 500 s, 3 workers 382 s, every test passing.
    // Files run longest first from the second run on (vitest's results cache).
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
