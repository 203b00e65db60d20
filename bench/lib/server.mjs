// The server as the benchmarks start it: the real CLI (`main.ts serve`) on a free port, production mode,
// demo seed, CAPTCHA off. Rate limits are lifted unless the caller's env sets them.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Starts the server; resolves with the child process and its port once it prints its address. */
export function startServer({ dataDir, env = {}, nodeArgs = [] }) {
  return new Promise((resolve, reject) => {
    // BENCH_SQL_CAPTURE=<file>: the statements of marked requests are written there (bench/lib/capture-sql.mjs).
    const capture = env.BENCH_SQL_CAPTURE ? ['--import', path.join(root, 'bench/lib/capture-sql.mjs')] : [];
    const child = spawn(process.execPath, [...capture, ...nodeArgs, 'apps/server/bin/server.mjs', 'serve'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        CAPTCHA: 'off',
        MFA: 'off',
        LOG_LEVEL: 'warn',
        API_RATE_MAX: '100000000',
        IP_RATE_MAX: '100000000',
        LOGIN_RATE_MAX: '100000000',
        NODE_ENV: 'production',
        LOG_HMAC_KEY: 'bench-only-log-hmac-key-not-a-secret',
        SEED_DEMO: 'on',
        // One server process unless the caller asks for more (WORKERS defaults to the CPUs on PostgreSQL).
        WORKERS: process.env.WORKERS ?? '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (b) => {
      out += b;
      const m = out.match(/http:\/\/localhost:(\d+)/);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
}

/** Signs a demo account in through the API; returns its token. */
export async function login(base, username, password = 'Safe2026') {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  }).then((r) => r.json());
  if (!res.data?.token) throw new Error(`login ${username}: ${JSON.stringify(res)}`);
  return res.data.token;
}

/** The p-th percentile (0–100) of a list of numbers. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
