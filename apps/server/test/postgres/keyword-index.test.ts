import { CamelCasePlugin, type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/db/schema.ts';
import { listClaims } from '../../src/modules/claim/index.ts';
import { listEnterprises } from '../../src/modules/enterprise/index.ts';
import { listPolicies } from '../../src/modules/policy/index.ts';
import type { Actor } from '../../src/platform/actor.ts';
import { configureCounts } from '../../src/platform/count-cache.ts';
import { SETTING_DEFAULTS } from '../../src/platform/settings.ts';
import { pgUrl } from '../global-setup.ts';
import { createTestContext, type TestContext } from '../helpers.ts';

/**
 * Issue 18 on PostgreSQL at a realistic size (50,000 enterprises and policies, 50,000 claims): a
 * two-character keyword of the policy, enterprise and claim lists is looked up in the pair indexes of
 * migration 0033, even in a generic plan (plan_cache_mode force_generic_plan: the plan is made without the
 * keyword's value — the worst case; the server's connections default to auto, which may also plan per value),
 * not by walking the primary key.
 */
const N = 50_000;
const gov: Actor = {
  kind: 'government',
  orgId: null,
  districts: ['321302', '321311', '321322', '321323', '321324'],
  userId: 1,
  name: 't',
  orgName: 't',
} as Actor;

let t: TestContext;
let logged: Kysely<DB>;
let captured: CompiledQuery[] = [];

beforeAll(async () => {
  t = await createTestContext();
  const name = (await sql<{ db: string }>`SELECT current_database() AS db`.execute(t.database.db)).rows[0]!
    .db;
  // The same database through a Kysely that records the SQL the lists run, on one connection planning
  // generically as the server's do (and without the server's statement timeout, for the fill).
  const pool = new pg.Pool({
    connectionString: pgUrl(process.env.TEST_DATABASE_URL!, name),
    max: 1,
    options: '-c plan_cache_mode=force_generic_plan',
  });
  // The test database is dropped with FORCE at the end, which may end this pool's idle connection first.
  pool.on('error', () => undefined);
  logged = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  const db = logged;
  await sql`
    WITH o AS (
      INSERT INTO sys_org (org_type, name, uscc, district_code)
      SELECT 'enterprise',
             '索引企业' || (ARRAY['宿迁','泗阳','沭阳','泗洪','宿豫'])[1 + g % 5]
               || (ARRAY['化工','建筑','机械','纺织','食品','物流','电子'])[1 + (g / 5) % 7]
               || CASE WHEN g % 4096 = 0 THEN '危化' ELSE '' END || g || '有限公司',
             'K' || lpad(g::text, 17, '0'),
             (ARRAY['321302','321311','321322','321323','321324'])[1 + g % 5]
      FROM generate_series(1, ${N}::int) g
      RETURNING id, name, uscc, district_code
    ), p AS (
      INSERT INTO ins_policy (application_no, policy_no, enterprise_id, insurer_id, holder_name, holder_uscc,
        district_code, ws_industry_code, status, entered_by, start_date, end_date, headcount, per_person_limit,
        per_accident_limit, benchmark_rate, premium_calc, premium, prevention_fee_pct, prevention_fee,
        prevention_frequency, service_items)
      SELECT 'KTB' || o.id, 'KPD' || o.id, o.id, (SELECT min(id) FROM sys_org WHERE org_type = 'insurer'),
             o.name, o.uscc, o.district_code, 'AQ0201', 'approved', 'insurer', date '2025-01-01', date '2025-12-31',
             10, 400000, 4000000, 1.5, 6000, 5800, 15, 870, 4, '["01","03"]'
      FROM o
      RETURNING id, enterprise_id, insurer_id, district_code
    )
    INSERT INTO ins_claim (report_no, policy_id, enterprise_id, insurer_id, district_code, ws_industry_code,
      phase, step, reporter_name, reporter_phone_enc, reported_at, accident_at, accident_district_code,
      accident_address, accident_desc, deaths, injuries, accident_type, accident_level)
    SELECT 'KBA' || p.id, p.id, p.enterprise_id, p.insurer_id, p.district_code, 'AQ0201', 'reported', 1, '报案人',
           '', timestamptz '2025-03-01 06:00+08', timestamptz '2025-03-01 00:00+08', p.district_code,
           '地点', '经过', 0, 1, '01', 1
    FROM p`.execute(db);
  await sql`ANALYZE`.execute(db);
  // The fill takes seconds here; a slow machine must not turn it into a hook timeout (its tests would then not
  // run at all).
}, 300_000);
afterAll(async () => {
  await logged?.destroy();
  await t?.close();
});

/** The generic plan of the recorded statement that `pick` finds, as EXPLAIN prints it. */
async function genericPlan(pick: (q: CompiledQuery) => boolean): Promise<string> {
  const q = captured.find(pick);
  if (!q) throw new Error(`no such statement among:\n${captured.map((c) => c.sql).join('\n')}`);
  const plan = await logged.connection().execute(async (conn) => {
    await sql.raw('DEALLOCATE ALL').execute(conn);
    await sql.raw(`PREPARE kw AS ${q.sql}`).execute(conn);
    const args = q.parameters.map((p) =>
      sql.lit(p instanceof Date ? p.toISOString() : (p as string | number)),
    );
    const rows = await sql<{ 'QUERY PLAN': string }>`EXPLAIN EXECUTE kw(${sql.join(args)})`.execute(conn);
    return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
  return plan;
}

/**
 * How the recorded statement that `pick` finds is planned on a connection as the server's plan
 * (plan_cache_mode auto): executed eight times, the generic and custom plans PostgreSQL made.
 */
async function autoPlans(
  pick: (q: CompiledQuery) => boolean,
  text: (sql: string) => string = (s) => s,
): Promise<{ generic: number; custom: number }> {
  const q = captured.find(pick);
  if (!q) throw new Error(`no such statement among:\n${captured.map((c) => c.sql).join('\n')}`);
  return logged.connection().execute(async (conn) => {
    await sql.raw('DEALLOCATE ALL').execute(conn);
    await sql.raw('SET plan_cache_mode = auto').execute(conn);
    try {
      await sql.raw(`PREPARE kw AS ${text(q.sql)}`).execute(conn);
      const args = q.parameters.map((p) =>
        sql.lit(p instanceof Date ? p.toISOString() : (p as string | number)),
      );
      for (let i = 0; i < 8; i++) await sql`EXECUTE kw(${sql.join(args)})`.execute(conn);
      const r = await sql<{ generic: number; custom: number }>`
        SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements WHERE name = 'kw'`.execute(
        conn,
      );
      return { generic: Number(r.rows[0]!.generic), custom: Number(r.rows[0]!.custom) };
    } finally {
      await sql.raw('SET plan_cache_mode = force_generic_plan').execute(conn);
    }
  });
}

describe('two-character keywords use the pair indexes (PostgreSQL, generic plans)', () => {
  it('policy list: 危化 by ins_policy_holder_bigrams, the same rows as LIKE', async () => {
    captured = [];
    const page = await listPolicies(logged, gov, { keyword: '危化', pageNo: 1, pageSize: 10 }, new Date());
    expect(page.total).toBe(Math.floor(N / 4096));
    expect(page.list.every((r) => r.holderName.includes('危化'))).toBe(true);
    const plan = await genericPlan((q) => q.sql.includes('search_bigrams') && /order by/i.test(q.sql));
    expect(plan).toContain('Bitmap Index Scan on ins_policy_holder_bigrams');
    expect(plan).not.toContain('Index Scan Backward using ins_policy_pkey');
    // The rows found are checked by LIKE alone: the pairs are not computed again for each of them.
    const filters = plan.split('\n').filter((l) => l.includes('Filter:'));
    expect(filters.join('\n')).not.toContain('search_bigrams');
  });

  it('enterprise list: 宿迁化工 (1 in 35) by sys_org_name_bigrams', async () => {
    captured = [];
    const page = await listEnterprises(
      logged,
      gov,
      { keyword: '宿迁化工', pageNo: 1, pageSize: 10 },
      new Date(),
    );
    expect(page.list.length).toBe(10);
    expect(page.totalCapped).toBe(false);
    expect(page.list.every((r) => r.name.includes('宿迁化工'))).toBe(true);
    const plan = await genericPlan((q) => q.sql.includes('search_bigrams') && /order by/i.test(q.sql));
    expect(plan).toContain('Bitmap Index Scan on sys_org_name_bigrams');
  });

  it('enterprise list: 宿迁 (1 in 5, more than the count cap) reads its first page in id order', async () => {
    configureCounts(logged, { cap: 5000 });
    captured = [];
    const page = await listEnterprises(logged, gov, { keyword: '宿迁', pageNo: 1, pageSize: 10 }, new Date());
    expect(page).toMatchObject({ total: 5000, totalCapped: true });
    expect(page.list.every((r) => r.name.includes('宿迁'))).toBe(true);
    // The total was counted by the index; the page walks the primary key (every fifth row matches).
    const count = await genericPlan((q) => q.sql.includes('search_bigrams') && /count\(\*\)/i.test(q.sql));
    expect(count).toContain('Bitmap Index Scan on sys_org_name_bigrams');
    const plan = await genericPlan((q) => !q.sql.includes('search_bigrams') && /order by/i.test(q.sql));
    expect(plan).toMatch(/Index Scan Backward using sys_org_(pkey|type_idx)/);
    expect(plan).not.toContain('Sort');
  });

  it('claim list: 建筑 (1 in 7, more than the count cap) reads its first page in id order, the enterprise of each claim by its key', async () => {
    configureCounts(logged, { cap: 2000 });
    captured = [];
    const page = await listClaims(
      logged,
      gov,
      { keyword: '建筑', pageNo: 1, pageSize: 10 },
      SETTING_DEFAULTS.insurance,
      new Date(),
    );
    expect(page).toMatchObject({ total: 2000, totalCapped: true });
    expect(page.list.every((r) => r.enterpriseName?.includes('建筑'))).toBe(true);
    const plan = await genericPlan((q) => !q.sql.includes('search_bigrams') && /order by/i.test(q.sql));
    expect(plan).toContain('Index Scan Backward using ins_claim_pkey');
    // Not a hashed list of every matching enterprise built for each page (a scan of all organisations).
    expect(plan).not.toMatch(/hashed SubPlan[\s\S]*Seq Scan on sys_org/);
    expect(plan).toMatch(/Index Scan using sys_org_pkey on sys_org ko/);
  });

  it('claim list: 危化 finds the enterprises by sys_org_name_bigrams and their claims by ins_claim_enterprise_idx', async () => {
    captured = [];
    const page = await listClaims(
      logged,
      gov,
      { keyword: '危化', pageNo: 1, pageSize: 10 },
      SETTING_DEFAULTS.insurance,
      new Date(),
    );
    expect(page.list.length).toBeGreaterThan(0);
    const plan = await genericPlan((q) => q.sql.includes('search_bigrams') && /order by/i.test(q.sql));
    expect(plan).toContain('Bitmap Index Scan on sys_org_name_bigrams');
    expect(plan).toContain('ins_claim_enterprise_idx');
    expect(plan).not.toContain('Index Scan Backward using ins_claim_pkey');
  });

  it('a rare keyword (total below the cap) runs one generic plan under plan_cache_mode auto, not a plan per request', async () => {
    configureCounts(logged, { cap: 2000 });
    const pageOf = (q: CompiledQuery) => q.sql.includes('search_bigrams') && /order by/i.test(q.sql);
    // The keyword reaches the pair lookup through a sub-select (db/sql.ts bigramMatch `few`).
    const visible = (text: string) => text.replace(/\(select (\$\d+)::text\)/g, '$1');
    captured = [];
    const claims = await listClaims(
      logged,
      gov,
      { keyword: '危化', pageNo: 1, pageSize: 10 },
      SETTING_DEFAULTS.insurance,
      new Date(),
    );
    expect(claims.totalCapped).toBe(false);
    expect(captured.find(pageOf)?.sql).toMatch(/search_bigram_query\(\(select \$\d+::text\)\)/);
    expect((await autoPlans(pageOf)).generic).toBeGreaterThan(0);
    // With the value visible, the custom plans cost less on paper and PostgreSQL plans every execution.
    expect(await autoPlans(pageOf, visible)).toEqual({ generic: 0, custom: 8 });

    captured = [];
    const policies = await listPolicies(
      logged,
      gov,
      { keyword: '危化', pageNo: 1, pageSize: 10 },
      new Date(),
    );
    expect(policies.list.every((r) => r.holderName.includes('危化'))).toBe(true);
    expect((await autoPlans(pageOf)).generic).toBeGreaterThan(0);
  });
});
