#!/usr/bin/env node
// Cockpit benchmark (issue 19): a city at scale in a scratch PostgreSQL database — BENCH_ENTERPRISES
// enterprises (default 100,000) over the five districts, BENCH_POLICIES policies (default 1,000,000) starting
// over two years, a tenth as many claims, prevention plans and hazards, and complaints — then the cockpit's
// computation (`computeCockpit`: every section, this year and last year's same days) is timed cold for the
// city and for one district, and the cached path (what a request answers while the figures are fresh, or
// stale-while-revalidate after) is timed over many calls. Prints the figures and writes
// bench/results/cockpit.json. The database is dropped afterwards (BENCH_KEEP=1 keeps it; BENCH_DB=<name>
// reuses a kept one without filling).
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/cockpit.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { register } from 'tsx/esm/api';

register();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('Set TEST_DATABASE_URL (a PostgreSQL server where a scratch database may be created).');
  process.exit(2);
}
const ENTERPRISES = Number(process.env.BENCH_ENTERPRISES ?? 100_000);
const POLICIES = Number(process.env.BENCH_POLICIES ?? 1_000_000);
const reuse = process.env.BENCH_DB;
const dbName = reuse ?? `aqzrx_bench_cockpit_${process.pid}`;
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
const { migrateToLatest } = await import(path.join(root, 'apps/server/src/db/migrate.ts'));
const { computeCockpit } = await import(path.join(root, 'apps/server/src/modules/stats/stats.service.ts'));
const { cachedCockpit } = await import(path.join(root, 'apps/server/src/modules/stats/cache.ts'));
const { sql } = await import('kysely');

if (!reuse) await admin(`CREATE DATABASE ${dbName}`);
const database = await openDatabase({
  databaseUrl: urlFor(dbName),
  poolMax: 4,
  statementTimeoutMs: 600_000,
  connectTimeoutMs: 600_000,
});
const db = database.db;
const DISTRICTS = ['321302', '321311', '321322', '321323', '321324'];
const t0 = Date.now();
try {
  if (!reuse) {
    await migrateToLatest(db);
    const run = (q) => sql.raw(q).execute(db);
    await run(`INSERT INTO sys_org (org_type, name, district_code)
      SELECT 'insurer', '保险机构' || i, '321302' FROM generate_series(1, 8) i`);
    await run(`INSERT INTO sys_org (org_type, name, district_code)
      SELECT 'enterprise', '企业' || i, (ARRAY['${DISTRICTS.join("','")}'])[1 + i % 5] FROM generate_series(1, ${ENTERPRISES}) i`);
    await run(`INSERT INTO ins_enterprise (id, ws_industry_code, must_insure)
      SELECT id, 'AQ0' || (1 + id % 9) || '01', id % 9 <> 8 FROM sys_org WHERE org_type = 'enterprise'`);
    await run(`INSERT INTO ins_policy (application_no, policy_no, enterprise_id, insurer_id, holder_name, holder_uscc,
        district_code, ws_industry_code, status, entered_by, start_date, end_date, headcount, per_person_limit,
        medical_limit, per_accident_limit, benchmark_rate, float_pct, premium_calc, premium, prevention_fee_pct,
        prevention_fee, prevention_frequency)
      SELECT 'A' || i, 'P' || i, e.id, (SELECT min(id) FROM sys_org WHERE org_type = 'insurer') + i % 8, '企业', '',
        o.district_code, e.ws_industry_code, CASE WHEN i % 20 = 0 THEN 'submitted' ELSE 'approved' END, 'insurer',
        d, d + 364, 10, 400000, 0, 1000000 + (i % 10) * 100000, 0, 0, 3000 + i % 1000, 3000 + i % 1000, 0,
        300, 1
      FROM generate_series(1, ${POLICIES}) i
      JOIN LATERAL (SELECT (DATE '2025-01-01' + (i % 700))::date AS d) dd ON true
      JOIN ins_enterprise e ON e.id = (SELECT min(id) FROM ins_enterprise) + i % ${ENTERPRISES}
      JOIN sys_org o ON o.id = e.id`);
    const n = Math.round(POLICIES / 10);
    await run(`INSERT INTO ins_claim (report_no, policy_id, enterprise_id, insurer_id, district_code, phase, step,
        reporter_name, reporter_phone, reported_at, accident_at, accident_district_code, accident_address,
        accident_desc, payout_total, accident_type, accident_level)
      SELECT 'C' || p.id, p.id, p.enterprise_id, p.insurer_id, p.district_code,
        (ARRAY['reported','registered','paid','closed'])[1 + p.id % 4], 1, '报案人', '13800000000',
        p.start_date + 30 + interval '9 hours', p.start_date + 30 + interval '8 hours', p.district_code, '地址', '经过',
        CASE WHEN p.id % 4 = 3 THEN 5000 END, '0' || (1 + p.id % 9), 1 + p.id % 3
      FROM ins_policy p WHERE p.id % 10 = 0 LIMIT ${n}`);
    await run(`INSERT INTO ap_project (name, contract_no, insurer_id, start_date, end_date, fee_ratio)
      SELECT '项目', 'HT1', min(id), DATE '2025-01-01', DATE '2026-12-31', 10 FROM sys_org WHERE org_type = 'insurer'`);
    await run(`INSERT INTO ap_plan (project_id, insurer_id, enterprise_id, policy_id, district_code, item, name,
        provider_org_id, planned_start, planned_end, place_district_code, status, spend)
      SELECT (SELECT min(id) FROM ap_project), p.insurer_id, p.enterprise_id, p.id, p.district_code, '01', '检查',
        p.insurer_id, p.start_date + 60 + interval '9 hours', p.start_date + 60 + interval '17 hours', p.district_code,
        p.id % 3, CASE WHEN p.id % 3 = 2 THEN 500 ELSE 0 END
      FROM ins_policy p WHERE p.id % 10 = 1 LIMIT ${n}`);
    await run(`INSERT INTO ap_hazard (enterprise_id, district_code, check_date, description, level, rectify_status,
        deadline, source, live)
      SELECT p.enterprise_id, p.district_code, p.start_date + 60, '隐患', 1 + (p.id % 50 = 0)::int,
        (ARRAY[-1, 0, 1, 2])[1 + p.id % 4], p.start_date + 90, 3, true
      FROM ins_policy p WHERE p.id % 10 = 2 LIMIT ${n}`);
    await run(`ANALYZE`);
  }
  const filled = Date.now() - t0;
  const now = new Date();
  const year = Number(
    new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(now),
  );
  const period = { kind: 'year', year, n: 0 };
  const time = async (fn) => {
    const s = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - s) / 1e6;
  };
  const coldCity = await time(() => computeCockpit(db, DISTRICTS, period, { now, unpaidDays: 60 }));
  const coldCity2 = await time(() => computeCockpit(db, DISTRICTS, period, { now, unpaidDays: 60 }));
  const coldDistrict = await time(() => computeCockpit(db, ['321323'], period, { now, unpaidDays: 60 }));
  const samples = [];
  const compute = () => computeCockpit(db, DISTRICTS, period, { now, unpaidDays: 60 });
  await cachedCockpit(db, 'bench', now, compute);
  for (let i = 0; i < 2000; i++)
    samples.push(await time(() => cachedCockpit(db, 'bench', new Date(), compute)));
  samples.sort((a, b) => a - b);
  const pct = (p) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))];
  const counts = await sql`select (select count(*) from ins_policy)::int as policies,
    (select count(*) from ins_claim)::int as claims, (select count(*) from ap_plan)::int as plans,
    (select count(*) from ap_hazard)::int as hazards`.execute(db);
  const result = {
    at: new Date().toISOString(),
    database: 'PostgreSQL',
    sizes: { enterprises: ENTERPRISES, ...counts.rows[0] },
    fillMs: filled,
    computeMs: { cityCold: coldCity, cityWarmDb: coldCity2, district: coldDistrict },
    cachedMs: { p50: pct(0.5), p99: pct(0.99), max: samples.at(-1) },
    note: 'computeCockpit counts this year and last year’s same days; a request answers from the cache (stale-while-revalidate, COCKPIT_CACHE_SECONDS) except the first of a scope and period after a start.',
  };
  console.log(JSON.stringify(result, null, 2));
  fs.writeFileSync(path.join(root, 'bench/results/cockpit.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  await database.close();
  if (!reuse && !process.env.BENCH_KEEP) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  else console.log(`kept database ${dbName}`);
}
