import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the CPUs: a single worker on the 2-core CI machine. Two
    // workers keep both cores busy (test files are independent: each has its own database).
    maxWorkers: 2,
  },
});
