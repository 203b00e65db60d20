import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Data exchange (modules/data-exchange): push settings of a subsystem (one row per subsystem: push URL,
 * enabled, data kinds, the outcome of the last run) and its cursors (per data kind, the updated_at + id of
 * the last record delivered). The settings are a table of their own keyed by the subsystem, with their own
 * version, so that the push worker's frequent writes never make the subsystem's edit form stale; both go
 * with the subsystem when it is deleted. Indexes on (updated_at, id) let the worker find what changed
 * since a cursor without scanning policies and claims.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE sys_subsystem_push (
      subsystem_id integer PRIMARY KEY REFERENCES sys_subsystem(id) ON DELETE CASCADE,
      push_url varchar(500) NOT NULL DEFAULT '',
      enabled boolean NOT NULL DEFAULT false,
      data_kinds varchar(100) NOT NULL DEFAULT '',
      last_push_at timestamptz,
      last_push_status varchar(10),
      last_push_message varchar(500) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT sys_subsystem_push_url_ck CHECK (push_url = '' OR push_url ~* '^https?://'),
      CONSTRAINT sys_subsystem_push_enabled_ck CHECK (NOT enabled OR (push_url <> '' AND data_kinds <> '')),
      CONSTRAINT sys_subsystem_push_status_ck
        CHECK (last_push_status IS NULL OR last_push_status IN ('success','fail','idle','skipped'))
    );
    CREATE INDEX sys_subsystem_push_enabled_idx ON sys_subsystem_push (subsystem_id) WHERE enabled;

    CREATE TABLE sys_subsystem_push_cursor (
      subsystem_id integer NOT NULL REFERENCES sys_subsystem(id) ON DELETE CASCADE,
      data_kind varchar(20) NOT NULL,
      cursor_at timestamptz NOT NULL,
      cursor_id integer NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (subsystem_id, data_kind)
    );

    CREATE INDEX ins_policy_updated_idx ON ins_policy (updated_at, id);
    CREATE INDEX ins_claim_updated_idx ON ins_claim (updated_at, id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP INDEX IF EXISTS ins_claim_updated_idx;
    DROP INDEX IF EXISTS ins_policy_updated_idx;
    DROP TABLE IF EXISTS sys_subsystem_push_cursor;
    DROP TABLE IF EXISTS sys_subsystem_push;
  `,
  );
}
