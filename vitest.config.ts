import { defineConfig } from 'vitest/config';

// One runner for the whole repository. Program tests load the real `.so` files from
// target/deploy, which `npm test` builds first (scripts/test.sh).
const EXCLUDE = ['**/node_modules/**', '**/dist/**', 'target/**'];

export default defineConfig({
  test: {
    exclude: EXCLUDE,
    pool: 'forks',
    // Three test files at once on two cores (the default is one): the world suites spend most of
    // their wall time waiting for slots and confirmations, so other files overlap the wait.
    // Measured on a warm checkout: 2 workers 500 s, 3 workers 382 s, every test passing.
    // Files run longest first from the second run on (vitest's results cache).
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          // The programs', libraries' and generated clients' tests share nothing global (no
          // module mocks, no environment writes, no default metric registry): a worker keeps
          // its imported modules (Kit, LiteSVM, the clients) from one file to the next instead
          // of importing them again per file. Measured on these 156 files under load: 300 s
          // isolated (283 s of it imports), 115 s shared.
          name: 'libraries',
          include: ['{packages,clients,programs}/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Services and end-to-end suites: each file in a fresh module graph (their tests
          // set environment variables, start services and register process handlers).
          name: 'services',
          include: ['{apps,bench,fuzz,scripts}/**/*.test.ts'],
        },
      },
    ],
  },
});
