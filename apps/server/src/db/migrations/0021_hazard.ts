import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Hidden dangers and rectification, enterprise risk, alarms (issue 14), on top of ap_hazard of 0019:
 *  - ap_hazard gains its source (1 service/expert check from a prevention record, 2 insurer check,
 *    3 enterprise self-check), the organisation that found it (the checker who reviews), `live` (a service
 *    check's rows enter rectification when its record is submitted), location, rework count, when a major
 *    hazard was reported to the regulator, completion, the governance plan (jsonb of the seven parts of
 *    domain 1.8) and the regulator's handling summary. Plan and record ids become optional (insurer and
 *    self-checks have none), and so does the insurer (an uninsured enterprise's self-check).
 *  - ap_hazard_rectification: every submission of the enterprise with its review (pass/reject), so the
 *    rework history and the timeline are kept.
 *  - ap_hazard_handling: the regulator's handlings (urge, on-site inspection, penalty with amount, closed).
 *  - risk_rule_set: the one risk rule table (thresholds and rules as jsonb), edited by the regulator;
 *    ent_risk: each enterprise's current risk level with the factor values; ent_risk_history: every change
 *    with its reason.
 *  - alarm: one row per rule and record (kind, target) — deduplicated by that key — first/last seen and
 *    resolved; alarm_ack: acknowledgement per user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE ap_hazard ALTER COLUMN plan_id DROP NOT NULL;
    ALTER TABLE ap_hazard ALTER COLUMN record_id DROP NOT NULL;
    ALTER TABLE ap_hazard ALTER COLUMN insurer_id DROP NOT NULL;
    ALTER TABLE ap_hazard ADD COLUMN source smallint NOT NULL DEFAULT 1;
    ALTER TABLE ap_hazard ADD COLUMN finder_org_id integer REFERENCES sys_org(id);
    ALTER TABLE ap_hazard ADD COLUMN live boolean NOT NULL DEFAULT true;
    ALTER TABLE ap_hazard ADD COLUMN location varchar(200) NOT NULL DEFAULT '';
    ALTER TABLE ap_hazard ADD COLUMN rework_count integer NOT NULL DEFAULT 0;
    ALTER TABLE ap_hazard ADD COLUMN reported_at timestamptz;
    ALTER TABLE ap_hazard ADD COLUMN completed_at timestamptz;
    ALTER TABLE ap_hazard ADD COLUMN governance_plan jsonb;
    ALTER TABLE ap_hazard ADD COLUMN handling_count integer NOT NULL DEFAULT 0;
    ALTER TABLE ap_hazard ADD COLUMN last_handling varchar(10) NOT NULL DEFAULT '';
    ALTER TABLE ap_hazard ADD CONSTRAINT ap_hazard_source_ck CHECK (source IN (1,2,3));
    ALTER TABLE ap_hazard ADD CONSTRAINT ap_hazard_origin_ck CHECK (source <> 1 OR (plan_id IS NOT NULL AND record_id IS NOT NULL));
    UPDATE ap_hazard h SET finder_org_id = p.provider_org_id, live = (r.state <> 'draft')
      FROM ap_plan p, ap_record r WHERE p.id = h.plan_id AND r.id = h.record_id;
    CREATE INDEX ap_hazard_open_idx ON ap_hazard (deadline) WHERE live AND rectify_status <> 1;
    CREATE INDEX ap_hazard_finder_idx ON ap_hazard (finder_org_id, id DESC);
    CREATE INDEX ap_hazard_ent_open_idx ON ap_hazard (enterprise_id) WHERE live AND rectify_status <> 1;

    CREATE TABLE ap_hazard_rectification (
      id serial PRIMARY KEY,
      hazard_id integer NOT NULL REFERENCES ap_hazard(id) ON DELETE CASCADE,
      seq smallint NOT NULL,
      rectified_on date NOT NULL,
      dept varchar(100) NOT NULL,
      person varchar(50) NOT NULL,
      description varchar(1000) NOT NULL,
      photos jsonb NOT NULL DEFAULT '[]',
      submitted_at timestamptz NOT NULL,
      submitted_by integer,
      submitted_by_name varchar(50) NOT NULL DEFAULT '',
      result varchar(6),
      review_date date,
      reviewer varchar(50) NOT NULL DEFAULT '',
      review_desc varchar(1000) NOT NULL DEFAULT '',
      reject_reason varchar(500) NOT NULL DEFAULT '',
      review_photos jsonb NOT NULL DEFAULT '[]',
      reviewed_at timestamptz,
      reviewed_by integer,
      reviewed_by_name varchar(50) NOT NULL DEFAULT '',
      CONSTRAINT ap_hazard_rect_result_ck CHECK (result IS NULL OR result IN ('pass','reject'))
    );
    CREATE UNIQUE INDEX ap_hazard_rect_seq_uq ON ap_hazard_rectification (hazard_id, seq);

    CREATE TABLE ap_hazard_handling (
      id serial PRIMARY KEY,
      hazard_id integer NOT NULL REFERENCES ap_hazard(id) ON DELETE CASCADE,
      kind varchar(10) NOT NULL,
      handled_on date NOT NULL,
      description varchar(1000) NOT NULL,
      penalty_amount numeric(14,2),
      files jsonb NOT NULL DEFAULT '[]',
      org_id integer REFERENCES sys_org(id),
      by_user integer,
      by_name varchar(50) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT ap_hazard_handling_kind_ck CHECK (kind IN ('urge','inspect','penalty','close')),
      CONSTRAINT ap_hazard_handling_penalty_ck CHECK ((kind = 'penalty') = (penalty_amount IS NOT NULL))
    );
    CREATE INDEX ap_hazard_handling_hazard_idx ON ap_hazard_handling (hazard_id, id);

    CREATE TABLE risk_rule_set (
      id smallint PRIMARY KEY DEFAULT 1,
      thresholds jsonb NOT NULL,
      rules jsonb NOT NULL,
      reason varchar(500) NOT NULL DEFAULT '',
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by integer,
      updated_by_name varchar(50) NOT NULL DEFAULT '',
      version integer NOT NULL DEFAULT 1,
      CONSTRAINT risk_rule_set_one_ck CHECK (id = 1)
    );
    INSERT INTO risk_rule_set (id, thresholds, rules, reason, updated_by_name) VALUES (1,
      '{"major":60,"larger":35,"general":15}',
      '[{"factor":"openMajorHazards","min":1,"points":40},{"factor":"openMajorHazards","min":2,"points":20},{"factor":"overdueHazards","min":1,"points":15},{"factor":"overdueHazards","min":3,"points":15},{"factor":"openGeneralHazards","min":3,"points":10},{"factor":"industryHighRisk","min":1,"points":20},{"factor":"accidents","min":1,"points":20},{"factor":"accidents","min":2,"points":20},{"factor":"claims","min":1,"points":5},{"factor":"claims","min":3,"points":10},{"factor":"uninsured","min":1,"points":15}]',
      '初始规则（安委办〔2016〕11号四级风险，分值线：重大≥60、较大≥35、一般≥15）', '系统');

    CREATE TABLE ent_risk (
      enterprise_id integer PRIMARY KEY REFERENCES sys_org(id),
      district_code varchar(6) NOT NULL,
      risk_level smallint NOT NULL,
      points integer NOT NULL,
      factors jsonb NOT NULL,
      open_hazards integer NOT NULL DEFAULT 0,
      overdue_hazards integer NOT NULL DEFAULT 0,
      open_major_hazards integer NOT NULL DEFAULT 0,
      reason varchar(1000) NOT NULL DEFAULT '',
      assessed_at timestamptz NOT NULL,
      CONSTRAINT ent_risk_level_ck CHECK (risk_level IN (1,2,3,4))
    );
    CREATE INDEX ent_risk_level_idx ON ent_risk (risk_level, district_code);

    CREATE TABLE ent_risk_history (
      id serial PRIMARY KEY,
      enterprise_id integer NOT NULL REFERENCES sys_org(id),
      risk_level smallint NOT NULL,
      previous_level smallint,
      points integer NOT NULL,
      cause varchar(10) NOT NULL,
      reason varchar(1000) NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL
    );
    CREATE INDEX ent_risk_history_ent_idx ON ent_risk_history (enterprise_id, id DESC);

    CREATE TABLE alarm (
      id serial PRIMARY KEY,
      kind varchar(24) NOT NULL,
      target_type varchar(12) NOT NULL,
      target_id integer NOT NULL,
      enterprise_id integer,
      district_code varchar(6) NOT NULL DEFAULT '',
      insurer_id integer,
      detail varchar(500) NOT NULL DEFAULT '',
      state smallint NOT NULL DEFAULT 1,
      first_seen_at timestamptz NOT NULL,
      last_seen_at timestamptz NOT NULL,
      resolved_at timestamptz,
      CONSTRAINT alarm_state_ck CHECK (state IN (1,2))
    );
    CREATE UNIQUE INDEX alarm_key_uq ON alarm (kind, target_type, target_id);
    CREATE INDEX alarm_district_idx ON alarm (district_code, id DESC);
    CREATE INDEX alarm_insurer_idx ON alarm (insurer_id, id DESC);
    CREATE INDEX alarm_open_idx ON alarm (kind) WHERE state = 1;

    CREATE TABLE alarm_ack (
      alarm_id integer NOT NULL REFERENCES alarm(id) ON DELETE CASCADE,
      user_id integer NOT NULL,
      org_id integer,
      by_name varchar(50) NOT NULL DEFAULT '',
      acked_at timestamptz NOT NULL,
      PRIMARY KEY (alarm_id, user_id)
    );
    CREATE INDEX alarm_ack_user_idx ON alarm_ack (user_id);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP TABLE alarm_ack;
    DROP TABLE alarm;
    DROP TABLE ent_risk_history;
    DROP TABLE ent_risk;
    DROP TABLE risk_rule_set;
    DROP TABLE ap_hazard_handling;
    DROP TABLE ap_hazard_rectification;
    DELETE FROM ap_hazard WHERE source <> 1;
    DROP INDEX ap_hazard_open_idx;
    DROP INDEX ap_hazard_finder_idx;
    DROP INDEX ap_hazard_ent_open_idx;
    ALTER TABLE ap_hazard DROP CONSTRAINT ap_hazard_origin_ck;
    ALTER TABLE ap_hazard DROP CONSTRAINT ap_hazard_source_ck;
    ALTER TABLE ap_hazard DROP COLUMN last_handling;
    ALTER TABLE ap_hazard DROP COLUMN handling_count;
    ALTER TABLE ap_hazard DROP COLUMN governance_plan;
    ALTER TABLE ap_hazard DROP COLUMN completed_at;
    ALTER TABLE ap_hazard DROP COLUMN reported_at;
    ALTER TABLE ap_hazard DROP COLUMN rework_count;
    ALTER TABLE ap_hazard DROP COLUMN location;
    ALTER TABLE ap_hazard DROP COLUMN live;
    ALTER TABLE ap_hazard DROP COLUMN finder_org_id;
    ALTER TABLE ap_hazard DROP COLUMN source;
    ALTER TABLE ap_hazard ALTER COLUMN insurer_id SET NOT NULL;
    ALTER TABLE ap_hazard ALTER COLUMN record_id SET NOT NULL;
    ALTER TABLE ap_hazard ALTER COLUMN plan_id SET NOT NULL;
    `,
  );
}
