import { defineConfig } from 'vitest/config';

/**
 * Server tests that need no database (`*.unit.test.ts`: state machines, captcha, sanitiser, tokens, the
 * data-directory lock): no template to build or load, so one of them runs in a second.
 */
export default defineConfig({
  test: {
    name: 'server-unit',
    include: ['src/**/*.unit.test.ts', 'test/**/*.unit.test.ts'],
    environment: 'node',
    testTimeout: 30000,
    pool: 'forks',
    isolate: false,
  },
});
