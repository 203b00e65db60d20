import {
  type AttachmentFile,
  addDays,
  chinaDate,
  type EnterpriseOption,
  fromCents,
  optionLabel,
  type Paged,
  POLICY_EXPIRING_DAYS,
  POLICY_STATES,
  type PolicyDetail,
  type PolicyDraftField,
  type PolicyDraftInput,
  type PolicyPricingInput,
  type PolicyRow,
  type PolicySide,
  type PolicyStatus,
  type PolicyVersionRow,
  policyDraftMissing,
  policyIncompleteMessage,
  type policyListQuery,
  toCents,
  wsIndustryTop,
} from '@aqzrx/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { runTemplate } from '../../db/query-template.ts';
import type { DB } from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { cachedCount } from '../../platform/count-cache.ts';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../../platform/errors.ts';
import {
  type Actor,
  assertInfoComplete,
  dateText,
  districtName,
  escapeLike,
  nullableDateText,
  rescoreEnterprise,
} from '../enterprise/index.ts';
import { notifyPolicy } from './notices.ts';
import {
  mayAct,
  normaliseCoinsurers,
  type PolicySettings,
  type PolicyTerms,
  periodProblems,
  policyFigures,
  policyState,
  policyTermProblems,
  policyTransition,
} from './policy.machine.ts';
import { countPersons, snapshotPersons } from './policy-persons.ts';
import { issuePricing, writeFactors } from './pricing.ts';

type PolicyQB<O> = SelectQueryBuilder<DB & { p: DB['insPolicy'] }, 'p' | never, O>;

/** The values a row scope compares with: an organisation id, or the districts of a government user. */
export type ScopeValues = { orgId?: unknown; districts?: unknown[] };

/** The values of the actor's row scope (policies and claims scope on the same ones). */
export function scopeValues(actor: Actor): ScopeValues {
  if (actor.kind === 'enterprise' || actor.kind === 'insurer') return { orgId: actor.orgId };
  if (actor.kind === 'government') return { districts: actor.districts };
  return {};
}

/** What the row scope's SQL text depends on: the actor's kind and how many districts it governs. */
export function scopeShape(actor: Actor): string {
  return actor.kind === 'government' ? `government:${actor.districts.length}` : actor.kind;
}

/**
 * Row scope of policies. An enterprise: its own policies (drafts only those it entered). An insurer:
 * policies it underwrites as lead or co-insurer (drafts only those it entered as lead). Government: issued
 * policies (approved or cancelled) of its districts. Everyone else: none.
 */
export function policyScope<QB extends PolicyQB<object>>(qb: QB, actor: Actor): QB {
  return scopeWith(qb, actor.kind, scopeValues(actor));
}

/**
 * The scope's SQL, from the actor's kind and its values (real values, or a query template's slots): only
 * `v` varies between requests, constants are SQL literals.
 */
function scopeWith<QB extends PolicyQB<object>>(qb: QB, kind: Actor['kind'], v: ScopeValues): QB {
  const draft = sql.lit<PolicyStatus>('draft');
  if (kind === 'enterprise')
    return qb
      .where('p.enterpriseId', '=', v.orgId as number)
      .where((eb) =>
        eb.or([eb('p.status', '!=', draft), eb('p.enteredBy', '=', sql.lit('enterprise'))]),
      ) as QB;
  if (kind === 'insurer')
    return qb
      .where('p.id', 'in', (eb) =>
        eb
          .selectFrom('insPolicyCoinsurer as pc')
          .select('pc.policyId')
          .where('pc.insurerId', '=', v.orgId as number),
      )
      .where((eb) =>
        eb.or([
          eb('p.status', '!=', draft),
          eb.and([eb('p.enteredBy', '=', sql.lit('insurer')), eb('p.insurerId', '=', v.orgId as number)]),
        ]),
      ) as QB;
  if (kind === 'government' && v.districts && v.districts.length > 0)
    return qb
      .where('p.districtCode', 'in', v.districts as string[])
      .where('p.status', 'in', [sql.lit<PolicyStatus>('approved'), sql.lit<PolicyStatus>('cancelled')]) as QB;
  return qb.where(sql<boolean>`false`) as QB;
}

/** Values of a derived state filter: the day and the day the expiring window ends. */
type StateValues = { state?: unknown; today?: unknown; soon?: unknown };

/** SQL condition for a derived state filter on `today` (values real or template slots). */
function stateFilter<QB extends PolicyQB<object>>(qb: QB, state: string, v: StateValues): QB {
  const today = v.today as string;
  const soon = v.soon as string;
  const approved = sql.lit<PolicyStatus>('approved');
  switch (state) {
    case 'draft':
    case 'submitted':
    case 'rejected':
    case 'cancelled':
      return qb.where('p.status', '=', v.state as PolicyStatus) as QB;
    case 'pending':
      return qb.where('p.status', '=', approved).where('p.startDate', '>', today) as QB;
    case 'active':
      return qb
        .where('p.status', '=', approved)
        .where('p.startDate', '<=', today)
        .where('p.endDate', '>=', soon) as QB;
    case 'expiring':
      return qb
        .where('p.status', '=', approved)
        .where('p.startDate', '<=', today)
        .where('p.endDate', '>=', today)
        .where('p.endDate', '<', soon) as QB;
    case 'expired':
      return qb.where('p.status', '=', approved).where('p.endDate', '<', today) as QB;
    case 'issued':
      return qb.where('p.status', 'in', [approved, sql.lit<PolicyStatus>('cancelled')]) as QB;
    case 'valid':
      return qb
        .where('p.status', '=', approved)
        .where('p.startDate', '<=', today)
        .where('p.endDate', '>=', today) as QB;
    default:
      return qb;
  }
}

function listSelect(db: Db) {
  return db
    .selectFrom('insPolicy as p')
    .innerJoin('sysOrg as io', 'io.id', 'p.insurerId')
    .leftJoin('insEnterprise as pe', 'pe.id', 'p.enterpriseId')
    .select([
      'pe.employees as enterpriseEmployees',
      'p.id',
      'p.applicationNo',
      'p.policyNo',
      'p.enterpriseId',
      'p.holderName',
      'p.holderUscc',
      'p.districtCode',
      'p.wsIndustryCode',
      'p.insurerId',
      'io.name as insurerName',
      'p.status',
      'p.enteredBy',
      'p.isRenewal',
      dateText('p.startDate').as('startDate'),
      dateText('p.endDate').as('endDate'),
      'p.headcount',
      'p.perPersonLimit',
      'p.perAccidentLimit',
      'p.premium',
      'p.preventionFee',
      'p.version',
      'p.createdAt',
    ]);
}
type ListRow = Awaited<ReturnType<ReturnType<typeof listSelect>['executeTakeFirstOrThrow']>>;

function toRow(r: ListRow, today: string): PolicyRow {
  const state = policyState(r.status, r.startDate, r.endDate, today);
  const sumInsured = Number(r.perAccidentLimit);
  return {
    id: r.id,
    applicationNo: r.applicationNo,
    policyNo: r.policyNo,
    enterpriseId: r.enterpriseId,
    holderName: r.holderName,
    holderUscc: r.holderUscc,
    districtCode: r.districtCode,
    districtName: districtName(r.districtCode),
    wsIndustryCode: r.wsIndustryCode,
    wsIndustryName: wsIndustryTop(r.wsIndustryCode)?.label ?? '',
    insurerId: r.insurerId,
    insurerName: r.insurerName,
    status: r.status,
    state,
    stateLabel: optionLabel(POLICY_STATES, state),
    enteredBy: r.enteredBy,
    isRenewal: r.isRenewal,
    startDate: r.startDate,
    endDate: r.endDate,
    headcount: r.headcount,
    perPersonLimit: Number(r.perPersonLimit),
    sumInsured,
    sumInsuredWan: Math.round(sumInsured) / 10000,
    premium: Number(r.premium),
    preventionFee: Number(r.preventionFee),
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    enterpriseEmployees: r.enterpriseEmployees ?? null,
    ...coverGap(r, today),
  };
}

/**
 * Domain 3.2 asks 参保人数 = 从业人员总数 of a policy in force. Add/remove-person endorsements and the
 * enterprise's own profile edits change either side after issue; this makes a difference visible instead
 * of silent, by its direction: fewer insured than employed is 未全员投保 (`underCovered`, people without
 * cover); more insured than employed (`overCovered`, 参保人数多于从业人员) leaves nobody uncovered and
 * asks for a 减人 endorsement or a corrected 从业人员总数 instead.
 */
export function coverGap(
  r: {
    status: PolicyStatus;
    startDate: string;
    endDate: string;
    headcount: number;
    enterpriseEmployees: number | null;
  },
  today: string,
): { underCovered: boolean; overCovered: boolean } {
  const inForce = r.status === 'approved' && r.startDate <= today && r.endDate >= today;
  const employees = r.enterpriseEmployees ?? 0;
  const known = inForce && employees > 0;
  return { underCovered: known && r.headcount < employees, overCovered: known && r.headcount > employees };
}

/** The refusal of a headcount that is not the enterprise's whole staff (null when it is, or unknown). */
export function fullCoverProblem(headcount: number, employees: number | null): string | null {
  if (employees === null || employees <= 0 || headcount === employees) return null;
  return `须全员投保：参保人数（${headcount}）应等于企业从业人员总数（${employees}）`;
}

/** The policy list's query as the route parsed it (contracts policyListQuery). */
export type PolicyListQuery = z.output<typeof policyListQuery>;
type ListFilters = Omit<PolicyListQuery, 'pageNo' | 'pageSize'>;

/**
 * The values the list filters compare with, computed once from the query: present keys only, so the key
 * set (with the state) is the filters' shape.
 */
function filterValues(q: ListFilters, today: string): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  if (q.keyword) {
    const k = q.keyword.trim();
    v.kwExact = k;
    v.kwUscc = k.toUpperCase();
    v.kwLike = `%${escapeLike(k)}%`;
  }
  if (q.districtCode) v.districtCode = q.districtCode;
  if (q.wsIndustryCode) v.wsIndustryLike = `${escapeLike(q.wsIndustryCode)}%`;
  if (q.state) {
    v.state = q.state;
    v.today = today;
    v.soon = addDays(today, POLICY_EXPIRING_DAYS);
  }
  if (q.year) {
    v.yearFrom = `${q.year}-01-01`;
    v.yearTo = `${q.year}-12-31`;
  }
  if (q.startFrom) v.startFrom = q.startFrom;
  if (q.startTo) v.startTo = q.startTo;
  if (q.insurerId) v.insurerId = q.insurerId;
  if (q.enterpriseId) v.enterpriseId = q.enterpriseId;
  return v;
}

/**
 * The list filters, on any query over `ins_policy as p`: which conditions apply follows the keys of `v`
 * (and the state), the compared values are `v`'s (real values, or a query template's slots).
 */
function applyFilters<QB extends PolicyQB<object>>(
  qb0: QB,
  state: string | undefined,
  v: Record<string, unknown>,
): QB {
  let qb = qb0;
  const has = (k: string) => Object.hasOwn(v, k);
  if (has('kwExact')) {
    qb = qb.where((eb) =>
      eb.or([
        eb('p.policyNo', '=', v.kwExact as string),
        eb('p.applicationNo', '=', v.kwExact as string),
        eb('p.holderUscc', '=', v.kwUscc as string),
        eb('p.holderName', 'like', v.kwLike as string),
      ]),
    ) as QB;
  }
  if (has('districtCode')) qb = qb.where('p.districtCode', '=', v.districtCode as string) as QB;
  if (has('wsIndustryLike')) qb = qb.where('p.wsIndustryCode', 'like', v.wsIndustryLike as string) as QB;
  if (state) qb = stateFilter(qb, state, v);
  if (has('yearFrom'))
    qb = qb
      .where('p.startDate', '>=', v.yearFrom as string)
      .where('p.startDate', '<=', v.yearTo as string) as QB;
  if (has('startFrom')) qb = qb.where('p.startDate', '>=', v.startFrom as string) as QB;
  if (has('startTo')) qb = qb.where('p.startDate', '<=', v.startTo as string) as QB;
  if (has('insurerId')) qb = qb.where('p.insurerId', '=', v.insurerId as number) as QB;
  if (has('enterpriseId')) qb = qb.where('p.enterpriseId', '=', v.enterpriseId as number) as QB;
  return qb;
}

function filteredList(db: Db, actor: Actor, q: ListFilters, today: string) {
  return applyFilters(policyScope(listSelect(db), actor), q.state, filterValues(q, today));
}

/** A key naming the actor's row scope (for cached totals). */
export function scopeKey(actor: Actor): string {
  if (actor.kind === 'enterprise' || actor.kind === 'insurer') return `${actor.kind}:${actor.orgId}`;
  if (actor.kind === 'government') return `government:${actor.districts.join(',')}`;
  return 'none';
}

export async function listPolicies(
  db: Db,
  actor: Actor,
  q: PolicyListQuery,
  now: Date,
): Promise<Paged<PolicyRow>> {
  const today = chinaDate(now);
  const { pageNo, pageSize, ...filters } = q;
  const fv = filterValues(filters, today);
  const values = {
    ...scopeValues(actor),
    ...fv,
    limit: pageSize,
    offset: (pageNo - 1) * pageSize,
  };
  // The page's SQL depends only on this shape; it is compiled once per shape (db/query-template.ts).
  const shape = `policy-list|${scopeShape(actor)}|${Object.keys(fv).join(',')}|${filters.state ?? ''}`;
  const [total, rows] = await Promise.all([
    cachedCount(db, `policy|${scopeKey(actor)}|${today}|${JSON.stringify(filters)}`, async () => {
      const r = await applyFilters(policyScope(db.selectFrom('insPolicy as p'), actor), filters.state, fv)
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .executeTakeFirstOrThrow();
      return Number(r.c);
    }),
    runTemplate(db, shape, values, (v) =>
      applyFilters(scopeWith(listSelect(db), actor.kind, v), filters.state, v)
        .orderBy('p.id', 'desc')
        .limit(v.limit as number)
        .offset(v.offset as number),
    ),
  ]);
  return { list: rows.map((r) => toRow(r, today)), total, pageNum: pageNo, pageSize };
}

export async function exportPolicies(
  db: Db,
  actor: Actor,
  q: Omit<PolicyListQuery, 'pageNo' | 'pageSize'>,
  now: Date,
  cap: number,
): Promise<PolicyRow[]> {
  const today = chinaDate(now);
  const rows = await filteredList(db, actor, q, today)
    .orderBy('p.id', 'desc')
    .limit(cap + 1)
    .execute();
  return rows.map((r) => toRow(r, today));
}

// ---------------------------------------------------------------------------------------------------
// Detail
// ---------------------------------------------------------------------------------------------------

function detailSelect(db: Db) {
  return listSelect(db).select([
    'p.holderUscc',
    'p.address',
    'p.gbIndustryCode',
    nullableDateText('p.signDate').as('signDate'),
    'p.medicalLimit',
    'p.benchmarkRate',
    'p.floatPct',
    'p.premiumCalc',
    'p.preventionFeePct',
    'p.preventionFrequency',
    'p.serviceItems',
    'p.serviceItemOther',
    'p.attachments',
    'p.remark',
    'p.submittedAt',
    'p.reviewedAt',
    'p.reviewRemark',
    nullableDateText('p.cancelledOn').as('cancelledOn'),
    'p.cancelReason',
    'p.draftMissing',
  ]);
}

/** Loads a policy in the actor's scope (404 otherwise, the same as a missing one). */
export async function policyInScope(db: Db, actor: Actor, id: number) {
  const row = await policyScope(detailSelect(db), actor).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('保单不存在');
  return row;
}

export async function getPolicy(db: Db, actor: Actor, id: number, now: Date): Promise<PolicyDetail> {
  const today = chinaDate(now);
  const r = await policyInScope(db, actor, id);
  const issued = r.status === 'approved' || r.status === 'cancelled';
  const [coinsurers, factors, endorsements, claims, personCount, open, snapshots, files] = await Promise.all([
    db
      .selectFrom('insPolicyCoinsurer as pc')
      .innerJoin('sysOrg as o', 'o.id', 'pc.insurerId')
      .select(['pc.insurerId', 'o.name as insurerName', 'pc.role', 'pc.share'])
      .where('pc.policyId', '=', id)
      .orderBy('pc.role')
      .orderBy('pc.insurerId')
      .execute(),
    db
      .selectFrom('insPolicyFactor')
      .select(['code', 'pct', 'reason'])
      .where('policyId', '=', id)
      .orderBy('sort')
      .execute(),
    db
      .selectFrom('insEndorsement')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('policyId', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('insClaim')
      .select((eb) => eb.fn.countAll<number>().as('c'))
      .where('policyId', '=', id)
      .executeTakeFirstOrThrow(),
    countPersons(db, id),
    db
      .selectFrom('insEndorsement')
      .select(['id', 'endorsementNo', 'status', dateText('effectiveDate').as('effectiveDate')])
      .where('policyId', '=', id)
      .where('status', 'in', ['applied', 'awaiting'])
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    issued
      ? db
          .selectFrom('insPolicySnapshot')
          .select((eb) => eb.fn.countAll<number>().as('c'))
          .where('policyId', '=', id)
          .executeTakeFirstOrThrow()
      : undefined,
    attachmentFiles(db, r.attachments),
  ]);
  const base = toRow(r, today);
  const ref = actorRef(actor);
  const may = (a: 'edit' | 'submit' | 'approve' | 'reject') =>
    policyTransition(r.status, a) !== null && mayAct(a, ref, { ...r });
  return {
    ...base,
    address: r.address,
    gbIndustryCode: r.gbIndustryCode,
    signDate: r.signDate,
    medicalLimit: Number(r.medicalLimit),
    perAccidentLimit: base.sumInsured,
    aggregateLimit: base.sumInsured,
    benchmarkRate: Number(r.benchmarkRate),
    floatPct: Number(r.floatPct),
    finalRate: Math.round(Number(r.benchmarkRate) * (1 + Number(r.floatPct) / 100) * 10000) / 10000,
    premiumCalc: Number(r.premiumCalc),
    preventionFeePct: Number(r.preventionFeePct),
    preventionFrequency: r.preventionFrequency,
    serviceItems: r.serviceItems,
    serviceItemOther: r.serviceItemOther,
    attachments: r.attachments,
    attachmentFiles: files,
    remark: r.remark,
    submittedAt: r.submittedAt?.toISOString() ?? null,
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    reviewRemark: r.reviewRemark,
    cancelledOn: r.cancelledOn,
    cancelReason: r.cancelReason,
    coinsurers: coinsurers.map((c) => ({ ...c, share: Number(c.share) })),
    factors: factors.map((f) => ({ ...f, pct: Number(f.pct) })),
    endorsementCount: Number(endorsements.c),
    claimCount: Number(claims.c),
    /** Persons on the insured-person list now (named by approved add/replace endorsements). */
    personCount,
    // A policy issued without a snapshot (demo data, older releases) is at its first version.
    revision: snapshots ? Math.max(1, Number(snapshots.c)) : null,
    openEndorsement: open ?? null,
    missing: r.status === 'draft' || r.status === 'rejected' ? r.draftMissing : [],
    actions: {
      edit: may('edit'),
      submit: may('submit'),
      review: may('approve'),
      endorse:
        actor.kind === 'enterprise' &&
        r.status === 'approved' &&
        r.endDate >= today &&
        actor.orgId === r.enterpriseId,
      reportClaim:
        (actor.kind === 'enterprise' || actor.kind === 'insurer') &&
        (r.status === 'approved' || r.status === 'cancelled') &&
        r.startDate <= today,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------

export async function nextNumber(db: Db, prefix: string, now: Date): Promise<string> {
  const row = await sql<{ n: number }>`SELECT nextval('ins_no_seq')::int AS n`.execute(db);
  const day = chinaDate(now).replace(/-/g, '');
  return `${prefix}${day}${String(row.rows[0]!.n).padStart(8, '0')}`;
}

interface EnterpriseSnapshot {
  id: number;
  name: string;
  uscc: string | null;
  districtCode: string | null;
  address: string | null;
  wsIndustryCode: string | null;
  gbIndustryCode: string | null;
  employees: number | null;
  operatingStatus: number | null;
}

/**
 * Live enterprises with what a policy row copies from them (name, USCC, district, address, industries,
 * employees, operating status); callers add the condition that picks one (by id, by USCC).
 */
export function enterpriseSnapshots(db: Db) {
  return db
    .selectFrom('sysOrg as o')
    .leftJoin('insEnterprise as e', 'e.id', 'o.id')
    .select([
      'o.id',
      'o.name',
      'o.uscc',
      'o.districtCode',
      'e.address',
      'e.wsIndustryCode',
      'e.gbIndustryCode',
      'e.employees',
      'e.operatingStatus',
    ])
    .where('o.orgType', '=', 'enterprise')
    .where('o.deletedAt', 'is', null);
}

async function loadEnterprise(db: Db, id: number): Promise<EnterpriseSnapshot> {
  const e = await enterpriseSnapshots(db).where('o.id', '=', id).executeTakeFirst();
  if (!e) throw badRequest('投保企业不存在，请检查企业');
  return e;
}

async function assertInsurers(db: Db, ids: number[]): Promise<void> {
  const found = await db
    .selectFrom('sysOrg')
    .select('id')
    .where('id', 'in', ids)
    .where('orgType', '=', 'insurer')
    .where('deletedAt', 'is', null)
    .execute();
  if (found.length !== new Set(ids).size) throw badRequest('保险机构不存在，请重新选择主承或共保机构');
}

/** The terms of a form's values; a value a draft leaves empty counts as 0 (its stored placeholder). */
function termsOf(input: PolicyDraftInput) {
  return {
    startDate: input.startDate,
    endDate: input.endDate,
    headcount: input.headcount ?? 0,
    perPersonLimit: input.perPersonLimit ?? 0,
    medicalLimit: input.medicalLimit,
    benchmarkRate: input.benchmarkRate ?? 0,
    factors: input.factors,
    premium: input.premium ?? 0,
    coinsurers: input.coinsurers,
    preventionFeePct: input.preventionFeePct ?? 0,
    serviceItems: input.serviceItems,
    serviceItemOther: input.serviceItemOther,
  };
}

/** Every rule of a complete policy (the terms), 400 with all problems named. */
function checkTerms(terms: PolicyTerms, leadId: number, settings: PolicySettings): void {
  const problems = policyTermProblems(terms, leadId, settings);
  if (problems.length) throw badRequest(problems.join('；'), { problems });
}

/**
 * What a draft needs to be saved: what identifies it (the parties, checked by the caller, and a valid
 * period, which the table requires); everything else is checked when it is submitted.
 */
function checkDraft(input: PolicyDraftInput): void {
  const problems = periodProblems(input.startDate, input.endDate);
  if (problems.length) throw badRequest(problems.join('；'), { problems });
}

function policyValues(input: PolicyDraftInput, ent: EnterpriseSnapshot, side: PolicySide) {
  const t = termsOf(input);
  const f = policyFigures(t);
  return {
    holderName: ent.name,
    holderUscc: ent.uscc ?? '',
    districtCode: ent.districtCode ?? '',
    address: ent.address ?? '',
    wsIndustryCode: ent.wsIndustryCode ?? '',
    gbIndustryCode: ent.gbIndustryCode ?? '',
    isRenewal: input.isRenewal,
    startDate: input.startDate,
    endDate: input.endDate,
    signDate: input.signDate ?? null,
    headcount: t.headcount,
    perPersonLimit: t.perPersonLimit,
    medicalLimit: t.medicalLimit,
    perAccidentLimit: f.perAccidentLimit,
    benchmarkRate: t.benchmarkRate,
    floatPct: f.floatPct,
    premiumCalc: f.premiumCalc,
    premium: t.premium,
    preventionFeePct: t.preventionFeePct,
    preventionFee: f.preventionFee,
    preventionFrequency: input.preventionFrequency ?? 0,
    serviceItems: JSON.stringify(input.serviceItems),
    serviceItemOther: input.serviceItemOther,
    attachments: JSON.stringify(input.attachments),
    remark: input.remark,
    draftMissing: JSON.stringify(policyDraftMissing(input, side)),
  };
}

async function writeChildren(
  trx: Tx,
  policyId: number,
  leadId: number,
  input: PolicyDraftInput,
): Promise<void> {
  await trx.deleteFrom('insPolicyCoinsurer').where('policyId', '=', policyId).execute();
  await trx.deleteFrom('insPolicyFactor').where('policyId', '=', policyId).execute();
  const co = normaliseCoinsurers(leadId, input.coinsurers);
  await trx
    .insertInto('insPolicyCoinsurer')
    .values(co.map((c) => ({ policyId, insurerId: c.insurerId, role: c.role, share: c.share })))
    .execute();
  if (input.factors.length)
    await trx
      .insertInto('insPolicyFactor')
      .values(
        input.factors.map((f, i) => ({ policyId, code: f.code, pct: f.pct, reason: f.reason, sort: i })),
      )
      .execute();
}

/** The parties of a new policy from the actor: an enterprise applies for itself, an insurer enters as lead. */
function parties(
  actor: Actor,
  input: PolicyDraftInput,
): { enterpriseId: number; insurerId: number; side: PolicySide } {
  if (actor.kind === 'enterprise') {
    if (!input.insurerId) throw badRequest('请选择出单（主承）保险机构 insurerId');
    return { enterpriseId: actor.orgId, insurerId: input.insurerId, side: 'enterprise' };
  }
  if (actor.kind === 'insurer') {
    if (!input.enterpriseId) throw badRequest('请选择投保企业 enterpriseId');
    return { enterpriseId: input.enterpriseId, insurerId: actor.orgId, side: 'insurer' };
  }
  throw forbidden('只有企业或保险机构可以录入保单');
}

/**
 * A new draft, or with `submit` a new application submitted at once. A draft needs only what identifies
 * it (checkDraft); submitting checks every rule (the caller's schema has checked that nothing is missing,
 * the terms are checked first here, and submitPolicy checks the stored policy again with the context).
 */
export async function createPolicy(
  trx: Tx,
  actor: Actor,
  input: PolicyDraftInput,
  submit: boolean,
  settings: PolicySettings,
  now: Date,
): Promise<number> {
  const { enterpriseId, insurerId, side } = parties(actor, input);
  checkDraft(input);
  if (submit) checkTerms(termsOf(input), insurerId, settings);
  await assertInsurers(trx, [insurerId, ...input.coinsurers.map((c) => c.insurerId)]);
  const ent = await loadEnterprise(trx, enterpriseId);
  await assertInfoComplete(trx, actor, enterpriseId, applying(actor, '录入保单'));
  const applicationNo = await nextNumber(trx, 'TB', now);
  const row = await trx
    .insertInto('insPolicy')
    .values({
      applicationNo,
      policyNo: null,
      enterpriseId,
      insurerId,
      enteredBy: side,
      status: 'draft',
      ...policyValues(input, ent, side),
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  await writeChildren(trx, row.id, insurerId, input);
  if (submit) await submitPolicy(trx, actor, row.id, row.version, settings, now);
  return row.id;
}

/** Saves a draft or rejected policy as a draft (incomplete allowed, checkDraft); submitting is separate. */
export async function editPolicy(
  trx: Tx,
  actor: Actor,
  id: number,
  version: number,
  input: PolicyDraftInput,
  now: Date,
): Promise<number> {
  const cur = await lockPolicy(trx, actor, id);
  if (cur.version !== version) throw staleVersion();
  const next = policyTransition(cur.status, 'edit');
  if (!next || !mayAct('edit', actorRef(actor), cur))
    throw conflict(`${stateName(cur.status)}的保单不能修改`);
  await assertInfoComplete(trx, actor, cur.enterpriseId, applying(actor, '修改保单'));
  checkDraft(input);
  await assertInsurers(trx, [cur.insurerId, ...input.coinsurers.map((c) => c.insurerId)]);
  const ent = await loadEnterprise(trx, cur.enterpriseId);
  const res = await trx
    .updateTable('insPolicy')
    .set({
      ...policyValues(input, ent, cur.enteredBy),
      status: next,
      updatedAt: now,
      updatedBy: actor.userId,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('version')
    .executeTakeFirst();
  if (!res) throw staleVersion();
  await writeChildren(trx, id, cur.insurerId, input);
  return res.version;
}

/** What the status-3 refusal names: an enterprise applies (投保); an insurer enters, edits, submits. */
const applying = (actor: Actor, insurerDoing: string) =>
  actor.kind === 'enterprise' ? '投保' : insurerDoing;

function actorRef(actor: Actor) {
  return actor.kind === 'enterprise' || actor.kind === 'insurer'
    ? { kind: actor.kind, orgId: actor.orgId }
    : { kind: actor.kind };
}
const stateName = (s: PolicyStatus) => optionLabel(POLICY_STATES, s === 'approved' ? 'active' : s) || s;

async function lockPolicy(trx: Tx, actor: Actor, id: number) {
  const row = await policyScope(
    trx
      .selectFrom('insPolicy as p')
      .select([
        'p.id',
        'p.status',
        'p.version',
        'p.enterpriseId',
        'p.insurerId',
        'p.enteredBy',
        'p.headcount',
        'p.policyNo',
        dateText('p.startDate').as('startDate'),
        dateText('p.endDate').as('endDate'),
      ]),
    actor,
  )
    .where('p.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('保单不存在');
  return row;
}

/** Another policy of the enterprise overlapping [start, end] in one of the given statuses. */
export async function overlapping(
  db: Db,
  enterpriseId: number,
  exceptId: number,
  start: string,
  end: string,
  statuses: PolicyStatus[],
): Promise<string | undefined> {
  const row = await db
    .selectFrom('insPolicy')
    .select(['policyNo', 'applicationNo', dateText('startDate').as('s'), dateText('endDate').as('e')])
    .where('enterpriseId', '=', enterpriseId)
    .where('id', '!=', exceptId)
    .where('status', 'in', statuses)
    .where('startDate', '<=', end)
    .where('endDate', '>=', start)
    .executeTakeFirst();
  return row ? `${row.policyNo ?? row.applicationNo}（${row.s} 至 ${row.e}）` : undefined;
}

/**
 * Submit for review. The stored policy must be complete (a draft may have been saved without some
 * values) and pass every term (policyTermProblems), 400 naming what to fix; then the context rules
 * (domain 3.2), 409: all employees insured (headcount = employees), no overlapping submitted or issued
 * policy of the enterprise, an operating enterprise, and for an enterprise's own application a start date
 * not before today.
 */
export async function submitPolicy(
  trx: Tx,
  actor: Actor,
  id: number,
  version: number,
  settings: PolicySettings,
  now: Date,
): Promise<number> {
  const cur = await lockPolicy(trx, actor, id);
  if (cur.version !== version) throw staleVersion();
  if (!policyTransition(cur.status, 'submit') || !mayAct('submit', actorRef(actor), cur))
    throw conflict(`${stateName(cur.status)}的保单不能提交审核`);
  await assertInfoComplete(trx, actor, cur.enterpriseId, applying(actor, '提交保单'));
  await checkStoredTerms(trx, id, cur.insurerId, settings);
  // Serialise per enterprise so two submissions cannot both pass the overlap check.
  await trx.selectFrom('sysOrg').select('id').where('id', '=', cur.enterpriseId).forUpdate().execute();
  const ent = await loadEnterprise(trx, cur.enterpriseId);
  const problems: string[] = [];
  if (ent.operatingStatus !== null && ent.operatingStatus !== 1)
    problems.push('企业非正常经营状态，不能投保');
  const cover = fullCoverProblem(cur.headcount, ent.employees);
  if (cover) problems.push(cover);
  if (cur.enteredBy === 'enterprise' && cur.startDate < chinaDate(now)) problems.push('保险起期不能早于今天');
  const clash = await overlapping(trx, cur.enterpriseId, id, cur.startDate, cur.endDate, [
    'submitted',
    'approved',
  ]);
  if (clash) problems.push(`保险期间与该企业已有保单重叠：${clash}`);
  if (problems.length) throw conflict(problems.join('；'));
  const res = await trx
    .updateTable('insPolicy')
    .set({
      status: 'submitted',
      submittedAt: now,
      updatedAt: now,
      updatedBy: actor.userId,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('version')
    .executeTakeFirst();
  if (!res) throw staleVersion();
  await notifyPolicy(trx, 'policy.submitted', id, { now, actorId: actor.userId });
  return res.version;
}

/** Completeness and every term of a stored policy (its row, co-insurers and factors), 400 when not met. */
async function checkStoredTerms(trx: Tx, id: number, leadId: number, settings: PolicySettings) {
  const [p, coinsurers, factors] = await Promise.all([
    trx
      .selectFrom('insPolicy')
      .select([
        dateText('startDate').as('startDate'),
        dateText('endDate').as('endDate'),
        'headcount',
        'perPersonLimit',
        'medicalLimit',
        'benchmarkRate',
        'premium',
        'preventionFeePct',
        'serviceItems',
        'serviceItemOther',
        'draftMissing',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('insPolicyCoinsurer')
      .select(['insurerId', 'role', 'share'])
      .where('policyId', '=', id)
      .execute(),
    trx.selectFrom('insPolicyFactor').select(['code', 'pct', 'reason']).where('policyId', '=', id).execute(),
  ]);
  const missing = p.draftMissing as PolicyDraftField[];
  if (missing.length) {
    const message = policyIncompleteMessage(missing);
    throw badRequest(message, { problems: [message], missing });
  }
  checkTerms(
    {
      startDate: p.startDate,
      endDate: p.endDate,
      headcount: p.headcount,
      perPersonLimit: Number(p.perPersonLimit),
      medicalLimit: Number(p.medicalLimit),
      benchmarkRate: Number(p.benchmarkRate),
      factors: factors.map((f) => ({ ...f, pct: Number(f.pct) })),
      premium: Number(p.premium),
      coinsurers: coinsurers.map((c) => ({ ...c, share: Number(c.share) })),
      preventionFeePct: Number(p.preventionFeePct),
      serviceItems: p.serviceItems,
      serviceItemOther: p.serviceItemOther,
    },
    leadId,
    settings,
  );
}

/**
 * The lead insurer issues (approve, with the policy number and its pricing: issuePricing) or rejects a
 * submitted policy.
 */
export async function reviewPolicy(
  trx: Tx,
  actor: Actor,
  input: {
    id: number;
    version: number;
    approve: boolean;
    policyNo?: string | undefined;
    remark: string;
  } & PolicyPricingInput,
  now: Date,
): Promise<number> {
  const cur = await lockPolicy(trx, actor, input.id);
  if (cur.version !== input.version) throw staleVersion();
  const action = input.approve ? 'approve' : 'reject';
  if (!mayAct(action, actorRef(actor), cur)) throw forbidden('只有出单（主承）保险机构可以审核该保单');
  if (!policyTransition(cur.status, action)) throw conflict(`${stateName(cur.status)}的保单不能审核`);
  let policyNo = cur.policyNo;
  let priced: Awaited<ReturnType<typeof issuePricing>> | undefined;
  if (input.approve) {
    policyNo = input.policyNo ?? cur.policyNo;
    if (!policyNo) throw badRequest('审核通过须填写保单号');
    priced = await issuePricing(trx, input.id, input);
    const dup = await trx
      .selectFrom('insPolicy')
      .select('id')
      .where('policyNo', '=', policyNo)
      .where('id', '!=', input.id)
      .executeTakeFirst();
    if (dup) throw conflict(`保单号 ${policyNo} 已存在，请核对`);
    await trx.selectFrom('sysOrg').select('id').where('id', '=', cur.enterpriseId).forUpdate().execute();
    const clash = await overlapping(trx, cur.enterpriseId, input.id, cur.startDate, cur.endDate, [
      'approved',
    ]);
    if (clash) throw conflict(`保险期间与该企业已生效的保单重叠：${clash}`);
    // The enterprise may have edited its 从业人员总数 since submission: full cover is checked again.
    const ent = await loadEnterprise(trx, cur.enterpriseId);
    const cover = fullCoverProblem(cur.headcount, ent.employees);
    if (cover)
      throw conflict(
        `${cover}。企业在提交后变更了从业人员总数，请审核不通过并由投保方按当前人数修改后重新提交`,
      );
  } else if (!input.remark) {
    throw badRequest('审核不通过须填写原因');
  }
  const res = await trx
    .updateTable('insPolicy')
    .set({
      status: input.approve ? 'approved' : 'rejected',
      policyNo,
      reviewedAt: now,
      reviewedBy: actor.userId,
      reviewRemark: input.remark,
      signDate: input.approve ? sql`coalesce(sign_date, ${chinaDate(now)}::date)` : sql`sign_date`,
      ...(priced?.values ?? {}),
      updatedAt: now,
      updatedBy: actor.userId,
      version: sql`version + 1`,
    })
    .where('id', '=', input.id)
    .where('version', '=', input.version)
    .returning('version')
    .executeTakeFirst();
  if (!res) throw staleVersion();
  if (priced?.factors) await writeFactors(trx, input.id, priced.factors);
  if (input.approve) {
    await snapshotPolicy(trx, input.id, 'issue', null, actor.userId, now);
    await rescoreEnterprise(trx, cur.enterpriseId, now, actor.userId, '保单生效');
  }
  await notifyPolicy(
    trx,
    input.approve ? 'policy.issued' : 'policy.returned',
    input.id,
    { now, actorId: actor.userId },
    input.approve ? `保险期间 ${cur.startDate} 至 ${cur.endDate}。` : input.remark,
  );
  return res.version;
}

// ---------------------------------------------------------------------------------------------------
// Versioned snapshots (the old values of an endorsed policy stay readable)
// ---------------------------------------------------------------------------------------------------

/** The full stored state of a policy (row, co-insurers, factors) as plain JSON. */
export async function policySnapshotData(db: Db, id: number) {
  const p = await db
    .selectFrom('insPolicy as p')
    .selectAll('p')
    .select([
      dateText('p.startDate').as('startDateText'),
      dateText('p.endDate').as('endDateText'),
      nullableDateText('p.signDate').as('signDateText'),
      nullableDateText('p.cancelledOn').as('cancelledOnText'),
    ])
    .where('p.id', '=', id)
    .executeTakeFirstOrThrow();
  const { startDateText, endDateText, signDateText, cancelledOnText, ...rest } = p;
  const coinsurers = await db
    .selectFrom('insPolicyCoinsurer')
    .select(['insurerId', 'role', 'share'])
    .where('policyId', '=', id)
    .execute();
  const factors = await db
    .selectFrom('insPolicyFactor')
    .select(['code', 'pct', 'reason'])
    .where('policyId', '=', id)
    .orderBy('sort')
    .execute();
  // Insured persons at this version, ID numbers masked (the snapshot is shown to browsers).
  const persons = await snapshotPersons(db, id);
  return {
    ...rest,
    startDate: startDateText,
    endDate: endDateText,
    signDate: signDateText,
    cancelledOn: cancelledOnText,
    coinsurers,
    factors,
    persons,
  };
}

/**
 * Keeps the policy's current state as a version. The 出单 version is dated the issue (the policy's review
 * time, by its reviewer) also when it is taken later: a policy issued without a snapshot (demo data, older
 * releases) gets it just before its first endorsement changes it.
 */
export async function snapshotPolicy(
  trx: Tx,
  id: number,
  reason: 'issue' | 'endorse',
  endorsementId: number | null,
  userId: number | null,
  now: Date,
): Promise<number> {
  const data = await policySnapshotData(trx, id);
  const issuedAt = reason === 'issue' ? data.reviewedAt : null;
  await trx
    .insertInto('insPolicySnapshot')
    .values({
      policyId: id,
      policyVersion: data.version,
      reason,
      endorsementId,
      snapshot: JSON.stringify(data),
      createdAt: issuedAt ?? now,
      createdBy: issuedAt ? data.reviewedBy : userId,
    })
    .onConflict((oc) => oc.columns(['policyId', 'policyVersion']).doNothing())
    .execute();
  return data.version;
}

/**
 * The versions of a policy, newest first. The 出单 version is dated the issue. An issued policy that has
 * no stored version yet (issued without a snapshot and never endorsed) shows its current state as its
 * first version, so every issued policy has 第 1 版.
 */
export async function policyVersions(db: Db, actor: Actor, id: number): Promise<PolicyVersionRow[]> {
  const p = await policyInScope(db, actor, id);
  const rows = await db
    .selectFrom('insPolicySnapshot as s')
    .leftJoin('insEndorsement as e', 'e.id', 's.endorsementId')
    .select(['s.policyVersion', 's.reason', 's.endorsementId', 'e.endorsementNo', 'e.type', 's.createdAt'])
    .where('s.policyId', '=', id)
    .orderBy('s.policyVersion', 'desc')
    .execute();
  const issueTime = (r: { reason: string; createdAt: Date }) =>
    (r.reason === 'issue' && p.reviewedAt ? p.reviewedAt : r.createdAt).toISOString();
  const list = rows.map((r) => ({ ...r, createdAt: issueTime(r) }));
  if (list.length === 0 && p.reviewedAt && (p.status === 'approved' || p.status === 'cancelled'))
    return [
      {
        policyVersion: p.version,
        reason: 'issue',
        endorsementId: null,
        endorsementNo: null,
        type: null,
        createdAt: p.reviewedAt.toISOString(),
      },
    ];
  return list;
}

export async function policyVersion(db: Db, actor: Actor, id: number, version: number) {
  const p = await policyInScope(db, actor, id);
  const row = await db
    .selectFrom('insPolicySnapshot')
    .select(['policyVersion', 'reason', 'endorsementId', 'snapshot', 'createdAt'])
    .where('policyId', '=', id)
    .where('policyVersion', '=', version)
    .executeTakeFirst();
  const issued = p.status === 'approved' || p.status === 'cancelled';
  if (!row) {
    // The first version of a policy issued without a snapshot is its current state (policyVersions).
    const stored = await db
      .selectFrom('insPolicySnapshot')
      .select('id')
      .where('policyId', '=', id)
      .executeTakeFirst();
    if (stored || !issued || !p.reviewedAt || version !== p.version) throw notFound('该版本不存在');
    return {
      policyVersion: p.version,
      reason: 'issue',
      endorsementId: null,
      snapshot: await policySnapshotData(db, id),
      createdAt: p.reviewedAt.toISOString(),
    };
  }
  const at = row.reason === 'issue' && p.reviewedAt ? p.reviewedAt : row.createdAt;
  return { ...row, createdAt: at.toISOString() };
}

/** Names and sizes of a record's attachments (in their stored order; missing files left out). */
export async function attachmentFiles(db: Db, ids: readonly string[]): Promise<AttachmentFile[]> {
  const wanted = ids.map((i) => i.toLowerCase()).filter((i) => /^[0-9a-f-]{36}$/.test(i));
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('sysFile')
    .select(['id', 'originalName', 'size', 'kind'])
    .where('id', 'in', wanted)
    .where('deletedAt', 'is', null)
    .execute();
  return wanted.flatMap((id) => {
    const f = rows.find((r) => r.id === id);
    return f ? [{ id: f.id, name: f.originalName, size: Number(f.size), kind: f.kind }] : [];
  });
}

/**
 * What the policy forms need to check like the server: the configured per-person floor and prevention-fee
 * cap, and for an enterprise the earliest start date of a new policy (today, or the day after its last
 * submitted or issued policy that has not ended, so the new period does not overlap).
 */
export async function policyRules(db: Db, actor: Actor, settings: PolicySettings, now: Date) {
  const today = chinaDate(now);
  let nextStartDate: string | null = null;
  if (actor.kind === 'enterprise') {
    const last = await db
      .selectFrom('insPolicy')
      .select(sql<string | null>`to_char(max(${sql.ref('endDate')}), 'YYYY-MM-DD')`.as('end'))
      .where('enterpriseId', '=', actor.orgId)
      .where('status', 'in', ['submitted', 'approved'])
      .where('endDate', '>=', today)
      .executeTakeFirst();
    const end = last?.end ? String(last.end) : null;
    nextStartDate = end ? addDays(end, 1) : today;
  }
  return {
    minPerPersonLimit: settings.minPerPersonLimit,
    preventionFeeCapPct: settings.preventionFeeCapPct,
    expiringDays: POLICY_EXPIRING_DAYS,
    today,
    nextStartDate,
  };
}

// ---------------------------------------------------------------------------------------------------
// Pickers and figures
// ---------------------------------------------------------------------------------------------------

/** Enterprises an insurer may enter a policy for: by name or USCC, public identification only. */
export async function enterpriseOptions(db: Db, keyword: string): Promise<EnterpriseOption[]> {
  const like = `%${escapeLike(keyword.trim())}%`;
  return db
    .selectFrom('sysOrg as o')
    .leftJoin('insEnterprise as e', 'e.id', 'o.id')
    .select([
      'o.id',
      'o.name',
      'o.uscc',
      'o.districtCode',
      'e.wsIndustryCode',
      'e.employees',
      'e.infoComplete',
    ])
    .where('o.orgType', '=', 'enterprise')
    .where('o.deletedAt', 'is', null)
    .where((eb) => eb.or([eb('o.name', 'like', like), eb('o.uscc', '=', keyword.trim().toUpperCase())]))
    .orderBy('o.id')
    .limit(20)
    .execute();
}

/** Portal figures over policies in force today (premium 元, sum insured 万元, prevention fee 元). */
export async function inForceTotals(db: Db, now: Date) {
  const today = chinaDate(now);
  const r = await db
    .selectFrom('insPolicy')
    .select((eb) => [
      eb.fn.count<number>('enterpriseId').distinct().as('enterprises'),
      eb.fn.coalesce(eb.fn.sum<string>('premium'), sql<string>`0`).as('premium'),
      eb.fn.coalesce(eb.fn.sum<string>('perAccidentLimit'), sql<string>`0`).as('sumInsured'),
      eb.fn.coalesce(eb.fn.sum<string>('preventionFee'), sql<string>`0`).as('preventionFee'),
    ])
    .where('status', '=', 'approved')
    .where('startDate', '<=', today)
    .where('endDate', '>=', today)
    .executeTakeFirstOrThrow();
  return {
    enterprises: Number(r.enterprises),
    premium: Number(r.premium),
    sumInsuredWan: Math.round(fromCents(toCents(Number(r.sumInsured))) / 100) / 100,
    preventionFee: Number(r.preventionFee),
  };
}
