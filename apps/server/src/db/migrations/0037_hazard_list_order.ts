import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * The hazard module's lists at 1,000,000 hazards (issue 18): each page is read by walking an index in the
 * list's own order and stops after the page, instead of sorting every match (EXPLAIN on a scratch database of
 * 100,000 enterprises, 1,000,000 hazards and 257,000 alarms; figures in the module README):
 *  - ins_policy_insurer_live_idx: the enterprises an insurer insures (its approved policies not ended), read
 *    from the index alone when an insurer's hazard count collects them (instead of reading every policy);
 *  - ap_hazard_open_order_idx replaces ap_hazard_open_idx (deadline) with (deadline, id DESC): the regulator's
 *    disposal list (nearest deadline first, then the newest) without sorting each day's hazards;
 *    ap_hazard_open_district_idx: the same per district, for one district's regulator whatever its share;
 *  - ap_hazard_major_idx: the major hazards of a district (重大隐患 tab, newest first) and their count;
 *  - alarm_order_idx (open first, newest first) and the district's and insurer's indexes in that order
 *    (replacing the (district_code, id DESC) and (insurer_id, id DESC) ones);
 *  - ent_risk_order_idx: the risk list's order (level, points, enterprise); ent_risk_level_ent_idx replaces
 *    ent_risk_level_idx (risk_level, district_code) with (risk_level, enterprise_id), the supervision list's
 *    order and the enterprise list's risk filter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE INDEX ins_policy_insurer_live_idx ON ins_policy (insurer_id, end_date) INCLUDE (enterprise_id)
      WHERE status = 'approved';
    CREATE INDEX ap_hazard_open_order_idx ON ap_hazard (deadline, id DESC) WHERE live AND rectify_status <> 1;
    DROP INDEX ap_hazard_open_idx;
    CREATE INDEX ap_hazard_open_district_idx ON ap_hazard (district_code, deadline, id DESC)
      WHERE live AND rectify_status <> 1;
    CREATE INDEX ap_hazard_major_idx ON ap_hazard (district_code, id DESC) WHERE live AND level = 2;
    CREATE INDEX alarm_order_idx ON alarm (state, first_seen_at DESC, id DESC);
    CREATE INDEX alarm_district_order_idx ON alarm (district_code, state, first_seen_at DESC, id DESC);
    DROP INDEX alarm_district_idx;
    CREATE INDEX alarm_insurer_order_idx ON alarm (insurer_id, state, first_seen_at DESC, id DESC);
    DROP INDEX alarm_insurer_idx;
    CREATE INDEX ent_risk_order_idx ON ent_risk (risk_level, points DESC, enterprise_id);
    CREATE INDEX ent_risk_level_ent_idx ON ent_risk (risk_level, enterprise_id);
    DROP INDEX ent_risk_level_idx;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE INDEX ent_risk_level_idx ON ent_risk (risk_level, district_code);
    DROP INDEX ent_risk_level_ent_idx;
    DROP INDEX ent_risk_order_idx;
    CREATE INDEX alarm_insurer_idx ON alarm (insurer_id, id DESC);
    DROP INDEX alarm_insurer_order_idx;
    CREATE INDEX alarm_district_idx ON alarm (district_code, id DESC);
    DROP INDEX alarm_district_order_idx;
    DROP INDEX alarm_order_idx;
    DROP INDEX ap_hazard_major_idx;
    DROP INDEX ap_hazard_open_district_idx;
    CREATE INDEX ap_hazard_open_idx ON ap_hazard (deadline) WHERE live AND rectify_status <> 1;
    DROP INDEX ap_hazard_open_order_idx;
    DROP INDEX ins_policy_insurer_live_idx;
    `,
  );
}
