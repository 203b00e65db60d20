import { defineConfig } from 'vitest/config';

const onPostgres = process.env.TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // test/postgres holds what only means something on a PostgreSQL server (outage proxy, prepared statements,
    // the job connection, the server process on PostgreSQL):
    // part of the PostgreSQL pass, not of the PGlite one.
    // *.unit.test.ts need no database: they are the server-unit project (vitest.unit.config.ts). test/load (the
    // minute-long flood) runs alone, as a step of its own (vitest.load.config.ts).
    exclude: ['**/*.unit.test.ts', 'test/load/**', ...(onPostgres ? [] : ['test/postgres/**'])],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
  },
});
