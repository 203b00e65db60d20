import { DISTRICTS, RoleKey } from '@aqzrx/contracts';
import type { AuthContext, Db } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { resolveActor } from '../enterprise/index.ts';

/**
 * The districts whose figures a user sees: the operations administrator the whole city, a regulator its
 * districts (sys_user.district_codes, or its organisation's district; a city-level organisation every
 * district). `districtCode` narrows to one of them; one outside, and every other user, answers 404.
 */
export async function statDistricts(db: Db, auth: AuthContext, districtCode?: string): Promise<string[]> {
  let ds: string[];
  if (auth.roleKey === RoleKey.ADMIN) ds = DISTRICTS.map((d) => d.value);
  else {
    const a = await resolveActor(db, auth);
    if (a.kind !== 'government' || a.districts.length === 0) throw notFound();
    ds = a.districts;
  }
  if (districtCode === undefined) return ds;
  if (!ds.includes(districtCode)) throw notFound('区县不存在或不在本辖区');
  return [districtCode];
}
