#!/usr/bin/env node
// API load benchmark (autocannon) against the real server on loopback.
//   node bench/api.mjs                 # embedded PGlite in a temp DATA_DIR
//   DATABASE_URL=postgres://… node bench/api.mjs
// Prints req/s and latency percentiles per endpoint and writes bench/results/api.json.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-bench-'));

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        CAPTCHA: 'off',
        LOG_LEVEL: 'warn',
        API_RATE_MAX: '100000000',
        IP_RATE_MAX: '100000000',
        LOGIN_RATE_MAX: '100000000',
        NODE_ENV: 'production',
        SEED_DEMO: 'on',
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

async function run(name, opts) {
  const result = await autocannon({ connections, duration, ...opts });
  const row = {
    name,
    connections,
    seconds: duration,
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.log(
    `${name.padEnd(34)} ${String(row.reqPerSec).padStart(7)} req/s  p50 ${String(row.p50ms).padStart(4)} ms  p99 ${String(row.p99ms).padStart(4)} ms  non-2xx ${row.non2xx}`,
  );
  return row;
}

const { child, port } = await startServer();
const base = `http://127.0.0.1:${port}`;
try {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Safe2026' }),
  }).then((r) => r.json());
  const token = login.data.token;
  const auth = { 'x-token': token };
  console.log(
    `database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}, ${connections} connections, ${duration} s each`,
  );
  const rows = [];
  rows.push(await run('GET /api/health', { url: `${base}/api/health` }));
  rows.push(await run('GET /api/public/settings', { url: `${base}/api/public/settings` }));
  rows.push(
    await run('POST getUserInfo.json (token)', {
      url: `${base}/api/sys/user/getUserInfo.json`,
      method: 'POST',
      headers: auth,
    }),
  );
  rows.push(
    await run('POST getSysResourceListByToken', {
      url: `${base}/api/sys/user/getSysResourceListByToken.json`,
      method: 'POST',
      headers: auth,
    }),
  );
  rows.push(
    await run('POST searchLogList.json (paged)', {
      url: `${base}/api/log/sysLogs/searchLogList.json?pageNo=1&pageSize=10`,
      method: 'POST',
      headers: auth,
    }),
  );
  rows.push(
    await run('POST /api/login (argon2id)', {
      url: `${base}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'gov', password: 'Safe2026' }),
      connections: 8,
    }),
  );
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    rows,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/api-${out.database}.json`),
    `${JSON.stringify(out, null, 2)}\n`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
