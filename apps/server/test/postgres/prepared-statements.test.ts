import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers.ts';

/** database.ts: parameterised queries run as named statements with one generic plan (PostgreSQL only). */
describe('prepared statements on PostgreSQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('connections plan generically and keep the statements they ran', async () => {
    await t.database.db.connection().execute(async (conn) => {
      const mode = await sql<{ planCacheMode: string }>`SHOW plan_cache_mode`.execute(conn);
      expect(mode.rows[0]?.planCacheMode).toBe('force_generic_plan');
      for (let i = 0; i < 3; i++) {
        const r = await conn
          .selectFrom('sysRole')
          .select('roleKey')
          .where('id', '=', i + 1)
          .execute();
        expect(r.length).toBeLessThanOrEqual(1);
      }
      const prepared = await sql<{ name: string; statement: string; genericPlans: number }>`
        SELECT name, statement, generic_plans FROM pg_prepared_statements
        WHERE statement LIKE '%from "sys_role"%' AND statement LIKE '%"id" = $1%'`.execute(conn);
      expect(prepared.rows).toHaveLength(1);
      expect(prepared.rows[0]?.name).toMatch(/^q[\w-]{27}$/);
      expect(Number(prepared.rows[0]?.genericPlans)).toBe(3);
    });
  });

  it('queries without parameters keep the simple protocol (several statements in one text)', async () => {
    const r = await sql`SELECT 1; SELECT 2`.execute(t.database.db);
    expect(r.rows).toBeDefined();
  });
});
