import { defineConfig } from 'vitest/config';
import { E2E_SERVERS } from './global-setup.ts';

/**
 * Browser tests: real servers (built web app + API on embedded PGlite), driven by Debian's chromium
 * through playwright-core. One server per worker (E2E_SERVERS, default 1): files of a worker run one
 * after another on its own server, as they share demo accounts and one of them changes a password.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./global-setup.ts'],
    environment: 'node',
    fileParallelism: E2E_SERVERS > 1,
    maxWorkers: E2E_SERVERS,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
