import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * 三权分立 (security.md Z04): the operations administrator (ROLE_ADMIN, now the system administrator) gives the
 * platform's logs to the audit administrator and the safety mechanisms to the security administrator. syncBase
 * only adds, so the pages the operations administrator held are removed here, with every role's grant on them
 * (ON DELETE CASCADE): the 日志审计 group with its three log pages and the 安全机制 page. The next start's syncBase
 * creates the two new roles and their own pages (/audit/log/…, /security/manage/…) and grants them; a fresh
 * database gets only those. The permission-version triggers bump the counter, so signed-in users' menus and
 * grants follow at their next request.
 */
const OLD_PAGES = `(res_url = 'admin' AND auth_key = 'log')
  OR (res_url = 'admin/system/SafetyMechanism' AND auth_key = 'route')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `DELETE FROM sys_resource WHERE ${OLD_PAGES};`);
}

/**
 * Back to one operations administrator: the two new roles' pages go, their holders become 普通用户 (ROLE_USER)
 * and the roles are removed; the earlier code's syncBase then re-creates the log and safety-mechanism pages for
 * ROLE_ADMIN on its next start.
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `DELETE FROM sys_resource WHERE (res_url = 'security' AND auth_key = 'manage')
       OR (res_url = 'audit' AND auth_key = 'log');
     UPDATE sys_session SET revoked_at = now(), revoke_reason = 'role-changed'
       WHERE revoked_at IS NULL AND user_id IN (SELECT u.id FROM sys_user u JOIN sys_role r ON r.id = u.role_id
         WHERE r.role_key IN ('ROLE_SECURITY_ADMIN', 'ROLE_AUDIT_ADMIN'));
     UPDATE sys_user SET role_id = (SELECT id FROM sys_role WHERE role_key = 'ROLE_USER' AND deleted_at IS NULL),
         version = version + 1
       WHERE role_id IN (SELECT id FROM sys_role WHERE role_key IN ('ROLE_SECURITY_ADMIN', 'ROLE_AUDIT_ADMIN'));
     UPDATE sys_role SET deleted_at = now(), version = version + 1
       WHERE role_key IN ('ROLE_SECURITY_ADMIN', 'ROLE_AUDIT_ADMIN') AND deleted_at IS NULL;`,
  );
}
