import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * State that several server processes or instances share on one PostgreSQL (issue 18), where each process kept
 * its own before (platform/shared-store.ts):
 *  - sys_single_use: single-use keys with an expiry: the puzzle captcha's challenges and pass tokens, the signed
 *    calls' nonces. Taking a key is one DELETE … RETURNING, claiming one an INSERT … ON CONFLICT: of instances
 *    racing for a key, exactly one wins.
 *  - sys_rate_counter: rate-limit windows (count and end of the window per key). UNLOGGED: counters are worth
 *    no WAL, are not replicated and start empty after a crash of the database server.
 *  - sys_subsystem_push.run_owner/run_until: the lease of the instance pushing a subsystem's changes now
 *    (modules/data-exchange/push.worker.ts), so one instance sends each batch.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE sys_single_use (
      key text PRIMARY KEY,
      value text NOT NULL DEFAULT '',
      expires_at timestamptz NOT NULL
    );
    CREATE UNLOGGED TABLE sys_rate_counter (
      key text PRIMARY KEY,
      count integer NOT NULL,
      reset_at timestamptz NOT NULL
    );
    ALTER TABLE sys_subsystem_push ADD COLUMN run_owner varchar(64);
    ALTER TABLE sys_subsystem_push ADD COLUMN run_until timestamptz;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE sys_subsystem_push DROP COLUMN run_until;
    ALTER TABLE sys_subsystem_push DROP COLUMN run_owner;
    DROP TABLE sys_rate_counter;
    DROP TABLE sys_single_use;
    `,
  );
}
