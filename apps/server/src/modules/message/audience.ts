import {
  CITY_CODE,
  CITY_NAME,
  DISTRICTS,
  governedDistricts,
  isCityLevel,
  optionLabel,
} from '@aqzrx/contracts';

export { governedDistricts, isCityLevel };

import { type Expression, type SqlBool, sql } from 'kysely';
import type { AuthContext, Db } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';

/**
 * Audience rules shared by notices (who may read) and messages (who receives):
 *  - roles: an empty list means every role;
 *  - districts: an empty list means the whole city; otherwise a person matches when one of their
 *    district codes (sys_user.district_codes, or their organisation's district) is in the list, and a
 *    city-level code (321300) matches every district. An insurer's branch sits in one district but
 *    underwrites enterprises in all of them, so its people count as city-level.
 */

/** 宿城区（321302）: a district code as people read it. */
export function districtName(code: string): string {
  const name = isCityLevel(code) ? CITY_NAME : optionLabel(DISTRICTS, code);
  return name ? `${name}（${code}）` : code;
}

/**
 * The target districts of something a person sends or publishes, within what they govern: a city-level
 * person keeps the list as given (empty = the whole city); a district-level one gets their own districts
 * when none are given, and a 400 naming the others when they pick districts outside their own.
 * `what` completes 只能向本人管辖的区县… (e.g. 发送消息, 发布通知).
 */
export function targetsWithin(
  auth: Pick<AuthContext, 'districtCodes'>,
  requested: readonly string[],
  what: string,
): string[] {
  const targets = [...new Set(requested)];
  const own = governedDistricts(auth.districtCodes);
  if (own === null) return targets;
  if (targets.length === 0) return [...own];
  const outside = targets.filter((d) => !own.includes(d));
  if (outside.length > 0) {
    throw badRequest(
      `只能向本人管辖的区县${what}（${own.map(districtName).join('、')}），请去掉：${outside.map(districtName).join('、')}`,
    );
  }
  return targets;
}

/** The district codes a signed-in person belongs to: their own list plus their organisation's district. */
export async function readerDistricts(
  db: Db,
  auth: Pick<AuthContext, 'orgId' | 'districtCodes'>,
): Promise<string[]> {
  const codes = new Set(auth.districtCodes);
  if (auth.orgId !== null) {
    const org = await db
      .selectFrom('sysOrg')
      .select(['districtCode', 'orgType'])
      .where('id', '=', auth.orgId)
      .executeTakeFirst();
    if (org?.districtCode) codes.add(org.districtCode);
    if (org?.orgType === 'insurer') codes.add(CITY_CODE);
  }
  return [...codes];
}

/**
 * SQL condition over a row's comma-separated target columns: true when the reader (role, districts)
 * is in the audience.
 */
export function audienceIncludes(
  targetRoles: Expression<string>,
  targetDistricts: Expression<string>,
  reader: { roleKey: string; districts: string[] },
): Expression<SqlBool> {
  const roleOk = sql<SqlBool>`(${targetRoles} = '' OR ${reader.roleKey} = ANY(string_to_array(${targetRoles}, ',')))`;
  let districtOk: Expression<SqlBool>;
  if (reader.districts.some(isCityLevel)) districtOk = sql<SqlBool>`true`;
  else if (reader.districts.length === 0) districtOk = sql<SqlBool>`(${targetDistricts} = '')`;
  else
    districtOk = sql<SqlBool>`(${targetDistricts} = '' OR string_to_array(${targetDistricts}, ',') && ARRAY[${sql.join(
      reader.districts,
    )}]::text[])`;
  return sql<SqlBool>`(${roleOk} AND ${districtOk})`;
}

/**
 * SQL condition over a user row (alias u, joined org alias o): true when the user is among the
 * audience (role keys and districts; empty lists mean everyone).
 */
export function userInAudience(roleKeys: string[], districts: string[]): Expression<SqlBool> {
  const roleOk =
    roleKeys.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`r.role_key IN (${sql.join(roleKeys)})`;
  if (districts.length === 0 || districts.some(isCityLevel)) return roleOk;
  const list = sql.join(districts);
  const districtOk = sql<SqlBool>`(
    o.district_code IN (${list}) OR o.district_code ~ '^[0-9]{4}00$' OR o.org_type = 'insurer'
    OR string_to_array(u.district_codes, ',') && ARRAY[${list}]::text[]
    OR EXISTS (SELECT 1 FROM unnest(string_to_array(u.district_codes, ',')) AS c(code) WHERE c.code ~ '^[0-9]{4}00$')
  )`;
  return sql<SqlBool>`(${roleOk} AND ${districtOk})`;
}

/**
 * SQL condition: the comma list of district codes in `column` (e.g. 'u.districtCodes') is non-empty and
 * lies within `districts` — what a district-level person may manage (accounts, targeted notices).
 */
export function districtListWithin(column: string, districts: readonly string[]): Expression<SqlBool> {
  const col = sql.ref(column);
  return sql<SqlBool>`(${col} <> '' AND string_to_array(${col}, ',') <@ ARRAY[${sql.join(districts)}]::text[])`;
}

/** Splits a stored comma list. */
export function splitList(s: string): string[] {
  return s ? s.split(',').filter(Boolean) : [];
}
