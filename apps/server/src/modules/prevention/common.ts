import {
  chinaDate,
  DISTRICTS,
  DictCategory,
  effectiveProjectState,
  fromCents,
  PLAN_STATUSES,
  type PlanRow,
  PROJECT_STATES,
  type ProjectState,
  RECORD_STATES,
  SERVICE_ITEMS,
  toCents,
  VISIT_STATES,
} from '@aqzrx/contracts';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { bigramSearchable, containsPattern, namedEnterprises } from '../../db/sql.ts';
import type { Db } from '../../platform/context.ts';

/** Money columns come back as numeric text. */
export const num = (v: string | number | null | undefined): number =>
  v === null || v === undefined ? 0 : Number(v);
export const cents = (v: string | number | null | undefined): number => toCents(num(v));
export const yuan = (c: number): number => fromCents(c);
export const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined ? null : d instanceof Date ? d.toISOString() : String(d);
export const today = (now: Date): string => chinaDate(now);

/**
 * The values of a keyword of the fund ledger or the project form's policy picker (see keywordMatch):
 * present keys only, so the key set is the filter's shape.
 */
export function keywordValues(keyword: string): Record<string, unknown> {
  const k = keyword.trim();
  const v: Record<string, unknown> = { kwExact: k, kwLike: containsPattern(k) };
  // Two characters or more: enterprise names are looked up in their pair index (db/sql.ts bigramMatch).
  if (bigramSearchable(k)) v.kwPairs = k;
  return v;
}

/**
 * A keyword over rows naming an enterprise and a policy (the fund ledger, the project form's policies): the
 * enterprise's name contains it (any case) or the policy number is exactly it (a policy number is found
 * whole, as in the policy and claim lists: a part of one would be a scan of every policy).
 *
 * With kwPairs the matching enterprises and the policy are looked up first (`= ANY(ARRAY(subquery))`, the
 * name by the pair index) and the rows by their enterprise or policy index, so a keyword with few matches
 * reads only those (`kwFew`, set by count-cache.ts keywordPageValues for a total below the cap, hides the
 * keyword from the planner so the page keeps one generic plan). Without it (a one-character keyword, or the
 * first pages of a frequent one, see count-cache.ts denseFirstRows) the rows are read in list order and each one's enterprise name is read by
 * its primary key and compared: a page is full after a few rows. `refs` name the row's enterprise and
 * policy id columns; values are `v`'s (real values or a query template's slots).
 */
export function keywordMatch(
  db: Db,
  refs: { enterpriseId: string; policyId: string },
  v: Record<string, unknown>,
): RawBuilder<SqlBool> {
  const policies = db
    .selectFrom('insPolicy as kp')
    .select('kp.id')
    .where('kp.policyNo', '=', v.kwExact as string);
  const enterprise = sql.ref(refs.enterpriseId);
  const policy = sql.ref(refs.policyId);
  if (Object.hasOwn(v, 'kwPairs')) {
    const named = namedEnterprises(db, v);
    return sql<SqlBool>`(${enterprise} = ANY(ARRAY(${named})) OR ${policy} = ANY(ARRAY(${policies})))`;
  }
  const name = db
    .selectFrom('sysOrg as ko')
    .select('ko.name')
    .where(sql<SqlBool>`${sql.ref('ko.id')} = ${enterprise}`);
  return sql<SqlBool>`((${name}) ILIKE ${v.kwLike} OR ${policy} IN (${policies}))`;
}

export function districtLabel(code: string): string {
  return DISTRICTS.label(code) || code;
}

export function projectStateOf(state: number, endDate: string, now: Date) {
  const s = effectiveProjectState(state as ProjectState, endDate, today(now));
  return { state: s, stateLabel: PROJECT_STATES.label(s) };
}

/**
 * The level-2 sub-types of the service items, from the dictionary (category 033, each item `033<nn>` with
 * children whose value is the sub-type code): enabled entries only. Administrators extend the list there.
 */
type SubTypes = Map<string, Array<{ value: string; label: string; isOther: boolean }>>;
/** The dictionary changes rarely: its sub-types are read at most once a minute per database. */
const SUBTYPE_TTL_MS = 60_000;
const subTypeCache = new WeakMap<object, { at: number; value: Promise<SubTypes> }>();

export function serviceSubTypes(db: Db): Promise<SubTypes> {
  const now = Date.now();
  const hit = subTypeCache.get(db);
  if (hit && now - hit.at < SUBTYPE_TTL_MS && now >= hit.at) return hit.value;
  const value = loadSubTypes(db);
  subTypeCache.set(db, { at: now, value });
  value.catch(() => subTypeCache.delete(db));
  return value;
}

async function loadSubTypes(db: Db): Promise<SubTypes> {
  const rows = await db
    .selectFrom('sysDict as c')
    .innerJoin('sysDict as p', 'p.id', 'c.parentId')
    .select(['p.value as item', 'c.value', 'c.name', 'c.sort', 'c.id'])
    .where('p.code', 'like', `${DictCategory.SERVICE_ITEM}__`)
    .where('c.status', '=', 1)
    .where('c.deletedAt', 'is', null)
    .where('p.deletedAt', 'is', null)
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  const out: SubTypes = new Map();
  for (const r of rows) {
    const list = out.get(r.item) ?? [];
    list.push({ value: r.value, label: r.name, isOther: /^其他/.test(r.name) });
    out.set(r.item, list);
  }
  return out;
}

export async function serviceTypeTree(db: Db) {
  const subs = await serviceSubTypes(db);
  return SERVICE_ITEMS.map((i) => ({ value: i.value, label: i.label, children: subs.get(i.value) ?? [] }));
}

export function subTypeLabel(
  subs: Map<string, Array<{ value: string; label: string }>>,
  item: string,
  sub: string | null,
): string {
  if (!sub) return '';
  return subs.get(item)?.find((s) => s.value === sub)?.label ?? sub;
}

/** A plan row of the lists (joined with project, orgs) as the contract's planRow. */
export interface PlanListDbRow {
  id: number;
  projectId: number;
  projectName: string;
  contractNo: string;
  insurerId: number;
  insurerName: string;
  enterpriseId: number;
  enterpriseName: string;
  districtCode: string;
  item: string;
  subType: string | null;
  name: string;
  providerOrgId: number;
  providerName: string;
  plannedStart: Date;
  plannedEnd: Date;
  status: number;
  visitState: string;
  recordState: string | null;
  spend: string;
  hazardCount: number;
  majorHazardCount: number;
  submittedAt: Date | null;
  createdAt: Date;
  version: number;
}

export function toPlanRow(
  r: PlanListDbRow,
  subs: Map<string, Array<{ value: string; label: string }>>,
): PlanRow {
  return {
    id: r.id,
    projectId: r.projectId,
    projectName: r.projectName,
    contractNo: r.contractNo,
    insurerId: r.insurerId,
    insurerName: r.insurerName,
    enterpriseId: r.enterpriseId,
    enterpriseName: r.enterpriseName,
    districtCode: r.districtCode,
    districtName: districtLabel(r.districtCode),
    item: r.item,
    itemLabel: SERVICE_ITEMS.label(r.item),
    subType: r.subType,
    subTypeLabel: subTypeLabel(subs, r.item, r.subType),
    name: r.name,
    providerOrgId: r.providerOrgId,
    providerName: r.providerName,
    plannedStart: r.plannedStart.toISOString(),
    plannedEnd: r.plannedEnd.toISOString(),
    status: r.status,
    statusLabel: PLAN_STATUSES.label(r.status),
    visitState: r.visitState,
    visitStateLabel: VISIT_STATES.label(r.visitState),
    recordState: r.recordState,
    recordStateLabel: RECORD_STATES.label(r.recordState),
    spend: num(r.spend),
    hazardCount: r.hazardCount,
    majorHazardCount: r.majorHazardCount,
    submittedAt: iso(r.submittedAt),
    createdAt: r.createdAt.toISOString(),
    version: r.version,
  };
}

/** Enterprise names of a list of ids (one query). */
export const orgNameSql = (ref: string) => sql<string>`(select name from sys_org where id = ${sql.ref(ref)})`;
