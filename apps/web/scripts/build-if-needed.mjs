#!/usr/bin/env node
/**
 * Builds the web app only when apps/web/dist is missing or older than any source it is built from:
 * apps/web/src, apps/web/index.html, apps/web/public, the vite config and packages/contracts/src.
 * Test files and src/test helpers do not count. `--force` always builds. Exits with the build's status.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(webDir, '../..');
const distIndex = path.join(webDir, 'dist', 'index.html');

const SOURCES = [
  path.join(webDir, 'src'),
  path.join(webDir, 'public'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'package.json'),
  path.join(repoRoot, 'packages', 'contracts', 'src'),
];

/** Newest modification time under `p` (0 when it does not exist). Test files do not count. */
function newestMtime(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return /\.test\.[cm]?[jt]sx?$/.test(p) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) {
    if (entry === 'node_modules' || entry === 'test' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

export function buildNeeded() {
  let built;
  try {
    built = fs.statSync(distIndex).mtimeMs;
  } catch {
    return { needed: true, reason: 'dist/index.html 不存在' };
  }
  for (const src of SOURCES) {
    const m = newestMtime(src);
    if (m > built) return { needed: true, reason: `${path.relative(repoRoot, src)} 比构建产物新` };
  }
  return { needed: false, reason: '构建产物是最新的' };
}

function main() {
  const force = process.argv.includes('--force');
  const { needed, reason } = force ? { needed: true, reason: '--force' } : buildNeeded();
  if (!needed) {
    process.stdout.write(`[web] 跳过构建：${reason}\n`);
    return 0;
  }
  process.stdout.write(`[web] 开始构建：${reason}\n`);
  const res = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: webDir,
      stdio: 'inherit',
      // Always a production bundle, whoever calls: under NODE_ENV=test (vitest) React and antd build in
      // test mode, where antd names every radio group alike and separate groups uncheck each other.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (res.error) {
    process.stderr.write(`[web] 构建失败：${res.error.message}\n`);
    return 1;
  }
  return res.status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
