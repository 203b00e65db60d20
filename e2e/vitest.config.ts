import { defineConfig } from 'vitest/config';

/**
 * Browser tests: one real server (built web app + API on embedded PGlite) for the whole run, driven by
 * Debian's chromium through playwright-core. Files run one after another: they share demo accounts
 * and one of them changes a password.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
