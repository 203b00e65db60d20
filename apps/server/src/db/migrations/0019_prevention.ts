import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Accident prevention (issue 13; domain 1.5, 2.9-2.11, 3.5):
 *  - ap_project (服务合同) of an insurer, with the policies it serves (one policy, lead or co-insurer, or a
 *    group of the insurer's insured enterprises: ap_project_policy), the service/expert organisations that
 *    deliver it (ap_project_org) and the agreed items with sub-type and frequency (ap_project_item);
 *  - ap_plan (服务计划) per project per enterprise, one item each; list columns (status, record state,
 *    spend, hazard counts, district of the enterprise) are kept on the plan so the lists at 100k rows are
 *    served by an index per scope (insurer, provider, district, enterprise) ordered by planned start;
 *  - ap_record (服务记录, one per plan) with the per-type summary as jsonb (validated by zod per type),
 *    its files (ids of sys_file) and experts (ap_record_expert);
 *  - ap_hazard: the hidden dangers a check (type 03) finds, with the fields of domain 2.10 and 2.11 and
 *    room for rectification/acceptance (the hazard issue builds on it);
 *  - ap_follow_up (回访): satisfaction of the spec 9 items;
 *  - ap_fund (per policy and insurer: a co-insurer keeps the fund of its share) and ap_fund_entry: the prevention fund ledger. Entries are append-only
 *    (a trigger refuses UPDATE and DELETE; corrections are reversing entries, AQ 9010 7.4).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE ap_project (
      id serial PRIMARY KEY,
      name varchar(100) NOT NULL,
      contract_no varchar(50) NOT NULL,
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      start_date date NOT NULL,
      end_date date NOT NULL,
      fee_ratio numeric(5,2) NOT NULL,
      fee_amount numeric(14,2) NOT NULL DEFAULT 0,
      service_org_id integer REFERENCES sys_org(id),
      contact_name varchar(20) NOT NULL DEFAULT '',
      contact_phone varchar(30) NOT NULL DEFAULT '',
      description varchar(2000) NOT NULL DEFAULT '',
      state smallint NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ap_project_state_ck CHECK (state IN (1,2,3)),
      CONSTRAINT ap_project_period_ck CHECK (end_date >= start_date),
      CONSTRAINT ap_project_ratio_ck CHECK (fee_ratio >= 0 AND fee_ratio <= 100),
      CONSTRAINT ap_project_contract_no_ck CHECK (contract_no ~ '^[A-Za-z0-9#_/\\\\-]{1,50}$')
    );
    CREATE UNIQUE INDEX ap_project_contract_uq ON ap_project (insurer_id, contract_no);
    CREATE INDEX ap_project_insurer_idx ON ap_project (insurer_id, id DESC);
    CREATE INDEX ap_project_state_idx ON ap_project (state, end_date);

    CREATE TABLE ap_project_policy (
      project_id integer NOT NULL REFERENCES ap_project(id) ON DELETE CASCADE,
      policy_id integer NOT NULL REFERENCES ins_policy(id),
      enterprise_id integer NOT NULL REFERENCES sys_org(id),
      district_code varchar(6) NOT NULL,
      PRIMARY KEY (project_id, policy_id)
    );
    CREATE INDEX ap_project_policy_ent_idx ON ap_project_policy (enterprise_id, project_id);
    CREATE INDEX ap_project_policy_policy_idx ON ap_project_policy (policy_id);
    CREATE INDEX ap_project_policy_district_idx ON ap_project_policy (district_code, project_id);

    CREATE TABLE ap_project_org (
      project_id integer NOT NULL REFERENCES ap_project(id) ON DELETE CASCADE,
      org_id integer NOT NULL REFERENCES sys_org(id),
      org_type varchar(12) NOT NULL,
      PRIMARY KEY (project_id, org_id),
      CONSTRAINT ap_project_org_type_ck CHECK (org_type IN ('service','expert'))
    );
    CREATE INDEX ap_project_org_org_idx ON ap_project_org (org_id, project_id);

    CREATE TABLE ap_project_item (
      project_id integer NOT NULL REFERENCES ap_project(id) ON DELETE CASCADE,
      seq smallint NOT NULL,
      item char(2) NOT NULL,
      sub_type varchar(32),
      frequency smallint NOT NULL,
      note varchar(200) NOT NULL DEFAULT '',
      PRIMARY KEY (project_id, seq),
      CONSTRAINT ap_project_item_ck CHECK (item IN ('01','02','03','04','05','06','07')),
      CONSTRAINT ap_project_item_freq_ck CHECK (frequency > 0)
    );

    CREATE TABLE ap_plan (
      id serial PRIMARY KEY,
      project_id integer NOT NULL REFERENCES ap_project(id),
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      enterprise_id integer NOT NULL REFERENCES sys_org(id),
      policy_id integer NOT NULL REFERENCES ins_policy(id),
      district_code varchar(6) NOT NULL,
      item char(2) NOT NULL,
      sub_type varchar(32),
      name varchar(100) NOT NULL,
      provider_org_id integer NOT NULL REFERENCES sys_org(id),
      planned_start timestamptz NOT NULL,
      planned_end timestamptz NOT NULL,
      place_district_code varchar(6) NOT NULL,
      address varchar(200) NOT NULL DEFAULT '',
      staff jsonb NOT NULL DEFAULT '[]',
      experts jsonb NOT NULL DEFAULT '[]',
      budget numeric(14,2) NOT NULL DEFAULT 0,
      description varchar(2000) NOT NULL DEFAULT '',
      status smallint NOT NULL DEFAULT 0,
      visit_state varchar(12) NOT NULL DEFAULT 'unconfirmed',
      visit_confirmed_at timestamptz,
      visit_confirmed_by integer,
      visit_remark varchar(500) NOT NULL DEFAULT '',
      record_state varchar(12),
      spend numeric(14,2) NOT NULL DEFAULT 0,
      hazard_count integer NOT NULL DEFAULT 0,
      major_hazard_count integer NOT NULL DEFAULT 0,
      submitted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ap_plan_item_ck CHECK (item IN ('01','02','03','04','05','06','07')),
      CONSTRAINT ap_plan_status_ck CHECK (status IN (0,1,2)),
      CONSTRAINT ap_plan_visit_ck CHECK (visit_state IN ('unconfirmed','confirmed')),
      CONSTRAINT ap_plan_record_ck CHECK (record_state IS NULL OR record_state IN ('draft','submitted','confirmed')),
      CONSTRAINT ap_plan_time_ck CHECK (planned_end >= planned_start)
    );
    CREATE INDEX ap_plan_insurer_idx ON ap_plan (insurer_id, planned_start DESC, id DESC);
    CREATE INDEX ap_plan_provider_idx ON ap_plan (provider_org_id, planned_start DESC, id DESC);
    CREATE INDEX ap_plan_district_idx ON ap_plan (district_code, planned_start DESC, id DESC);
    CREATE INDEX ap_plan_enterprise_idx ON ap_plan (enterprise_id, planned_start DESC, id DESC);
    CREATE INDEX ap_plan_project_idx ON ap_plan (project_id, id);
    CREATE INDEX ap_plan_start_idx ON ap_plan (planned_start DESC, id DESC);

    CREATE TABLE ap_record (
      id serial PRIMARY KEY,
      plan_id integer NOT NULL UNIQUE REFERENCES ap_plan(id),
      state varchar(12) NOT NULL DEFAULT 'draft',
      actual_start timestamptz NOT NULL,
      actual_end timestamptz NOT NULL,
      district_code varchar(6) NOT NULL,
      address varchar(200) NOT NULL DEFAULT '',
      summary_text varchar(5000) NOT NULL DEFAULT '',
      spend numeric(14,2) NOT NULL DEFAULT 0,
      summary jsonb NOT NULL,
      files jsonb NOT NULL DEFAULT '[]',
      entered_by integer,
      entered_by_name varchar(50) NOT NULL DEFAULT '',
      saved_at timestamptz NOT NULL DEFAULT now(),
      submitted_at timestamptz,
      submitted_by integer,
      confirmed_at timestamptz,
      confirmed_by integer,
      confirm_opinion varchar(500) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ap_record_state_ck CHECK (state IN ('draft','submitted','confirmed')),
      CONSTRAINT ap_record_spend_ck CHECK (spend >= 0)
    );
    CREATE INDEX ap_record_submitted_idx ON ap_record (submitted_at) WHERE submitted_at IS NOT NULL;

    CREATE TABLE ap_record_expert (
      record_id integer NOT NULL REFERENCES ap_record(id) ON DELETE CASCADE,
      seq smallint NOT NULL,
      name varchar(20) NOT NULL,
      org_id integer REFERENCES sys_org(id),
      title varchar(50) NOT NULL DEFAULT '',
      phone varchar(30) NOT NULL DEFAULT '',
      PRIMARY KEY (record_id, seq)
    );
    CREATE INDEX ap_record_expert_org_idx ON ap_record_expert (org_id) WHERE org_id IS NOT NULL;

    CREATE TABLE ap_hazard (
      id serial PRIMARY KEY,
      plan_id integer NOT NULL REFERENCES ap_plan(id),
      record_id integer NOT NULL REFERENCES ap_record(id),
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      enterprise_id integer NOT NULL REFERENCES sys_org(id),
      district_code varchar(6) NOT NULL,
      seq smallint NOT NULL DEFAULT 0,
      check_date date NOT NULL,
      basis varchar(500) NOT NULL DEFAULT '',
      check_item varchar(200) NOT NULL DEFAULT '',
      description varchar(1000) NOT NULL,
      level smallint NOT NULL,
      hazard_type varchar(50) NOT NULL DEFAULT '',
      recommendation varchar(1000) NOT NULL DEFAULT '',
      photos jsonb NOT NULL DEFAULT '[]',
      found_by varchar(50) NOT NULL DEFAULT '',
      fix_immediately boolean NOT NULL DEFAULT false,
      rectify_dept varchar(100) NOT NULL DEFAULT '',
      deadline date,
      accept_dept varchar(100) NOT NULL DEFAULT '',
      state smallint NOT NULL DEFAULT 1,
      rectify_status smallint NOT NULL DEFAULT -1,
      rectified_at timestamptz,
      rectified_by integer,
      rectify_desc varchar(1000) NOT NULL DEFAULT '',
      rectify_files jsonb NOT NULL DEFAULT '[]',
      review_date date,
      review_desc varchar(1000) NOT NULL DEFAULT '',
      accepted_at timestamptz,
      accepted_by integer,
      accept_desc varchar(1000) NOT NULL DEFAULT '',
      reject_reason varchar(500) NOT NULL DEFAULT '',
      reject_count integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ap_hazard_level_ck CHECK (level IN (1,2)),
      CONSTRAINT ap_hazard_state_ck CHECK (state IN (1,2,3)),
      CONSTRAINT ap_hazard_rectify_ck CHECK (rectify_status IN (-1,0,1,2))
    );
    CREATE INDEX ap_hazard_plan_idx ON ap_hazard (plan_id, seq);
    CREATE INDEX ap_hazard_enterprise_idx ON ap_hazard (enterprise_id, id DESC);
    CREATE INDEX ap_hazard_district_idx ON ap_hazard (district_code, id DESC);
    CREATE INDEX ap_hazard_insurer_idx ON ap_hazard (insurer_id, id DESC);

    CREATE TABLE ap_follow_up (
      id serial PRIMARY KEY,
      plan_id integer NOT NULL UNIQUE REFERENCES ap_plan(id),
      provider_org_id integer NOT NULL REFERENCES sys_org(id),
      visited_at timestamptz NOT NULL,
      contact_name varchar(20) NOT NULL DEFAULT '',
      cooperation smallint NOT NULL,
      rating smallint NOT NULL,
      opinion varchar(1000) NOT NULL DEFAULT '',
      by_name varchar(50) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      CONSTRAINT ap_follow_up_scores_ck CHECK (cooperation BETWEEN 1 AND 5 AND rating BETWEEN 1 AND 5)
    );
    CREATE INDEX ap_follow_up_provider_idx ON ap_follow_up (provider_org_id);

    CREATE TABLE ap_fund (
      id serial PRIMARY KEY,
      policy_id integer NOT NULL REFERENCES ins_policy(id),
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      enterprise_id integer NOT NULL REFERENCES sys_org(id),
      district_code varchar(6) NOT NULL,
      premium numeric(14,2) NOT NULL,
      share numeric(5,2) NOT NULL DEFAULT 100,
      ratio numeric(5,2) NOT NULL DEFAULT 0,
      accrued numeric(14,2) NOT NULL DEFAULT 0,
      spent numeric(14,2) NOT NULL DEFAULT 0,
      state varchar(12) NOT NULL DEFAULT 'pending',
      written_off_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ap_fund_state_ck CHECK (state IN ('pending','available','inUse','writtenOff')),
      CONSTRAINT ap_fund_guard_ck CHECK (spent >= 0 AND accrued >= 0 AND spent <= accrued)
    );
    CREATE UNIQUE INDEX ap_fund_policy_uq ON ap_fund (policy_id, insurer_id);
    CREATE INDEX ap_fund_insurer_idx ON ap_fund (insurer_id, updated_at DESC, id DESC);
    CREATE INDEX ap_fund_district_idx ON ap_fund (district_code, updated_at DESC, id DESC);

    CREATE TABLE ap_fund_entry (
      id serial PRIMARY KEY,
      fund_id integer NOT NULL REFERENCES ap_fund(id),
      policy_id integer NOT NULL REFERENCES ins_policy(id),
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      kind varchar(12) NOT NULL,
      affects varchar(8) NOT NULL,
      amount numeric(14,2) NOT NULL,
      occurred_on date NOT NULL,
      description varchar(500) NOT NULL DEFAULT '',
      plan_id integer REFERENCES ap_plan(id),
      reverses_id integer UNIQUE REFERENCES ap_fund_entry(id),
      by_user integer,
      by_name varchar(50) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ap_fund_entry_kind_ck CHECK (kind IN ('accrue','spend','reverse','writeOff')),
      CONSTRAINT ap_fund_entry_affects_ck CHECK (affects IN ('accrued','spent','none')),
      CONSTRAINT ap_fund_entry_reverse_ck CHECK ((kind = 'reverse') = (reverses_id IS NOT NULL))
    );
    CREATE INDEX ap_fund_entry_fund_idx ON ap_fund_entry (fund_id, id);
    CREATE INDEX ap_fund_entry_plan_idx ON ap_fund_entry (plan_id) WHERE plan_id IS NOT NULL;
    CREATE FUNCTION ap_fund_entry_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'ap_fund_entry is append-only: post a reversing entry instead'; END $$;
    CREATE TRIGGER ap_fund_entry_append_only BEFORE UPDATE OR DELETE ON ap_fund_entry FOR EACH ROW EXECUTE FUNCTION ap_fund_entry_append_only();
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `DROP TABLE IF EXISTS ap_fund_entry;
     DROP FUNCTION IF EXISTS ap_fund_entry_append_only();
     DROP TABLE IF EXISTS ap_fund;
     DROP TABLE IF EXISTS ap_follow_up;
     DROP TABLE IF EXISTS ap_hazard;
     DROP TABLE IF EXISTS ap_record_expert;
     DROP TABLE IF EXISTS ap_record;
     DROP TABLE IF EXISTS ap_plan;
     DROP TABLE IF EXISTS ap_project_item;
     DROP TABLE IF EXISTS ap_project_org;
     DROP TABLE IF EXISTS ap_project_policy;
     DROP TABLE IF EXISTS ap_project;`,
  );
}
