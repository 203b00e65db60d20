import { CITY_CODE } from '@aqzrx/contracts';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { AuthContext, Db } from '../../platform/context.ts';

/**
 * Audience rules shared by notices (who may read) and messages (who receives):
 *  - roles: an empty list means every role;
 *  - districts: an empty list means the whole city; otherwise a person matches when one of their
 *    district codes (sys_user.district_codes, or their organisation's district) is in the list, and a
 *    city-level code (321300) matches every district.
 */

/** A city-level code covers all its districts (321300 → every 3213xx). */
export function isCityLevel(code: string): boolean {
  return code === CITY_CODE || /^\d{4}00$/.test(code);
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
      .select('districtCode')
      .where('id', '=', auth.orgId)
      .executeTakeFirst();
    if (org?.districtCode) codes.add(org.districtCode);
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
    o.district_code IN (${list}) OR o.district_code ~ '^[0-9]{4}00$'
    OR string_to_array(u.district_codes, ',') && ARRAY[${list}]::text[]
    OR EXISTS (SELECT 1 FROM unnest(string_to_array(u.district_codes, ',')) AS c(code) WHERE c.code ~ '^[0-9]{4}00$')
  )`;
  return sql<SqlBool>`(${roleOk} AND ${districtOk})`;
}

/** Splits a stored comma list. */
export function splitList(s: string): string[] {
  return s ? s.split(',').filter(Boolean) : [];
}
