import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * sys_request_log takes a row for every API request and only ever grows at its end (purged from the other
 * end after 180 days). Its time index becomes BRIN: block ranges of an append-only, time-ordered table
 * answer the time filters and the purge for a few kilobytes, where the B-tree cost a second index insert
 * per request and grew with every row. The list orders by id (insertion order, which is time order), and
 * the per-user index follows that order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `DROP INDEX IF EXISTS sys_request_log_created_idx;
    CREATE INDEX sys_request_log_created_brin ON sys_request_log USING brin (created_at);
    DROP INDEX IF EXISTS sys_request_log_user_idx;
    CREATE INDEX sys_request_log_user_idx ON sys_request_log (user_id, id DESC);`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `DROP INDEX IF EXISTS sys_request_log_user_idx;
    CREATE INDEX sys_request_log_user_idx ON sys_request_log (user_id, created_at DESC);
    DROP INDEX IF EXISTS sys_request_log_created_brin;
    CREATE INDEX sys_request_log_created_idx ON sys_request_log (created_at DESC);`,
  );
}
