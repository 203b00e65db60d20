import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Insured-person rosters (domain 2.6 人员清单, 2.7 roster delta): the persons an add/remove/replace
 * endorsement names, and the persons a policy covers now (and covered before: a removed person keeps
 * the row with the removing endorsement). ID numbers are stored as technicist ID numbers are
 * (security P03/P04): SM4 ciphertext, an HMAC blind index for lookups and the masked form for display.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE ins_endorsement_person (
      id serial PRIMARY KEY,
      endorsement_id integer NOT NULL REFERENCES ins_endorsement(id) ON DELETE CASCADE,
      sort smallint NOT NULL,
      direction varchar(3) NOT NULL,
      name varchar(20) NOT NULL,
      id_type char(2) NOT NULL DEFAULT '01',
      id_no_enc text NOT NULL,
      id_no_hash char(64) NOT NULL,
      id_no_mask varchar(30) NOT NULL,
      position varchar(30) NOT NULL DEFAULT '',
      CONSTRAINT ins_endorsement_person_dir_ck CHECK (direction IN ('in','out'))
    );
    CREATE INDEX ins_endorsement_person_en_idx ON ins_endorsement_person (endorsement_id, sort);

    CREATE TABLE ins_policy_person (
      id serial PRIMARY KEY,
      policy_id integer NOT NULL REFERENCES ins_policy(id) ON DELETE CASCADE,
      name varchar(20) NOT NULL,
      id_type char(2) NOT NULL DEFAULT '01',
      id_no_enc text NOT NULL,
      id_no_hash char(64) NOT NULL,
      id_no_mask varchar(30) NOT NULL,
      position varchar(30) NOT NULL DEFAULT '',
      joined_on date NOT NULL,
      joined_endorsement_id integer REFERENCES ins_endorsement(id),
      left_on date,
      left_endorsement_id integer REFERENCES ins_endorsement(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer
    );
    CREATE UNIQUE INDEX ins_policy_person_current_uq ON ins_policy_person (policy_id, id_no_hash)
      WHERE left_endorsement_id IS NULL;
    CREATE INDEX ins_policy_person_policy_idx ON ins_policy_person (policy_id, id);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE IF EXISTS ins_policy_person;
    DROP TABLE IF EXISTS ins_endorsement_person;
  `,
  );
}
