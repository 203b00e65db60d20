import { CITY_CODE, DISTRICTS } from '@aqzrx/contracts';
import type { AuthContext, Db } from './context.ts';

/**
 * Who is acting on insurance records, by the kind of organisation the user belongs to (roles are data;
 * the organisation decides the row scope): an enterprise sees its own records, an insurer the policies
 * it underwrites (lead or co-insurer) and their claims and endorsements, a government user the records
 * of its districts. Anyone else sees nothing.
 */
export type Actor =
  | { kind: 'enterprise'; orgId: number; userId: number; name: string; orgName: string }
  | { kind: 'insurer'; orgId: number; userId: number; name: string; orgName: string }
  | {
      kind: 'government';
      orgId: number | null;
      userId: number;
      name: string;
      orgName: string;
      districts: string[];
    }
  | { kind: 'none'; userId: number; name: string; orgName: string };

const ALL_DISTRICTS = DISTRICTS.map((d) => d.value);

/** Organisation kinds change practically never; a minute's cache saves a query on every request. */
const ORG_TTL_MS = 60_000;
const orgCache = new WeakMap<
  Db,
  Map<number, { at: number; org: { orgType: string; districtCode: string | null } | undefined }>
>();

async function orgOf(db: Db, orgId: number) {
  let cache = orgCache.get(db);
  if (!cache) {
    cache = new Map();
    orgCache.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(orgId);
  if (hit && now - hit.at < ORG_TTL_MS && now >= hit.at) return hit.org;
  const org = await db
    .selectFrom('sysOrg')
    .select(['orgType', 'districtCode'])
    .where('id', '=', orgId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (cache.size > 10_000) cache.clear();
  cache.set(orgId, { at: now, org });
  return org;
}

export async function resolveActor(db: Db, auth: AuthContext): Promise<Actor> {
  const base = { userId: auth.userId, name: auth.nickname || auth.username, orgName: auth.orgName };
  if (auth.orgId === null) return { kind: 'none', ...base };
  const org = await orgOf(db, auth.orgId);
  if (!org) return { kind: 'none', ...base };
  if (org.orgType === 'enterprise') return { kind: 'enterprise', orgId: auth.orgId, ...base };
  if (org.orgType === 'insurer') return { kind: 'insurer', orgId: auth.orgId, ...base };
  if (org.orgType === 'government') {
    let districts = auth.districtCodes.filter((d) => DISTRICTS.has(d));
    if (auth.districtCodes.length === 0) {
      if (org.districtCode === CITY_CODE) districts = ALL_DISTRICTS;
      else if (org.districtCode && DISTRICTS.has(org.districtCode)) districts = [org.districtCode];
    }
    return { kind: 'government', orgId: auth.orgId, districts, ...base };
  }
  return { kind: 'none', ...base };
}

/** A key naming the actor's row scope (for cached totals, platform/count-cache.ts). */
export function scopeKey(actor: Actor): string {
  if (actor.kind === 'enterprise' || actor.kind === 'insurer') return `${actor.kind}:${actor.orgId}`;
  if (actor.kind === 'government') return `government:${actor.districts.join(',')}`;
  return 'none';
}
