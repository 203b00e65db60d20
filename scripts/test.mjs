#!/usr/bin/env node
// The README's test command: lint, module boundaries and file length (scripts/check-boundaries.mjs),
// typecheck, unit/API suites on embedded PGlite, the server suites again on PostgreSQL when
// TEST_DATABASE_URL is set, the browser suite, then the web bundle budget. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;
const failedSteps = [];

const timings = [];

function run(name, cmd, args, env = {}) {
  process.stdout.write(`\n== ${name}\n`);
  const t0 = Date.now();
  const res = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push(`${name} ${Math.round((Date.now() - t0) / 1000)} s`);
  if (res.status !== 0) failedSteps.push(name);
  return res.status === 0;
}

function vitest(name, args, env = {}) {
  const file = path.join(outDir, `${name.replace(/\W+/g, '-')}.json`);
  const ok = run(
    name,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  if (fs.existsSync(file)) {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
    if (r.numTotalTests === 0) failedSteps.push(`${name} (ran no test)`);
  } else if (ok) {
    failedSteps.push(`${name} (no report)`);
  }
}

run('lint', 'npx', ['biome', 'check', '.']);
run('module boundaries', process.execPath, ['scripts/check-boundaries.mjs']);
run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
vitest('unit and API tests (PGlite)', []);
if (process.env.TEST_DATABASE_URL) {
  vitest('server tests (PostgreSQL)', ['--project', 'server'], { TEST_DB: 'postgres' });
} else {
  process.stdout.write('\n== server tests (PostgreSQL): skipped, TEST_DATABASE_URL is not set\n');
}
vitest('browser tests', ['--config', 'e2e/vitest.config.ts']);
// Issue 6's budget, reported on every run: bytes the login page receives from the server (≤ 330 KB), from
// the production build the browser tests used.
run('web bundle budget', process.execPath, ['bench/web-bundle.mjs'], {
  WEB_BUNDLE_RESULTS: path.join(outDir, 'web-bundle.json'),
});

fs.rmSync(outDir, { recursive: true, force: true });
process.stdout.write(`\nsteps: ${timings.join('; ')}\n`);
if (failedSteps.length) process.stdout.write(`failed steps: ${failedSteps.join('; ')}\n`);
process.stdout.write(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failedSteps.length || failed ? 1 : 0);
