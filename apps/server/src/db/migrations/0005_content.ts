import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Portal content: help/consult classes, articles (news, notices, policy news, help, single pages,
 * banners) with read receipts, rules, consultations and in-app messages. Searchable text columns carry
 * pg_trgm GIN indexes so ILIKE '%keyword%' (which copes with Chinese, no word splitting needed) is
 * answered from the index instead of a sequential scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE EXTENSION IF NOT EXISTS pg_trgm;

    CREATE TABLE cms_class (
      id serial PRIMARY KEY,
      kind varchar(10) NOT NULL,
      name varchar(50) NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      remark varchar(200) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz,
      CONSTRAINT cms_class_kind_ck CHECK (kind IN ('help','consult'))
    );
    CREATE UNIQUE INDEX cms_class_name_uq ON cms_class (kind, name) WHERE deleted_at IS NULL;

    CREATE TABLE cms_article (
      id serial PRIMARY KEY,
      kind varchar(10) NOT NULL,
      class_id integer REFERENCES cms_class(id),
      title varchar(200) NOT NULL,
      summary varchar(500) NOT NULL DEFAULT '',
      body text NOT NULL DEFAULT '',
      search_text text NOT NULL DEFAULT '',
      cover_file_id varchar(36),
      attachments jsonb NOT NULL DEFAULT '[]',
      source varchar(100) NOT NULL DEFAULT '',
      author varchar(50) NOT NULL DEFAULT '',
      publish_at timestamptz,
      pinned boolean NOT NULL DEFAULT false,
      sort integer NOT NULL DEFAULT 0,
      status smallint NOT NULL DEFAULT 0,
      view_count integer NOT NULL DEFAULT 0,
      is_banner boolean NOT NULL DEFAULT false,
      link_url varchar(500) NOT NULL DEFAULT '',
      target_roles varchar(500) NOT NULL DEFAULT '',
      target_districts varchar(200) NOT NULL DEFAULT '',
      slug varchar(40),
      in_footer boolean NOT NULL DEFAULT false,
      notified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz,
      CONSTRAINT cms_article_kind_ck CHECK (kind IN ('notice','policy','news','help','page','banner')),
      CONSTRAINT cms_article_status_ck CHECK (status IN (0,1,2))
    );
    CREATE INDEX cms_article_list_idx ON cms_article (kind, status, pinned DESC, publish_at DESC) WHERE deleted_at IS NULL;
    CREATE INDEX cms_article_class_idx ON cms_article (class_id) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX cms_article_slug_uq ON cms_article (slug) WHERE deleted_at IS NULL AND slug IS NOT NULL;
    CREATE INDEX cms_article_search_trgm ON cms_article USING gin (search_text gin_trgm_ops);

    CREATE TABLE notice_read (
      article_id integer NOT NULL REFERENCES cms_article(id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
      read_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (article_id, user_id)
    );
    CREATE INDEX notice_read_user_idx ON notice_read (user_id);

    CREATE TABLE cms_rule (
      id serial PRIMARY KEY,
      ref_key varchar(60),
      name varchar(200) NOT NULL,
      doc_no varchar(100) NOT NULL DEFAULT '',
      issuer varchar(200) NOT NULL,
      level varchar(12) NOT NULL,
      publish_date date NOT NULL,
      effective_date date,
      status varchar(10) NOT NULL DEFAULT 'current',
      revised_by_id integer REFERENCES cms_rule(id),
      repealed_date date,
      summary varchar(1000) NOT NULL DEFAULT '',
      body text NOT NULL DEFAULT '',
      search_text text NOT NULL DEFAULT '',
      attachments jsonb NOT NULL DEFAULT '[]',
      source_url varchar(500) NOT NULL DEFAULT '',
      sort integer NOT NULL DEFAULT 0,
      view_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz,
      CONSTRAINT cms_rule_level_ck CHECK (level IN ('law','regulation','deptRule','normative','standard','local')),
      CONSTRAINT cms_rule_status_ck CHECK (status IN ('current','revised','repealed')),
      CONSTRAINT cms_rule_revised_ck CHECK (status <> 'revised' OR revised_by_id IS NOT NULL),
      CONSTRAINT cms_rule_repealed_ck CHECK (status <> 'repealed' OR repealed_date IS NOT NULL)
    );
    CREATE UNIQUE INDEX cms_rule_ref_key_uq ON cms_rule (ref_key) WHERE ref_key IS NOT NULL;
    CREATE INDEX cms_rule_list_idx ON cms_rule (publish_date DESC) WHERE deleted_at IS NULL;
    CREATE INDEX cms_rule_search_trgm ON cms_rule USING gin (search_text gin_trgm_ops);

    CREATE TABLE cms_consult (
      id serial PRIMARY KEY,
      class_id integer NOT NULL REFERENCES cms_class(id),
      title varchar(100) NOT NULL,
      content varchar(2000) NOT NULL,
      asker_user_id integer NOT NULL REFERENCES sys_user(id),
      asker_org_id integer REFERENCES sys_org(id),
      asker_district varchar(12),
      status smallint NOT NULL DEFAULT 0,
      answer varchar(5000) NOT NULL DEFAULT '',
      answer_user_id integer REFERENCES sys_user(id),
      answered_at timestamptz,
      closed_at timestamptz,
      is_public boolean NOT NULL DEFAULT false,
      view_count integer NOT NULL DEFAULT 0,
      search_text text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz,
      CONSTRAINT cms_consult_status_ck CHECK (status IN (0,1,2)),
      CONSTRAINT cms_consult_public_ck CHECK (NOT is_public OR answered_at IS NOT NULL)
    );
    CREATE INDEX cms_consult_asker_org_idx ON cms_consult (asker_org_id, created_at DESC) WHERE deleted_at IS NULL;
    CREATE INDEX cms_consult_asker_user_idx ON cms_consult (asker_user_id) WHERE deleted_at IS NULL;
    CREATE INDEX cms_consult_status_idx ON cms_consult (status, created_at DESC) WHERE deleted_at IS NULL;
    CREATE INDEX cms_consult_search_trgm ON cms_consult USING gin (search_text gin_trgm_ops);

    CREATE TABLE sys_message_batch (
      id serial PRIMARY KEY,
      kind varchar(10) NOT NULL,
      title varchar(100) NOT NULL,
      content varchar(2000) NOT NULL,
      link varchar(500) NOT NULL DEFAULT '',
      role_keys varchar(500) NOT NULL DEFAULT '',
      districts varchar(200) NOT NULL DEFAULT '',
      recipient_count integer NOT NULL DEFAULT 0,
      sender_org_id integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer
    );
    CREATE INDEX sys_message_batch_sender_idx ON sys_message_batch (created_by, created_at DESC);

    CREATE TABLE sys_message (
      id bigserial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
      kind varchar(10) NOT NULL DEFAULT 'system',
      title varchar(100) NOT NULL,
      content varchar(2000) NOT NULL DEFAULT '',
      link varchar(500) NOT NULL DEFAULT '',
      biz_type varchar(30) NOT NULL DEFAULT '',
      biz_id varchar(40) NOT NULL DEFAULT '',
      batch_id integer REFERENCES sys_message_batch(id) ON DELETE SET NULL,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      CONSTRAINT sys_message_kind_ck CHECK (kind IN ('system','todo','warning'))
    );
    CREATE INDEX sys_message_user_idx ON sys_message (user_id, created_at DESC);
    CREATE INDEX sys_message_unread_idx ON sys_message (user_id) WHERE read_at IS NULL;
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE IF EXISTS sys_message;
    DROP TABLE IF EXISTS sys_message_batch;
    DROP TABLE IF EXISTS cms_consult;
    DROP TABLE IF EXISTS cms_rule;
    DROP TABLE IF EXISTS notice_read;
    DROP TABLE IF EXISTS cms_article;
    DROP TABLE IF EXISTS cms_class;
  `,
  );
}
