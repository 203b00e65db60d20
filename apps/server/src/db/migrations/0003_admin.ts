import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * System administration: request logs (every API call, kept ≥ 180 days and then purged), push logs
 * (records of data sent to external systems), and the status a user had before being disabled (so
 * enabling restores e.g. "enterprise information incomplete" instead of forcing "active").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE sys_request_log (
      id bigserial PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      method varchar(10) NOT NULL,
      path varchar(300) NOT NULL,
      status smallint NOT NULL,
      duration_ms integer NOT NULL DEFAULT 0,
      user_id integer,
      ip varchar(64) NOT NULL DEFAULT '',
      request_id varchar(64) NOT NULL DEFAULT ''
    );
    CREATE INDEX sys_request_log_created_idx ON sys_request_log (created_at DESC);
    CREATE INDEX sys_request_log_user_idx ON sys_request_log (user_id, created_at DESC);

    CREATE TABLE sys_push_log (
      id bigserial PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      target_system varchar(64) NOT NULL,
      data_kind varchar(64) NOT NULL,
      record_id varchar(64) NOT NULL DEFAULT '',
      payload_summary varchar(500) NOT NULL DEFAULT '',
      status varchar(10) NOT NULL,
      response_code integer,
      attempts integer NOT NULL DEFAULT 0,
      error_msg varchar(500) NOT NULL DEFAULT '',
      CONSTRAINT sys_push_log_status_ck CHECK (status IN ('pending','success','fail'))
    );
    CREATE INDEX sys_push_log_created_idx ON sys_push_log (created_at DESC);

    ALTER TABLE sys_user ADD COLUMN status_before_disable smallint;
    CREATE INDEX sys_user_org_idx ON sys_user (org_id) WHERE deleted_at IS NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP INDEX IF EXISTS sys_user_org_idx;
    ALTER TABLE sys_user DROP COLUMN IF EXISTS status_before_disable;
    DROP TABLE IF EXISTS sys_push_log;
    DROP TABLE IF EXISTS sys_request_log;
  `,
  );
}
