import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/** Foundation tables: roles, resources, organisations, users, sessions, login attempts, logs, settings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE sys_role (
      id serial PRIMARY KEY,
      role_key varchar(64) NOT NULL,
      role_name varchar(64) NOT NULL,
      description varchar(200) NOT NULL DEFAULT '',
      is_system boolean NOT NULL DEFAULT false,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz
    );
    CREATE UNIQUE INDEX sys_role_key_uq ON sys_role (lower(role_key)) WHERE deleted_at IS NULL;

    CREATE TABLE sys_resource (
      id serial PRIMARY KEY,
      parent_id integer REFERENCES sys_resource(id) ON DELETE CASCADE,
      res_url varchar(200) NOT NULL DEFAULT '',
      auth_key varchar(100) NOT NULL,
      name varchar(64) NOT NULL,
      res_name varchar(64) NOT NULL DEFAULT '',
      icon varchar(64) NOT NULL DEFAULT '',
      permission varchar(64) NOT NULL DEFAULT '',
      level integer NOT NULL DEFAULT 1,
      actions varchar(200) NOT NULL DEFAULT '',
      is_menu boolean NOT NULL DEFAULT true,
      hide boolean NOT NULL DEFAULT false,
      redirect varchar(300) NOT NULL DEFAULT '',
      component varchar(100) NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1
    );
    CREATE INDEX sys_resource_parent_idx ON sys_resource (parent_id, sort);
    CREATE UNIQUE INDEX sys_resource_path_uq ON sys_resource (res_url, auth_key);

    CREATE TABLE sys_role_resource (
      role_id integer NOT NULL REFERENCES sys_role(id) ON DELETE CASCADE,
      resource_id integer NOT NULL REFERENCES sys_resource(id) ON DELETE CASCADE,
      actions varchar(200) NOT NULL DEFAULT '',
      PRIMARY KEY (role_id, resource_id)
    );

    CREATE TABLE sys_org (
      id serial PRIMARY KEY,
      org_type varchar(20) NOT NULL,
      name varchar(100) NOT NULL,
      uscc varchar(18),
      district_code varchar(6),
      contact_name varchar(40) NOT NULL DEFAULT '',
      contact_phone varchar(20) NOT NULL DEFAULT '',
      status smallint NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz,
      CONSTRAINT sys_org_type_ck CHECK (org_type IN ('platform','government','enterprise','insurer','service','expert'))
    );
    CREATE UNIQUE INDEX sys_org_uscc_uq ON sys_org (uscc) WHERE deleted_at IS NULL AND uscc IS NOT NULL;

    CREATE TABLE sys_user (
      id serial PRIMARY KEY,
      username varchar(64) NOT NULL,
      nickname varchar(64) NOT NULL DEFAULT '',
      avatar varchar(300) NOT NULL DEFAULT '',
      mobile varchar(20),
      email varchar(100),
      password_hash varchar(200) NOT NULL,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      must_change_password boolean NOT NULL DEFAULT false,
      status smallint NOT NULL DEFAULT 1,
      role_id integer NOT NULL REFERENCES sys_role(id),
      org_id integer REFERENCES sys_org(id),
      district_codes varchar(200) NOT NULL DEFAULT '',
      last_login_at timestamptz,
      last_login_ip varchar(64),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz
    );
    CREATE UNIQUE INDEX sys_user_username_uq ON sys_user (lower(username)) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX sys_user_mobile_uq ON sys_user (mobile) WHERE deleted_at IS NULL AND mobile IS NOT NULL;
    CREATE INDEX sys_user_role_idx ON sys_user (role_id);

    CREATE TABLE sys_password_history (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
      password_hash varchar(200) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sys_password_history_user_idx ON sys_password_history (user_id, created_at DESC);

    CREATE TABLE sys_session (
      id serial PRIMARY KEY,
      token_hash char(64) NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      ip varchar(64) NOT NULL DEFAULT '',
      user_agent varchar(300) NOT NULL DEFAULT '',
      revoked_at timestamptz,
      revoke_reason varchar(40)
    );
    CREATE INDEX sys_session_user_idx ON sys_session (user_id) WHERE revoked_at IS NULL;

    CREATE TABLE sys_login_attempt (
      username_lower varchar(64) PRIMARY KEY,
      failed_count integer NOT NULL DEFAULT 0,
      last_failed_at timestamptz,
      locked_until timestamptz
    );

    CREATE TABLE sys_oper_log (
      id bigserial PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      user_id integer,
      username varchar(64) NOT NULL DEFAULT '',
      role_key varchar(64) NOT NULL DEFAULT '',
      org_name varchar(100) NOT NULL DEFAULT '',
      module varchar(64) NOT NULL DEFAULT '',
      kind varchar(20) NOT NULL,
      method varchar(10) NOT NULL DEFAULT '',
      path varchar(300) NOT NULL DEFAULT '',
      params text NOT NULL DEFAULT '',
      target_id varchar(64) NOT NULL DEFAULT '',
      ip varchar(64) NOT NULL DEFAULT '',
      duration_ms integer NOT NULL DEFAULT 0,
      outcome varchar(10) NOT NULL,
      error_msg varchar(500) NOT NULL DEFAULT '',
      request_id varchar(64) NOT NULL DEFAULT ''
    );
    CREATE INDEX sys_oper_log_created_idx ON sys_oper_log (created_at DESC);
    CREATE INDEX sys_oper_log_kind_idx ON sys_oper_log (kind, created_at DESC);
    CREATE INDEX sys_oper_log_user_idx ON sys_oper_log (user_id, created_at DESC);

    CREATE TABLE sys_setting (
      key varchar(64) PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by integer
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE IF EXISTS sys_setting;
    DROP TABLE IF EXISTS sys_oper_log;
    DROP TABLE IF EXISTS sys_login_attempt;
    DROP TABLE IF EXISTS sys_session;
    DROP TABLE IF EXISTS sys_password_history;
    DROP TABLE IF EXISTS sys_user;
    DROP TABLE IF EXISTS sys_org;
    DROP TABLE IF EXISTS sys_role_resource;
    DROP TABLE IF EXISTS sys_resource;
    DROP TABLE IF EXISTS sys_role;
  `,
  );
}
