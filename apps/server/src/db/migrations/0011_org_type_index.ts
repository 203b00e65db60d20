import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Organisations by kind: insurer, service and expert lists (options, data pages, the organisation list)
 * filter sys_org by org_type, which holds tens of thousands of enterprises in a city; without this index
 * each such call scanned them all (measured: the 3-row insurer options call at 430 req/s, below the
 * 100,000-policy list).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    'CREATE INDEX sys_org_type_idx ON sys_org (org_type, id) WHERE deleted_at IS NULL;',
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, 'DROP INDEX IF EXISTS sys_org_type_idx;');
}
