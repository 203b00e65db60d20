import { type Kysely, sql } from 'kysely';

/**
 * Per-day rollups of the cockpit's heavy figures (issue 19; modules/stats/rollup.ts), refreshed incrementally:
 *  - st_policy_day: issued policies (approved or cancelled) by start day, district, 4-character work-safety
 *    industry and insurer. Kind 'L' rows count each policy whole under its lead insurer (the city's figures);
 *    kind 'S' rows count it once for each insurer taking part (ins_policy_coinsurer), money by that insurer's
 *    share, each share rounded to the cent (an insurer's own figures);
 *  - st_claim_day: claims by China day of report, district, industry, accident type and level (kind 'L',
 *    insurer 0; satisfaction over every claim, the rest without withdrawn ones) and by insurer taking part
 *    with its shares (kind 'S', withdrawn ones left out);
 *  - st_fund_day: prevention funds by their policy's start and end day, district and insurer;
 *  - st_plan_day: service plans by China day of planned start, district, provider and item (planned, done,
 *    spend and hazards of done ones); st_hazard_day: live hazards by check day, district, deadline, major and
 *    rectified (overdue = not rectified with a deadline before the day asked, 'infinity' for none);
 *  - st_uptake / st_uptake_day: must-insure, insured and voluntary enterprises as of a day, by district and
 *    industry (snapshots made when asked for, dropped when a write touches their day);
 *  - st_dirty: the days a write touched, queued by triggers in the writing transaction (whatever module or
 *    import writes), emptied by the refresh that recomputes those days; st_rollup_state: when that last ran.
 * The rollups are filled from the records here, so an existing database starts complete.
 */
const STATEMENTS = [
  `CREATE TABLE st_policy_day (
    day date NOT NULL, kind char(1) NOT NULL, district_code varchar(6) COLLATE "C" NOT NULL,
    ind varchar(4) COLLATE "C" NOT NULL, insurer_id integer NOT NULL, policies integer NOT NULL, coinsured integer NOT NULL, premium numeric NOT NULL,
    lim numeric NOT NULL, fee numeric NOT NULL, headcount bigint NOT NULL, frequency bigint NOT NULL,
    PRIMARY KEY (day, kind, district_code, ind, insurer_id))`,
  `CREATE TABLE st_claim_day (
    day date NOT NULL, kind char(1) NOT NULL, district_code varchar(6) COLLATE "C" NOT NULL,
    ind varchar(4) COLLATE "C" NOT NULL, insurer_id integer NOT NULL, accident_type varchar(4) COLLATE "C" NOT NULL, accident_level smallint NOT NULL,
    claims integer NOT NULL, closed integer NOT NULL, paid numeric NOT NULL, closed_paid numeric NOT NULL,
    deaths bigint NOT NULL, injuries bigint NOT NULL, sat_sum bigint NOT NULL, sat_n integer NOT NULL,
    PRIMARY KEY (day, kind, district_code, ind, insurer_id, accident_type, accident_level))`,
  `CREATE TABLE st_fund_day (
    day date NOT NULL, end_day date NOT NULL, district_code varchar(6) COLLATE "C" NOT NULL, insurer_id integer NOT NULL,
    accrued numeric NOT NULL, spent numeric NOT NULL, PRIMARY KEY (day, end_day, district_code, insurer_id))`,
  `CREATE TABLE st_plan_day (
    day date NOT NULL, district_code varchar(6) COLLATE "C" NOT NULL, provider_org_id integer NOT NULL,
    item varchar(2) COLLATE "C" NOT NULL, planned integer NOT NULL, done integer NOT NULL, spend numeric NOT NULL,
    hazards bigint NOT NULL, major bigint NOT NULL, PRIMARY KEY (day, district_code, provider_org_id, item))`,
  `CREATE TABLE st_hazard_day (
    day date NOT NULL, district_code varchar(6) COLLATE "C" NOT NULL, deadline date NOT NULL, major boolean NOT NULL,
    rectified boolean NOT NULL, found integer NOT NULL, PRIMARY KEY (day, district_code, deadline, major, rectified))`,
  `CREATE TABLE st_uptake_day (as_of date PRIMARY KEY, computed_at timestamptz NOT NULL)`,
  `CREATE TABLE st_uptake (
    as_of date NOT NULL REFERENCES st_uptake_day(as_of) ON DELETE CASCADE,
    district_code varchar(6) COLLATE "C" NOT NULL, ind varchar(4) COLLATE "C" NOT NULL, must integer NOT NULL, insured integer NOT NULL, vol integer NOT NULL,
    PRIMARY KEY (as_of, district_code, ind))`,
  `CREATE TABLE st_dirty (kind varchar(8) NOT NULL, day date NOT NULL, day_to date NOT NULL)`,
  `CREATE TABLE st_rollup_state (id integer PRIMARY KEY CHECK (id = 1), refreshed_at timestamptz NOT NULL)`,
  `INSERT INTO st_rollup_state (id, refreshed_at) VALUES (1, now())`,
  // The refresh recomputes a day's rows from these.
  `CREATE INDEX ins_policy_start_idx ON ins_policy (start_date)`,
  `CREATE INDEX ins_claim_reported_idx ON ins_claim (reported_at)`,
  `CREATE INDEX ap_fund_policy_idx ON ap_fund (policy_id)`,
  // Live parts of the figures: claims registered and unpaid (a current state), enterprises served.
  `CREATE INDEX ins_claim_unpaid_idx ON ins_claim (registered_at) WHERE phase IN ('registered', 'surveyed', 'assessed') AND first_paid_at IS NULL`,
  `CREATE INDEX ap_plan_done_idx ON ap_plan (planned_start, district_code, enterprise_id) WHERE status = 2`,

  // Policies: the start day (old and new) of every changed policy; the uptake days an approved one covers
  // (on an update only when what uptake reads changed: status, period or enterprise).
  `CREATE FUNCTION st_policy_rows_dirty() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    IF TG_OP = 'UPDATE' THEN
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'policy', x.d, x.d FROM (SELECT o.start_date AS d FROM old_rows o UNION SELECT n.start_date FROM new_rows n) x;
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'uptake', x.f, x.t FROM (
        SELECT o.start_date AS f, o.end_date AS t, o.status AS s FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.status, o.start_date, o.end_date, o.enterprise_id) IS DISTINCT FROM (n.status, n.start_date, n.end_date, n.enterprise_id)
        UNION ALL
        SELECT n.start_date, n.end_date, n.status FROM old_rows o JOIN new_rows n ON n.id = o.id
          WHERE (o.status, o.start_date, o.end_date, o.enterprise_id) IS DISTINCT FROM (n.status, n.start_date, n.end_date, n.enterprise_id)
      ) x WHERE x.s = 'approved';
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'policy', o.start_date, o.start_date FROM old_rows o;
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'uptake', o.start_date, o.end_date FROM old_rows o WHERE o.status = 'approved';
    ELSE
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'policy', n.start_date, n.start_date FROM new_rows n;
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'uptake', n.start_date, n.end_date FROM new_rows n WHERE n.status = 'approved';
    END IF;
    RETURN NULL; END $$`,
  `CREATE TRIGGER st_policy_ins AFTER INSERT ON ins_policy REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION st_policy_rows_dirty()`,
  `CREATE TRIGGER st_policy_upd AFTER UPDATE ON ins_policy REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION st_policy_rows_dirty()`,
  `CREATE TRIGGER st_policy_del AFTER DELETE ON ins_policy REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION st_policy_rows_dirty()`,

  // Co-insurers and funds: their policy's start day.
  `CREATE FUNCTION st_policy_child_dirty() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'policy', p.start_date, p.start_date FROM old_rows o JOIN ins_policy p ON p.id = o.policy_id;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'policy', p.start_date, p.start_date FROM new_rows n JOIN ins_policy p ON p.id = n.policy_id;
    END IF;
    RETURN NULL; END $$`,
  `CREATE TRIGGER st_coinsurer_ins AFTER INSERT ON ins_policy_coinsurer REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION st_policy_child_dirty()`,
  `CREATE TRIGGER st_coinsurer_upd AFTER UPDATE ON ins_policy_coinsurer REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION st_policy_child_dirty()`,
  `CREATE TRIGGER st_coinsurer_del AFTER DELETE ON ins_policy_coinsurer REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION st_policy_child_dirty()`,
  `CREATE TRIGGER st_fund_ins AFTER INSERT ON ap_fund REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION st_policy_child_dirty()`,
  `CREATE TRIGGER st_fund_upd AFTER UPDATE ON ap_fund REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION st_policy_child_dirty()`,
  `CREATE TRIGGER st_fund_del AFTER DELETE ON ap_fund REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION st_policy_child_dirty()`,

  // Claims: the China day of report (old and new).
  `CREATE FUNCTION st_claim_rows_dirty() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'claim', (o.reported_at AT TIME ZONE 'Asia/Shanghai')::date, (o.reported_at AT TIME ZONE 'Asia/Shanghai')::date FROM old_rows o;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'claim', (n.reported_at AT TIME ZONE 'Asia/Shanghai')::date, (n.reported_at AT TIME ZONE 'Asia/Shanghai')::date FROM new_rows n;
    END IF;
    RETURN NULL; END $$`,
  `CREATE TRIGGER st_claim_ins AFTER INSERT ON ins_claim REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION st_claim_rows_dirty()`,
  `CREATE TRIGGER st_claim_upd AFTER UPDATE ON ins_claim REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION st_claim_rows_dirty()`,
  `CREATE TRIGGER st_claim_del AFTER DELETE ON ins_claim REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION st_claim_rows_dirty()`,

  // Plans: the China day of their planned start; live hazards: their check day.
  `CREATE FUNCTION st_plan_rows_dirty() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'plan', (o.planned_start AT TIME ZONE 'Asia/Shanghai')::date, (o.planned_start AT TIME ZONE 'Asia/Shanghai')::date FROM old_rows o;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'plan', (n.planned_start AT TIME ZONE 'Asia/Shanghai')::date, (n.planned_start AT TIME ZONE 'Asia/Shanghai')::date FROM new_rows n;
    END IF;
    RETURN NULL; END $$`,
  `CREATE TRIGGER st_plan_ins AFTER INSERT ON ap_plan REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION st_plan_rows_dirty()`,
  `CREATE TRIGGER st_plan_upd AFTER UPDATE ON ap_plan REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION st_plan_rows_dirty()`,
  `CREATE TRIGGER st_plan_del AFTER DELETE ON ap_plan REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION st_plan_rows_dirty()`,
  `CREATE FUNCTION st_hazard_rows_dirty() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'hazard', o.check_date, o.check_date FROM old_rows o;
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'hazard', n.check_date, n.check_date FROM new_rows n;
    END IF;
    RETURN NULL; END $$`,
  `CREATE TRIGGER st_hazard_ins AFTER INSERT ON ap_hazard REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION st_hazard_rows_dirty()`,
  `CREATE TRIGGER st_hazard_upd AFTER UPDATE ON ap_hazard REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION st_hazard_rows_dirty()`,
  `CREATE TRIGGER st_hazard_del AFTER DELETE ON ap_hazard REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION st_hazard_rows_dirty()`,

  // Enterprises (district, deletion, obligation, industry): every uptake snapshot.
  `CREATE FUNCTION st_enterprise_dirty() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
    INSERT INTO st_dirty (kind, day, day_to) VALUES ('uptake', '-infinity', 'infinity');
    RETURN NULL; END $$`,
  `CREATE TRIGGER st_enterprise_chg AFTER INSERT OR DELETE OR UPDATE OF must_insure, ws_industry_code ON ins_enterprise FOR EACH STATEMENT EXECUTE FUNCTION st_enterprise_dirty()`,
  `CREATE TRIGGER st_org_chg AFTER INSERT OR DELETE OR UPDATE OF district_code, deleted_at, org_type ON sys_org FOR EACH STATEMENT EXECUTE FUNCTION st_enterprise_dirty()`,

  // Filled from the records.
  `INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'policy', start_date, start_date FROM ins_policy`,
  `INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'plan', (planned_start AT TIME ZONE 'Asia/Shanghai')::date, (planned_start AT TIME ZONE 'Asia/Shanghai')::date FROM ap_plan`,
  `INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'hazard', check_date, check_date FROM ap_hazard`,
  `INSERT INTO st_dirty (kind, day, day_to) SELECT DISTINCT 'claim', (reported_at AT TIME ZONE 'Asia/Shanghai')::date, (reported_at AT TIME ZONE 'Asia/Shanghai')::date FROM ins_claim`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const s of STATEMENTS) await sql.raw(s).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const s of [
    'DROP TRIGGER IF EXISTS st_org_chg ON sys_org',
    'DROP TRIGGER IF EXISTS st_plan_ins ON ap_plan',
    'DROP TRIGGER IF EXISTS st_plan_upd ON ap_plan',
    'DROP TRIGGER IF EXISTS st_plan_del ON ap_plan',
    'DROP TRIGGER IF EXISTS st_hazard_ins ON ap_hazard',
    'DROP TRIGGER IF EXISTS st_hazard_upd ON ap_hazard',
    'DROP TRIGGER IF EXISTS st_hazard_del ON ap_hazard',
    'DROP FUNCTION IF EXISTS st_plan_rows_dirty()',
    'DROP FUNCTION IF EXISTS st_hazard_rows_dirty()',
    'DROP INDEX IF EXISTS ins_claim_unpaid_idx',
    'DROP INDEX IF EXISTS ap_plan_done_idx',
    'DROP TRIGGER IF EXISTS st_enterprise_chg ON ins_enterprise',
    'DROP TRIGGER IF EXISTS st_claim_ins ON ins_claim',
    'DROP TRIGGER IF EXISTS st_claim_upd ON ins_claim',
    'DROP TRIGGER IF EXISTS st_claim_del ON ins_claim',
    'DROP TRIGGER IF EXISTS st_fund_ins ON ap_fund',
    'DROP TRIGGER IF EXISTS st_fund_upd ON ap_fund',
    'DROP TRIGGER IF EXISTS st_fund_del ON ap_fund',
    'DROP TRIGGER IF EXISTS st_coinsurer_ins ON ins_policy_coinsurer',
    'DROP TRIGGER IF EXISTS st_coinsurer_upd ON ins_policy_coinsurer',
    'DROP TRIGGER IF EXISTS st_coinsurer_del ON ins_policy_coinsurer',
    'DROP TRIGGER IF EXISTS st_policy_ins ON ins_policy',
    'DROP TRIGGER IF EXISTS st_policy_upd ON ins_policy',
    'DROP TRIGGER IF EXISTS st_policy_del ON ins_policy',
    'DROP FUNCTION IF EXISTS st_enterprise_dirty()',
    'DROP FUNCTION IF EXISTS st_claim_rows_dirty()',
    'DROP FUNCTION IF EXISTS st_policy_child_dirty()',
    'DROP FUNCTION IF EXISTS st_policy_rows_dirty()',
    'DROP INDEX IF EXISTS ins_policy_start_idx',
    'DROP INDEX IF EXISTS ins_claim_reported_idx',
    'DROP INDEX IF EXISTS ap_fund_policy_idx',
    'DROP TABLE IF EXISTS st_uptake, st_uptake_day, st_plan_day, st_hazard_day, st_policy_day, st_claim_day, st_fund_day, st_dirty, st_rollup_state',
  ])
    await sql.raw(s).execute(db);
}
