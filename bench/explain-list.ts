// Prints the generic-plan EXPLAIN ANALYZE of the statements one list call runs (issue 18 diagnostics):
//   DB=aqzrx_bench_… LIST=claim ROLE=insurer KEYWORD=建筑 [CAP=1000] [PAGE=1] node --import tsx bench/explain-list.ts
import { CamelCasePlugin, type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from '../apps/server/src/db/schema.ts';
import { listClaims } from '../apps/server/src/modules/claim/index.ts';
import { listEnterprises } from '../apps/server/src/modules/enterprise/index.ts';
import { listPolicies } from '../apps/server/src/modules/policy/index.ts';
import type { Actor } from '../apps/server/src/platform/actor.ts';
import { configureCounts } from '../apps/server/src/platform/count-cache.ts';
import { SETTING_DEFAULTS } from '../apps/server/src/platform/settings.ts';

const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const url = new URL(base);
url.pathname = `/${process.env.DB}`;
const captured: CompiledQuery[] = [];
const pool = new pg.Pool({
  connectionString: url.toString(),
  max: 1,
  options: '-c plan_cache_mode=force_generic_plan',
});
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool }),
  plugins: [new CamelCasePlugin()],
  log: (e) => {
    if (e.level === 'query') captured.push(e.query);
  },
});
const who = process.env.ROLE ?? 'gov';
const insurerId = (
  await sql<{ id: number }>`SELECT min(id) AS id FROM sys_org WHERE org_type = 'insurer'`.execute(db)
).rows[0]!.id;
const info = { userId: 1, name: 't', orgName: 't' };
const actor = (
  who === 'insurer'
    ? { kind: 'insurer', orgId: insurerId, ...info }
    : {
        kind: 'government',
        orgId: null,
        districts: ['321302', '321311', '321322', '321323', '321324'],
        ...info,
      }
) as Actor;
const q = {
  pageNo: Number(process.env.PAGE ?? 1),
  pageSize: 10,
  ...(process.env.KEYWORD ? { keyword: process.env.KEYWORD } : {}),
};
const list = process.env.LIST ?? 'policy';
// CAP=<n>: count totals up to n (LIST_COUNT_CAP), to see a frequent keyword's plans on a smaller fill.
if (process.env.CAP) configureCounts(db, { cap: Number(process.env.CAP) });
captured.length = 0;
const t0 = Date.now();
if (list === 'policy') await listPolicies(db, actor, q, new Date());
else if (list === 'claim') await listClaims(db, actor, q, SETTING_DEFAULTS.insurance, new Date());
else await listEnterprises(db, actor, q, new Date());
console.log(`${list} list as ${who}: ${Date.now() - t0} ms (first call)`);
for (const c of captured.splice(0)) {
  await db.connection().execute(async (conn) => {
    await sql.raw('DEALLOCATE ALL').execute(conn);
    await sql.raw(`PREPARE s AS ${c.sql}`).execute(conn);
    const args = c.parameters.map((p) =>
      sql.lit(p instanceof Date ? p.toISOString() : (p as string | number)),
    );
    const r = await sql<{
      'QUERY PLAN': string;
    }>`EXPLAIN (ANALYZE, COSTS OFF) EXECUTE s(${sql.join(args)})`.execute(conn);
    console.log(`\n${c.sql.slice(0, 160)}…`);
    console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  });
}
await db.destroy();
