/**
 * Policy queries: who sees which policy (row scope), the list filters, the list and detail reads with the
 * figures they show, the form rules read from the database, pickers and portal totals. No writes: those and
 * their rules are in policy.service.ts; stored versions in policy.versions.ts.
 */
import {
  addDays,
  chinaDate,
  type EnterpriseOption,
  fromCents,
  optionLabel,
  type Paged,
  POLICY_EXPIRING_DAYS,
  POLICY_STATES,
  type PolicyDetail,
  type PolicyRow,
  type PolicyStatus,
  type policyListQuery,
  toCents,
  wsIndustryTop,
} from '@aqzrx/contracts';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { runTemplate } from '../../db/query-template.ts';
import type { DB } from '../../db/schema.ts';
import { bigramMatch, bigramSearchable } from '../../db/sql.ts';
import { scopeKey } from '../../platform/actor.ts';
import type { Db } from '../../platform/context.ts';
import { cachedTotal, countUpTo, keywordPageValues } from '../../platform/count-cache.ts';
import { notFound } from '../../platform/errors.ts';
import { EXPORT_PAGE, keysetRows, type ReadRun } from '../../platform/export-pages.ts';
import { type Actor, dateText, districtName, escapeLike, nullableDateText } from '../enterprise/index.ts';
import { actorRef, mayAct, type PolicySettings, policyState, policyTransition } from './policy.machine.ts';
import { attachmentFiles } from './policy.versions.ts';
import { countPersons } from './policy-persons.ts';

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
  return pageColumns(db.selectFrom('insPolicy as p'));
}

/** The list's columns over policies `p` (the table or a page of it): with their insurer and enterprise. */
function pageColumns<QB extends SelectQueryBuilder<DB & { p: DB['insPolicy'] }, 'p', object>>(qb: QB) {
  return qb
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
    // Two characters or more: the holder name is looked up in its pair index first (db/sql.ts bigramMatch).
    if (bigramSearchable(k)) v.kwPairs = k;
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
    const exact = (eb: ExpressionBuilder<DB & { p: DB['insPolicy'] }, 'p'>) => [
      eb('p.policyNo', '=', v.kwExact as string),
      eb('p.applicationNo', '=', v.kwExact as string),
      eb('p.holderUscc', '=', v.kwUscc as string),
    ];
    // With a pair lookup, `exact OR (pairs AND like)` is written as `(exact OR pairs) AND (exact OR like)`
    // (the same rows): PostgreSQL reads the first from the indexes (a BitmapOr) and needs to check only the
    // second on the rows found, instead of computing the holder name's pairs again for each of them.
    if (has('kwPairs'))
      qb = qb.where((eb) =>
        eb.or([...exact(eb), bigramMatch(['p.holderName'], v.kwPairs, false, has('kwFew'))]),
      ) as QB;
    qb = qb.where((eb) => eb.or([...exact(eb), eb('p.holderName', 'like', v.kwLike as string)])) as QB;
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

export { scopeKey } from '../../platform/actor.ts';

export async function listPolicies(
  db: Db,
  actor: Actor,
  q: PolicyListQuery,
  now: Date,
): Promise<Paged<PolicyRow>> {
  const today = chinaDate(now);
  const { pageNo, pageSize, ...filters } = q;
  const fv = filterValues(filters, today);
  const offset = (pageNo - 1) * pageSize;
  const totalP = cachedTotal(db, `policy|${scopeKey(actor)}|${today}|${JSON.stringify(filters)}`, (limit) =>
    countUpTo(
      db,
      applyFilters(policyScope(db.selectFrom('insPolicy as p'), actor), filters.state, fv).select(
        sql.lit(1).as('one'),
      ),
      limit,
    ),
  );
  // A keyword matching thousands: its first pages are read in list order without the pair lookup; a rare
  // one runs a generic plan (keywordPageValues).
  const pageFv = Object.hasOwn(fv, 'kwPairs') ? keywordPageValues(fv, await totalP, offset, pageSize) : fv;
  const values = { ...scopeValues(actor), ...pageFv, limit: pageSize, offset };
  // The page's SQL depends only on this shape; it is compiled once per shape (db/query-template.ts).
  const shape = `policy-list|${scopeShape(actor)}|${Object.keys(pageFv).join(',')}|${filters.state ?? ''}`;
  const [total, rows] = await Promise.all([
    totalP,
    runTemplate(db, shape, values, (v) =>
      // The page of policies first, then its ten rows' insurer and enterprise: joined before the limit, a
      // keyword with a few hundred matches looked every one of them up before keeping ten (1.7 -> 0.7 ms at
      // 1,000,000 policies for 危化).
      pageColumns(
        db.selectFrom((eb) =>
          applyFilters(
            scopeWith(eb.selectFrom('insPolicy as p').selectAll('p'), actor.kind, v),
            filters.state,
            v,
          )
            .orderBy('p.id', 'desc')
            .limit(v.limit as number)
            .offset(v.offset as number)
            .as('p'),
        ),
      ).orderBy('p.id', 'desc'),
    ),
  ]);
  return { list: rows.map((r) => toRow(r, today)), ...total, pageNum: pageNo, pageSize };
}

/** How many policies the export would write, counted up to `limit` (the cap + 1 tells "too many"). */
export function countPolicyExport(
  db: Db,
  actor: Actor,
  q: Omit<PolicyListQuery, 'pageNo' | 'pageSize'>,
  now: Date,
  limit: number,
): Promise<number> {
  const fv = filterValues(q, chinaDate(now));
  return countUpTo(
    db,
    applyFilters(policyScope(db.selectFrom('insPolicy as p'), actor), q.state, fv).select(
      sql.lit(1).as('one'),
    ),
    limit,
  );
}

/** The export's rows in list order, streamed page by page (platform/export-pages.ts), at most `cap`. */
export function exportPolicyRows(
  run: ReadRun,
  actor: Actor,
  q: Omit<PolicyListQuery, 'pageNo' | 'pageSize'>,
  now: Date,
  cap: number,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<PolicyRow> {
  const today = chinaDate(now);
  return keysetRows(
    run,
    (db, before, size) => {
      const qb = filteredList(db, actor, q, today);
      return (before === null ? qb : qb.where('p.id', '<', before))
        .orderBy('p.id', 'desc')
        .limit(size)
        .execute();
    },
    (r) => toRow(r, today),
    cap,
    pageSize,
  );
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
