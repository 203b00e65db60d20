import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Reference data: dictionaries (with their region links), industries, subsystems and safety mechanisms.
 * Dictionary and industry rows are soft-deleted so the additive seed sync (seeds/reference.ts) can tell
 * "deleted by an administrator" from "never seeded" and does not bring a deleted entry back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE sys_dict (
      id serial PRIMARY KEY,
      parent_id integer REFERENCES sys_dict(id),
      code varchar(32) NOT NULL,
      name varchar(100) NOT NULL,
      value varchar(100) NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0,
      status smallint NOT NULL DEFAULT 1,
      remark varchar(500) NOT NULL DEFAULT '',
      is_system boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz,
      CONSTRAINT sys_dict_status_ck CHECK (status IN (0, 1))
    );
    CREATE UNIQUE INDEX sys_dict_code_uq ON sys_dict (code) WHERE deleted_at IS NULL;
    CREATE INDEX sys_dict_parent_idx ON sys_dict (parent_id, sort);

    CREATE TABLE sys_dict_area (
      dict_id integer NOT NULL REFERENCES sys_dict(id) ON DELETE CASCADE,
      area_code varchar(6) NOT NULL,
      PRIMARY KEY (dict_id, area_code)
    );
    CREATE INDEX sys_dict_area_code_idx ON sys_dict_area (area_code);

    CREATE TABLE sys_industry (
      id serial PRIMARY KEY,
      pid integer REFERENCES sys_industry(id),
      code varchar(32) NOT NULL,
      name varchar(100) NOT NULL,
      level integer NOT NULL DEFAULT 0,
      is_high_risk boolean NOT NULL DEFAULT false,
      must_insure boolean NOT NULL DEFAULT false,
      sort integer NOT NULL DEFAULT 0,
      status smallint NOT NULL DEFAULT 1,
      remark varchar(500) NOT NULL DEFAULT '',
      is_system boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz,
      CONSTRAINT sys_industry_status_ck CHECK (status IN (0, 1))
    );
    CREATE UNIQUE INDEX sys_industry_code_uq ON sys_industry (code) WHERE deleted_at IS NULL;
    CREATE INDEX sys_industry_pid_idx ON sys_industry (pid, sort);
    INSERT INTO sys_industry (id, pid, code, name, level, is_system, sort) VALUES (1, NULL, 'ROOT', '行业分类', 0, true, 0);
    SELECT setval(pg_get_serial_sequence('sys_industry', 'id'), 1, true);

    CREATE TABLE sys_subsystem (
      id serial PRIMARY KEY,
      name varchar(100) NOT NULL,
      code varchar(40) NOT NULL,
      url varchar(500) NOT NULL DEFAULT '',
      status smallint NOT NULL DEFAULT 1,
      help_content text NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT sys_subsystem_status_ck CHECK (status IN (0, 1))
    );
    CREATE UNIQUE INDEX sys_subsystem_code_uq ON sys_subsystem (lower(code));

    CREATE TABLE safety_mechanism (
      id serial PRIMARY KEY,
      name varchar(100) NOT NULL,
      order_no varchar(32) NOT NULL,
      subsystem_id integer REFERENCES sys_subsystem(id),
      status smallint NOT NULL DEFAULT 1,
      ip_allowlist text NOT NULL DEFAULT '',
      rate_per_minute integer NOT NULL DEFAULT 60,
      remark varchar(500) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT safety_mechanism_status_ck CHECK (status IN (0, 1)),
      CONSTRAINT safety_mechanism_rate_ck CHECK (rate_per_minute > 0)
    );
    CREATE UNIQUE INDEX safety_mechanism_order_no_uq ON safety_mechanism (lower(order_no));
    CREATE INDEX safety_mechanism_subsystem_idx ON safety_mechanism (subsystem_id);

    CREATE TABLE safety_mechanism_api (
      mechanism_id integer NOT NULL REFERENCES safety_mechanism(id) ON DELETE CASCADE,
      method varchar(10) NOT NULL,
      url varchar(300) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      PRIMARY KEY (mechanism_id, method, url)
    );
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE IF EXISTS safety_mechanism_api;
    DROP TABLE IF EXISTS safety_mechanism;
    DROP TABLE IF EXISTS sys_subsystem;
    DROP TABLE IF EXISTS sys_industry;
    DROP TABLE IF EXISTS sys_dict_area;
    DROP TABLE IF EXISTS sys_dict;
  `,
  );
}
