import { createHash, createHmac } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Tamper-evident operation log (issue 17 finding 9, security.md L03):
 *  - sys_oper_log.hmac: HMAC-SM3(key, previous row's hmac || canonical content) in id order, the chain
 *    written by platform/log-chain.ts; sys_log_chain holds the chain's head (last id and hmac, locked
 *    FOR UPDATE by every insert so concurrent writers keep one chain) and its anchor (the last row the
 *    retention purge removed), so the chain verifies from the oldest remaining row;
 *  - existing rows are chained here, with the key of LOG_HMAC_KEY (or the development key);
 *  - a trigger refuses UPDATE and TRUNCATE of sys_oper_log and sys_request_log, and DELETE unless the
 *    deleting transaction declared itself the retention purge (set_config('aqzrx.log_purge', 'on', true));
 *    SQLSTATE 42501 on both PGlite and PostgreSQL, whichever role the application connects as;
 *  - UPDATE, DELETE and TRUNCATE on both tables are revoked from PUBLIC (roles other than the owner).
 * And for idle accounts (issue 17 finding 14, security.md A08): sys_user.idle_notified_at, when the daily job
 * last reported the account as 长期未登录 (it reports an account again only after a later sign-in).
 *
 * Frozen copy of the key derivation and canonical form of platform/log-chain.ts (a migration imports
 * nothing from live code): change neither without a new migration.
 */
const DEV_LABEL = 'aqzrx-development-only-log-hmac-key';

function hmacKey(): Buffer {
  const text = process.env.LOG_HMAC_KEY?.trim();
  if (text) return createHash('sm3').update(text).digest();
  return createHash('sm3').update(DEV_LABEL).digest();
}

interface Row {
  id: string;
  created_at: Date;
  user_id: number | null;
  username: string;
  role_key: string;
  org_name: string;
  module: string;
  kind: string;
  method: string;
  path: string;
  params: string;
  target_id: string;
  ip: string;
  duration_ms: number;
  outcome: string;
  error_msg: string;
  request_id: string;
}

function canonical(r: Row): string {
  return JSON.stringify([
    String(r.id),
    new Date(r.created_at).toISOString(),
    r.user_id ?? null,
    r.username,
    r.role_key,
    r.org_name,
    r.module,
    r.kind,
    r.method,
    r.path,
    r.params,
    r.target_id,
    r.ip,
    r.duration_ms,
    r.outcome,
    r.error_msg,
    r.request_id,
  ]);
}

const BATCH = 2000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE sys_oper_log ADD COLUMN hmac varchar(64) NOT NULL DEFAULT '';
    ALTER TABLE sys_user ADD COLUMN idle_notified_at timestamptz;
    CREATE TABLE sys_log_chain (
      name varchar(40) PRIMARY KEY,
      last_id bigint NOT NULL DEFAULT 0,
      last_hmac varchar(64) NOT NULL DEFAULT '',
      anchor_id bigint NOT NULL DEFAULT 0,
      anchor_hmac varchar(64) NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `,
  );
  // Chain the rows written so far, oldest first.
  const key = hmacKey();
  let prev = '';
  let lastId = '0';
  for (;;) {
    const { rows } =
      await sql<Row>`SELECT * FROM sys_oper_log WHERE id > ${lastId} ORDER BY id LIMIT ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    const ids: string[] = [];
    const macs: string[] = [];
    for (const r of rows) {
      prev = createHmac('sm3', key).update(prev).update(canonical(r)).digest('hex');
      ids.push(String(r.id));
      macs.push(prev);
    }
    await sql`UPDATE sys_oper_log o SET hmac = u.hmac FROM unnest(${ids}::bigint[], ${macs}::varchar[]) AS u(id, hmac)
      WHERE o.id = u.id`.execute(db);
    lastId = ids[ids.length - 1]!;
  }
  await sql`INSERT INTO sys_log_chain (name, last_id, last_hmac) VALUES ('oper', ${lastId}, ${prev})`.execute(
    db,
  );

  // One statement (the body holds semicolons, so not through execStatements).
  await sql
    .raw(`CREATE FUNCTION sys_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('aqzrx.log_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '日志记录只能追加，不能修改或删除（%）', TG_TABLE_NAME USING ERRCODE = '42501';
END
$$`)
    .execute(db);
  await execStatements(
    db,
    `
    CREATE TRIGGER sys_oper_log_guard BEFORE UPDATE OR DELETE ON sys_oper_log FOR EACH ROW EXECUTE FUNCTION sys_log_guard();
    CREATE TRIGGER sys_oper_log_guard_truncate BEFORE TRUNCATE ON sys_oper_log FOR EACH STATEMENT EXECUTE FUNCTION sys_log_guard();
    CREATE TRIGGER sys_request_log_guard BEFORE UPDATE OR DELETE ON sys_request_log FOR EACH ROW EXECUTE FUNCTION sys_log_guard();
    CREATE TRIGGER sys_request_log_guard_truncate BEFORE TRUNCATE ON sys_request_log FOR EACH STATEMENT EXECUTE FUNCTION sys_log_guard();
    REVOKE UPDATE, DELETE, TRUNCATE ON sys_oper_log, sys_request_log FROM PUBLIC;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TRIGGER IF EXISTS sys_request_log_guard_truncate ON sys_request_log;
    DROP TRIGGER IF EXISTS sys_request_log_guard ON sys_request_log;
    DROP TRIGGER IF EXISTS sys_oper_log_guard_truncate ON sys_oper_log;
    DROP TRIGGER IF EXISTS sys_oper_log_guard ON sys_oper_log;
    DROP FUNCTION IF EXISTS sys_log_guard();
    DROP TABLE IF EXISTS sys_log_chain;
    ALTER TABLE sys_oper_log DROP COLUMN IF EXISTS hmac;
    ALTER TABLE sys_user DROP COLUMN IF EXISTS idle_notified_at;
  `,
  );
}
