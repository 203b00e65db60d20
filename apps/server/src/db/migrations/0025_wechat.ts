import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * WeChat QR login (issue 16):
 *  - sys_wx_binding: one WeChat identity per account and one account per WeChat identity. openid is the
 *    identity within the configured website app; unionid (when the app belongs to an Open Platform account)
 *    the identity across its apps, preferred for look-ups. nickname is WeChat's, shown in the settings.
 *  - sys_wx_oauth_state: the server side of the OAuth `state` (purpose login or bind) and of the one-time
 *    bind ticket an unbound scan gets (purpose ticket, with the scanned identity). Only SHA-256 hashes of
 *    the state/ticket and of the browser's cookie nonce are kept; a row is used once (used_at) and expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE sys_wx_binding (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
      openid varchar(64) NOT NULL,
      unionid varchar(64),
      nickname varchar(100) NOT NULL DEFAULT '',
      bound_at timestamptz NOT NULL
    );
    CREATE UNIQUE INDEX sys_wx_binding_user_uq ON sys_wx_binding (user_id);
    CREATE UNIQUE INDEX sys_wx_binding_openid_uq ON sys_wx_binding (openid);
    CREATE UNIQUE INDEX sys_wx_binding_unionid_uq ON sys_wx_binding (unionid) WHERE unionid IS NOT NULL;
    CREATE TABLE sys_wx_oauth_state (
      id serial PRIMARY KEY,
      state_hash char(64) NOT NULL,
      purpose varchar(8) NOT NULL,
      browser_hash char(64) NOT NULL,
      session_id integer,
      openid varchar(64),
      unionid varchar(64),
      nickname varchar(100) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      CONSTRAINT sys_wx_oauth_state_purpose_ck CHECK (purpose IN ('login','bind','ticket'))
    );
    CREATE UNIQUE INDEX sys_wx_oauth_state_hash_uq ON sys_wx_oauth_state (state_hash);
    CREATE INDEX sys_wx_oauth_state_expires_idx ON sys_wx_oauth_state (expires_at);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE IF EXISTS sys_wx_oauth_state;
    DROP TABLE IF EXISTS sys_wx_binding;
    `,
  );
}
