import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * A single counter that changes whenever any role's grants can have changed (sys_role_resource or
 * sys_resource written by anyone: API, seed, or a DBA by hand). The request hook reads it together with
 * the session and reuses a role's loaded permissions only while the counter is unchanged, so a role
 * change still takes effect on the very next request, on every server instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE sys_permission_version (
      id smallint PRIMARY KEY CHECK (id = 1),
      version bigint NOT NULL DEFAULT 0
    );
    INSERT INTO sys_permission_version (id, version) VALUES (1, 0);
    CREATE FUNCTION bump_permission_version() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE sys_permission_version SET version = version + 1 WHERE id = 1; RETURN NULL; END $$;
    CREATE TRIGGER sys_role_resource_perm_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_role_resource FOR EACH STATEMENT EXECUTE FUNCTION bump_permission_version();
    CREATE TRIGGER sys_resource_perm_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sys_resource FOR EACH STATEMENT EXECUTE FUNCTION bump_permission_version();
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TRIGGER IF EXISTS sys_resource_perm_version ON sys_resource;
    DROP TRIGGER IF EXISTS sys_role_resource_perm_version ON sys_role_resource;
    DROP FUNCTION IF EXISTS bump_permission_version();
    DROP TABLE IF EXISTS sys_permission_version;
  `,
  );
}
