#!/usr/bin/env node
// Issue 17 finding 3: one signed-in user's flood must not lock out a colleague behind the same NAT (one IP).
// The server runs with its default limits (API_RATE_MAX 600/min per session, IP_RATE_MAX 3000/min per IP for
// anonymous traffic). Phase 1 (reference): `gov` alone reads its user info every 50 ms for BENCH_SECONDS.
// Phase 2: the insurer floods its policy list with 50 connections (autocannon) while `gov` does the same again.
// Prints gov's answers (2xx / 429) and latency p50/p95 in both phases, and writes bench/results/nat-flood.json.
//
//   node bench/nat-flood.mjs                 # embedded PGlite
//   DATABASE_URL=postgres://… node bench/nat-flood.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { login, percentile, root, startServer } from './lib/server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-bench-nat-'));

/** gov's requests, one every 50 ms, for the given time: status counts and latencies. */
async function colleague(base, token, ms) {
  const latencies = [];
  const statuses = {};
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/sys/user/getUserInfo.json`, {
      method: 'POST',
      headers: { 'x-token': token, 'content-type': 'application/json' },
      body: '{}',
    });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    await new Promise((r) => setTimeout(r, 50));
  }
  const total = latencies.length;
  return {
    requests: total,
    statuses,
    refusedShare: Math.round(((statuses[429] ?? 0) / total) * 1000) / 10,
    p50ms: Math.round(percentile(latencies, 50)),
    p95ms: Math.round(percentile(latencies, 95)),
  };
}

// Default limits: the point is what they do to the colleague.
const { child, port } = await startServer({
  dataDir,
  env: { API_RATE_MAX: '600', IP_RATE_MAX: '3000', LOGIN_RATE_MAX: '10' },
});
const base = `http://127.0.0.1:${port}`;
try {
  const gov = await login(base, 'gov');
  const insurer = await login(base, 'insurer');
  const alone = await colleague(base, gov, seconds * 1000);
  const [flood, during] = await Promise.all([
    autocannon({
      url: `${base}/api/policy/list?pageNo=1&pageSize=10`,
      method: 'POST',
      headers: { 'x-token': insurer, 'content-type': 'application/json' },
      body: '{}',
      connections,
      duration: seconds,
    }),
    colleague(base, gov, seconds * 1000),
  ]);
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    loadavg: os.loadavg(),
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    flood: {
      connections,
      seconds,
      requests: flood.requests.total,
      non2xx: flood.non2xx,
      reqPerSec: Math.round(flood.requests.average),
    },
    govAlone: alone,
    govDuringFlood: during,
  };
  console.log(JSON.stringify(out, null, 2));
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/nat-flood.json'), `${JSON.stringify(out, null, 2)}\n`);
} finally {
  child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
