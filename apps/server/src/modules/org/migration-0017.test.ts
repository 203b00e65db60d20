import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { down, up } from '../../db/migrations/0017_org_manage.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const adminGrant = async (db: Database['db']) =>
  (
    await sql<{ resource: string; grant: string }>`SELECT res.actions AS resource, rr.actions AS grant
      FROM sys_role_resource rr JOIN sys_resource res ON res.id = rr.resource_id JOIN sys_role r ON r.id = rr.role_id
      WHERE res.component = 'AdminOrg' AND r.role_key = 'ROLE_ADMIN'`.execute(db)
  ).rows[0];

describe('migration 0017 (机构管理 add/edit/enable/disable, sys_org.status check)', () => {
  it('gives an existing database the new actions on AdminOrg and the admin grant; down takes them back', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        const full = 'add,edit,query,get,enable,disable';
        expect(await adminGrant(trx)).toEqual({ resource: full, grant: full });
        // A database made before this release: the list only.
        await down(trx as never);
        expect(await adminGrant(trx)).toEqual({ resource: 'query,get', grant: 'query,get' });
        await sql`UPDATE sys_org SET status = 3 WHERE id = (SELECT min(id) FROM sys_org)`.execute(trx);
        await sql`UPDATE sys_org SET status = 1 WHERE status = 3`.execute(trx);
        await up(trx as never);
        expect(await adminGrant(trx)).toEqual({ resource: full, grant: full });
        await expect(
          sql`UPDATE sys_org SET status = 3 WHERE id = (SELECT min(id) FROM sys_org)`.execute(trx),
        ).rejects.toThrow(/sys_org_status_ck/);
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
  });
});
