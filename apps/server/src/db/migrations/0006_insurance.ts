import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Insurance core (issue 5): enterprise profiles, parameters and scores; insurers, technicists and
 * documents; policies with co-insurers, rate factors and versioned snapshots; endorsements; claims with
 * their step timeline, payments, loss items and compensated persons; idempotency keys (security R06).
 * Enterprises and insurers extend sys_org one-to-one (same id). Industry codes are text (sys_industry
 * is seeded elsewhere). Money is numeric(…,2) yuan; policy dates are calendar dates (China time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE SEQUENCE ins_no_seq;

    CREATE TABLE ins_enterprise (
      id integer PRIMARY KEY REFERENCES sys_org(id) ON DELETE CASCADE,
      address varchar(300) NOT NULL DEFAULT '',
      ws_industry_code varchar(12) NOT NULL DEFAULT '',
      gb_industry_code varchar(5) NOT NULL DEFAULT '',
      employees integer NOT NULL DEFAULT 0,
      annual_turnover numeric(14,2),
      operating_status smallint NOT NULL DEFAULT 1,
      business_scope varchar(300) NOT NULL DEFAULT '',
      legal_name varchar(20) NOT NULL DEFAULT '',
      legal_mobile varchar(20) NOT NULL DEFAULT '',
      legal_duty_phone varchar(30) NOT NULL DEFAULT '',
      legal_email varchar(100) NOT NULL DEFAULT '',
      safety_name varchar(20) NOT NULL DEFAULT '',
      safety_mobile varchar(20) NOT NULL DEFAULT '',
      business_licence_file_id varchar(36),
      licence_no varchar(30) NOT NULL DEFAULT '',
      licence_file_id varchar(36),
      licence_start date,
      licence_end date,
      std_grade smallint NOT NULL DEFAULT 0,
      on_register boolean NOT NULL DEFAULT false,
      register_year smallint,
      must_insure boolean NOT NULL DEFAULT false,
      blacklist boolean NOT NULL DEFAULT false,
      score numeric(5,1),
      risk_level smallint,
      scored_at timestamptz,
      info_complete boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ins_enterprise_status_ck CHECK (operating_status IN (1,2,3)),
      CONSTRAINT ins_enterprise_grade_ck CHECK (std_grade IN (0,1,2,3)),
      CONSTRAINT ins_enterprise_risk_ck CHECK (risk_level IS NULL OR risk_level BETWEEN 1 AND 4)
    );
    CREATE INDEX ins_enterprise_industry_idx ON ins_enterprise (ws_industry_code);
    CREATE INDEX sys_org_enterprise_district_idx ON sys_org (district_code, id) WHERE org_type = 'enterprise' AND deleted_at IS NULL;

    CREATE TABLE ins_ent_param (
      enterprise_id integer NOT NULL REFERENCES ins_enterprise(id) ON DELETE CASCADE,
      key varchar(30) NOT NULL,
      source smallint NOT NULL,
      value integer NOT NULL DEFAULT 0,
      remark varchar(200) NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by integer,
      PRIMARY KEY (enterprise_id, key),
      CONSTRAINT ins_ent_param_source_ck CHECK (source IN (1,2))
    );

    CREATE TABLE ins_ent_score (
      id serial PRIMARY KEY,
      enterprise_id integer NOT NULL REFERENCES ins_enterprise(id) ON DELETE CASCADE,
      score numeric(5,1) NOT NULL,
      risk_level smallint NOT NULL,
      params jsonb NOT NULL,
      reason varchar(100) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer
    );
    CREATE INDEX ins_ent_score_ent_idx ON ins_ent_score (enterprise_id, created_at DESC, id DESC);

    CREATE TABLE ins_insurer (
      id integer PRIMARY KEY REFERENCES sys_org(id) ON DELETE CASCADE,
      insurer_type smallint NOT NULL DEFAULT 2,
      org_code varchar(40) NOT NULL DEFAULT '',
      parent_name varchar(100) NOT NULL DEFAULT '',
      parent_code varchar(40) NOT NULL DEFAULT '',
      address varchar(300) NOT NULL DEFAULT '',
      head_name varchar(20) NOT NULL DEFAULT '',
      head_mobile varchar(20) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ins_insurer_type_ck CHECK (insurer_type BETWEEN 1 AND 4)
    );

    CREATE TABLE ins_technicist (
      id serial PRIMARY KEY,
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      staff_type smallint NOT NULL,
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
      service_items jsonb NOT NULL DEFAULT '[]',
      status smallint NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz,
      CONSTRAINT ins_technicist_staff_ck CHECK (staff_type IN (1,2))
    );
    CREATE UNIQUE INDEX ins_technicist_idno_uq ON ins_technicist (insurer_id, id_no_hash) WHERE deleted_at IS NULL;

    CREATE TABLE ins_insurer_doc (
      id serial PRIMARY KEY,
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      doc_type smallint NOT NULL,
      title varchar(200) NOT NULL,
      file_id varchar(36) NOT NULL,
      remark varchar(500) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      deleted_at timestamptz
    );
    CREATE INDEX ins_insurer_doc_insurer_idx ON ins_insurer_doc (insurer_id, id DESC) WHERE deleted_at IS NULL;

    CREATE TABLE ins_policy (
      id serial PRIMARY KEY,
      application_no varchar(40) NOT NULL,
      policy_no varchar(40),
      enterprise_id integer NOT NULL REFERENCES sys_org(id),
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      holder_name varchar(100) NOT NULL,
      holder_uscc varchar(18) NOT NULL,
      district_code varchar(6) NOT NULL,
      address varchar(300) NOT NULL DEFAULT '',
      ws_industry_code varchar(12) NOT NULL DEFAULT '',
      gb_industry_code varchar(5) NOT NULL DEFAULT '',
      status varchar(10) NOT NULL,
      entered_by varchar(10) NOT NULL,
      is_renewal boolean NOT NULL DEFAULT false,
      start_date date NOT NULL,
      end_date date NOT NULL,
      sign_date date,
      headcount integer NOT NULL,
      per_person_limit numeric(14,2) NOT NULL,
      medical_limit numeric(14,2) NOT NULL DEFAULT 0,
      per_accident_limit numeric(16,2) NOT NULL,
      benchmark_rate numeric(8,4) NOT NULL,
      float_pct numeric(7,2) NOT NULL DEFAULT 0,
      premium_calc numeric(14,2) NOT NULL,
      premium numeric(14,2) NOT NULL,
      prevention_fee_pct numeric(5,2) NOT NULL,
      prevention_fee numeric(14,2) NOT NULL,
      prevention_frequency integer NOT NULL,
      service_items jsonb NOT NULL DEFAULT '[]',
      service_item_other varchar(200) NOT NULL DEFAULT '',
      attachments jsonb NOT NULL DEFAULT '[]',
      remark varchar(500) NOT NULL DEFAULT '',
      submitted_at timestamptz,
      reviewed_at timestamptz,
      reviewed_by integer,
      review_remark varchar(500) NOT NULL DEFAULT '',
      cancelled_on date,
      cancel_reason varchar(300) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ins_policy_status_ck CHECK (status IN ('draft','submitted','approved','rejected','cancelled')),
      CONSTRAINT ins_policy_period_ck CHECK (end_date >= start_date),
      CONSTRAINT ins_policy_entered_ck CHECK (entered_by IN ('enterprise','insurer')),
      CONSTRAINT ins_policy_issued_ck CHECK (status NOT IN ('approved','cancelled') OR policy_no IS NOT NULL)
    );
    CREATE UNIQUE INDEX ins_policy_application_uq ON ins_policy (application_no);
    CREATE UNIQUE INDEX ins_policy_no_uq ON ins_policy (policy_no) WHERE policy_no IS NOT NULL;
    CREATE INDEX ins_policy_enterprise_idx ON ins_policy (enterprise_id, start_date);
    CREATE INDEX ins_policy_district_idx ON ins_policy (district_code, id DESC) WHERE status IN ('approved','cancelled');
    CREATE INDEX ins_policy_end_idx ON ins_policy (end_date) WHERE status = 'approved';

    CREATE TABLE ins_policy_coinsurer (
      policy_id integer NOT NULL REFERENCES ins_policy(id) ON DELETE CASCADE,
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      role char(2) NOT NULL,
      share numeric(5,2) NOT NULL,
      PRIMARY KEY (policy_id, insurer_id),
      CONSTRAINT ins_policy_coinsurer_role_ck CHECK (role IN ('01','02','03')),
      CONSTRAINT ins_policy_coinsurer_share_ck CHECK (share > 0 AND share <= 100)
    );
    CREATE INDEX ins_policy_coinsurer_insurer_idx ON ins_policy_coinsurer (insurer_id, policy_id DESC);

    CREATE TABLE ins_policy_factor (
      id serial PRIMARY KEY,
      policy_id integer NOT NULL REFERENCES ins_policy(id) ON DELETE CASCADE,
      code varchar(20) NOT NULL,
      pct numeric(6,2) NOT NULL,
      reason varchar(200) NOT NULL,
      sort smallint NOT NULL DEFAULT 0
    );
    CREATE INDEX ins_policy_factor_policy_idx ON ins_policy_factor (policy_id, sort);

    CREATE TABLE ins_policy_snapshot (
      id serial PRIMARY KEY,
      policy_id integer NOT NULL REFERENCES ins_policy(id) ON DELETE CASCADE,
      policy_version integer NOT NULL,
      reason varchar(20) NOT NULL,
      endorsement_id integer,
      snapshot jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer
    );
    CREATE UNIQUE INDEX ins_policy_snapshot_uq ON ins_policy_snapshot (policy_id, policy_version);

    CREATE TABLE ins_endorsement (
      id serial PRIMARY KEY,
      endorsement_no varchar(40) NOT NULL,
      policy_id integer NOT NULL REFERENCES ins_policy(id),
      enterprise_id integer NOT NULL REFERENCES sys_org(id),
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      type char(2) NOT NULL,
      reason varchar(300) NOT NULL,
      effective_date date NOT NULL,
      change jsonb NOT NULL DEFAULT '{}',
      before jsonb NOT NULL DEFAULT '{}',
      after jsonb NOT NULL DEFAULT '{}',
      premium_delta numeric(14,2) NOT NULL DEFAULT 0,
      attachments jsonb NOT NULL DEFAULT '[]',
      status varchar(10) NOT NULL,
      policy_version integer NOT NULL,
      applied_by integer,
      applied_at timestamptz NOT NULL,
      reviewed_by integer,
      reviewed_at timestamptz,
      review_remark varchar(500) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ins_endorsement_status_ck CHECK (status IN ('applied','approved','returned')),
      CONSTRAINT ins_endorsement_type_ck CHECK (type IN ('01','02','03','04','05','06','07','08'))
    );
    CREATE UNIQUE INDEX ins_endorsement_no_uq ON ins_endorsement (endorsement_no);
    CREATE INDEX ins_endorsement_policy_idx ON ins_endorsement (policy_id, id DESC);
    CREATE INDEX ins_endorsement_enterprise_idx ON ins_endorsement (enterprise_id, id DESC);

    CREATE TABLE ins_claim (
      id serial PRIMARY KEY,
      report_no varchar(30) NOT NULL,
      register_no varchar(30),
      policy_id integer NOT NULL REFERENCES ins_policy(id),
      enterprise_id integer NOT NULL REFERENCES sys_org(id),
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      district_code varchar(6) NOT NULL,
      ws_industry_code varchar(12) NOT NULL DEFAULT '',
      phase varchar(12) NOT NULL,
      step smallint NOT NULL,
      reporter_name varchar(20) NOT NULL,
      reporter_phone varchar(30) NOT NULL,
      reported_at timestamptz NOT NULL,
      accident_at timestamptz NOT NULL,
      accident_district_code varchar(6) NOT NULL,
      accident_address varchar(300) NOT NULL,
      accident_desc text NOT NULL,
      deaths integer NOT NULL DEFAULT 0,
      injuries integer NOT NULL DEFAULT 0,
      attachments jsonb NOT NULL DEFAULT '[]',
      accident_type char(2),
      accident_level smallint,
      cause varchar(1000) NOT NULL DEFAULT '',
      estimated_loss numeric(14,2),
      registered_at timestamptz,
      assessed_total numeric(14,2),
      advance_total numeric(14,2) NOT NULL DEFAULT 0,
      payout_total numeric(14,2),
      first_paid_at timestamptz,
      paid_at timestamptz,
      closed_at timestamptz,
      close_type varchar(10),
      denied_reason varchar(1000) NOT NULL DEFAULT '',
      satisfaction smallint,
      satisfaction_comment varchar(500) NOT NULL DEFAULT '',
      satisfaction_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ins_claim_phase_ck CHECK (phase IN ('reported','registered','surveyed','assessed','paid','closed','withdrawn')),
      CONSTRAINT ins_claim_step_ck CHECK (step BETWEEN 1 AND 8),
      CONSTRAINT ins_claim_level_ck CHECK (accident_level IS NULL OR accident_level BETWEEN 1 AND 5),
      CONSTRAINT ins_claim_close_ck CHECK (close_type IS NULL OR close_type IN ('paid','denied','zero','withdrawn','invalid')),
      CONSTRAINT ins_claim_dates_ck CHECK (accident_at <= reported_at AND (registered_at IS NULL OR registered_at >= reported_at) AND (closed_at IS NULL OR closed_at >= reported_at)),
      CONSTRAINT ins_claim_satisfaction_ck CHECK (satisfaction IS NULL OR satisfaction BETWEEN 1 AND 5)
    );
    CREATE UNIQUE INDEX ins_claim_report_no_uq ON ins_claim (report_no);
    CREATE UNIQUE INDEX ins_claim_register_no_uq ON ins_claim (register_no) WHERE register_no IS NOT NULL;
    CREATE INDEX ins_claim_policy_idx ON ins_claim (policy_id);
    CREATE INDEX ins_claim_enterprise_idx ON ins_claim (enterprise_id, id DESC);
    CREATE INDEX ins_claim_district_idx ON ins_claim (district_code, id DESC);

    CREATE TABLE ins_claim_step (
      id serial PRIMARY KEY,
      claim_id integer NOT NULL REFERENCES ins_claim(id) ON DELETE CASCADE,
      step smallint NOT NULL,
      acted_at timestamptz NOT NULL,
      actor_user_id integer,
      actor_name varchar(64) NOT NULL DEFAULT '',
      actor_org_id integer,
      actor_org_name varchar(100) NOT NULL DEFAULT '',
      data jsonb NOT NULL DEFAULT '{}',
      note varchar(2000) NOT NULL DEFAULT '',
      attachments jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ins_claim_step_claim_idx ON ins_claim_step (claim_id, id);

    CREATE TABLE ins_claim_payment (
      id serial PRIMARY KEY,
      claim_id integer NOT NULL REFERENCES ins_claim(id) ON DELETE CASCADE,
      step_id integer NOT NULL REFERENCES ins_claim_step(id) ON DELETE CASCADE,
      pay_type smallint NOT NULL,
      amount numeric(14,2) NOT NULL,
      payee varchar(100) NOT NULL DEFAULT '',
      paid_at timestamptz NOT NULL,
      CONSTRAINT ins_claim_payment_type_ck CHECK (pay_type IN (1,2,3)),
      CONSTRAINT ins_claim_payment_amount_ck CHECK (amount > 0)
    );
    CREATE INDEX ins_claim_payment_claim_idx ON ins_claim_payment (claim_id, id);

    CREATE TABLE ins_claim_loss (
      claim_id integer NOT NULL REFERENCES ins_claim(id) ON DELETE CASCADE,
      category char(2) NOT NULL,
      amount numeric(14,2) NOT NULL,
      PRIMARY KEY (claim_id, category)
    );

    CREATE TABLE ins_claim_person (
      id serial PRIMARY KEY,
      claim_id integer NOT NULL REFERENCES ins_claim(id) ON DELETE CASCADE,
      person_type smallint NOT NULL,
      name varchar(20) NOT NULL,
      id_type char(2) NOT NULL,
      id_no_enc text NOT NULL,
      id_no_mask varchar(30) NOT NULL,
      injury char(2) NOT NULL,
      amount numeric(14,2) NOT NULL,
      proofs jsonb NOT NULL DEFAULT '[]'
    );
    CREATE INDEX ins_claim_person_claim_idx ON ins_claim_person (claim_id, id);

    CREATE TABLE idempotency_key (
      key varchar(100) NOT NULL,
      user_id integer NOT NULL,
      route varchar(200) NOT NULL,
      body_hash char(64) NOT NULL,
      status varchar(10) NOT NULL,
      status_code integer,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, route, key),
      CONSTRAINT idempotency_key_status_ck CHECK (status IN ('pending','done'))
    );
    CREATE INDEX idempotency_key_created_idx ON idempotency_key (created_at);
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE IF EXISTS idempotency_key;
    DROP TABLE IF EXISTS ins_claim_person;
    DROP TABLE IF EXISTS ins_claim_loss;
    DROP TABLE IF EXISTS ins_claim_payment;
    DROP TABLE IF EXISTS ins_claim_step;
    DROP TABLE IF EXISTS ins_claim;
    DROP TABLE IF EXISTS ins_endorsement;
    DROP TABLE IF EXISTS ins_policy_snapshot;
    DROP TABLE IF EXISTS ins_policy_factor;
    DROP TABLE IF EXISTS ins_policy_coinsurer;
    DROP TABLE IF EXISTS ins_policy;
    DROP TABLE IF EXISTS ins_insurer_doc;
    DROP TABLE IF EXISTS ins_technicist;
    DROP TABLE IF EXISTS ins_insurer;
    DROP TABLE IF EXISTS ins_ent_score;
    DROP TABLE IF EXISTS ins_ent_param;
    DROP INDEX IF EXISTS sys_org_enterprise_district_idx;
    DROP TABLE IF EXISTS ins_enterprise;
    DROP SEQUENCE IF EXISTS ins_no_seq;
  `,
  );
}
