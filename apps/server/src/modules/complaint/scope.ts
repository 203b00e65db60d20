import { CITY_CODE, DISTRICTS, RoleKey } from '@aqzrx/contracts';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AuthContext, Db } from '../../platform/context.ts';
import { resolveActor } from '../enterprise/index.ts';

/**
 * Who acts on complaints: a complaining organisation (enterprise, insurer, service organisation, expert
 * panel), the operations centre (the administrator: complaints about the platform), or a regulator (the
 * complaints of its districts). Out of scope answers exactly as missing (404).
 */
export type CpActor =
  | {
      kind: 'enterprise' | 'insurer' | 'service' | 'expert';
      orgId: number;
      userId: number;
      name: string;
      orgName: string;
    }
  | {
      kind: 'government';
      orgId: number | null;
      userId: number;
      name: string;
      orgName: string;
      districts: string[];
    }
  | { kind: 'admin'; userId: number; name: string; orgName: string }
  | { kind: 'none'; userId: number; name: string; orgName: string };

const ALL_DISTRICTS = DISTRICTS.map((d) => d.value);

export async function cpActor(db: Db, auth: AuthContext): Promise<CpActor> {
  const base = { userId: auth.userId, name: auth.nickname || auth.username };
  if (auth.roleKey === RoleKey.ADMIN) return { kind: 'admin', ...base, orgName: '运营中心' };
  const a = await resolveActor(db, auth);
  if (a.kind === 'insurer' || a.kind === 'enterprise')
    return { kind: a.kind, orgId: a.orgId, ...base, orgName: a.orgName };
  if (a.kind === 'government')
    return { kind: 'government', orgId: a.orgId, districts: a.districts, ...base, orgName: a.orgName };
  if (auth.orgId === null) return { kind: 'none', ...base, orgName: '' };
  const org = await db
    .selectFrom('sysOrg')
    .select(['orgType', 'name'])
    .where('id', '=', auth.orgId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (org?.orgType === 'service' || org?.orgType === 'expert')
    return { kind: org.orgType, orgId: auth.orgId, ...base, orgName: org.name };
  return { kind: 'none', ...base, orgName: '' };
}

/** The districts a regulator sees, with the city code when it sees all of them (city-level complaints). */
export function regulatorDistricts(a: Extract<CpActor, { kind: 'government' }>): string[] {
  return ALL_DISTRICTS.every((d) => a.districts.includes(d)) ? [...a.districts, CITY_CODE] : a.districts;
}

const NONE = sql<SqlBool>`false`;
type Eb = ExpressionBuilder<DB & { c: DB['cpComplaint'] }, 'c'>;

/** Complaints the actor filed (its organisation's). */
function filed(a: CpActor, eb: Eb): Expression<SqlBool> {
  return 'orgId' in a && a.kind !== 'government' ? eb('c.complainantOrgId', '=', a.orgId) : NONE;
}

/** Complaints the actor handles: routed to it, or (an insurer) against it. */
function handled(a: CpActor, eb: Eb): Expression<SqlBool> {
  switch (a.kind) {
    case 'insurer':
      return eb.or([
        eb.and([eb('c.handlerKind', '=', 'insurer'), eb('c.handlerOrgId', '=', a.orgId)]),
        eb('c.targetOrgId', '=', a.orgId),
      ]);
    case 'admin':
      return eb.or([eb('c.handlerKind', '=', 'admin'), eb('c.targetKind', '=', 'platform')]);
    case 'government': {
      const ds = regulatorDistricts(a);
      return ds.length ? eb('c.districtCode', 'in', ds) : NONE;
    }
    default:
      return NONE;
  }
}

/** The complaints (alias c) of a list view: filed by the caller, or handled by it (the regulator: its districts). */
export function complaintScope(a: CpActor, view: 'filed' | 'handled') {
  return (eb: Eb): Expression<SqlBool> => {
    if (a.kind === 'government' || a.kind === 'admin') return handled(a, eb);
    return view === 'filed' ? filed(a, eb) : handled(a, eb);
  };
}

/** Every complaint the caller may open (detail, files, actions). */
export function complaintVisible(a: CpActor) {
  return (eb: Eb): Expression<SqlBool> => eb.or([filed(a, eb), handled(a, eb)]);
}
