#!/usr/bin/env node
// API load benchmark (autocannon) against the real server on loopback.
//   node bench/api.mjs                 # embedded PGlite in a temp DATA_DIR
//   DATABASE_URL=postgres://… node bench/api.mjs
// Prints req/s and latency percentiles per endpoint and writes bench/results/api.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { login, root, startServer } from './lib/server.mjs';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-bench-'));

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

const { child, port } = await startServer({ dataDir });
const base = `http://127.0.0.1:${port}`;
try {
  const token = await login(base, 'admin');
  const auth = { 'x-token': token };
  // The platform's operation log is the audit administrator's (三权分立).
  const auditAuth = { 'x-token': await login(base, 'auditor') };
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
      headers: auditAuth,
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
