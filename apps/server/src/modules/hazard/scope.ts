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

/** A key naming the rows an actor sees (cached list totals, platform/count-cache.ts). */
export function hzScopeKey(a: HzActor): string {
  if (a.kind === 'government') return `government:${a.districts.join(',')}`;
  if (a.kind === 'none') return 'none';
  return `${a.kind}:${a.orgId}`;
}

/**
 * Whether the insurer `insurerId` insures the enterprise of column `entRef` (approved, not ended on `today`).
 * `perRow`: looked up for each row the query reads (ins_policy_enterprise_idx), for a page read in list order
 * that stops after a few rows; without it PostgreSQL may first collect every enterprise the insurer insures
 * into a hash (ins_policy_insurer_live_idx), better when all matching rows are read (a count, statistics).
 * "offset 0" is what keeps PostgreSQL from turning the lookup into that hash.
 */
export function insuresExpr(entRef: string, insurerId: number, today: string, perRow = false) {
  return sql<SqlBool>`exists (select 1 from ins_policy ip where ip.enterprise_id = ${sql.ref(entRef)} and ip.insurer_id = ${insurerId} and ip.status = 'approved' and ip.end_date >= ${today}${perRow ? sql` offset 0` : sql``})`;
}

/**
 * The hazards (alias h) an actor sees. `page`: the query reads a page in list order (an insurer's policies
 * are then looked up per row read, see insuresExpr).
 */
export function hazardScope(a: HzActor, today: string, page = false) {
  return (eb: ExpressionBuilder<DB & { h: DB['apHazard'] }, 'h'>): Expression<SqlBool> => {
    // A literal (not a parameter): generic plans keep the partial indexes of live hazards (openExpr).
    const live = eb('h.live', '=', sql.lit(true));
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
            insuresExpr('h.enterprise_id', a.orgId, today, page),
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
