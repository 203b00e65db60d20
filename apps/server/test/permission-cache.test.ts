import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * The request hook reuses a role's loaded grants while sys_permission_version is unchanged. Grants written
 * behind the API's back (a DBA, a seed, another server instance) must still take effect on the next request:
 * the triggers of migration 0007 bump the counter on every write to sys_role_resource and sys_resource.
 */
describe('permission cache', () => {
  let t: TestContext;
  let gov: string;
  let govRoleId: number;
  const version = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('sysPermissionVersion')
          .select('version')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow()
      ).version,
    );
  const logs = () => t.call({ method: 'POST', url: '/api/log/sysLogs/searchLogList.json', token: gov });

  beforeAll(async () => {
    t = await createTestContext();
    gov = await t.login('gov');
    govRoleId = (
      await t.database.db
        .selectFrom('sysRole')
        .select('id')
        .where('roleKey', '=', 'ROLE_GOVERNMENT')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  it('a grant removed directly in the database stops working on the next request', async () => {
    expect((await logs()).statusCode).toBe(200);
    expect((await logs()).statusCode).toBe(200); // served from the cache
    const before = await version();
    const logResources = t.database.db.selectFrom('sysResource').select('id').where('permission', '=', 'log');
    const removed = await t.database.db
      .deleteFrom('sysRoleResource')
      .where('roleId', '=', govRoleId)
      .where('resourceId', 'in', logResources)
      .returningAll()
      .execute();
    expect(removed.length).toBeGreaterThan(0);
    expect(await version()).toBeGreaterThan(before);
    expect((await logs()).statusCode).toBe(403);

    await t.database.db.insertInto('sysRoleResource').values(removed).execute();
    expect((await logs()).statusCode).toBe(200);
  });

  it('a statement that changes no row still invalidates, and a resource whose permission is renamed is re-read', async () => {
    const before = await version();
    await sql`UPDATE sys_resource SET permission = permission WHERE false`.execute(t.database.db);
    expect(await version()).toBe(before + 1);

    await sql`UPDATE sys_resource SET permission = 'logRenamed' WHERE permission = 'log'`.execute(
      t.database.db,
    );
    expect((await logs()).statusCode).toBe(403);
    await sql`UPDATE sys_resource SET permission = 'log' WHERE permission = 'logRenamed'`.execute(
      t.database.db,
    );
    expect((await logs()).statusCode).toBe(200);
  });
});
