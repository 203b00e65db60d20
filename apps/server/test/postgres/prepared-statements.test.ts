import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers.ts';

/**
 * database.ts: parameterised queries run as named statements, PostgreSQL choosing the plan per statement
 * (plan_cache_mode auto), request connections without parallel workers (PostgreSQL only).
 */
describe('prepared statements on PostgreSQL', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('connections let PostgreSQL choose plans, run no parallel workers and keep the statements they ran', async () => {
    await t.database.db.connection().execute(async (conn) => {
      const mode = await sql<{ planCacheMode: string }>`SHOW plan_cache_mode`.execute(conn);
      expect(mode.rows[0]?.planCacheMode).toBe('auto');
      const parallel = await sql<{
        maxParallelWorkersPerGather: string;
      }>`SHOW max_parallel_workers_per_gather`.execute(conn);
      expect(parallel.rows[0]?.maxParallelWorkersPerGather).toBe('0');
      for (let i = 0; i < 3; i++) {
        const r = await conn
          .selectFrom('sysRole')
          .select('roleKey')
          .where('id', '=', i + 1)
          .execute();
        expect(r.length).toBeLessThanOrEqual(1);
      }
      const prepared = await sql<{
        name: string;
        statement: string;
        genericPlans: number;
        customPlans: number;
      }>`
        SELECT name, statement, generic_plans, custom_plans FROM pg_prepared_statements
        WHERE statement LIKE '%from "sys_role"%' AND statement LIKE '%"id" = $1%'`.execute(conn);
      expect(prepared.rows).toHaveLength(1);
      expect(prepared.rows[0]?.name).toMatch(/^q[\w-]{27}$/);
      // One statement, executed three times: the first executions of a statement get custom plans under auto.
      expect(Number(prepared.rows[0]?.genericPlans) + Number(prepared.rows[0]?.customPlans)).toBe(3);
      expect(Number(prepared.rows[0]?.customPlans)).toBeGreaterThan(0);
    });
  });

  it('a page written as numbers lets PostgreSQL reuse the generic plan of a paged list', async () => {
    await t.database.db.connection().execute(async (conn) => {
      for (let i = 0; i < 8; i++) {
        const r = await conn
          .selectFrom('sysRole')
          .select('roleKey')
          .where('id', '>', 0)
          .orderBy('id', 'desc')
          .limit(3)
          .offset(1)
          .execute();
        expect(r).toHaveLength(3);
      }
      const prepared = await sql<{ statement: string; genericPlans: number; customPlans: number }>`
        SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements
        WHERE statement LIKE '%from "sys_role"%' AND statement LIKE '%"id" > $1%'`.execute(conn);
      expect(prepared.rows).toHaveLength(1);
      expect(prepared.rows[0]?.statement).toMatch(/limit 3 offset 1$/);
      // With `limit $2 offset $3` the generic plan is costed for 10 % of the rows and never taken (0 generic).
      expect(Number(prepared.rows[0]?.genericPlans)).toBeGreaterThan(0);
    });
  });

  it('queries without parameters keep the simple protocol (several statements in one text)', async () => {
    const r = await sql`SELECT 1; SELECT 2`.execute(t.database.db);
    expect(r.rows).toBeDefined();
  });
});
