import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Self-registration, SMS codes and password recovery (issue 16; security.md A05):
 *  - sys_sms_code: one verification code sent (or, for an unknown recovery account, pretended sent). subject is
 *    what the send limits count on: the mobile for registration, the account name typed for recovery (so an
 *    unknown account meets the same limits as a known one). Only a hash of the code is kept; verified_at and
 *    ticket_hash mark a registration mobile proven, and the ticket is spent by the registration it allowed.
 *  - sys_sms_outbox: the development stand-in of an SMS provider: the texts it would have sent, readable by the
 *    operations admin. Nothing is written here in production.
 *  - sys_registration: an application for an account (enterprise, service organisation, expert, manager). The
 *    account itself (sys_user, and the organisation or pool rows) is made when the operations admin approves;
 *    until then the applicant signs in with the username and password given here to read the status, answer a
 *    return and resubmit (app_token_hash: the short-lived token of that status page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE sys_sms_code (
      id serial PRIMARY KEY,
      purpose varchar(20) NOT NULL,
      subject varchar(100) NOT NULL,
      mobile varchar(20),
      code_hash char(64) NOT NULL,
      ip varchar(64) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      failed_count smallint NOT NULL DEFAULT 0,
      used_at timestamptz,
      verified_at timestamptz,
      ticket_hash char(64),
      ticket_used_at timestamptz,
      CONSTRAINT sys_sms_code_purpose_ck CHECK (purpose IN ('signup','findpwd'))
    );
    CREATE INDEX sys_sms_code_subject_ix ON sys_sms_code (purpose, subject, created_at DESC);
    CREATE INDEX sys_sms_code_ip_ix ON sys_sms_code (ip, created_at DESC);
    CREATE UNIQUE INDEX sys_sms_code_ticket_uq ON sys_sms_code (ticket_hash) WHERE ticket_hash IS NOT NULL;

    CREATE TABLE sys_sms_outbox (
      id serial PRIMARY KEY,
      mobile varchar(20) NOT NULL,
      purpose varchar(20) NOT NULL,
      content varchar(300) NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX sys_sms_outbox_time_ix ON sys_sms_outbox (created_at DESC);

    CREATE TABLE sys_registration (
      id serial PRIMARY KEY,
      kind varchar(20) NOT NULL,
      status smallint NOT NULL DEFAULT 1,
      username varchar(64) NOT NULL,
      password_hash varchar(200) NOT NULL,
      mobile varchar(20) NOT NULL,
      name varchar(100) NOT NULL,
      uscc varchar(18),
      district_code varchar(6),
      target_org_id integer REFERENCES sys_org(id),
      role_key varchar(40) NOT NULL,
      form jsonb NOT NULL DEFAULT '{}',
      id_no_enc text,
      id_no_hash char(64),
      id_no_mask varchar(30),
      reason varchar(500) NOT NULL DEFAULT '',
      submitted_at timestamptz NOT NULL,
      submit_count integer NOT NULL DEFAULT 1,
      reviewed_at timestamptz,
      reviewed_by integer REFERENCES sys_user(id),
      user_id integer REFERENCES sys_user(id),
      org_id integer REFERENCES sys_org(id),
      app_token_hash char(64),
      app_token_expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT sys_registration_kind_ck CHECK (kind IN ('enterprise','service','expert','manager')),
      CONSTRAINT sys_registration_status_ck CHECK (status IN (1,2,3))
    );
    CREATE UNIQUE INDEX sys_registration_username_uq ON sys_registration (lower(username)) WHERE status IN (1,2);
    CREATE UNIQUE INDEX sys_registration_mobile_uq ON sys_registration (mobile) WHERE status IN (1,2);
    CREATE UNIQUE INDEX sys_registration_uscc_uq ON sys_registration (uscc) WHERE status IN (1,2) AND uscc IS NOT NULL;
    CREATE UNIQUE INDEX sys_registration_idno_uq ON sys_registration (id_no_hash) WHERE status IN (1,2) AND id_no_hash IS NOT NULL;
    CREATE UNIQUE INDEX sys_registration_token_uq ON sys_registration (app_token_hash) WHERE app_token_hash IS NOT NULL;
    CREATE INDEX sys_registration_status_ix ON sys_registration (status, submitted_at DESC);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE IF EXISTS sys_registration;
    DROP TABLE IF EXISTS sys_sms_outbox;
    DROP TABLE IF EXISTS sys_sms_code;
    `,
  );
}
