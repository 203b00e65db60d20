import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Accident prevention activities (issue 13) besides projects, plans and the fund (0019):
 *  - ap_training / ap_training_signup: training sessions (service item 01) an insurer, service organisation
 *    or expert panel publishes; enterprises' sign-ups (one active per enterprise and session) with the
 *    attendance the publisher records. Target districts and industries are comma lists (like
 *    sys_user.district_codes); files are jsonb lists of sys_file ids.
 *  - ap_service_request: an enterprise's request for a service to the lead insurer of one of its policies;
 *    plan_id is the service plan made from it (no foreign key: the plan table belongs to 0019).
 *  - ap_prevention_filing: an insurer's yearly prevention plan and budget filed with the regulator, one row
 *    per version (1, 2, … within insurer and year); exactly one row of a year is the latest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE ap_training (
      id serial PRIMARY KEY,
      publisher_org_id integer NOT NULL REFERENCES sys_org(id),
      publisher_type varchar(10) NOT NULL,
      topic varchar(100) NOT NULL,
      mode varchar(10) NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      place varchar(200) NOT NULL DEFAULT '',
      online_link varchar(500) NOT NULL DEFAULT '',
      capacity integer NOT NULL,
      target_districts varchar(100) NOT NULL,
      target_industries varchar(100) NOT NULL DEFAULT '',
      description text NOT NULL DEFAULT '',
      contact_name varchar(20) NOT NULL DEFAULT '',
      contact_phone varchar(30) NOT NULL DEFAULT '',
      materials jsonb NOT NULL DEFAULT '[]',
      photos jsonb NOT NULL DEFAULT '[]',
      summary text NOT NULL DEFAULT '',
      status varchar(10) NOT NULL DEFAULT 'published',
      recorded_at timestamptz,
      recorded_by integer,
      cancel_reason varchar(200) NOT NULL DEFAULT '',
      cancelled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ap_training_publisher_ck CHECK (publisher_type IN ('insurer','service','expert')),
      CONSTRAINT ap_training_mode_ck CHECK (mode IN ('offline','online')),
      CONSTRAINT ap_training_status_ck CHECK (status IN ('published','completed','cancelled')),
      CONSTRAINT ap_training_time_ck CHECK (ends_at > starts_at),
      CONSTRAINT ap_training_capacity_ck CHECK (capacity > 0)
    );
    CREATE INDEX ap_training_publisher_idx ON ap_training (publisher_org_id, starts_at DESC);
    CREATE INDEX ap_training_starts_idx ON ap_training (starts_at DESC);

    CREATE TABLE ap_training_signup (
      id serial PRIMARY KEY,
      training_id integer NOT NULL REFERENCES ap_training(id),
      enterprise_id integer NOT NULL REFERENCES sys_org(id),
      participants integer NOT NULL,
      contact_name varchar(20) NOT NULL DEFAULT '',
      contact_phone varchar(30) NOT NULL DEFAULT '',
      remark varchar(200) NOT NULL DEFAULT '',
      status varchar(10) NOT NULL DEFAULT 'signed',
      signed_at timestamptz NOT NULL,
      cancelled_at timestamptz,
      attended boolean,
      attendee_count integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ap_training_signup_status_ck CHECK (status IN ('signed','cancelled')),
      CONSTRAINT ap_training_signup_participants_ck CHECK (participants > 0),
      CONSTRAINT ap_training_signup_attendees_ck CHECK (attendee_count IS NULL OR attendee_count >= 0)
    );
    CREATE UNIQUE INDEX ap_training_signup_active_uq ON ap_training_signup (training_id, enterprise_id) WHERE status = 'signed';
    CREATE INDEX ap_training_signup_training_idx ON ap_training_signup (training_id);
    CREATE INDEX ap_training_signup_enterprise_idx ON ap_training_signup (enterprise_id, training_id);

    CREATE TABLE ap_service_request (
      id serial PRIMARY KEY,
      enterprise_id integer NOT NULL REFERENCES sys_org(id),
      policy_id integer NOT NULL REFERENCES ins_policy(id),
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      district_code varchar(6) NOT NULL,
      item char(2) NOT NULL,
      description varchar(1000) NOT NULL,
      wished_from date NOT NULL,
      wished_to date,
      contact_name varchar(20) NOT NULL DEFAULT '',
      contact_phone varchar(30) NOT NULL DEFAULT '',
      status varchar(10) NOT NULL DEFAULT 'pending',
      answer_remark varchar(500) NOT NULL DEFAULT '',
      answered_at timestamptz,
      answered_by integer,
      plan_id integer,
      scheduled_at timestamptz,
      withdrawn_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ap_service_request_item_ck CHECK (item IN ('01','02','03','04','05','06','07')),
      CONSTRAINT ap_service_request_status_ck CHECK (status IN ('pending','accepted','declined','scheduled','withdrawn')),
      CONSTRAINT ap_service_request_wished_ck CHECK (wished_to IS NULL OR wished_to >= wished_from),
      CONSTRAINT ap_service_request_plan_ck CHECK (plan_id IS NULL OR status = 'scheduled')
    );
    CREATE INDEX ap_service_request_enterprise_idx ON ap_service_request (enterprise_id, id DESC);
    CREATE INDEX ap_service_request_insurer_idx ON ap_service_request (insurer_id, status, id DESC);
    CREATE INDEX ap_service_request_district_idx ON ap_service_request (district_code, id DESC);

    CREATE TABLE ap_prevention_filing (
      id serial PRIMARY KEY,
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      year smallint NOT NULL,
      version_no integer NOT NULL,
      latest boolean NOT NULL DEFAULT true,
      districts varchar(100) NOT NULL,
      planned_services jsonb NOT NULL,
      planned_total integer NOT NULL,
      expected_premium numeric(14,2) NOT NULL,
      budget_amount numeric(14,2) NOT NULL,
      budget_ratio numeric(7,4) NOT NULL,
      description text NOT NULL DEFAULT '',
      attachments jsonb NOT NULL DEFAULT '[]',
      status varchar(10) NOT NULL DEFAULT 'pending',
      submitted_at timestamptz NOT NULL,
      submitted_by integer,
      reviewed_at timestamptz,
      reviewed_by integer,
      review_remark varchar(500) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ap_prevention_filing_status_ck CHECK (status IN ('pending','filed','returned')),
      CONSTRAINT ap_prevention_filing_money_ck CHECK (expected_premium > 0 AND budget_amount > 0)
    );
    CREATE UNIQUE INDEX ap_prevention_filing_version_uq ON ap_prevention_filing (insurer_id, year, version_no);
    CREATE UNIQUE INDEX ap_prevention_filing_latest_uq ON ap_prevention_filing (insurer_id, year) WHERE latest;
    CREATE INDEX ap_prevention_filing_year_idx ON ap_prevention_filing (year DESC, id DESC) WHERE latest;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `DROP TABLE IF EXISTS ap_prevention_filing;
     DROP TABLE IF EXISTS ap_service_request;
     DROP TABLE IF EXISTS ap_training_signup;
     DROP TABLE IF EXISTS ap_training;`,
  );
}
