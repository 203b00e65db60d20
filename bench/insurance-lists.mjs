#!/usr/bin/env node
// Large-data benchmark of the insurance lists (issue 5): 100,000 policies and 20,000 claims in PostgreSQL,
// the paged, filtered policy, claim and enterprise lists (with keyword searches, issue 18) hit by 50 connections for ~10 s each, as the insurer and as
// the government user. Prints req/s and p50/p99 and writes bench/results/insurance-lists.json.
//
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/insurance-lists.mjs
//
// BENCH_POLICIES / BENCH_CLAIMS set the size (default 100,000 / 20,000), BENCH_ONLY=<regex> picks scenarios
// by name, BENCH_FILL_ONLY=1 fills and keeps the database, BENCH_DB=<name> measures on such a kept one (for
// diagnosis only: the server's start-up daily job then rescores all kept enterprises while the first lists run),
// BENCH_RESULT=<file> writes the results elsewhere than bench/results/insurance-lists.json.
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
const POLICIES = Number(process.env.BENCH_POLICIES ?? 100_000);
const CLAIMS = Number(process.env.BENCH_CLAIMS ?? 20_000);
const YEARS = 5;
const ENTERPRISES = Math.ceil(POLICIES / YEARS);
// BENCH_DB=<name>: measure on a database an earlier BENCH_FILL_ONLY run filled and kept (not dropped).
const reuse = process.env.BENCH_DB;
const dbName = reuse ?? `aqzrx_bench_${process.pid}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-bench-ins-'));
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

/** Bulk rows: enterprises with five consecutive one-year policies each, co-insurers, and claims. */
async function fill(client) {
  const t0 = Date.now();
  const ins = (await client.query("SELECT id FROM sys_org WHERE org_type = 'insurer' ORDER BY id")).rows.map(
    (r) => r.id,
  );
  await client.query(
    `WITH o AS (
       INSERT INTO sys_org (org_type, name, uscc, district_code)
       SELECT 'enterprise',
              -- Names with the words people search for (issue 18): a place (1 in 5), a trade (1 in 7), and
              -- a rare word (危化, 1 in 4,096 enterprises) for a search with few matches.
              '压测企业' || (ARRAY['宿迁','泗阳','沭阳','泗洪','宿豫'])[1 + g % 5]
                || (ARRAY['化工','建筑','机械','纺织','食品','物流','电子'])[1 + (g / 5) % 7]
                || CASE WHEN g % 4096 = 0 THEN '危化' ELSE '' END || g || '有限公司',
              'B' || lpad(g::text, 17, '0'),
              (ARRAY['321302','321311','321322','321323','321324'])[1 + g % 5]
       FROM generate_series(1, $1::int) g
       RETURNING id
     )
     INSERT INTO ins_enterprise (id, address, ws_industry_code, gb_industry_code, employees, must_insure, info_complete)
     SELECT id, '压测地址', (ARRAY['AQ0201','AQ0501','AQ0401','AQ010201','AQ0701','AQ0901'])[1 + id % 6], 'C26',
            10 + id % 300, true, true
     FROM o`,
    [ENTERPRISES],
  );
  await client.query(
    `INSERT INTO ins_policy (application_no, policy_no, enterprise_id, insurer_id, holder_name, holder_uscc,
       district_code, ws_industry_code, status, entered_by, start_date, end_date, headcount, per_person_limit,
       per_accident_limit, benchmark_rate, premium_calc, premium, prevention_fee_pct, prevention_fee,
       prevention_frequency, service_items, created_at, updated_at)
     SELECT 'BTB' || lpad(x.n::text, 12, '0'),
            CASE WHEN x.st IN ('approved','cancelled') THEN 'BPD' || lpad(x.n::text, 12, '0') END,
            x.id, ($1::int[])[1 + (x.id + x.y) % 3], x.name, x.uscc, x.district_code, e.ws_industry_code, x.st,
            'insurer', x.s, (x.s + interval '1 year' - interval '1 day')::date, e.employees, 400000,
            400000 * e.employees, 1.5, 600 * e.employees, 580 * e.employees, 15, 87 * e.employees, 4, '["01","03"]',
            now() - make_interval(days => (x.n % 1500)::int), now()
     FROM (
       SELECT o.id, o.name, o.uscc, o.district_code, y,
              row_number() OVER (ORDER BY o.id, y) AS n,
              (date '2022-01-01' + y * 365 + (o.id % 300))::date AS s,
              CASE WHEN (o.id + y) % 53 = 0 THEN 'submitted' WHEN (o.id + y) % 97 = 0 THEN 'rejected'
                   WHEN (o.id + y) % 211 = 0 THEN 'cancelled' ELSE 'approved' END AS st
       FROM sys_org o CROSS JOIN generate_series(0, ${YEARS - 1}) y
       WHERE o.name LIKE '压测企业%'
     ) x JOIN ins_enterprise e ON e.id = x.id`,
    [ins],
  );
  await client.query(
    `INSERT INTO ins_policy_coinsurer (policy_id, insurer_id, role, share)
     SELECT id, insurer_id, CASE WHEN id % 7 = 0 THEN '01' ELSE '03' END, CASE WHEN id % 7 = 0 THEN 70 ELSE 100 END
     FROM ins_policy WHERE application_no LIKE 'BTB%'`,
  );
  await client.query(
    `INSERT INTO ins_policy_coinsurer (policy_id, insurer_id, role, share)
     SELECT id, ($1::int[])[1 + (array_position($1::int[], insurer_id)) % 3], '02', 30
     FROM ins_policy WHERE application_no LIKE 'BTB%' AND id % 7 = 0`,
    [ins],
  );
  await client.query(
    `INSERT INTO ins_claim (report_no, register_no, policy_id, enterprise_id, insurer_id, district_code, ws_industry_code,
       phase, step, reporter_name, reporter_phone_enc, reported_at, accident_at, accident_district_code, accident_address,
       accident_desc, deaths, injuries, accident_type, accident_level, registered_at, assessed_total, payout_total,
       first_paid_at, paid_at, closed_at, close_type, created_at, updated_at)
     SELECT 'BBA' || lpad(c.k::text, 12, '0'),
            CASE WHEN c.ph <> 'reported' AND c.ph <> 'withdrawn' THEN 'BLA' || lpad(c.k::text, 12, '0') END,
            p.id, p.enterprise_id, p.insurer_id, p.district_code, p.ws_industry_code, c.ph,
            CASE c.ph WHEN 'reported' THEN 1 WHEN 'withdrawn' THEN 2 WHEN 'registered' THEN 3 WHEN 'surveyed' THEN 5
                      WHEN 'assessed' THEN 6 WHEN 'paid' THEN 7 ELSE 8 END,
            '压测报案人', '', c.acc + interval '6 hours', c.acc, p.district_code, '压测地点', '压测事故经过',
            0, 1 + c.k % 3, '0' || (1 + c.k % 9), 1 + c.k % 2,
            CASE WHEN c.ph NOT IN ('reported','withdrawn') THEN c.acc + interval '2 days' END,
            CASE WHEN c.ph IN ('assessed','paid','closed') THEN 20000 + c.k % 50000 END,
            CASE WHEN c.ph IN ('paid','closed') THEN 20000 + c.k % 50000 END,
            CASE WHEN c.ph IN ('paid','closed') THEN c.acc + interval '20 days' END,
            CASE WHEN c.ph IN ('paid','closed') THEN c.acc + interval '20 days' END,
            CASE WHEN c.ph IN ('closed','withdrawn') THEN c.acc + interval '25 days' END,
            CASE WHEN c.ph = 'closed' THEN 'paid' WHEN c.ph = 'withdrawn' THEN 'withdrawn' END,
            c.acc + interval '6 hours', now()
     FROM (
       SELECT k, ((ARRAY['reported','registered','surveyed','assessed','paid','closed','closed','withdrawn'])[1 + k % 8]) AS ph,
              (timestamptz '2022-03-01' + make_interval(days => (k * 37) % 1300)) AS acc
       FROM generate_series(1, $1::int) k
     ) c
     JOIN LATERAL (
       SELECT id, enterprise_id, insurer_id, district_code, ws_industry_code FROM ins_policy
       WHERE id = (SELECT min(id) FROM ins_policy WHERE application_no LIKE 'BTB%') + (c.k * 5) % $2::int
     ) p ON true`,
    [CLAIMS, POLICIES],
  );
  // A bulk INSERT leaves the visibility map unset (autovacuum sets it on a live system): VACUUM so index-only
  // scans read the index alone, as they would in production; ANALYZE for the planner.
  await client.query('VACUUM ANALYZE');
  // Write the bulk load's dirty pages out now, not during the measurements.
  await client.query('CHECKPOINT');
  const counts = (
    await client.query(
      'SELECT (SELECT count(*) FROM ins_policy)::int AS policies, (SELECT count(*) FROM ins_claim)::int AS claims, (SELECT count(*) FROM ins_enterprise)::int AS enterprises',
    )
  ).rows[0];
  console.log(`filled in ${((Date.now() - t0) / 1000).toFixed(1)} s:`, counts);
  return counts;
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
  const counts = reuse
    ? (
        await client.query(
          'SELECT (SELECT count(*) FROM ins_policy)::int AS policies, (SELECT count(*) FROM ins_claim)::int AS claims, (SELECT count(*) FROM ins_enterprise)::int AS enterprises',
        )
      ).rows[0]
    : await fill(client);
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
  const gov = await login('gov');
  // Warm-up so the first run does not pay for JIT and cold caches.
  await autocannon({
    url: `${base}/api/policy/list?pageSize=10`,
    method: 'POST',
    headers: gov,
    connections: 10,
    duration: 2,
  });
  const kw = encodeURIComponent;
  // BENCH_ONLY=<regex>: only the scenarios whose name matches (e.g. 'keyword|enterprise').
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const scenarios = [
    // Reference: the platform's floor for any signed-in call (session, permission, one small query).
    ['reference: insurer options (3 rows, no list)', insurer, '/api/insurer/options'],
    [
      'policy list: in force (state=valid), page 1',
      insurer,
      '/api/policy/list?pageNo=1&pageSize=10&state=valid',
    ],
    [
      'policy list: district + year, page 1',
      gov,
      '/api/policy/list?pageNo=1&pageSize=10&districtCode=321302&year=2025',
    ],
    ['policy list: unfiltered, page 5', insurer, '/api/policy/list?pageNo=5&pageSize=10'],
    ['policy list: unfiltered, page 5', gov, '/api/policy/list?pageNo=5&pageSize=10'],
    ['claim list: closed, page 1', insurer, '/api/claim/list?pageNo=1&pageSize=10&phase=closed'],
    [
      'claim list: district, page 1',
      gov,
      '/api/govInsurance/claimList?pageNo=1&pageSize=10&districtCode=321311',
    ],
    ['claim list: unfiltered, page 3', insurer, '/api/claim/list?pageNo=3&pageSize=10'],
    ['claim list: unfiltered, page 3', gov, '/api/govInsurance/claimList?pageNo=3&pageSize=10'],
    // Issue 18: keyword searches (a frequent word and a rare one) and the unfiltered enterprise list.
    [
      'policy list: keyword 化工 (1 in 7), page 1',
      gov,
      `/api/policy/list?pageNo=1&pageSize=10&keyword=${kw('化工')}`,
    ],
    [
      'policy list: keyword 危化 (rare), page 1',
      gov,
      `/api/policy/list?pageNo=1&pageSize=10&keyword=${kw('危化')}`,
    ],
    [
      'policy list: keyword 危化 (rare), page 1',
      insurer,
      `/api/policy/list?pageNo=1&pageSize=10&keyword=${kw('危化')}`,
    ],
    [
      'claim list: keyword 建筑 (1 in 7), page 1',
      insurer,
      `/api/claim/list?pageNo=1&pageSize=10&keyword=${kw('建筑')}`,
    ],
    [
      'claim list: keyword 危化 (rare), page 1',
      gov,
      `/api/govInsurance/claimList?pageNo=1&pageSize=10&keyword=${kw('危化')}`,
    ],
    ['enterprise list: unfiltered, page 1', gov, '/api/enterprise/list?pageNo=1&pageSize=10'],
    [
      'enterprise list: keyword 宿迁 (1 in 5), page 1',
      gov,
      `/api/enterprise/list?pageNo=1&pageSize=10&keyword=${kw('宿迁')}`,
    ],
    [
      'enterprise list: keyword 危化 (rare), page 1',
      gov,
      `/api/enterprise/list?pageNo=1&pageSize=10&keyword=${kw('危化')}`,
    ],
  ].filter(([name]) => !only || only.test(name));
  const loadBefore = os.loadavg().map((x) => Math.round(x * 100) / 100);
  console.log(
    `PostgreSQL, ${connections} connections, ${duration} s each, ${os.cpus().length} CPUs, load average ${loadBefore.join(' ')}`,
  );
  const rows = await measureSideBySide({
    scenarios: scenarios.map(([name, headers, url]) => {
      const role = headers === insurer ? 'insurer' : 'gov';
      return { name: `${name} (${role})`, role, url: `${base}${url}`, headers };
    }),
    run,
    databaseUrl: urlFor(dbName),
    captureFile: sideBySide ? captureFile : null,
  });
  const out = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    database: 'postgres',
    // Other processes on the machine compete for the same CPUs; the load average gives the context.
    loadAverageBefore: loadBefore,
    loadAverageAfter: os.loadavg().map((x) => Math.round(x * 100) / 100),
    data: counts,
    workers: Number(process.env.WORKERS ?? 1),
    rows,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.resolve(root, process.env.BENCH_RESULT ?? 'bench/results/insurance-lists.json'),
    `${JSON.stringify(out, null, 2)}\n`,
  );
}
