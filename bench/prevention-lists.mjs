#!/usr/bin/env node
// Large-data benchmark of the accident-prevention and hazard lists (issues 13 and 18): 100,000 service plans
// (half with a submitted record) and as many hidden dangers (service checks of those records, insurer checks
// and self-checks) in PostgreSQL over the demo's insured enterprises; the paged plan, project and hazard
// lists hit by 50 connections for ~10 s each, as the insurer, the service organisation, the enterprise and
// the regulator. Prints req/s and p50/p99 and writes bench/results/prevention-lists.json.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/prevention-lists.mjs
//   BENCH_PLANS=1000000 BENCH_HAZARDS=1000000 …   (issue 18's province scale)
//
// BENCH_ONLY=<regex> picks scenarios by name, BENCH_RESULT=<file> writes the results elsewhere, BENCH_BARE=0
// leaves out the side-by-side bare server, WORKERS=2 runs the server with two processes, BENCH_FILL_ONLY=1
// fills and keeps the database, BENCH_DB=<name> measures on such a kept one.
//
// A fresh database is created on that server (and dropped afterwards); the server is started on it
// (migrations + demo seed), then the bulk rows are generated with INSERT … SELECT generate_series.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { measureSideBySide } from './lib/bare.mjs';
import { root, startServer as startBenchServer } from './lib/server.mjs';

const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('Set TEST_DATABASE_URL (a PostgreSQL server where a scratch database may be created).');
  process.exit(2);
}
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PLANS = Number(process.env.BENCH_PLANS ?? 100_000);
const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 2_000);
const HAZARDS = Number(process.env.BENCH_HAZARDS ?? PLANS);
// BENCH_DB=<name>: measure on a database an earlier BENCH_FILL_ONLY run filled and kept (not dropped).
const reuse = process.env.BENCH_DB;
const dbName = reuse ?? `aqzrx_bench_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-bench-ap-'));
// Side by side (issue 18): each list is also served by a bare Fastify + pg server running the same SQL
// (bench/lib/bare.mjs), and the full stack's req/s is printed as a ratio of it. BENCH_BARE=0 leaves it out.
const sideBySide = process.env.BENCH_BARE !== '0';
const captureFile = path.join(dataDir, 'captured-sql.jsonl');

const urlFor = (name) => {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin(sqlText) {
  const c = new pg.Client({ connectionString: baseUrl });
  c.on('error', (err) => console.warn('admin connection:', err.message));
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

/** The server on the scratch database (bench/lib/server.mjs), with the profiling and Node flags asked for. */
function startServer() {
  return startBenchServer({
    dataDir,
    nodeArgs: process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [],
    env: {
      DATABASE_URL: urlFor(dbName),
      PII_KEY: 'ab'.repeat(32),
      ...(sideBySide ? { BENCH_SQL_CAPTURE: captureFile } : {}),
      // Node flags for the server only (the load generator in this process keeps its own).
      ...(process.env.BENCH_SERVER_NODE_OPTIONS
        ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS }
        : {}),
    },
  });
}

/** Bulk rows: projects over the demo's issued policies, plans spread over insurers, providers, districts. */
async function fill(client) {
  const t0 = Date.now();
  // Eight more service organisations, so a provider's list is one of ten (as in a city).
  await client.query(
    `INSERT INTO sys_org (org_type, name, district_code)
     SELECT 'service', '压测服务机构' || g, (ARRAY['321302','321311','321322','321323','321324'])[1 + g % 5]
     FROM generate_series(1, 8) g`,
  );
  const providers = (
    await client.query("SELECT id FROM sys_org WHERE org_type IN ('service','expert') ORDER BY id")
  ).rows.map((r) => r.id);
  await client.query(
    `INSERT INTO ap_project (name, contract_no, insurer_id, start_date, end_date, fee_ratio, fee_amount, state, created_at, updated_at)
     SELECT '压测项目' || k, 'BAP' || lpad(k::text, 8, '0'), p.insurer_id, p.start_date, p.end_date, 15, 1000, 2, now(), now()
     FROM generate_series(1, $1::int) k
     JOIN LATERAL (
       SELECT id, insurer_id, start_date, end_date FROM ins_policy WHERE status = 'approved'
       ORDER BY id OFFSET (k % (SELECT count(*) FROM ins_policy WHERE status = 'approved')) LIMIT 1
     ) p ON true`,
    [PROJECTS],
  );
  await client.query(
    `INSERT INTO ap_project_policy (project_id, policy_id, enterprise_id, district_code)
     SELECT j.id, p.id, p.enterprise_id, p.district_code
     FROM ap_project j
     JOIN LATERAL (
       SELECT id, enterprise_id, district_code FROM ins_policy WHERE status = 'approved'
       ORDER BY id OFFSET ((j.id * 7) % (SELECT count(*) FROM ins_policy WHERE status = 'approved')) LIMIT 1
     ) p ON true
     WHERE j.contract_no LIKE 'BAP%'
     ON CONFLICT DO NOTHING`,
  );
  await client.query(
    `INSERT INTO ap_plan (project_id, insurer_id, enterprise_id, policy_id, district_code, item, name, provider_org_id,
       planned_start, planned_end, place_district_code, status, visit_state, record_state, spend, hazard_count,
       major_hazard_count, submitted_at, created_at, updated_at)
     SELECT pp.project_id, j.insurer_id, pp.enterprise_id, pp.policy_id, pp.district_code,
            '0' || (1 + g % 7), '压测服务' || g, ($2::int[])[1 + g % array_length($2::int[], 1)],
            s.t, s.t + interval '6 hours', pp.district_code,
            CASE WHEN g % 2 = 0 THEN 2 WHEN g % 5 = 1 THEN 1 ELSE 0 END,
            CASE WHEN g % 2 = 0 OR g % 3 = 0 THEN 'confirmed' ELSE 'unconfirmed' END,
            CASE WHEN g % 2 = 0 THEN (CASE WHEN g % 4 = 0 THEN 'confirmed' ELSE 'submitted' END)
                 WHEN g % 5 = 1 THEN 'draft' END,
            CASE WHEN g % 2 = 0 THEN 300 ELSE 0 END,
            CASE WHEN g % 2 = 0 AND g % 7 = 2 THEN 2 ELSE 0 END,
            CASE WHEN g % 2 = 0 AND g % 7 = 2 THEN 1 ELSE 0 END,
            CASE WHEN g % 2 = 0 THEN s.t + interval '1 day' END, now(), now()
     FROM generate_series(1, $1::int) g
     CROSS JOIN LATERAL (SELECT timestamptz '2024-01-01 09:00+08' + make_interval(hours => (g * 13) % 26000) AS t) s
     JOIN LATERAL (
       SELECT project_id, enterprise_id, policy_id, district_code FROM ap_project_policy
       WHERE project_id = (SELECT min(id) FROM ap_project WHERE contract_no LIKE 'BAP%') + g % $3::int
       LIMIT 1
     ) pp ON true
     JOIN ap_project j ON j.id = pp.project_id`,
    [PLANS, providers, PROJECTS],
  );
  await client.query(
    `INSERT INTO ap_record (plan_id, state, actual_start, actual_end, district_code, summary_text, spend, summary,
       submitted_at, created_at, updated_at)
     SELECT id, record_state, planned_start, planned_end, district_code, '压测服务记录', spend,
            jsonb_build_object('type', item), submitted_at, now(), now()
     FROM ap_plan WHERE record_state IS NOT NULL AND name LIKE '压测服务%'`,
  );
  await fillHazards(client);
  await raiseAlarms();
  await client.query('VACUUM ANALYZE');
  await client.query('CHECKPOINT');
  const counts = (await client.query(COUNTS)).rows[0];
  console.log(`filled in ${((Date.now() - t0) / 1000).toFixed(1)} s:`, counts);
  return counts;
}

/** The alarm job's run over the filled rows (as the daily job does), so the alarm list has its rows. */
async function raiseAlarms() {
  if (HAZARDS <= 0) return;
  const { register } = await import('tsx/esm/api');
  register();
  const { openDatabase } = await import(path.join(root, 'apps/server/src/db/database.ts'));
  const { runAlarmJob } = await import(path.join(root, 'apps/server/src/modules/hazard/index.ts'));
  const database = await openDatabase({
    databaseUrl: urlFor(dbName),
    poolMax: 2,
    statementTimeoutMs: 600_000,
  });
  try {
    const t0 = Date.now();
    const r = await runAlarmJob(database.db, new Date());
    console.log(`alarm job: ${((Date.now() - t0) / 1000).toFixed(1)} s`, r);
  } finally {
    await database.close();
  }
}

const COUNTS = `SELECT (SELECT count(*) FROM ap_plan)::int AS plans, (SELECT count(*) FROM ap_record)::int AS records,
  (SELECT count(*) FROM ap_project)::int AS projects, (SELECT count(*) FROM ap_hazard)::int AS hazards,
  (SELECT count(*) FROM alarm)::int AS alarms`;

/**
 * Hidden dangers over the bulk records: a third service checks (their record's plan, found by its
 * provider), a third insurer checks (found by the plan's insurer), a third self-checks; one in 97 major,
 * deadlines 30 days after the check, 70 % completed, the rest to rectify, to review or rejected (so the
 * overdue and to-review filters and the regulator's dispose list have rows).
 */
async function fillHazards(client) {
  if (HAZARDS <= 0) return;
  await client.query(
    `CREATE TEMP TABLE bench_rec AS
     SELECT row_number() OVER (ORDER BY r.id) AS rn, r.id AS record_id, p.id AS plan_id, p.insurer_id, p.enterprise_id,
            p.district_code, p.provider_org_id
     FROM ap_record r JOIN ap_plan p ON p.id = r.plan_id WHERE r.state <> 'draft'`,
  );
  await client.query('CREATE INDEX ON bench_rec (rn)');
  const n = Number((await client.query('SELECT count(*) AS n FROM bench_rec')).rows[0].n);
  await client.query(
    `INSERT INTO ap_hazard (source, plan_id, record_id, insurer_id, enterprise_id, finder_org_id, district_code, seq,
       check_date, description, level, deadline, rectify_status, state, live, photos, rectify_files, created_at, updated_at)
     SELECT s.source, CASE WHEN s.source = 1 THEN r.plan_id END, CASE WHEN s.source = 1 THEN r.record_id END,
            r.insurer_id, r.enterprise_id,
            CASE s.source WHEN 1 THEN r.provider_org_id WHEN 2 THEN r.insurer_id END, r.district_code, 0,
            s.d, '压测隐患' || g, CASE WHEN g % 97 = 0 THEN 2 ELSE 1 END, s.d + 30,
            CASE WHEN g % 10 < 7 THEN 1 WHEN g % 10 = 7 THEN 0 WHEN g % 10 = 8 THEN 2 ELSE -1 END,
            1, true, '[]', '[]', now(), now()
     FROM generate_series(1, $1::int) g
     CROSS JOIN LATERAL (SELECT 1 + g % 3 AS source, date '2024-01-01' + (g * 7) % 1060 AS d) s
     JOIN bench_rec r ON r.rn = 1 + g % $2::int`,
    [HAZARDS, n],
  );
}

async function run(name, role, opts) {
  // One second of the same load first: the list's total is counted on its first request (then kept
  // briefly, count-cache.ts), and that first count is not what the steady state measures.
  await autocannon({ connections, duration: 1, ...opts });
  const result = await autocannon({ connections, duration, ...opts });
  const row = {
    name,
    role,
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
    `${name.padEnd(58)} ${String(row.reqPerSec).padStart(6)} req/s  p50 ${String(row.p50ms).padStart(3)} ms  p99 ${String(row.p99ms).padStart(4)} ms  non-2xx ${row.non2xx}`,
  );
  return row;
}

if (!reuse) {
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${dbName}`);
}
let child;
try {
  const started = await startServer();
  child = started.child;
  const base = `http://127.0.0.1:${started.port}`;
  console.log('server started; filling…');
  const client = new pg.Client({ connectionString: urlFor(dbName) });
  client.on('error', (err) => console.warn('fill connection:', err.message));
  await client.connect();
  const counts = reuse ? (await client.query(COUNTS)).rows[0] : await fill(client);
  await client.end();
  const login = async (username) => {
    const r = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Safe2026' }),
    }).then((res) => res.json());
    if (!r.data?.token) throw new Error(`login ${username}: ${JSON.stringify(r)}`);
    return { 'x-token': r.data.token };
  };
  if (process.env.BENCH_FILL_ONLY) console.log(`filled ${dbName}; kept for inspection (BENCH_FILL_ONLY)`);
  else await measure(base, login, counts);
} finally {
  if (child) {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  }
  if (!process.env.BENCH_FILL_ONLY && !reuse) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function measure(base, login, counts) {
  const insurer = await login('insurer');
  const service = await login('service');
  const gov = await login('gov');
  const ent = await login('ent');
  await autocannon({
    url: `${base}/api/prevention/plan/list?pageSize=10`,
    method: 'POST',
    headers: gov,
    connections: 10,
    duration: 2,
  });
  const scenarios = [
    ['reference: insurer options (3 rows, no list)', 'insurer', insurer, '/api/insurer/options'],
    ['plan list: unfiltered, page 1', 'insurer', insurer, '/api/prevention/plan/list?pageNo=1&pageSize=10'],
    [
      'plan list: completed, page 5',
      'insurer',
      insurer,
      '/api/prevention/plan/list?pageNo=5&pageSize=10&status=2',
    ],
    ['plan list: unfiltered, page 1', 'service', service, '/api/prevention/plan/list?pageNo=1&pageSize=10'],
    [
      'plan list: to-do (not completed), page 1',
      'service',
      service,
      '/api/prevention/plan/list?pageNo=1&pageSize=10&todo=1',
    ],
    ['plan list: unfiltered, page 1', 'gov', gov, '/api/prevention/plan/list?pageNo=1&pageSize=10'],
    [
      'plan list: district + item, page 1',
      'gov',
      gov,
      '/api/prevention/plan/list?pageNo=1&pageSize=10&districtCode=321302&item=03',
    ],
    ['plan list: unfiltered, page 5', 'gov', gov, '/api/prevention/plan/list?pageNo=5&pageSize=10'],
    [
      'project list: in progress (state=3), page 1',
      'insurer',
      insurer,
      '/api/prevention/project/list?pageNo=1&pageSize=10&state=3',
    ],
    [
      'plan list: keyword 服务12345 (rare: 11 plans), page 1',
      'insurer',
      insurer,
      `/api/prevention/plan/list?pageNo=1&pageSize=10&keyword=${encodeURIComponent('服务12345')}`,
    ],
    [
      'plan list: keyword 化工 (enterprise names, 1 in 13), page 1',
      'gov',
      gov,
      `/api/prevention/plan/list?pageNo=1&pageSize=10&keyword=${encodeURIComponent('化工')}`,
    ],
    [
      'project list: keyword 项目777 (rare), page 1',
      'insurer',
      insurer,
      `/api/prevention/project/list?pageNo=1&pageSize=10&keyword=${encodeURIComponent('项目777')}`,
    ],
    ['hazard list: unfiltered, page 1', 'ent', ent, '/api/hazard/list?pageNo=1&pageSize=10'],
    ['hazard list: open, page 1', 'ent', ent, '/api/hazard/list?pageNo=1&pageSize=10&open=true'],
    ['hazard list: unfiltered, page 1', 'insurer', insurer, '/api/hazard/list?pageNo=1&pageSize=10'],
    [
      'hazard list: to review, page 1',
      'insurer',
      insurer,
      '/api/hazard/list?pageNo=1&pageSize=10&toReview=true',
    ],
    ['hazard list: unfiltered, page 1', 'service', service, '/api/hazard/list?pageNo=1&pageSize=10'],
    ['hazard list: unfiltered, page 5', 'gov', gov, '/api/hazard/list?pageNo=5&pageSize=10'],
    [
      'hazard list: district + major, page 1',
      'gov',
      gov,
      '/api/hazard/list?pageNo=1&pageSize=10&districtCode=321302&level=2',
    ],
    ['hazard list: overdue, page 1', 'gov', gov, '/api/hazard/list?pageNo=1&pageSize=10&overdue=true'],
    [
      'hazard list: keyword 隐患12345 (rare: 11 hazards), page 1',
      'gov',
      gov,
      `/api/hazard/list?pageNo=1&pageSize=10&keyword=${encodeURIComponent('隐患12345')}`,
    ],
    [
      'hazard list: keyword 化工 (enterprise names, 1 in 13), page 1',
      'gov',
      gov,
      `/api/hazard/list?pageNo=1&pageSize=10&keyword=${encodeURIComponent('化工')}`,
    ],
    ['hazard dispose list: page 1', 'gov', gov, '/api/hazard/dispose-list?pageNo=1&pageSize=10'],
    ['risk list: page 1', 'gov', gov, '/api/risk/list?pageNo=1&pageSize=10'],
    ['alarm list: page 1', 'gov', gov, '/api/alarm/list?pageNo=1&pageSize=10'],
    ['alarm list: page 1', 'insurer', insurer, '/api/alarm/list?pageNo=1&pageSize=10'],
    ['supervise list: page 1', 'gov', gov, '/api/supervise/list?pageNo=1&pageSize=10'],
  ];
  // BENCH_ONLY=<regex>: only the scenarios whose name matches.
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const picked = scenarios.filter(([name, role]) => !only || only.test(`${name} (${role})`));
  const loadBefore = os.loadavg().map((x) => Math.round(x * 100) / 100);
  console.log(
    `PostgreSQL, ${connections} connections, ${duration} s each, ${os.cpus().length} CPUs, load average ${loadBefore.join(' ')}`,
  );
  const rows = await measureSideBySide({
    scenarios: picked.map(([name, role, headers, url]) => ({
      name: `${name} (${role})`,
      role,
      url: `${base}${url}`,
      headers,
    })),
    run,
    databaseUrl: urlFor(dbName),
    captureFile: sideBySide ? captureFile : null,
  });
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    database: 'postgres',
    loadAverageBefore: loadBefore,
    loadAverageAfter: os.loadavg().map((x) => Math.round(x * 100) / 100),
    data: counts,
    workers: Number(process.env.WORKERS ?? 1),
    rows,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.resolve(root, process.env.BENCH_RESULT ?? 'bench/results/prevention-lists.json'),
    `${JSON.stringify(out, null, 2)}\n`,
  );
}
