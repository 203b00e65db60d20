import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Subsystem credentials for signed calls (modules/subsystem/signed-calls.ts): the platform service user a
 * subsystem acts as, its app key, its secret (encrypted with the PII master key: the server must compute
 * HMACs with it, so a hash would not do), when the credentials were issued and when they were last used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE sys_subsystem ADD COLUMN service_user_id integer REFERENCES sys_user(id);
    ALTER TABLE sys_subsystem ADD COLUMN app_key varchar(64);
    ALTER TABLE sys_subsystem ADD COLUMN secret_enc text;
    ALTER TABLE sys_subsystem ADD COLUMN credential_issued_at timestamptz;
    ALTER TABLE sys_subsystem ADD COLUMN last_used_at timestamptz;
    ALTER TABLE sys_subsystem ADD CONSTRAINT sys_subsystem_credential_ck
      CHECK ((app_key IS NULL) = (secret_enc IS NULL));
    CREATE UNIQUE INDEX sys_subsystem_app_key_uq ON sys_subsystem (app_key);
    CREATE INDEX sys_subsystem_service_user_idx ON sys_subsystem (service_user_id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP INDEX IF EXISTS sys_subsystem_service_user_idx;
    DROP INDEX IF EXISTS sys_subsystem_app_key_uq;
    ALTER TABLE sys_subsystem DROP CONSTRAINT IF EXISTS sys_subsystem_credential_ck;
    ALTER TABLE sys_subsystem DROP COLUMN IF EXISTS last_used_at;
    ALTER TABLE sys_subsystem DROP COLUMN IF EXISTS credential_issued_at;
    ALTER TABLE sys_subsystem DROP COLUMN IF EXISTS secret_enc;
    ALTER TABLE sys_subsystem DROP COLUMN IF EXISTS app_key;
    ALTER TABLE sys_subsystem DROP COLUMN IF EXISTS service_user_id;
  `,
  );
}
