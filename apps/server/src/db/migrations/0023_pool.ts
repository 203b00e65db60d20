import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * The pool of service organisations and experts who deliver prevention work (issue 16; domain 2.3, 2.4):
 *  - sv_service_org: the profile of a sys_org of type 'service' (one row per organisation): licence scan,
 *    address, service items 01–07 (item 07's free text), industries, districts served, legal representative
 *    and safety head, qualification certificate (type, number, validity, scan), staff count.
 *  - sv_expert: one person in the pool (domain 2.4). user_id is the expert's own account (expert role) when
 *    they have one; org_id the organisation they belong to (a service organisation, or an expert panel of type
 *    'expert'). The ID number is stored as the insurer technicists' are: SM4 ciphertext, blind index, mask.
 *    certificates holds [{ type, no, validTo (YYYY-MM-DD), fileId }]; cert_expiry the earliest validTo, for
 *    the 30-days-ahead expiry flag and its index.
 * Dates a user enters are stored as text 'YYYY-MM-DD' (China calendar day) so both drivers read them alike.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE sv_service_org (
      org_id integer PRIMARY KEY REFERENCES sys_org(id),
      licence_file_id varchar(64),
      address varchar(200) NOT NULL DEFAULT '',
      service_items jsonb NOT NULL DEFAULT '[]',
      item_other varchar(100) NOT NULL DEFAULT '',
      industries jsonb NOT NULL DEFAULT '[]',
      region_codes jsonb NOT NULL DEFAULT '[]',
      legal_name varchar(20) NOT NULL DEFAULT '',
      legal_phone varchar(20) NOT NULL DEFAULT '',
      safety_name varchar(20) NOT NULL DEFAULT '',
      safety_phone varchar(20) NOT NULL DEFAULT '',
      cert_type varchar(50) NOT NULL DEFAULT '',
      cert_no varchar(50) NOT NULL DEFAULT '',
      cert_valid_from varchar(10),
      cert_expiry varchar(10),
      cert_file_id varchar(64),
      staff_count integer NOT NULL DEFAULT 0,
      intro varchar(2000) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT sv_service_org_staff_ck CHECK (staff_count >= 0)
    );
    CREATE INDEX sv_service_org_expiry_ix ON sv_service_org (cert_expiry) WHERE cert_expiry IS NOT NULL;

    CREATE TABLE sv_expert (
      id serial PRIMARY KEY,
      user_id integer REFERENCES sys_user(id),
      org_id integer REFERENCES sys_org(id),
      staff_type smallint NOT NULL DEFAULT 2,
      name varchar(20) NOT NULL,
      id_type char(2) NOT NULL DEFAULT '01',
      id_no_enc text NOT NULL,
      id_no_hash char(64) NOT NULL,
      id_no_mask varchar(30) NOT NULL,
      mobile varchar(20) NOT NULL,
      title varchar(30) NOT NULL DEFAULT '',
      education varchar(30) NOT NULL DEFAULT '',
      major varchar(50) NOT NULL DEFAULT '',
      employer varchar(100) NOT NULL DEFAULT '',
      years smallint NOT NULL DEFAULT 0,
      district_code varchar(6),
      service_items jsonb NOT NULL DEFAULT '[]',
      industries jsonb NOT NULL DEFAULT '[]',
      certificates jsonb NOT NULL DEFAULT '[]',
      cert_expiry varchar(10),
      status smallint NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz,
      CONSTRAINT sv_expert_staff_ck CHECK (staff_type IN (1,2)),
      CONSTRAINT sv_expert_years_ck CHECK (years >= 0)
    );
    CREATE UNIQUE INDEX sv_expert_idno_uq ON sv_expert (id_no_hash) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX sv_expert_user_uq ON sv_expert (user_id) WHERE deleted_at IS NULL AND user_id IS NOT NULL;
    CREATE INDEX sv_expert_org_ix ON sv_expert (org_id) WHERE deleted_at IS NULL;
    CREATE INDEX sv_expert_expiry_ix ON sv_expert (cert_expiry) WHERE deleted_at IS NULL AND cert_expiry IS NOT NULL;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE IF EXISTS sv_expert;
    DROP TABLE IF EXISTS sv_service_org;
    `,
  );
}
