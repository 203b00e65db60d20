import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/** Uploaded files (metadata; the bytes live under DATA_DIR/uploads). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE sys_file (
      id varchar(36) PRIMARY KEY,
      kind varchar(10) NOT NULL,
      mime varchar(100) NOT NULL,
      ext varchar(10) NOT NULL,
      size bigint NOT NULL,
      sha256 char(64) NOT NULL,
      original_name varchar(100) NOT NULL DEFAULT '',
      storage_path varchar(200) NOT NULL,
      owner_user_id integer REFERENCES sys_user(id) ON DELETE SET NULL,
      owner_org_id integer REFERENCES sys_org(id) ON DELETE SET NULL,
      is_public boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      CONSTRAINT sys_file_kind_ck CHECK (kind IN ('image','m4a','mp4','pdf')),
      CONSTRAINT sys_file_size_ck CHECK (size >= 0)
    );
    CREATE UNIQUE INDEX sys_file_storage_path_uq ON sys_file (storage_path);
    CREATE INDEX sys_file_owner_org_idx ON sys_file (owner_org_id) WHERE deleted_at IS NULL;
    CREATE INDEX sys_file_owner_user_idx ON sys_file (owner_user_id) WHERE deleted_at IS NULL;
    CREATE INDEX sys_file_sha256_idx ON sys_file (sha256);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, 'DROP TABLE IF EXISTS sys_file;');
}
