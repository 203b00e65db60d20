import { DISTRICTS } from '@aqzrx/contracts';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { AuthContext, Db } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { resolveActor } from '../enterprise/index.ts';

/**
 * Who acts on prevention records and what they see (issue 13 scope): an insurer its own projects and
 * their plans; a service or expert organisation what it is assigned; an enterprise its own; a regulator
 * the enterprises of its districts. Anyone else (the operations admin) sees nothing. Out of scope answers
 * exactly as missing (404).
 */
export type PrevActor =
  | { kind: 'insurer' | 'enterprise' | 'service' | 'expert'; orgId: number; userId: number; name: string }
  | { kind: 'government'; orgId: number | null; userId: number; name: string; districts: string[] }
  | { kind: 'none'; userId: number; name: string };

export async function prevActor(db: Db, auth: AuthContext): Promise<PrevActor> {
  const base = { userId: auth.userId, name: auth.nickname || auth.username };
  const a = await resolveActor(db, auth);
  if (a.kind === 'insurer' || a.kind === 'enterprise') return { kind: a.kind, orgId: a.orgId, ...base };
  if (a.kind === 'government') return { kind: 'government', orgId: a.orgId, districts: a.districts, ...base };
  if (auth.orgId === null) return { kind: 'none', ...base };
  const orgType = await providerTypeOf(db, auth.orgId);
  return orgType ? { kind: orgType, orgId: auth.orgId, ...base } : { kind: 'none', ...base };
}

/** Organisation kinds change practically never: a minute's cache saves a query per request (as actor.ts). */
const ORG_TTL_MS = 60_000;
const providerCache = new WeakMap<object, Map<number, { at: number; type: 'service' | 'expert' | null }>>();

async function providerTypeOf(db: Db, orgId: number): Promise<'service' | 'expert' | null> {
  let cache = providerCache.get(db);
  if (!cache) {
    cache = new Map();
    providerCache.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(orgId);
  if (hit && now - hit.at < ORG_TTL_MS && now >= hit.at) return hit.type;
  const org = await db
    .selectFrom('sysOrg')
    .select('orgType')
    .where('id', '=', orgId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  const type = org?.orgType === 'service' || org?.orgType === 'expert' ? org.orgType : null;
  if (cache.size > 10_000) cache.clear();
  cache.set(orgId, { at: now, type });
  return type;
}

const NONE = sql<SqlBool>`false`;
const ALL_DISTRICTS = DISTRICTS.map((d) => d.value);

/** The plans (alias p) an actor sees. */
export function planScope(a: PrevActor) {
  return (eb: ExpressionBuilder<DB & { p: DB['apPlan'] }, 'p'>): Expression<SqlBool> => {
    switch (a.kind) {
      case 'insurer':
        return eb('p.insurerId', '=', a.orgId);
      case 'service':
      case 'expert':
        return eb('p.providerOrgId', '=', a.orgId);
      case 'enterprise':
        return eb('p.enterpriseId', '=', a.orgId);
      case 'government':
        return a.districts.length ? eb('p.districtCode', 'in', a.districts) : NONE;
      default:
        return NONE;
    }
  };
}

/** The projects (alias j) an actor sees. */
export function projectScope(a: PrevActor) {
  return (eb: ExpressionBuilder<DB & { j: DB['apProject'] }, 'j'>): Expression<SqlBool> => {
    switch (a.kind) {
      case 'insurer':
        return eb('j.insurerId', '=', a.orgId);
      case 'service':
      case 'expert':
        return eb.exists(
          eb
            .selectFrom('apProjectOrg as po')
            .select(sql`1`.as('x'))
            .whereRef('po.projectId', '=', 'j.id')
            .where('po.orgId', '=', a.orgId),
        );
      case 'enterprise':
        return eb.exists(
          eb
            .selectFrom('apProjectPolicy as pp')
            .select(sql`1`.as('x'))
            .whereRef('pp.projectId', '=', 'j.id')
            .where('pp.enterpriseId', '=', a.orgId),
        );
      case 'government':
        if (!a.districts.length) return NONE;
        return eb.exists(
          eb
            .selectFrom('apProjectPolicy as pp')
            .select(sql`1`.as('x'))
            .whereRef('pp.projectId', '=', 'j.id')
            .where('pp.districtCode', 'in', a.districts),
        );
      default:
        return NONE;
    }
  };
}

/** The funds (alias f) an actor sees: an insurer its own, a regulator those of its districts. */
export function fundScope(a: PrevActor) {
  return (eb: ExpressionBuilder<DB & { f: DB['apFund'] }, 'f'>): Expression<SqlBool> => {
    if (a.kind === 'insurer') return eb('f.insurerId', '=', a.orgId);
    if (a.kind === 'government' && a.districts.length) return eb('f.districtCode', 'in', a.districts);
    return NONE;
  };
}

/** The districts an actor's overview covers (a regulator's own; an insurer and others the whole city). */
export function overviewDistricts(a: PrevActor): string[] {
  return a.kind === 'government' ? a.districts : ALL_DISTRICTS;
}

export function requireKind<K extends PrevActor['kind']>(
  a: PrevActor,
  ...kinds: K[]
): asserts a is Extract<PrevActor, { kind: K }> {
  if (!(kinds as string[]).includes(a.kind)) throw notFound();
}

/** The actor as the scope's SQL takes it, its organisation or districts replaced by template slots. */
export function slottedActor(a: PrevActor, v: Record<string, unknown>): PrevActor {
  if (a.kind === 'government') return { ...a, districts: v.districts as string[] };
  if (a.kind === 'none') return a;
  return { ...a, orgId: v.orgId as number };
}

/** A cache key part naming the actor's scope (list totals are cached per scope and filters). */
export function scopeKey(a: PrevActor): string {
  if (a.kind === 'government') return `g:${a.districts.join(',')}`;
  if (a.kind === 'none') return 'none';
  return `${a.kind}:${a.orgId}`;
}
