#!/usr/bin/env node
// Cockpit benchmark (issue 19): a city at scale in a scratch PostgreSQL database — BENCH_ENTERPRISES
// enterprises (default 100,000) over the five districts, BENCH_POLICIES policies (default 1,000,000) starting
// over two years (a co-insurer row each, one in seven co-insured 70/30, a prevention fund per approved one), a
// tenth as many claims, prevention plans and hazards — behind a running server (migrations, demo seed, its
// minute rollup refresh). Measured, with the figures written to bench/results/cockpit.json:
//  - the rollups' first refresh after the bulk fill (every day queued by the triggers) and an incremental one
//    after 200 policy and 200 claim writes;
//  - the cockpit computed cold (`computeCockpit`, no cache: the rollups read, the live parts counted), city and
//    one district, BENCH_COLD_RUNS times each, p50/p99;
//  - the endpoint POST /api/stats/cockpit: the first request of each scope and period (cold: computed; past
//    periods also make their uptake snapshot), then warm (answered from the cache) under 50 connections
//    against a reference call in the same run (insurer options, as bench/insurance-lists.mjs).
// The database is dropped afterwards (BENCH_KEEP=1 keeps it).
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/cockpit.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { register } from 'tsx/esm/api';
import { root, startServer } from './lib/server.mjs';

register();
const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('Set TEST_DATABASE_URL (a PostgreSQL server where a scratch database may be created).');
  process.exit(2);
}
const ENTERPRISES = Number(process.env.BENCH_ENTERPRISES ?? 100_000);
const POLICIES = Number(process.env.BENCH_POLICIES ?? 1_000_000);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 40);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const dbName = `aqzrx_bench_cockpit_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-bench-cockpit-'));
const urlFor = (name) => {
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return u.toString();
};
async function admin(sqlText) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(sqlText);
  } finally {
    await c.end();
  }
}

const { openDatabase } = await import(path.join(root, 'apps/server/src/db/database.ts'));
const { computeCockpit } = await import(path.join(root, 'apps/server/src/modules/stats/stats.service.ts'));
const { refreshRollups, warmUptake } = await import(
  path.join(root, 'apps/server/src/modules/stats/rollup.ts')
);
const { sql } = await import('kysely');

const DISTRICTS = ['321302', '321311', '321322', '321323', '321324'];
const D = `(ARRAY['${DISTRICTS.join("','")}'])`;
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))] * 10) / 10;
};
const time = async (fn) => {
  const s = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - s) / 1e6;
};

/** The city at scale, by INSERT … SELECT (the triggers queue every day written for the rollups). */
async function fill(run) {
  await run(`INSERT INTO sys_org (org_type, name, district_code)
    SELECT 'insurer', '压测保险机构' || i, '321302' FROM generate_series(1, 8) i`);
  await run(`INSERT INTO sys_org (org_type, name, district_code)
    SELECT 'enterprise', '压测企业' || i, ${D}[1 + i % 5] FROM generate_series(1, ${ENTERPRISES}) i`);
  await run(`INSERT INTO ins_enterprise (id, ws_industry_code, must_insure)
    SELECT id, 'AQ0' || (1 + id % 9) || '01', id % 9 <> 8 FROM sys_org WHERE name LIKE '压测企业%'`);
  await run(`INSERT INTO ins_policy (application_no, policy_no, enterprise_id, insurer_id, holder_name, holder_uscc,
      district_code, ws_industry_code, status, entered_by, start_date, end_date, headcount, per_person_limit,
      medical_limit, per_accident_limit, benchmark_rate, float_pct, premium_calc, premium, prevention_fee_pct,
      prevention_fee, prevention_frequency)
    SELECT 'BA' || i, 'BP' || i, e.id, ins.lo + i % 8, '企业', '', o.district_code, e.ws_industry_code,
      CASE WHEN i % 20 = 0 THEN 'submitted' ELSE 'approved' END, 'insurer', d, d + 364, 10, 400000, 0,
      1000000 + (i % 10) * 100000, 0, 0, 3000 + i % 1000, 3000 + i % 1000, 0, 300, 1
    FROM generate_series(1, ${POLICIES}) i
    CROSS JOIN (SELECT min(id) AS lo FROM sys_org WHERE name LIKE '压测保险机构%') ins
    CROSS JOIN (SELECT min(id) AS lo FROM sys_org WHERE name LIKE '压测企业%') ent
    JOIN LATERAL (SELECT (current_date - 700 + (i % 700))::date AS d) dd ON true
    JOIN ins_enterprise e ON e.id = ent.lo + i % ${ENTERPRISES}
    JOIN sys_org o ON o.id = e.id`);
  await run(`INSERT INTO ins_policy_coinsurer (policy_id, insurer_id, role, share)
    SELECT id, insurer_id, CASE WHEN id % 7 = 0 THEN '01' ELSE '03' END, CASE WHEN id % 7 = 0 THEN 70 ELSE 100 END
    FROM ins_policy WHERE application_no LIKE 'BA%'`);
  await run(`INSERT INTO ins_policy_coinsurer (policy_id, insurer_id, role, share)
    SELECT p.id, ins.lo + (p.insurer_id - ins.lo + 1) % 8, '02', 30 FROM ins_policy p
    CROSS JOIN (SELECT min(id) AS lo FROM sys_org WHERE name LIKE '压测保险机构%') ins
    WHERE p.application_no LIKE 'BA%' AND p.id % 7 = 0`);
  await run(`INSERT INTO ap_fund (policy_id, insurer_id, enterprise_id, district_code, premium, accrued, spent)
    SELECT id, insurer_id, enterprise_id, district_code, premium, round(premium * 0.1, 2), (id % 5) * 10
    FROM ins_policy WHERE application_no LIKE 'BA%' AND status = 'approved'`);
  const n = Math.round(POLICIES / 10);
  await run(`INSERT INTO ins_claim (report_no, policy_id, enterprise_id, insurer_id, district_code, phase, step,
      reporter_name, reporter_phone_enc, reported_at, accident_at, accident_district_code, accident_address,
      accident_desc, payout_total, accident_type, accident_level, registered_at)
    SELECT 'BC' || p.id, p.id, p.enterprise_id, p.insurer_id, p.district_code,
      (ARRAY['reported','registered','paid','closed'])[1 + p.id % 4], 1, '报案人', '',
      p.start_date + 30 + interval '9 hours', p.start_date + 30 + interval '8 hours', p.district_code, '地址', '经过',
      CASE WHEN p.id % 4 = 3 THEN 5000 END, '0' || (1 + p.id % 9), 1 + p.id % 3,
      CASE WHEN p.id % 4 <> 0 THEN p.start_date + 31 + interval '9 hours' END
    FROM ins_policy p WHERE p.application_no LIKE 'BA%' AND p.id % 10 = 0 LIMIT ${n}`);
  await run(`INSERT INTO ap_plan (project_id, insurer_id, enterprise_id, policy_id, district_code, item, name,
      provider_org_id, planned_start, planned_end, place_district_code, status, spend)
    SELECT (SELECT min(id) FROM ap_project), p.insurer_id, p.enterprise_id, p.id, p.district_code, '01', '检查',
      p.insurer_id, p.start_date + 60 + interval '9 hours', p.start_date + 60 + interval '17 hours', p.district_code,
      p.id % 3, CASE WHEN p.id % 3 = 2 THEN 500 ELSE 0 END
    FROM ins_policy p WHERE p.application_no LIKE 'BA%' AND p.id % 10 = 1 LIMIT ${n}`);
  await run(`INSERT INTO ap_hazard (enterprise_id, district_code, check_date, description, level, rectify_status,
      deadline, source, live)
    SELECT p.enterprise_id, p.district_code, p.start_date + 60, '隐患', 1 + (p.id % 50 = 0)::int,
      (ARRAY[-1, 0, 1, 2])[1 + p.id % 4], p.start_date + 90, 3, true
    FROM ins_policy p WHERE p.application_no LIKE 'BA%' AND p.id % 10 = 2 LIMIT ${n}`);
  await run('VACUUM ANALYZE');
  await run('CHECKPOINT');
}

await admin(`CREATE DATABASE ${dbName}`);
let child;
let database;
const out = {
  at: new Date().toISOString(),
  database: 'PostgreSQL',
  node: process.version,
  cpus: os.cpus().length,
};
try {
  const started = await startServer({
    dataDir,
    env: { DATABASE_URL: urlFor(dbName), PII_KEY: 'ab'.repeat(32) },
  });
  child = started.child;
  const base = `http://127.0.0.1:${started.port}`;
  // The measuring connection: long statements allowed (the first refresh after the bulk fill).
  database = await openDatabase({
    databaseUrl: urlFor(dbName),
    poolMax: 4,
    statementTimeoutMs: 900_000,
    connectTimeoutMs: 600_000,
  });
  const db = database.db;
  const run = (q) => sql.raw(q).execute(db);
  let t0 = Date.now();
  await fill(run);
  out.fillSeconds = Math.round((Date.now() - t0) / 1000);
  const counts = await sql`select (select count(*) from ins_policy)::int as policies,
    (select count(*) from ins_claim)::int as claims, (select count(*) from ap_plan)::int as plans,
    (select count(*) from ap_hazard)::int as hazards, (select count(*) from ap_fund)::int as funds,
    (select count(*) from ins_enterprise)::int as enterprises`.execute(db);
  out.sizes = counts.rows[0];
  console.log(`filled in ${out.fillSeconds} s`, out.sizes);

  // The first refresh: every day the fill wrote (the server's minute job may take it first: then wait for it).
  t0 = Date.now();
  for (;;) {
    const r = await refreshRollups(db, new Date());
    const left = await sql`select count(*)::int as n from st_dirty`.execute(db);
    if (r.ran && left.rows[0].n === 0) break;
    if (!r.ran) await new Promise((res) => setTimeout(res, 500));
  }
  out.firstRefreshMs = Date.now() - t0;
  const rollupRows = await sql`select (select count(*) from st_policy_day)::int as policy,
    (select count(*) from st_claim_day)::int as claim, (select count(*) from st_fund_day)::int as fund,
    (select count(*) from st_plan_day)::int as plan, (select count(*) from st_hazard_day)::int as hazard`.execute(
    db,
  );
  out.rollupRows = rollupRows.rows[0];

  // An incremental refresh, as a minute of writes brings: 100 policies starting within the last ten days and 100
  // claims reported within them changed (premium, payout), and 20 policies cancelled (their uptake days too).
  await run(`UPDATE ins_policy SET premium = premium + 1 WHERE id IN (SELECT id FROM ins_policy
    WHERE application_no LIKE 'BA%' AND start_date > current_date - 10 ORDER BY id LIMIT 100)`);
  await run(`UPDATE ins_policy SET status = 'cancelled' WHERE id IN (SELECT id FROM ins_policy
    WHERE application_no LIKE 'BA%' AND status = 'approved' AND start_date > current_date - 10 ORDER BY id DESC LIMIT 20)`);
  await run(`UPDATE ins_claim SET payout_total = coalesce(payout_total, 0) + 1 WHERE id IN (SELECT id FROM ins_claim
    WHERE report_no LIKE 'BC%' AND reported_at > now() - interval '10 days' ORDER BY id LIMIT 100)`);
  const queued =
    await sql`select kind, count(distinct (day, day_to))::int as n from st_dirty group by 1`.execute(db);
  out.incrementalQueued = Object.fromEntries(queued.rows.map((r) => [r.kind, r.n]));
  out.incrementalRefreshMs = Math.round(await time(() => refreshRollups(db, new Date())));

  // Cold computations (no cache): what a request costs when its figures are not in the cache.
  const now = new Date();
  const year = Number(
    new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(now),
  );
  const period = { kind: 'year', year, n: 0 };
  const compute = (ds) => computeCockpit(db, ds, period, { now: new Date(), unpaidDays: 60 });
  // The uptake snapshots this year's and last year's cockpits count on (the server's job makes them too).
  out.snapshotWarmMs = Math.round(await time(() => warmUptake(db, now)));
  const city = [];
  const district = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    city.push(await time(() => compute(DISTRICTS)));
    district.push(await time(() => compute(['321323'])));
  }
  out.coldComputeMs = {
    runs: COLD_RUNS,
    city: { p50: pct(city, 0.5), p99: pct(city, 0.99), max: pct(city, 1) },
    district: { p50: pct(district, 0.5), p99: pct(district, 0.99), max: pct(district, 1) },
  };
  console.log('cold compute', out.coldComputeMs);

  // The endpoint.
  const login = async (username) => {
    const r = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Safe2026' }),
    }).then((res) => res.json());
    if (!r.data?.token) throw new Error(`login ${username}: ${JSON.stringify(r)}`);
    return { 'x-token': r.data.token };
  };
  const gov = await login('gov');
  const insurer = await login('insurer');
  const post = async (url, headers) => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  // First requests: this year of the city and each district (cold), then past quarters of the city (cold,
  // and making the uptake snapshot of the quarter's last day).
  const firstYear = [];
  for (const q of ['', ...DISTRICTS.map((d) => `&districtCode=${d}`)])
    firstYear.push(await time(() => post(`/api/stats/cockpit?kind=year&year=${year}${q}`, gov)));
  const firstPast = [];
  for (const n of [1, 2, 3])
    firstPast.push(await time(() => post(`/api/stats/cockpit?kind=quarter&year=${year}&n=${n}`, gov)));
  const sample = await post(`/api/stats/cockpit?kind=year&year=${year}`, gov);
  out.endpointFirstMs = {
    thisYear: firstYear.map((x) => Math.round(x)),
    pastQuarter: firstPast.map((x) => Math.round(x)),
  };
  out.dataAsOf = sample.data.dataAsOf;
  console.log('first requests', out.endpointFirstMs);
  const load = async (name, headers, url) => {
    const opts = { url: `${base}${url}`, method: 'POST', headers, connections };
    await autocannon({ ...opts, duration: 1 });
    const r = await autocannon({ ...opts, duration });
    const row = {
      name,
      reqPerSec: Math.round(r.requests.average),
      p50ms: r.latency.p50,
      p99ms: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    };
    console.log(row);
    return row;
  };
  out.loadAverageBefore = os.loadavg().map((x) => Math.round(x * 100) / 100);
  out.warm = [
    await load('reference: insurer options (insurer)', insurer, '/api/insurer/options'),
    await load('cockpit, this year, city (gov, cached)', gov, `/api/stats/cockpit?kind=year&year=${year}`),
    await load(
      'cockpit, this year, 泗阳县 (gov, cached)',
      gov,
      `/api/stats/cockpit?kind=year&year=${year}&districtCode=321323`,
    ),
  ];
  out.loadAverageAfter = os.loadavg().map((x) => Math.round(x * 100) / 100);
  fs.writeFileSync(path.join(root, 'bench/results/cockpit.json'), `${JSON.stringify(out, null, 2)}\n`);
  console.log(JSON.stringify(out, null, 2));
} finally {
  await database?.close();
  if (child) {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
  }
  if (!process.env.BENCH_KEEP) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  else console.log(`kept database ${dbName}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
