#!/usr/bin/env node
// Alarm job benchmark (issue 14): 100,000 enterprises, 1,000,000 hazards (a tenth open past their
// deadline, a few thousand of them major), 100,000 policies, 50,000 claims and 100,000 prevention funds in a
// scratch PostgreSQL database; then the alarm job's full run (every rule, one transaction, as the daily job
// runs it) is timed twice: the first run raises every alarm, the second finds them all again (deduplicated:
// nothing new) — the daily case. Prints the figures and writes bench/results/hazard-alarms.json.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/hazard-alarms.mjs
//
// BENCH_ENTERPRISES and BENCH_HAZARDS change the sizes. The database is dropped afterwards.
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
const HAZARDS = Number(process.env.BENCH_HAZARDS ?? 1_000_000);
// BENCH_DB: reuse a database an earlier run filled (kept, not dropped).
const reuse = process.env.BENCH_DB;
const dbName = reuse ?? `aqzrx_bench_alarm_${process.pid}`;
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
const { runAlarmJob } = await import(path.join(root, 'apps/server/src/modules/hazard/index.ts'));

if (!reuse) await admin(`CREATE DATABASE ${dbName}`);
// The job's statements scan a city's records: a long timeout, as the daily job's connection needs (README).
const database = await openDatabase({ databaseUrl: urlFor(dbName), poolMax: 2, statementTimeoutMs: 600_000 });
const out = {};
try {
  await migrateToLatest(database.db);
  const c = new pg.Client({ connectionString: urlFor(dbName) });
  await c.connect();
  const t0 = Date.now();
  if (reuse) await c.query('TRUNCATE alarm_ack, alarm');
  else await fill(c);
  async function fill(c) {
    const D = "(ARRAY['321302','321311','321322','321323','321324'])";
    await c.query(
      `INSERT INTO sys_org (org_type, name, district_code) SELECT 'insurer', '压测保险机构' || g, '321302' FROM generate_series(1, 5) g`,
    );
    await c.query(
      `INSERT INTO sys_org (org_type, name, district_code, uscc)
     SELECT 'enterprise', '压测企业' || g, ${D}[1 + g % 5], 'B' || lpad(g::text, 17, '0') FROM generate_series(1, $1::int) g`,
      [ENTERPRISES],
    );
    const { rows: ins } = await c.query("SELECT min(id) AS lo FROM sys_org WHERE org_type = 'insurer'");
    const { rows: ents } = await c.query("SELECT min(id) AS lo FROM sys_org WHERE org_type = 'enterprise'");
    const insLo = Number(ins[0].lo);
    const entLo = Number(ents[0].lo);
    // One policy per enterprise, periods staggered over the year (some end within 30 days, some half over).
    await c.query(
      `INSERT INTO ins_policy (application_no, policy_no, enterprise_id, insurer_id, holder_name, holder_uscc, district_code,
       status, entered_by, start_date, end_date, headcount, per_person_limit, medical_limit, per_accident_limit,
       benchmark_rate, float_pct, premium_calc, premium, prevention_fee_pct, prevention_fee, prevention_frequency,
       service_items, attachments, draft_missing, created_at, updated_at)
     SELECT 'BA' || g, 'BP' || g, $1::int + g - 1, $2::int + g % 5, '压测企业' || g, 'B' || lpad(g::text, 17, '0'),
       ${D}[1 + g % 5], 'approved', 'insurer', current_date - (g % 360), current_date - (g % 360) + 364, 10,
       400000, 40000, 4000000, 1, 0, 1000, 1000, 15, 150, 2, '[]', '[]', '[]', now(), now()
     FROM generate_series(1, $3::int) g`,
      [entLo, insLo, ENTERPRISES],
    );
    await c.query(
      `INSERT INTO ap_fund (policy_id, insurer_id, enterprise_id, district_code, premium, accrued, spent, state, created_at, updated_at)
     SELECT p.id, p.insurer_id, p.enterprise_id, p.district_code, 1000, 150, (p.id % 4) * 30, 'available', now(), now()
     FROM ins_policy p`,
    );
    await c.query(
      `INSERT INTO ins_claim (report_no, register_no, policy_id, enterprise_id, insurer_id, district_code, phase, step,
       reporter_name, reporter_phone_enc, reported_at, accident_at, accident_district_code, accident_address, accident_desc,
       attachments, registered_at, created_at, updated_at)
     SELECT 'BR' || p.id, 'BG' || p.id, p.id, p.enterprise_id, p.insurer_id, p.district_code, 'registered', 3,
       '报案人', '', now() - ((p.id % 120) || ' days')::interval, now() - ((p.id % 120) || ' days')::interval,
       p.district_code, '地址', '压测事故', '[]', now() - ((p.id % 120) || ' days')::interval, now(), now()
     FROM ins_policy p WHERE p.id % 2 = 0`,
    );
    // Hazards: insurer checks and self-checks, deadlines from 60 days ago to 60 days ahead; 70 % completed.
    await c.query(
      `INSERT INTO ap_hazard (source, enterprise_id, insurer_id, finder_org_id, district_code, check_date, description,
       level, deadline, rectify_status, state, photos, rectify_files, created_at, updated_at)
     SELECT 2 + g % 2, $1::int + g % $2::int, $3::int + g % 5, $3::int + g % 5, ${D}[1 + (g % $2::int) % 5],
       current_date - 90 + g % 30, '压测隐患' || g, CASE WHEN g % 97 = 0 THEN 2 ELSE 1 END,
       current_date - 60 + g % 121, CASE WHEN g % 10 < 7 THEN 1 WHEN g % 10 = 7 THEN 0 WHEN g % 10 = 8 THEN 2 ELSE -1 END,
       1, '[]', '[]', now(), now()
     FROM generate_series(1, $4::int) g`,
      [entLo, ENTERPRISES, insLo, HAZARDS],
    );
    await c.query(
      `INSERT INTO ent_risk (enterprise_id, district_code, risk_level, points, factors, assessed_at)
     SELECT id, district_code, 1 + id % 4, 0, '{}', now() FROM sys_org WHERE org_type = 'enterprise'`,
    );
    await c.query('VACUUM ANALYZE');
  }
  out.fillSeconds = (Date.now() - t0) / 1000;
  const counts = (
    await c.query(
      `SELECT (SELECT count(*) FROM sys_org WHERE org_type = 'enterprise')::int AS enterprises,
              (SELECT count(*) FROM ap_hazard)::int AS hazards,
              (SELECT count(*) FROM ap_hazard WHERE rectify_status <> 1 AND deadline < current_date)::int AS overdue,
              (SELECT count(*) FROM ins_policy)::int AS policies, (SELECT count(*) FROM ins_claim)::int AS claims`,
    )
  ).rows[0];
  Object.assign(out, counts);
  console.log('filled', counts, `in ${out.fillSeconds} s`);
  for (const run of ['first', 'second']) {
    const s = Date.now();
    const r = await runAlarmJob(database.db, new Date());
    const seconds = (Date.now() - s) / 1000;
    out[run] = { seconds, ...r };
    console.log(`alarm job ${run} run: ${seconds} s`, r);
  }
  out.alarms = (await c.query('SELECT kind, count(*)::int AS n FROM alarm GROUP BY kind ORDER BY kind')).rows;
  console.log(out.alarms);
  await c.end();
  out.at = new Date().toISOString();
  out.loadavg = (await import('node:os')).loadavg();
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/hazard-alarms.json'), `${JSON.stringify(out, null, 2)}\n`);
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await database.close();
  if (!reuse) await admin(`DROP DATABASE IF EXISTS ${dbName}`);
}
