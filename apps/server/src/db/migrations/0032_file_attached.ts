import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Orphan uploads (issue 17 finding 4, security.md F04): sys_file.attached_at is when the orphan sweep
 * (modules/file/orphans.ts) first found the file named by a record; a file still unattached a day after its
 * upload is removed, row and bytes. The partial index holds only the files the sweep still has to look at.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE sys_file ADD COLUMN attached_at timestamptz;
    CREATE INDEX sys_file_unattached_idx ON sys_file (created_at) WHERE attached_at IS NULL AND is_public = false;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP INDEX IF EXISTS sys_file_unattached_idx;
    ALTER TABLE sys_file DROP COLUMN IF EXISTS attached_at;
  `,
  );
}
