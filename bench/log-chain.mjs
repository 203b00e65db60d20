#!/usr/bin/env node
// Cost of the operation log's HMAC chain on the request path (issue 17 finding 9): one audited request
// writes one sys_oper_log row. Compares, per row, the plain INSERT the log used before with the chained
// append (lock the chain head FOR UPDATE, draw the id, HMAC-SM3, INSERT + head UPDATE in one statement),
// each in its own transaction as writeAudit outside a route transaction does, with 1 and with 8 concurrent
// writers.
//   node --import tsx bench/log-chain.mjs                                   # embedded PGlite (memory)
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/log-chain.mjs
// Writes bench/results/log-chain-<database>.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { appendOperLog, logHmacKey } from '../apps/server/src/platform/log-chain.ts';
import { createOperLogWriter } from '../apps/server/src/platform/oper-log-writer.ts';
import { percentile, root } from './lib/server.mjs';

const rowsPerCase = Number(process.env.BENCH_ROWS ?? 3000);
const pgBase = process.env.TEST_DATABASE_URL;
const kind = pgBase ? 'postgres' : 'pglite';

let admin;
let dbName;
let database;
if (pgBase) {
  dbName = `aqzrx_bench_logchain_${process.pid}`;
  admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const u = new URL(pgBase);
  u.pathname = `/${dbName}`;
  database = await openDatabase({ databaseUrl: u.toString(), poolMax: 8 });
} else {
  database = await openDatabase({ pgliteDir: 'memory://' });
}
const db = database.db;
await migrateToLatest(db);
const key = logHmacKey(undefined);

const content = (i) => ({
  createdAt: new Date(),
  userId: 1,
  username: 'admin',
  roleKey: 'ROLE_ADMIN',
  orgName: '宿迁市应急管理局',
  module: '用户管理',
  kind: 'edit',
  method: 'POST',
  path: '/api/sys/user/edit',
  params: JSON.stringify({ body: { id: i, nickname: `用户${i}`, mobile: '138****5678' } }),
  targetId: String(i),
  ip: '127.0.0.1',
  durationMs: 3,
  outcome: 'success',
  errorMsg: '',
  requestId: `bench-${i}`,
});

const groupWriter = createOperLogWriter(db, key);
const writers = {
  plain: (i) => db.transaction().execute((trx) => trx.insertInto('sysOperLog').values(content(i)).execute()),
  chained: (i) => appendOperLog(db, key, content(i)),
  // Rows written outside a business transaction since issue 18: group-committed (platform/oper-log-writer.ts).
  grouped: (i) => groupWriter.append(content(i)),
};

async function measure(name, concurrency) {
  const write = writers[name];
  const times = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < rowsPerCase) {
        const i = next++;
        const t0 = process.hrtime.bigint();
        await write(i);
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const row = {
    name,
    concurrency,
    rows: rowsPerCase,
    rowsPerSec: Math.round(rowsPerCase / seconds),
    p50ms: Number(percentile(times, 50).toFixed(3)),
    p99ms: Number(percentile(times, 99).toFixed(3)),
  };
  console.log(
    `${name.padEnd(8)} x${concurrency}  ${String(row.rowsPerSec).padStart(6)} rows/s  p50 ${row.p50ms} ms  p99 ${row.p99ms} ms`,
  );
  return row;
}

try {
  console.log(`database: ${kind}, ${rowsPerCase} rows per case`);
  // Warm-up of both paths (plans, JIT), not counted.
  for (let i = 0; i < 200; i++) {
    await writers.plain(i);
    await writers.chained(i);
    await writers.grouped(i);
  }
  const rows = [];
  for (const concurrency of [1, 8, 50]) {
    // Interleaved: plain, chained, grouped, twice (the machine's speed drifts).
    for (let round = 0; round < 2; round++) {
      rows.push(await measure('plain', concurrency));
      rows.push(await measure('chained', concurrency));
      rows.push(await measure('grouped', concurrency));
    }
  }
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    database: kind,
    rows,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, `bench/results/log-chain-${kind}.json`),
    `${JSON.stringify(out, null, 2)}\n`,
  );
} finally {
  await database.close();
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
}
