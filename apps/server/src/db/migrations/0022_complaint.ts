import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Complaints, the working-day calendar, satisfaction answers and service evaluations (issue 15):
 *  - cp_complaint: one complaint (domain 2.12) with its routing (handler_kind insurer / admin / government and
 *    handler_org_id; admin has no organisation), its state (domain 3.7: 1 submitted … 6 escalated), the
 *    AQ 9010 timer (timer_start = the day the clock started: acceptance, re-opening or a re-handling order;
 *    base_days 10 or 30 working days; deadline = YYYY-MM-DD in China time, pushed by one approved extension),
 *    the reply (facts, basis, measures) and the complainant's confirmation. Dates are stored as text
 *    'YYYY-MM-DD' so both drivers read them alike. warned_for / overdue_for hold the deadline a warning or an
 *    overdue notice was sent for, so the timer job tells each once per deadline.
 *  - cp_complaint_step: the timeline (who, when, what; internal notes hidden from the complainant).
 *  - sys_work_calendar_year / sys_work_calendar_day: the administrator's statutory holidays and make-up
 *    working days for years the built-in package (chinese-days) does not cover.
 *  - ev_satisfaction: the enterprise's answers of 投保满意度 (item policy, target a policy) and 企业配合度 (item
 *    record, target a prevention plan whose record it confirmed); one per item and target.
 *  - ev_ap_eval: the regulator's annual evaluation of an insurer's prevention service (domain 2.12).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE cp_complaint (
      id serial PRIMARY KEY,
      complaint_no varchar(20) NOT NULL,
      complainant_org_id integer NOT NULL REFERENCES sys_org(id),
      complainant_side varchar(12) NOT NULL,
      complainant_name varchar(100) NOT NULL,
      complainant_uscc varchar(18) NOT NULL DEFAULT '',
      district_code varchar(6),
      target_kind varchar(10) NOT NULL,
      target_org_id integer REFERENCES sys_org(id),
      target_name varchar(100) NOT NULL,
      category varchar(2) NOT NULL,
      title varchar(50) NOT NULL,
      content text NOT NULL,
      demand text NOT NULL,
      contact_name varchar(20) NOT NULL,
      contact_phone varchar(30) NOT NULL,
      attachments jsonb NOT NULL DEFAULT '[]',
      related_kind varchar(10),
      related_id integer,
      related_label varchar(200) NOT NULL DEFAULT '',
      handler_kind varchar(12) NOT NULL,
      handler_org_id integer REFERENCES sys_org(id),
      handler_name varchar(100) NOT NULL,
      state smallint NOT NULL DEFAULT 1,
      submitted_at timestamptz NOT NULL,
      accepted_at timestamptz,
      timer_start varchar(10),
      base_days smallint,
      verification_needed boolean NOT NULL DEFAULT false,
      verification_reason varchar(500) NOT NULL DEFAULT '',
      deadline varchar(10),
      ext_days smallint,
      ext_reason varchar(500) NOT NULL DEFAULT '',
      ext_state varchar(10),
      ext_requested_at timestamptz,
      ext_decided_at timestamptz,
      ext_opinion varchar(500) NOT NULL DEFAULT '',
      ext_prev_deadline varchar(10),
      reply_facts text NOT NULL DEFAULT '',
      reply_basis text NOT NULL DEFAULT '',
      reply_measures text NOT NULL DEFAULT '',
      reply_attachments jsonb NOT NULL DEFAULT '[]',
      replied_at timestamptz,
      replied_by varchar(50) NOT NULL DEFAULT '',
      replied_late boolean NOT NULL DEFAULT false,
      reply_count smallint NOT NULL DEFAULT 0,
      late_count smallint NOT NULL DEFAULT 0,
      confirmed_at timestamptz,
      satisfied boolean,
      score smallint,
      confirm_opinion varchar(500) NOT NULL DEFAULT '',
      result text NOT NULL DEFAULT '',
      closed_at timestamptz,
      warned_for varchar(10),
      overdue_for varchar(10),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT cp_complaint_no_uq UNIQUE (complaint_no),
      CONSTRAINT cp_complaint_state_ck CHECK (state BETWEEN 1 AND 6),
      CONSTRAINT cp_complaint_target_ck CHECK (target_kind IN ('insurer','service','expert','platform')),
      CONSTRAINT cp_complaint_handler_ck CHECK (handler_kind IN ('insurer','admin','government')),
      CONSTRAINT cp_complaint_side_ck CHECK (complainant_side IN ('enterprise','insurer','service','expert')),
      CONSTRAINT cp_complaint_ext_ck CHECK (ext_state IS NULL OR ext_state IN ('pending','approved','rejected')),
      CONSTRAINT cp_complaint_ext_days_ck CHECK (ext_days IS NULL OR ext_days BETWEEN 1 AND 60),
      CONSTRAINT cp_complaint_score_ck CHECK (score IS NULL OR score BETWEEN 1 AND 5)
    );
    CREATE INDEX cp_complaint_complainant_idx ON cp_complaint (complainant_org_id, submitted_at DESC);
    CREATE INDEX cp_complaint_handler_idx ON cp_complaint (handler_kind, handler_org_id, state);
    CREATE INDEX cp_complaint_target_idx ON cp_complaint (target_org_id);
    CREATE INDEX cp_complaint_district_idx ON cp_complaint (district_code, submitted_at DESC);
    CREATE INDEX cp_complaint_open_idx ON cp_complaint (deadline) WHERE state IN (1,2,3,6);

    CREATE TABLE cp_complaint_step (
      id serial PRIMARY KEY,
      complaint_id integer NOT NULL REFERENCES cp_complaint(id),
      step varchar(20) NOT NULL,
      at timestamptz NOT NULL,
      actor_user_id integer,
      actor_name varchar(50) NOT NULL DEFAULT '',
      actor_unit varchar(100) NOT NULL DEFAULT '',
      text text NOT NULL DEFAULT '',
      internal boolean NOT NULL DEFAULT false
    );
    CREATE INDEX cp_complaint_step_idx ON cp_complaint_step (complaint_id, id);

    CREATE TABLE sys_work_calendar_year (
      year integer PRIMARY KEY,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by integer,
      version integer NOT NULL DEFAULT 1
    );
    CREATE TABLE sys_work_calendar_day (
      day varchar(10) PRIMARY KEY,
      year integer NOT NULL REFERENCES sys_work_calendar_year(year),
      kind varchar(10) NOT NULL,
      name varchar(20) NOT NULL,
      CONSTRAINT sys_work_calendar_day_kind_ck CHECK (kind IN ('holiday','workday'))
    );
    CREATE INDEX sys_work_calendar_day_year_idx ON sys_work_calendar_day (year);

    CREATE TABLE ev_satisfaction (
      id serial PRIMARY KEY,
      item varchar(10) NOT NULL,
      target_id integer NOT NULL,
      enterprise_id integer NOT NULL REFERENCES sys_org(id),
      insurer_id integer REFERENCES sys_org(id),
      service_org_id integer REFERENCES sys_org(id),
      district_code varchar(6) NOT NULL,
      source varchar(100) NOT NULL DEFAULT '',
      score smallint NOT NULL,
      comment varchar(500) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL,
      created_by integer,
      CONSTRAINT ev_satisfaction_item_ck CHECK (item IN ('policy','record')),
      CONSTRAINT ev_satisfaction_score_ck CHECK (score BETWEEN 1 AND 5),
      CONSTRAINT ev_satisfaction_uq UNIQUE (item, target_id)
    );
    CREATE INDEX ev_satisfaction_insurer_idx ON ev_satisfaction (insurer_id, created_at);
    CREATE INDEX ev_satisfaction_district_idx ON ev_satisfaction (district_code, created_at);

    CREATE TABLE ev_ap_eval (
      id serial PRIMARY KEY,
      eval_type varchar(2) NOT NULL,
      year integer NOT NULL,
      project_name varchar(100) NOT NULL,
      commissioning_unit varchar(100) NOT NULL,
      insurer_id integer NOT NULL REFERENCES sys_org(id),
      implementing_unit varchar(100) NOT NULL,
      eval_date varchar(10) NOT NULL,
      result varchar(10) NOT NULL,
      score numeric(5,2),
      summary text NOT NULL DEFAULT '',
      reports jsonb NOT NULL DEFAULT '[]',
      recorder_org_id integer REFERENCES sys_org(id),
      recorder_name varchar(50) NOT NULL DEFAULT '',
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      created_by integer,
      updated_by integer,
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT ev_ap_eval_result_ck CHECK (result IN ('excellent','good','pass','fail'))
    );
    CREATE INDEX ev_ap_eval_insurer_idx ON ev_ap_eval (insurer_id, year);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE IF EXISTS ev_ap_eval;
    DROP TABLE IF EXISTS ev_satisfaction;
    DROP TABLE IF EXISTS sys_work_calendar_day;
    DROP TABLE IF EXISTS sys_work_calendar_year;
    DROP TABLE IF EXISTS cp_complaint_step;
    DROP TABLE IF EXISTS cp_complaint;
    `,
  );
}
