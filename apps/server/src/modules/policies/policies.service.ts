import {
  addDays,
  chinaDate,
  fromCents,
  optionLabel,
  type Paged,
  POLICY_EXPIRING_DAYS,
  POLICY_STATES,
  type PolicyInput,
  type PolicyState,
  type PolicyStatus,
  toCents,
  wsIndustryTop,
} from '@aqzrx/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../../platform/errors.ts';
import {
  type Actor,
  dateText,
  districtName,
  escapeLike,
  nullableDateText,
  rescoreEnterprise,
} from '../enterprises/index.ts';
import { cachedCount } from './count-cache.ts';
import {
  mayAct,
  normaliseCoinsurers,
  type PolicySettings,
  type PolicySide,
  policyFigures,
  policyState,
  policyTermProblems,
  policyTransition,
} from './policy.machine.ts';

type PolicyQB<O> = SelectQueryBuilder<DB & { p: DB['insPolicy'] }, 'p' | never, O>;

/**
 * Row scope of policies. An enterprise: its own policies (drafts only those it entered). An insurer:
 * policies it underwrites as lead or co-insurer (drafts only those it entered as lead). Government: issued
 * policies (approved or cancelled) of its districts. Everyone else: none.
 */
export function policyScope<QB extends PolicyQB<object>>(qb: QB, actor: Actor): QB {
  if (actor.kind === 'enterprise')
    return qb
      .where('p.enterpriseId', '=', actor.orgId)
      .where((eb) => eb.or([eb('p.status', '!=', 'draft'), eb('p.enteredBy', '=', 'enterprise')])) as QB;
  if (actor.kind === 'insurer')
    return qb
      .where('p.id', 'in', (eb) =>
        eb
          .selectFrom('insPolicyCoinsurer as pc')
          .select('pc.policyId')
          .where('pc.insurerId', '=', actor.orgId),
      )
      .where((eb) =>
        eb.or([
          eb('p.status', '!=', 'draft'),
          eb.and([eb('p.enteredBy', '=', 'insurer'), eb('p.insurerId', '=', actor.orgId)]),
        ]),
      ) as QB;
  if (actor.kind === 'government' && actor.districts.length > 0)
    return qb
      .where('p.districtCode', 'in', actor.districts)
      .where('p.status', 'in', ['approved', 'cancelled']) as QB;
  return qb.where(sql<boolean>`false`) as QB;
}

/** SQL condition for a derived state filter on `today`. */
export function stateFilter<QB extends PolicyQB<object>>(qb: QB, state: string, today: string): QB {
  const soon = addDays(today, POLICY_EXPIRING_DAYS);
  switch (state) {
    case 'draft':
    case 'submitted':
    case 'rejected':
    case 'cancelled':
      return qb.where('p.status', '=', state) as QB;
    case 'pending':
      return qb.where('p.status', '=', 'approved').where('p.startDate', '>', today) as QB;
    case 'active':
      return qb
        .where('p.status', '=', 'approved')
        .where('p.startDate', '<=', today)
        .where('p.endDate', '>=', soon) as QB;
    case 'expiring':
      return qb
        .where('p.status', '=', 'approved')
        .where('p.startDate', '<=', today)
        .where('p.endDate', '>=', today)
        .where('p.endDate', '<', soon) as QB;
    case 'expired':
      return qb.where('p.status', '=', 'approved').where('p.endDate', '<', today) as QB;
    case 'valid':
      return qb
        .where('p.status', '=', 'approved')
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
    .select([
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

export interface PolicyRow {
  id: number;
  applicationNo: string;
  policyNo: string | null;
  enterpriseId: number;
  holderName: string;
  holderUscc: string;
  districtCode: string;
  districtName: string;
  wsIndustryCode: string;
  wsIndustryName: string;
  insurerId: number;
  insurerName: string;
  status: PolicyStatus;
  state: PolicyState;
  stateLabel: string;
  enteredBy: PolicySide;
  isRenewal: boolean;
  startDate: string;
  endDate: string;
  headcount: number;
  perPersonLimit: number;
  /** 保额: the per-accident limit, yuan, and in 万元 as spec 9 shows it. */
  sumInsured: number;
  sumInsuredWan: number;
  premium: number;
  preventionFee: number;
  version: number;
  createdAt: string;
}

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
  };
}

export interface PolicyListQuery {
  pageNo: number;
  pageSize: number;
  keyword?: string | undefined;
  districtCode?: string | undefined;
  wsIndustryCode?: string | undefined;
  state?: string | undefined;
  year?: number | undefined;
  startFrom?: string | undefined;
  startTo?: string | undefined;
  insurerId?: number | undefined;
  enterpriseId?: number | undefined;
}

/** The list filters, on any query over `ins_policy as p`. */
function applyFilters<QB extends PolicyQB<object>>(
  qb0: QB,
  q: Omit<PolicyListQuery, 'pageNo' | 'pageSize'>,
  today: string,
): QB {
  let qb = qb0;
  if (q.keyword) {
    const k = q.keyword.trim();
    const like = `%${escapeLike(k)}%`;
    qb = qb.where((eb) =>
      eb.or([
        eb('p.policyNo', '=', k),
        eb('p.applicationNo', '=', k),
        eb('p.holderUscc', '=', k.toUpperCase()),
        eb('p.holderName', 'like', like),
      ]),
    ) as QB;
  }
  if (q.districtCode) qb = qb.where('p.districtCode', '=', q.districtCode) as QB;
  if (q.wsIndustryCode) qb = qb.where('p.wsIndustryCode', 'like', `${escapeLike(q.wsIndustryCode)}%`) as QB;
  if (q.state) qb = stateFilter(qb, q.state, today);
  if (q.year)
    qb = qb.where('p.startDate', '>=', `${q.year}-01-01`).where('p.startDate', '<=', `${q.year}-12-31`) as QB;
  if (q.startFrom) qb = qb.where('p.startDate', '>=', q.startFrom) as QB;
  if (q.startTo) qb = qb.where('p.startDate', '<=', q.startTo) as QB;
  if (q.insurerId) qb = qb.where('p.insurerId', '=', q.insurerId) as QB;
  if (q.enterpriseId) qb = qb.where('p.enterpriseId', '=', q.enterpriseId) as QB;
  return qb;
}

function filteredList(db: Db, actor: Actor, q: Omit<PolicyListQuery, 'pageNo' | 'pageSize'>, today: string) {
  return applyFilters(policyScope(listSelect(db), actor), q, today);
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
  const [total, rows] = await Promise.all([
    cachedCount(db, `policy|${scopeKey(actor)}|${today}|${JSON.stringify(filters)}`, async () => {
      const r = await applyFilters(policyScope(db.selectFrom('insPolicy as p'), actor), filters, today)
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .executeTakeFirstOrThrow();
      return Number(r.c);
    }),
    filteredList(db, actor, filters, today)
      .orderBy('p.id', 'desc')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
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
  ]);
}

/** Loads a policy in the actor's scope (404 otherwise, the same as a missing one). */
export async function policyInScope(db: Db, actor: Actor, id: number) {
  const row = await policyScope(detailSelect(db), actor).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('保单不存在');
  return row;
}

export async function getPolicy(db: Db, actor: Actor, id: number, now: Date) {
  const today = chinaDate(now);
  const r = await policyInScope(db, actor, id);
  const [coinsurers, factors, endorsements, claims] = await Promise.all([
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
  ]);
  const base = toRow(r, today);
  const ref = {
    kind: actor.kind,
    ...(actor.kind === 'enterprise' || actor.kind === 'insurer' ? { orgId: actor.orgId } : {}),
  };
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
  infoComplete: boolean | null;
}

async function loadEnterprise(db: Db, id: number): Promise<EnterpriseSnapshot> {
  const e = await db
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
      'e.infoComplete',
    ])
    .where('o.id', '=', id)
    .where('o.orgType', '=', 'enterprise')
    .where('o.deletedAt', 'is', null)
    .executeTakeFirst();
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

function termsOf(input: PolicyInput) {
  return {
    startDate: input.startDate,
    endDate: input.endDate,
    headcount: input.headcount,
    perPersonLimit: input.perPersonLimit,
    medicalLimit: input.medicalLimit,
    benchmarkRate: input.benchmarkRate,
    factors: input.factors,
    premium: input.premium,
    coinsurers: input.coinsurers,
    preventionFeePct: input.preventionFeePct,
    serviceItems: input.serviceItems,
    serviceItemOther: input.serviceItemOther,
  };
}

function checkTerms(input: PolicyInput, leadId: number, settings: PolicySettings): void {
  const problems = policyTermProblems(termsOf(input), leadId, settings);
  if (problems.length) throw badRequest(problems.join('；'), { problems });
}

function policyValues(input: PolicyInput, ent: EnterpriseSnapshot) {
  const f = policyFigures(input);
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
    headcount: input.headcount,
    perPersonLimit: input.perPersonLimit,
    medicalLimit: input.medicalLimit,
    perAccidentLimit: f.perAccidentLimit,
    benchmarkRate: input.benchmarkRate,
    floatPct: f.floatPct,
    premiumCalc: f.premiumCalc,
    premium: input.premium,
    preventionFeePct: input.preventionFeePct,
    preventionFee: f.preventionFee,
    preventionFrequency: input.preventionFrequency,
    serviceItems: JSON.stringify(input.serviceItems),
    serviceItemOther: input.serviceItemOther,
    attachments: JSON.stringify(input.attachments),
    remark: input.remark,
  };
}

async function writeChildren(trx: Tx, policyId: number, leadId: number, input: PolicyInput): Promise<void> {
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
  input: PolicyInput,
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

export async function createPolicy(
  trx: Tx,
  actor: Actor,
  input: PolicyInput,
  submit: boolean,
  settings: PolicySettings,
  now: Date,
): Promise<number> {
  const { enterpriseId, insurerId, side } = parties(actor, input);
  checkTerms(input, insurerId, settings);
  await assertInsurers(trx, [insurerId, ...input.coinsurers.map((c) => c.insurerId)]);
  const ent = await loadEnterprise(trx, enterpriseId);
  if (side === 'enterprise' && !ent.infoComplete) throw conflict('请先完善企业信息后再投保');
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
      ...policyValues(input, ent),
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  await writeChildren(trx, row.id, insurerId, input);
  if (submit) await submitPolicy(trx, actor, row.id, row.version, now);
  return row.id;
}

export async function editPolicy(
  trx: Tx,
  actor: Actor,
  id: number,
  version: number,
  input: PolicyInput,
  settings: PolicySettings,
  now: Date,
): Promise<number> {
  const cur = await lockPolicy(trx, actor, id);
  if (cur.version !== version) throw staleVersion();
  const next = policyTransition(cur.status, 'edit');
  if (!next || !mayAct('edit', actorRef(actor), cur))
    throw conflict(`${stateName(cur.status)}的保单不能修改`);
  checkTerms(input, cur.insurerId, settings);
  await assertInsurers(trx, [cur.insurerId, ...input.coinsurers.map((c) => c.insurerId)]);
  const ent = await loadEnterprise(trx, cur.enterpriseId);
  const res = await trx
    .updateTable('insPolicy')
    .set({
      ...policyValues(input, ent),
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
 * Submit for review. Context rules (domain 3.2): all employees insured (headcount = employees), no
 * overlapping submitted or issued policy of the enterprise, an operating enterprise, and for an
 * enterprise's own application a start date not before today.
 */
export async function submitPolicy(
  trx: Tx,
  actor: Actor,
  id: number,
  version: number,
  now: Date,
): Promise<number> {
  const cur = await lockPolicy(trx, actor, id);
  if (cur.version !== version) throw staleVersion();
  if (!policyTransition(cur.status, 'submit') || !mayAct('submit', actorRef(actor), cur))
    throw conflict(`${stateName(cur.status)}的保单不能提交审核`);
  // Serialise per enterprise so two submissions cannot both pass the overlap check.
  await trx.selectFrom('sysOrg').select('id').where('id', '=', cur.enterpriseId).forUpdate().execute();
  const ent = await loadEnterprise(trx, cur.enterpriseId);
  const problems: string[] = [];
  if (ent.operatingStatus !== null && ent.operatingStatus !== 1)
    problems.push('企业非正常经营状态，不能投保');
  if (ent.employees !== null && ent.employees > 0 && cur.headcount !== ent.employees)
    problems.push(`须全员投保：参保人数（${cur.headcount}）应等于企业从业人员总数（${ent.employees}）`);
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
  return res.version;
}

/** The lead insurer issues (approve, with the policy number) or rejects a submitted policy. */
export async function reviewPolicy(
  trx: Tx,
  actor: Actor,
  input: { id: number; version: number; approve: boolean; policyNo?: string | undefined; remark: string },
  now: Date,
): Promise<number> {
  const cur = await lockPolicy(trx, actor, input.id);
  if (cur.version !== input.version) throw staleVersion();
  const action = input.approve ? 'approve' : 'reject';
  if (!mayAct(action, actorRef(actor), cur)) throw forbidden('只有出单（主承）保险机构可以审核该保单');
  if (!policyTransition(cur.status, action)) throw conflict(`${stateName(cur.status)}的保单不能审核`);
  let policyNo = cur.policyNo;
  if (input.approve) {
    policyNo = input.policyNo ?? cur.policyNo;
    if (!policyNo) throw badRequest('审核通过须填写保单号');
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
      updatedAt: now,
      updatedBy: actor.userId,
      version: sql`version + 1`,
    })
    .where('id', '=', input.id)
    .where('version', '=', input.version)
    .returning('version')
    .executeTakeFirst();
  if (!res) throw staleVersion();
  if (input.approve) {
    await snapshotPolicy(trx, input.id, 'issue', null, actor.userId, now);
    await rescoreEnterprise(trx, cur.enterpriseId, now, actor.userId, '保单生效');
  }
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
  return {
    ...rest,
    startDate: startDateText,
    endDate: endDateText,
    signDate: signDateText,
    cancelledOn: cancelledOnText,
    coinsurers,
    factors,
  };
}

export async function snapshotPolicy(
  trx: Tx,
  id: number,
  reason: 'issue' | 'endorse',
  endorsementId: number | null,
  userId: number,
  now: Date,
): Promise<number> {
  const data = await policySnapshotData(trx, id);
  await trx
    .insertInto('insPolicySnapshot')
    .values({
      policyId: id,
      policyVersion: data.version,
      reason,
      endorsementId,
      snapshot: JSON.stringify(data),
      createdAt: now,
      createdBy: userId,
    })
    .onConflict((oc) => oc.columns(['policyId', 'policyVersion']).doNothing())
    .execute();
  return data.version;
}

export async function policyVersions(db: Db, actor: Actor, id: number) {
  await policyInScope(db, actor, id);
  const rows = await db
    .selectFrom('insPolicySnapshot as s')
    .leftJoin('insEndorsement as e', 'e.id', 's.endorsementId')
    .select(['s.policyVersion', 's.reason', 's.endorsementId', 'e.endorsementNo', 'e.type', 's.createdAt'])
    .where('s.policyId', '=', id)
    .orderBy('s.policyVersion', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function policyVersion(db: Db, actor: Actor, id: number, version: number) {
  await policyInScope(db, actor, id);
  const row = await db
    .selectFrom('insPolicySnapshot')
    .select(['policyVersion', 'reason', 'endorsementId', 'snapshot', 'createdAt'])
    .where('policyId', '=', id)
    .where('policyVersion', '=', version)
    .executeTakeFirst();
  if (!row) throw notFound('该版本不存在');
  return { ...row, createdAt: row.createdAt.toISOString() };
}

// ---------------------------------------------------------------------------------------------------
// Pickers and figures
// ---------------------------------------------------------------------------------------------------

/** Enterprises an insurer may enter a policy for: by name or USCC, public identification only. */
export async function enterpriseOptions(db: Db, keyword: string) {
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
