import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Second factor and per-client sign-in locks (issue 17 findings 8 and 1):
 *  - sys_user_mfa: the TOTP secret of an enrolled user (SM4 ciphertext, platform/pii.ts) and the last time step
 *    a code was accepted for (a code is good once: a step at or below it is a replay).
 *  - sys_mfa_recovery_code: ten one-time recovery codes per enrolment, only their SHA-256 hashes.
 *  - sys_mfa_ticket: the short-lived, single-use ticket between the password and the code (purpose login) and
 *    of a signed-in user's re-enrolment (purpose enrol); a pending enrolment's new secret waits here encrypted.
 *  - sys_login_attempt_client: failed sign-ins per username and client (IP + device cookie, hashed), the lock
 *    after five; sys_login_attempt keeps the account-wide count, whose lock needs a much higher count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE sys_user_mfa (
      user_id integer PRIMARY KEY REFERENCES sys_user(id) ON DELETE CASCADE,
      secret_enc varchar(200) NOT NULL,
      enrolled_at timestamptz NOT NULL,
      last_step integer NOT NULL DEFAULT 0
    );
    CREATE TABLE sys_mfa_recovery_code (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
      code_hash char(64) NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX sys_mfa_recovery_code_user_idx ON sys_mfa_recovery_code (user_id);
    CREATE TABLE sys_mfa_ticket (
      id serial PRIMARY KEY,
      ticket_hash char(64) NOT NULL,
      purpose varchar(8) NOT NULL,
      user_id integer NOT NULL REFERENCES sys_user(id) ON DELETE CASCADE,
      client_hash char(64) NOT NULL,
      pending_secret_enc varchar(200),
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      CONSTRAINT sys_mfa_ticket_purpose_ck CHECK (purpose IN ('login','enrol'))
    );
    CREATE UNIQUE INDEX sys_mfa_ticket_hash_uq ON sys_mfa_ticket (ticket_hash);
    CREATE INDEX sys_mfa_ticket_expires_idx ON sys_mfa_ticket (expires_at);
    CREATE TABLE sys_login_attempt_client (
      username_lower varchar(64) NOT NULL,
      client_hash char(64) NOT NULL,
      failed_count integer NOT NULL DEFAULT 0,
      last_failed_at timestamptz,
      locked_until timestamptz,
      PRIMARY KEY (username_lower, client_hash)
    );
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE IF EXISTS sys_login_attempt_client;
    DROP TABLE IF EXISTS sys_mfa_ticket;
    DROP TABLE IF EXISTS sys_mfa_recovery_code;
    DROP TABLE IF EXISTS sys_user_mfa;
    `,
  );
}
