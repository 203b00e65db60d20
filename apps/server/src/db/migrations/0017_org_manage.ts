import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * 机构管理 adds, edits, suspends and enables organisations (it only listed them). syncBase adds new
 * resources to existing databases but leaves the actions of existing ones alone, so the AdminOrg
 * resource and the operations admin's grant on it get the new actions here (a fresh database gets them
 * from the seed; a grant an administrator changed by hand is left as it is). The permission-version
 * triggers bump the counter, so signed-in admins see the buttons at their next request.
 *
 * sys_org.status had no check; it now holds 1 (正常) or 2 (停用, its users cannot sign in).
 */
const FULL = 'add,edit,query,get,enable,disable';
const READ = 'query,get';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `UPDATE sys_role_resource rr SET actions = '${FULL}'
       FROM sys_resource res, sys_role r
       WHERE rr.resource_id = res.id AND rr.role_id = r.id
         AND res.component = 'AdminOrg' AND r.role_key = 'ROLE_ADMIN' AND rr.actions = '${READ}';
     UPDATE sys_resource SET actions = '${FULL}' WHERE component = 'AdminOrg' AND actions = '${READ}';
     ALTER TABLE sys_org ADD CONSTRAINT sys_org_status_ck CHECK (status IN (1, 2));`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `ALTER TABLE sys_org DROP CONSTRAINT IF EXISTS sys_org_status_ck;
     UPDATE sys_role_resource rr SET actions = '${READ}'
       FROM sys_resource res
       WHERE rr.resource_id = res.id AND res.component = 'AdminOrg' AND rr.actions = '${FULL}';
     UPDATE sys_resource SET actions = '${READ}' WHERE component = 'AdminOrg' AND actions = '${FULL}';`,
  );
}
