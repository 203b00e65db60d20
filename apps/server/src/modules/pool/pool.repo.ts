import {
  addDays,
  chinaDate,
  EXPIRY_WARN_DAYS,
  expiryFlag,
  governedDistricts,
  maskMobile,
  type PlanExpertOption,
  type PoolExpertRow,
  type PoolOrgRow,
  type PoolServiceRecord,
  type poolExpertListQuery,
  type poolOrgListQuery,
} from '@aqzrx/contracts';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { containsPattern } from '../../db/sql.ts';
import { resolveActor } from '../../platform/actor.ts';
import type { AuthContext, Db } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { decryptPhone } from '../../platform/pii.ts';
import { maskedPhone } from '../../platform/reveal.ts';

/**
 * Who reads the pool and what they see (issue 16): the operations admin every organisation and expert; a
 * regulator those of its districts (an organisation registered in or serving one of them, an expert of
 * one of them; a city-level regulator all); an insurer the active ones (its pool to commission from). The
 * service records listed with an organisation or expert are those the reader may see of prevention
 * (admin: all; regulator: plans in its districts; insurer: its own plans). Out of scope answers 404.
 */
export type PoolActor =
  | { kind: 'admin'; userId: number }
  | { kind: 'government'; userId: number; districts: string[] | null }
  | { kind: 'insurer'; userId: number; orgId: number };

export async function poolActor(db: Db, auth: AuthContext): Promise<PoolActor> {
  const a = await resolveActor(db, auth);
  if (a.kind === 'government')
    return { kind: 'government', userId: a.userId, districts: governedDistricts(a.districts) };
  if (a.kind === 'insurer' || a.kind === 'enterprise')
    return { kind: 'insurer', userId: a.userId, orgId: a.orgId };
  return { kind: 'admin', userId: auth.userId };
}

/**
 * Ratings (documented in the module README): every score an enterprise gave a prevention service of the
 * provider — its evaluation of the confirmed record (ev_satisfaction item 'record', 1-5) and the rating it
 * gave at the provider's follow-up visit (ap_follow_up.rating, 1-5) — averaged with equal weight, one
 * decimal. An expert's rating is the same over the plans whose record names the expert.
 */
const planScores = (planFilter: RawBuilder<SqlBool>) => sql`(
  SELECT s.score AS score FROM ev_satisfaction s JOIN ap_plan p ON p.id = s.target_id
    WHERE s.item = 'record' AND ${planFilter}
  UNION ALL
  SELECT f.rating AS score FROM ap_follow_up f JOIN ap_plan p ON p.id = f.plan_id WHERE ${planFilter}
)`;
const orgPlans = sql<SqlBool>`p.provider_org_id = o.id`;
/**
 * Plans whose record lists the expert (by name and organisation, or name and mobile: the numbers are stored
 * encrypted, so their blind indexes are compared).
 */
const expertPlans = sql<SqlBool>`p.id IN (SELECT r.plan_id FROM ap_record r JOIN ap_record_expert re
  ON re.record_id = r.id WHERE re.name = e.name AND (re.org_id = e.org_id OR (re.phone_hash <> '' AND re.phone_hash = e.mobile_hash)))`;

const avgOf = (plans: RawBuilder<SqlBool>) =>
  sql<string | null>`(SELECT round(avg(x.score)::numeric, 1) FROM ${planScores(plans)} x)`;
const countOf = (plans: RawBuilder<SqlBool>) => sql<string>`(SELECT count(*) FROM ${planScores(plans)} x)`;
const servicesOf = (plans: RawBuilder<SqlBool>) =>
  sql<string>`(SELECT count(*) FROM ap_plan p WHERE p.status = 2 AND ${plans})`;

const jsonHas = (col: string, value: string) =>
  sql<SqlBool>`${sql.ref(col)} @> ${JSON.stringify([value])}::jsonb`;

function expiryWhere(col: string, expiry: 'expiring' | 'expired', today: string) {
  return expiry === 'expired'
    ? sql<SqlBool>`${sql.ref(col)} < ${today}`
    : sql<SqlBool>`${sql.ref(col)} >= ${today} AND ${sql.ref(col)} <= ${addDays(today, EXPIRY_WARN_DAYS)}`;
}

type OrgQ = z.output<typeof poolOrgListQuery>;
type ExpertQ = z.output<typeof poolExpertListQuery>;

function orgBase(db: Db, a: PoolActor) {
  let q = db
    .selectFrom('sysOrg as o')
    .leftJoin('svServiceOrg as s', 's.orgId', 'o.id')
    .where('o.orgType', '=', 'service')
    .where('o.deletedAt', 'is', null);
  if (a.kind === 'insurer') q = q.where('o.status', '=', 1);
  if (a.kind === 'government' && a.districts) {
    const d = a.districts;
    q = q.where((eb) =>
      eb.or([
        eb('o.districtCode', 'in', d),
        sql<SqlBool>`coalesce(s.region_codes, '[]'::jsonb) ?| ARRAY[${sql.join(d)}]::text[]`,
      ]),
    );
  }
  return q;
}

const ORG_COLUMNS = [
  'o.id as orgId',
  'o.name',
  'o.uscc',
  'o.districtCode',
  'o.contactName',
  'o.contactPhoneEnc',
  'o.status',
  'o.version',
  's.orgId as profileId',
  's.serviceItems',
  's.industries',
  's.regionCodes',
  's.certNo',
  's.certExpiry',
  's.staffCount',
  avgOf(orgPlans).as('rating'),
  countOf(orgPlans).as('ratingCount'),
  servicesOf(orgPlans).as('serviceCount'),
  sql<string>`(SELECT count(*) FROM sv_expert x WHERE x.org_id = o.id AND x.deleted_at IS NULL)`.as(
    'expertCount',
  ),
] as const;

type OrgListRow = {
  orgId: number;
  name: string;
  uscc: string | null;
  districtCode: string | null;
  contactName: string;
  contactPhoneEnc: string;
  status: number;
  version: number;
  profileId: number | null;
  serviceItems: string[] | null;
  industries: string[] | null;
  regionCodes: string[] | null;
  certNo: string | null;
  certExpiry: string | null;
  staffCount: number | null;
  rating: string | null;
  ratingCount: string;
  serviceCount: string;
  expertCount: string | null;
};

function orgOut(r: OrgListRow, today: string): PoolOrgRow {
  return {
    orgId: r.orgId,
    name: r.name,
    uscc: r.uscc ?? '',
    districtCode: r.districtCode ?? '',
    contactName: r.contactName,
    // Masked (P04): the full numbers through POST /api/pii/reveal (kind serviceOrg).
    contactPhone: maskedPhone(decryptPhone(r.contactPhoneEnc)),
    status: r.status,
    serviceItems: r.serviceItems ?? [],
    industries: r.industries ?? [],
    regionCodes: r.regionCodes ?? [],
    certNo: r.certNo ?? '',
    certExpiry: r.certExpiry,
    expiryFlag: expiryFlag(r.certExpiry, today),
    staffCount: r.staffCount ?? 0,
    expertCount: Number(r.expertCount ?? 0),
    serviceCount: Number(r.serviceCount),
    rating: r.rating === null ? null : Number(r.rating),
    ratingCount: Number(r.ratingCount),
    hasProfile: r.profileId !== null,
    version: r.version,
  };
}

function orgFilters(db: Db, a: PoolActor, q: Omit<OrgQ, 'pageNo' | 'pageSize'>, today: string) {
  let s = orgBase(db, a);
  if (q.name) s = s.where('o.name', 'ilike', containsPattern(q.name));
  if (q.districtCode) {
    const d = q.districtCode;
    s = s.where((eb) =>
      eb.or([eb('o.districtCode', '=', d), jsonHas('s.regionCodes', d) as unknown as Expression<SqlBool>]),
    );
  }
  if (q.serviceItem) s = s.where(jsonHas('s.serviceItems', q.serviceItem));
  if (q.industry) s = s.where(jsonHas('s.industries', q.industry));
  if (q.status !== undefined && a.kind !== 'insurer') s = s.where('o.status', '=', q.status);
  if (q.expiry) s = s.where(expiryWhere('s.certExpiry', q.expiry, today));
  if (q.minRating !== undefined && q.minRating > 0)
    s = s.where(sql<SqlBool>`coalesce(${avgOf(orgPlans)}, 0) >= ${q.minRating}`);
  return s;
}

export async function listOrgs(db: Db, a: PoolActor, q: OrgQ, now: Date) {
  const today = chinaDate(now);
  const base = orgFilters(db, a, q, today);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('c')).executeTakeFirstOrThrow();
  let rows = base.select(ORG_COLUMNS);
  rows =
    q.minRating !== undefined
      ? rows.orderBy(sql`rating DESC NULLS LAST`).orderBy('o.id')
      : rows.orderBy('o.status').orderBy('o.id');
  const list = await rows
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: list.map((r) => orgOut(r as unknown as OrgListRow, today)),
    total: Number(total.c),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Every row of a filtered list, page by page (exports). */
export async function* allOrgs(db: Db, a: PoolActor, q: Omit<OrgQ, 'pageNo' | 'pageSize'>, now: Date) {
  const today = chinaDate(now);
  for (let after = 0; ; ) {
    const page = await orgFilters(db, a, q, today)
      .select(ORG_COLUMNS)
      .where('o.id', '>', after)
      .orderBy('o.id')
      .limit(500)
      .execute();
    for (const r of page) yield orgOut(r as unknown as OrgListRow, today);
    if (page.length < 500) return;
    after = (page[page.length - 1] as unknown as OrgListRow).orgId;
  }
}

/** The service records the reader may see of a set of plans. */
async function recordsOf(db: Db, a: PoolActor, plans: RawBuilder<SqlBool>): Promise<PoolServiceRecord[]> {
  let q = db
    .selectFrom('apPlan as p')
    .innerJoin('sysOrg as en', 'en.id', 'p.enterpriseId')
    .innerJoin('sysOrg as ins', 'ins.id', 'p.insurerId')
    .select([
      'p.id as planId',
      'p.name',
      'p.item',
      'en.name as enterpriseName',
      'ins.name as insurerName',
      'p.districtCode',
      'p.plannedStart',
      'p.status',
      'p.recordState',
      sql<string | null>`(SELECT round(avg(x.score)::numeric, 1) FROM (
        SELECT s.score AS score FROM ev_satisfaction s WHERE s.item = 'record' AND s.target_id = p.id
        UNION ALL SELECT f.rating AS score FROM ap_follow_up f WHERE f.plan_id = p.id) x)`.as('rating'),
    ])
    .where(plans);
  if (a.kind === 'government' && a.districts) q = q.where('p.districtCode', 'in', a.districts);
  if (a.kind === 'insurer') q = q.where('p.insurerId', '=', a.orgId);
  const rows = await q.orderBy('p.plannedStart', 'desc').orderBy('p.id', 'desc').limit(100).execute();
  return rows.map((r) => ({
    planId: r.planId,
    name: r.name,
    item: r.item,
    enterpriseName: r.enterpriseName,
    insurerName: r.insurerName,
    districtCode: r.districtCode,
    plannedStart: new Date(r.plannedStart).toISOString(),
    status: r.status,
    recordState: r.recordState,
    rating: r.rating === null ? null : Number(r.rating),
  }));
}

/** An organisation's stored numbers in full ('' for none); 404 outside the reader's scope (as orgDetail). */
export async function orgPhones(db: Db, a: PoolActor, orgId: number) {
  const r = await orgBase(db, a)
    .select(['o.contactPhoneEnc', 's.legalPhoneEnc', 's.safetyPhoneEnc'])
    .where('o.id', '=', orgId)
    .executeTakeFirst();
  if (!r) throw notFound('服务机构不存在');
  return {
    contactPhone: decryptPhone(r.contactPhoneEnc),
    legalPhone: decryptPhone(r.legalPhoneEnc),
    safetyPhone: decryptPhone(r.safetyPhoneEnc),
  };
}

/** One organisation with its profile and service records; 404 outside the reader's scope. */
export async function orgDetail(db: Db, a: PoolActor, orgId: number, now: Date) {
  const today = chinaDate(now);
  const r = await orgBase(db, a)
    .select(ORG_COLUMNS)
    .select([
      's.address',
      's.itemOther',
      's.legalName',
      's.legalPhoneEnc',
      's.safetyName',
      's.safetyPhoneEnc',
      's.certType',
      's.certValidFrom',
      's.certFileId',
      's.licenceFileId',
      's.intro',
    ])
    .where('o.id', '=', orgId)
    .executeTakeFirst();
  if (!r) throw notFound('服务机构不存在');
  const records = await recordsOf(db, a, sql<SqlBool>`p.provider_org_id = ${orgId}`);
  return {
    ...orgOut(r as unknown as OrgListRow, today),
    address: r.address ?? '',
    itemOther: r.itemOther ?? '',
    legalName: r.legalName ?? '',
    legalPhone: maskedPhone(decryptPhone(r.legalPhoneEnc)),
    safetyName: r.safetyName ?? '',
    safetyPhone: maskedPhone(decryptPhone(r.safetyPhoneEnc)),
    certType: r.certType ?? '',
    certValidFrom: r.certValidFrom ?? null,
    certFileId: r.certFileId ?? null,
    licenceFileId: r.licenceFileId ?? null,
    intro: r.intro ?? '',
    records,
  };
}

// ---------------------------------------------------------------------------------------------------
// Experts
// ---------------------------------------------------------------------------------------------------

function expertBase(db: Db, a: PoolActor) {
  let q = db
    .selectFrom('svExpert as e')
    .leftJoin('sysOrg as eo', 'eo.id', 'e.orgId')
    .where('e.deletedAt', 'is', null);
  if (a.kind === 'insurer') q = q.where('e.status', '=', 1);
  if (a.kind === 'government' && a.districts) q = q.where('e.districtCode', 'in', a.districts);
  return q;
}

const EXPERT_COLUMNS = [
  'e.id',
  'e.name',
  'e.staffType',
  'e.idType',
  'e.idNoMask',
  'e.mobileEnc',
  'e.mobileHash',
  'e.title',
  'e.education',
  'e.major',
  'e.employer',
  'e.years',
  'e.districtCode',
  'e.orgId',
  'eo.name as orgName',
  'eo.orgType as orgType',
  'e.userId',
  'e.serviceItems',
  'e.industries',
  'e.certificates',
  'e.certExpiry',
  'e.status',
  'e.version',
  avgOf(expertPlans).as('rating'),
  countOf(expertPlans).as('ratingCount'),
  servicesOf(expertPlans).as('serviceCount'),
] as const;

type ExpertListRow = {
  id: number;
  name: string;
  staffType: number;
  idType: string;
  idNoMask: string;
  mobileEnc: string;
  mobileHash: string;
  title: string;
  education: string;
  major: string;
  employer: string;
  years: number;
  districtCode: string | null;
  orgId: number | null;
  orgName: string | null;
  orgType: string | null;
  userId: number | null;
  serviceItems: string[];
  industries: string[];
  certificates: Array<{ type: string; no: string; validTo: string | null; fileId: string | null }>;
  certExpiry: string | null;
  status: number;
  version: number;
  rating: string | null;
  ratingCount: string;
  serviceCount: string;
};

/** ID numbers and mobiles are masked in every answer (security P04). */
export function expertOut(r: ExpertListRow, today: string): PoolExpertRow {
  return {
    id: r.id,
    name: r.name,
    staffType: r.staffType,
    idType: r.idType,
    idNo: r.idNoMask,
    mobile: maskMobile(decryptPhone(r.mobileEnc)),
    title: r.title,
    education: r.education,
    major: r.major,
    employer: r.employer,
    years: r.years,
    districtCode: r.districtCode,
    orgId: r.orgId,
    orgName: r.orgName ?? '',
    orgType: r.orgType,
    userId: r.userId,
    serviceItems: r.serviceItems,
    industries: r.industries,
    certificates: r.certificates,
    certExpiry: r.certExpiry,
    expiryFlag: expiryFlag(r.certExpiry, today),
    status: r.status,
    serviceCount: Number(r.serviceCount),
    rating: r.rating === null ? null : Number(r.rating),
    ratingCount: Number(r.ratingCount),
    version: r.version,
  };
}

function expertFilters(db: Db, a: PoolActor, q: Omit<ExpertQ, 'pageNo' | 'pageSize'>, today: string) {
  let s = expertBase(db, a);
  if (q.name) s = s.where('e.name', 'ilike', containsPattern(q.name));
  if (q.districtCode) s = s.where('e.districtCode', '=', q.districtCode);
  if (q.serviceItem) s = s.where(jsonHas('e.serviceItems', q.serviceItem));
  if (q.industry) s = s.where(jsonHas('e.industries', q.industry));
  if (q.status !== undefined && a.kind !== 'insurer') s = s.where('e.status', '=', q.status);
  if (q.expiry) s = s.where(expiryWhere('e.certExpiry', q.expiry, today));
  if (q.minRating !== undefined && q.minRating > 0)
    s = s.where(sql<SqlBool>`coalesce(${avgOf(expertPlans)}, 0) >= ${q.minRating}`);
  return s;
}

export async function listExperts(db: Db, a: PoolActor, q: ExpertQ, now: Date) {
  const today = chinaDate(now);
  const base = expertFilters(db, a, q, today);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('c')).executeTakeFirstOrThrow();
  let rows = base.select(EXPERT_COLUMNS);
  rows =
    q.minRating !== undefined
      ? rows.orderBy(sql`rating DESC NULLS LAST`).orderBy('e.id')
      : rows.orderBy('e.status').orderBy('e.id', 'desc');
  const list = await rows
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: list.map((r) => expertOut(r as unknown as ExpertListRow, today)),
    total: Number(total.c),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

export async function* allExperts(db: Db, a: PoolActor, q: Omit<ExpertQ, 'pageNo' | 'pageSize'>, now: Date) {
  const today = chinaDate(now);
  for (let after = 0; ; ) {
    const page = (await expertFilters(db, a, q, today)
      .select(EXPERT_COLUMNS)
      .where('e.id', '>', after)
      .orderBy('e.id')
      .limit(500)
      .execute()) as unknown as ExpertListRow[];
    for (const r of page) yield expertOut(r, today);
    if (page.length < 500) return;
    after = page[page.length - 1]!.id;
  }
}

export async function expertDetail(db: Db, a: PoolActor, id: number, now: Date) {
  const r = (await expertBase(db, a).select(EXPERT_COLUMNS).where('e.id', '=', id).executeTakeFirst()) as
    | ExpertListRow
    | undefined;
  if (!r) throw notFound('专家不存在');
  return { ...expertOut(r, chinaDate(now)), records: await recordsOfExpert(db, a, r) };
}

export async function recordsOfExpert(
  db: Db,
  a: PoolActor,
  e: { name: string; orgId: number | null; mobileHash: string },
) {
  return recordsOf(
    db,
    a,
    sql<SqlBool>`p.id IN (SELECT r.plan_id FROM ap_record r JOIN ap_record_expert re ON re.record_id = r.id
      WHERE re.name = ${e.name} AND (re.org_id = ${e.orgId} OR (re.phone_hash <> '' AND re.phone_hash = ${e.mobileHash})))`,
  );
}

/** An expert row by id for the writers (admin scope), with what they check. */
export async function expertForWrite(db: Db, id: number) {
  const r = await db
    .selectFrom('svExpert')
    .select(['id', 'idType', 'status', 'version', 'userId', 'orgId', 'name'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!r) throw notFound('专家不存在');
  return r;
}

/**
 * The experts a plan of a project may name (plan form's pick-list): the pool's experts of the project's
 * organisations (any status; a suspended one is shown and refused by the plan), then the active pool.
 * Mobiles masked; at most 300, filtered by name.
 */
export async function planExpertOptions(
  db: Db,
  projectOrgIds: number[],
  name: string | undefined,
): Promise<PlanExpertOption[]> {
  const ids = projectOrgIds.length ? projectOrgIds : [0];
  let q = db
    .selectFrom('svExpert as e')
    .leftJoin('sysOrg as eo', 'eo.id', 'e.orgId')
    .select([
      'e.id',
      'e.name',
      'e.title',
      'e.mobileEnc',
      'e.orgId',
      'eo.name as orgName',
      'e.status',
      sql<boolean>`coalesce(e.org_id IN (${sql.join(ids)}), false)`.as('inProject'),
    ])
    .where('e.deletedAt', 'is', null)
    .where((eb) => eb.or([eb('e.status', '=', 1), eb('e.orgId', 'in', ids)]));
  if (name) q = q.where('e.name', 'ilike', containsPattern(name));
  const rows = await q
    .orderBy(sql`coalesce(e.org_id IN (${sql.join(ids)}), false)`, 'desc')
    .orderBy('e.status')
    .orderBy('e.name')
    .orderBy('e.id')
    .limit(300)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    title: r.title,
    mobile: maskMobile(decryptPhone(r.mobileEnc)),
    orgId: r.orgId,
    orgName: r.orgName ?? '',
    status: r.status,
    inProject: Boolean(r.inProject),
  }));
}
