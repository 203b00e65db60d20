import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Load tests (test/load: security.md R04's minute-long flood of the real server process; PostgreSQL with TEST_DATABASE_URL, else the embedded database). Not a
 * project of the root config: `npm test` (scripts/test.mjs) runs them as a step of their own after the
 * PostgreSQL pass, alone, since a flood that shares the two cores with other test files measures those files'
 * load, not the server's. Run: `[TEST_DATABASE_URL=…] npx vitest run --config apps/server/vitest.load.config.ts`.
 */
export default defineConfig({
  // Run with --config from the repository root: the paths below are apps/server's.
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server-load',
    include: ['test/load/**/*.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 1,
  },
});
