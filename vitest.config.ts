import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server/vitest.unit.config.ts', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the CPUs (a single worker on a 2-core machine). Test files
    // are independent (each has its own database), so every core runs one.
    maxWorkers: os.availableParallelism(),
  },
});
