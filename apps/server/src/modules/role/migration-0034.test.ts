import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { down, up } from '../../db/migrations/0034_admin_duties.ts';
import { loadPermissions } from '../../platform/auth.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

type Trx = Database['db'];

/** The pages an older database gave the operations admin (syncBase only adds: the migration removes them). */
async function oldPages(trx: Trx): Promise<number[]> {
  const res = async (
    parentId: number | null,
    resUrl: string,
    authKey: string,
    component: string,
    permission: string,
    actions: string,
  ) =>
    (
      await sql<{ id: number }>`INSERT INTO sys_resource (parent_id, res_url, auth_key, name, res_name, icon,
        permission, level, actions, is_menu, hide, redirect, component, sort)
        VALUES (${parentId}, ${resUrl}, ${authKey}, ${component}, ${component}, '', ${permission},
          ${parentId === null ? 1 : 2}, ${actions}, true, false, '', ${component}, 90)
        RETURNING id`.execute(trx)
    ).rows[0]!.id;
  const group = await res(null, 'admin', 'log', 'RouteView', 'log', '');
  const ids = [
    group,
    await res(group, 'admin/log/AdminLog', 'route', 'AdminLog', 'log', 'query,export'),
    await res(group, 'admin/log/RequestLog', 'route', 'RequestLog', 'log', 'query'),
    await res(group, 'admin/log/PushLog', 'route', 'PushLog', 'log', 'query'),
  ];
  const system = (
    await sql<{
      id: number;
    }>`SELECT id FROM sys_resource WHERE res_url = 'admin' AND auth_key = 'system'`.execute(trx)
  ).rows[0]!.id;
  ids.push(
    await res(
      system,
      'admin/system/SafetyMechanism',
      'route',
      'SafetyMechanism',
      'safetymechanism',
      'add,delete,edit,query,get',
    ),
  );
  for (const id of ids)
    await sql`INSERT INTO sys_role_resource (role_id, resource_id, actions)
      SELECT r.id, res.id, res.actions FROM sys_role r, sys_resource res
      WHERE r.role_key IN ('ROLE_ADMIN', 'ROLE_TECHNOLOGY') AND res.id = ${id}`.execute(trx);
  return ids;
}

const roleId = async (trx: Trx, key: string) =>
  (await sql<{ id: number }>`SELECT id FROM sys_role WHERE role_key = ${key}`.execute(trx)).rows[0]!.id;

/** Runs fn in a transaction that is rolled back, so the test database stays as seeded. */
async function rolledBack(fn: (trx: Trx) => Promise<void>): Promise<void> {
  await database.db
    .transaction()
    .execute(async (trx) => {
      await fn(trx as never);
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
}

describe('migration 0034 (三权分立: the logs and safety mechanisms leave the operations admin)', () => {
  it('removes the operations admin’s log and safety-mechanism pages, with every role’s grant on them', async () => {
    await rolledBack(async (trx) => {
      const ids = await oldPages(trx);
      const admin = await roleId(trx, 'ROLE_ADMIN');
      const custom = await roleId(trx, 'ROLE_TECHNOLOGY');
      const perms = async (id: number) => (await loadPermissions(trx, id)).map((p) => p.permissionId);
      expect(await perms(admin)).toEqual(expect.arrayContaining(['log', 'safetymechanism']));
      expect(await perms(custom)).toEqual(expect.arrayContaining(['log', 'safetymechanism']));
      const auditBefore = await loadPermissions(trx, await roleId(trx, 'ROLE_AUDIT_ADMIN'));
      const securityBefore = await loadPermissions(trx, await roleId(trx, 'ROLE_SECURITY_ADMIN'));

      await up(trx as never);
      const left = await sql<{
        id: number;
      }>`SELECT id FROM sys_resource WHERE id IN (${sql.join(ids)})`.execute(trx);
      expect(left.rows).toEqual([]);
      expect(await perms(admin)).not.toContain('log');
      expect(await perms(admin)).not.toContain('safetymechanism');
      expect(await perms(custom)).not.toContain('log');
      // The security and audit roles keep their own pages.
      expect(await loadPermissions(trx, await roleId(trx, 'ROLE_AUDIT_ADMIN'))).toEqual(auditBefore);
      expect(await loadPermissions(trx, await roleId(trx, 'ROLE_SECURITY_ADMIN'))).toEqual(securityBefore);
    });
  });

  it('down returns the holders of the two roles to 普通用户, ends their sessions and removes the roles', async () => {
    await rolledBack(async (trx) => {
      const user = await roleId(trx, 'ROLE_USER');
      const holders = (
        await sql<{ id: number }>`SELECT u.id FROM sys_user u JOIN sys_role r ON r.id = u.role_id
          WHERE r.role_key IN ('ROLE_SECURITY_ADMIN', 'ROLE_AUDIT_ADMIN') ORDER BY u.id`.execute(trx)
      ).rows.map((r) => r.id);
      expect(holders.length).toBe(2);
      await sql`INSERT INTO sys_session (user_id, token_hash, created_at, last_seen_at, expires_at, ip, user_agent)
        SELECT id, 'h' || id, now(), now(), now() + interval '1 day', '127.0.0.1', 't' FROM sys_user
        WHERE id IN (${sql.join(holders)})`.execute(trx);

      await down(trx as never);
      const after = await sql<{ roleId: number }>`SELECT role_id AS "roleId" FROM sys_user
        WHERE id IN (${sql.join(holders)})`.execute(trx);
      expect(after.rows.every((r) => r.roleId === user)).toBe(true);
      const live = await sql`SELECT id FROM sys_session WHERE user_id IN (${sql.join(holders)})
        AND revoked_at IS NULL`.execute(trx);
      expect(live.rows).toEqual([]);
      const roles = await sql<{ deleted: boolean }>`SELECT deleted_at IS NOT NULL AS deleted FROM sys_role
        WHERE role_key IN ('ROLE_SECURITY_ADMIN', 'ROLE_AUDIT_ADMIN')`.execute(trx);
      expect(roles.rows).toEqual([{ deleted: true }, { deleted: true }]);
      const pages = await sql`SELECT id FROM sys_resource WHERE res_url IN ('security', 'audit')
        OR res_url LIKE 'security/%' OR res_url LIKE 'audit/%'`.execute(trx);
      expect(pages.rows).toEqual([]);
    });
  });
});
