#!/usr/bin/env node
// Start and restart times of the server (issue 18: restart ready ≤ 3 s, first start with demo seeding ≤ 10 s):
// the real CLI (`apps/server/bin/server.mjs serve`, what `npm start` runs once the web app is built) from spawn
// to its listening line, on a fresh data directory (migrations + demo seed) and again on the same one (nothing to
// migrate or seed), for the embedded PGlite and, with TEST_DATABASE_URL, PostgreSQL. Alternating rounds
// (BENCH_ROUNDS, default 3); writes bench/results/start.json.
//
//   node bench/start.mjs
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/start.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root, startServer } from './lib/server.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const baseUrl = process.env.TEST_DATABASE_URL;

async function admin(text) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** Milliseconds from spawn to the listening line; the server is then stopped (SIGTERM, drained). */
async function timeStart(env) {
  const dataDir = env.DATA_DIR;
  const t0 = performance.now();
  const { child } = await startServer({ dataDir, env: { PII_KEY: 'ab'.repeat(32), ...env } });
  const ms = performance.now() - t0;
  child.kill('SIGTERM');
  await new Promise((r) => child.on('exit', r));
  return Math.round(ms);
}

const results = [];
for (let round = 1; round <= rounds; round++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-bench-start-'));
  const first = await timeStart({ DATA_DIR: dataDir });
  const restart = await timeStart({ DATA_DIR: dataDir });
  fs.rmSync(dataDir, { recursive: true, force: true });
  results.push({ database: 'pglite', round, firstStartMs: first, restartMs: restart });
  console.log(`PGlite      round ${round}: first start ${first} ms, restart ${restart} ms`);
  if (baseUrl) {
    const db = `aqzrx_bench_start_${process.pid}_${round}`;
    await admin(`CREATE DATABASE ${db}`);
    const u = new URL(baseUrl);
    u.pathname = `/${db}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-bench-start-'));
    try {
      const pgFirst = await timeStart({ DATA_DIR: dir, DATABASE_URL: u.toString() });
      const pgRestart = await timeStart({ DATA_DIR: dir, DATABASE_URL: u.toString() });
      results.push({ database: 'postgres', round, firstStartMs: pgFirst, restartMs: pgRestart });
      console.log(`PostgreSQL  round ${round}: first start ${pgFirst} ms, restart ${pgRestart} ms`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
      await admin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    }
  }
}
const out = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
  loadAverage: os.loadavg().map((x) => Math.round(x * 100) / 100),
  results,
};
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench/results/start.json'), `${JSON.stringify(out, null, 2)}\n`);
