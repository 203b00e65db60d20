import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AuthContext, Db } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { resolveActor } from '../enterprise/index.ts';

/**
 * Who acts on hazards and what they see: an enterprise its own; a service or expert organisation the
 * hazards it found; an insurer those of the enterprises it insures (a policy approved and not ended) and
 * the ones it found itself; a regulator those of its districts. Anyone else nothing. Only live hazards
 * (a service check's rows once its record is submitted). Out of scope answers exactly as missing (404).
 */
export type HzActor =
  | {
      kind: 'insurer' | 'enterprise' | 'service' | 'expert';
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
  | { kind: 'none'; userId: number; name: string; orgName: string };

export async function hzActor(db: Db, auth: AuthContext): Promise<HzActor> {
  const a = await resolveActor(db, auth);
  if (a.kind !== 'none' || auth.orgId === null) return a;
  const org = await db
    .selectFrom('sysOrg')
    .select('orgType')
    .where('id', '=', auth.orgId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return org?.orgType === 'service' || org?.orgType === 'expert'
    ? { kind: org.orgType, orgId: auth.orgId, userId: a.userId, name: a.name, orgName: a.orgName }
    : a;
}

const NONE = sql<SqlBool>`false`;

/** Whether the insurer `insurerId` insures the enterprise of column `entRef` (approved, not ended on `today`). */
export function insuresExpr(entRef: string, insurerId: number, today: string) {
  return sql<SqlBool>`exists (select 1 from ins_policy ip where ip.enterprise_id = ${sql.ref(entRef)} and ip.insurer_id = ${insurerId} and ip.status = 'approved' and ip.end_date >= ${today})`;
}

/** The hazards (alias h) an actor sees. */
export function hazardScope(a: HzActor, today: string) {
  return (eb: ExpressionBuilder<DB & { h: DB['apHazard'] }, 'h'>): Expression<SqlBool> => {
    const live = eb('h.live', '=', true);
    switch (a.kind) {
      case 'enterprise':
        return eb.and([live, eb('h.enterpriseId', '=', a.orgId)]);
      case 'service':
      case 'expert':
        return eb.and([live, eb('h.finderOrgId', '=', a.orgId)]);
      case 'insurer':
        return eb.and([
          live,
          eb.or([
            eb('h.insurerId', '=', a.orgId),
            eb('h.finderOrgId', '=', a.orgId),
            insuresExpr('h.enterprise_id', a.orgId, today),
          ]),
        ]);
      case 'government':
        return a.districts.length ? eb.and([live, eb('h.districtCode', 'in', a.districts)]) : NONE;
      default:
        return NONE;
    }
  };
}

/** The enterprises (alias o: sys_org) a regulator sees: those of its districts. */
export function requireGov(a: HzActor): asserts a is Extract<HzActor, { kind: 'government' }> {
  if (a.kind !== 'government') throw notFound();
}

export function requireKind<K extends 'insurer' | 'enterprise' | 'service' | 'expert'>(
  a: HzActor,
  ...kinds: K[]
): asserts a is Extract<HzActor, { orgId: number }> & { kind: K } {
  if (!(kinds as string[]).includes(a.kind)) throw notFound();
}

/** Whether the actor is the checker of a hazard: the finder of a service/insurer check, the enterprise of a self-check. */
export function isChecker(
  a: HzActor,
  h: { source: number; finderOrgId: number | null; enterpriseId: number },
) {
  if (a.kind === 'none' || a.kind === 'government') return false;
  if (h.source === 3) return a.kind === 'enterprise' && a.orgId === h.enterpriseId;
  if (h.source === 2) return a.kind === 'insurer' && a.orgId === h.finderOrgId;
  return (a.kind === 'service' || a.kind === 'expert') && a.orgId === h.finderOrgId;
}
