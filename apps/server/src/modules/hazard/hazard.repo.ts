import {
  chinaDate,
  DISPOSE_REJECT_COUNT,
  DISTRICTS,
  HANDLING_KINDS,
  HAZARD_LEVEL,
  HAZARD_LEVELS,
  HAZARD_SOURCES,
  type HazardDetail,
  type HazardItem,
  type HazardQuery,
  hazardStatCode,
  isHazardOverdue,
  majorFlagOf,
  type Paged,
  RECTIFY,
  RECTIFY_STATUS,
  type TimelineItem,
} from '@aqzrx/contracts';
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import { runTemplate } from '../../db/query-template.ts';
import type { DB } from '../../db/schema.ts';
import {
  bigramSearchable,
  containsPattern,
  dateText,
  nullableDateText,
  ownOrEnterpriseKeyword,
} from '../../db/sql.ts';
import type { Db } from '../../platform/context.ts';
import { cachedTotal, countUpTo, fewRowsOrder, keywordPageValues } from '../../platform/count-cache.ts';
import { notFound } from '../../platform/errors.ts';
import { type HzActor, hazardScope, hzScopeKey, isChecker } from './scope.ts';

export const iso = (d: Date | string | null | undefined): string | null =>
  d === null || d === undefined ? null : d instanceof Date ? d.toISOString() : String(d);
const num = (v: string | number | null | undefined) => (v === null || v === undefined ? 0 : Number(v));
const DAY = 86_400_000;

type HEb = ExpressionBuilder<DB & { h: DB['apHazard'] }, 'h'>;

/**
 * Open (not 已完成), overdue (past the deadline on `today` and open) and "needs the regulator". The fixed
 * values are written into the SQL (sql.lit), not sent as parameters: a prepared statement's generic plan can
 * then still use the partial indexes of open hazards (WHERE live AND rectify_status <> 1, migration 0037).
 */
export const openExpr = (eb: HEb) => eb('h.rectifyStatus', '!=', sql.lit(RECTIFY.completed));
export const overdueExpr = (eb: HEb, today: string) =>
  eb.and([openExpr(eb), eb('h.deadline', 'is not', null), eb('h.deadline', '<', today)]);
export const disposeExpr = (eb: HEb, today: string, reason?: string) => {
  const major = eb.and([openExpr(eb), eb('h.level', '=', sql.lit(HAZARD_LEVEL.major))]);
  const overdue = overdueExpr(eb, today);
  const rejected = eb.and([openExpr(eb), eb('h.rejectCount', '>=', sql.lit(DISPOSE_REJECT_COUNT))]);
  const any =
    reason === 'major' ? major : reason === 'overdue' ? overdue : reason === 'rejected' ? rejected : null;
  return eb.and([eb('h.lastHandling', '!=', sql.lit('close')), any ?? eb.or([major, overdue, rejected])]);
};

/** The where-clauses of a hazard query (scope first); `page`: a page read in list order (hazardScope). */
function filtered(
  db: Db,
  a: HzActor,
  q: HazardQuery,
  today: string,
  dispose: boolean,
  page = false,
  /** The keyword's values (hazardKeyword; a page template passes its slots). */
  kw: Record<string, unknown> | undefined = q.keyword ? hazardKeyword(q.keyword) : undefined,
) {
  let s = db.selectFrom('apHazard as h').where(hazardScope(a, today, page));
  if (dispose) s = s.where((eb) => disposeExpr(eb, today, q.disposeReason));
  else if (q.disposeReason) s = s.where((eb) => disposeExpr(eb, today, q.disposeReason));
  if (q.source) s = s.where('h.source', '=', q.source);
  // The level (1 or 2, validated) is written into the SQL: the major hazards' partial index serves any plan.
  if (q.level) s = s.where('h.level', '=', sql.lit(q.level));
  if (q.rectifyStatus !== undefined) s = s.where('h.rectifyStatus', '=', q.rectifyStatus);
  if (q.overdue === true) s = s.where((eb) => overdueExpr(eb, today));
  if (q.overdue === false) s = s.where((eb) => eb.not(overdueExpr(eb, today)));
  if (q.open === true) s = s.where((eb) => openExpr(eb));
  if (q.open === false) s = s.where('h.rectifyStatus', '=', sql.lit(RECTIFY.completed));
  if (q.toReview) {
    // Constants as literals (a page template's parameters are its slots only).
    s = s.where('h.rectifyStatus', '=', sql.lit(RECTIFY.toReview));
    if (a.kind === 'enterprise') s = s.where('h.source', '=', sql.lit(3));
    else if (a.kind === 'insurer')
      s = s.where('h.source', '=', sql.lit(2)).where('h.finderOrgId', '=', a.orgId);
    else if (a.kind === 'service' || a.kind === 'expert') s = s.where('h.source', '=', sql.lit(1));
    else s = s.where(sql<SqlBool>`false`);
  }
  if (q.enterpriseId) s = s.where('h.enterpriseId', '=', q.enterpriseId);
  if (q.planId) s = s.where('h.planId', '=', q.planId);
  if (q.districtCode) s = s.where('h.districtCode', '=', q.districtCode);
  if (q.checkFrom) s = s.where('h.checkDate', '>=', q.checkFrom);
  if (q.checkTo) s = s.where('h.checkDate', '<=', q.checkTo);
  // The description or the enterprise's name contains the keyword (any case; pairs of 0040 and 0033).
  if (kw !== undefined) s = s.where(ownOrEnterpriseKeyword(db, kw, ['h.description'], 'h.enterpriseId'));
  return s;
}

/** The keyword's filter values: its ILIKE pattern, and the keyword for the pair lookup (two characters or more). */
function hazardKeyword(keyword: string): Record<string, unknown> {
  return { kwLike: containsPattern(keyword), ...(bigramSearchable(keyword) ? { kwPairs: keyword } : {}) };
}

function selectItem(
  db: Db,
  a: HzActor,
  q: HazardQuery,
  today: string,
  dispose: boolean,
  kw?: Record<string, unknown>,
) {
  return filtered(db, a, q, today, dispose, true, ...(kw === undefined ? [] : [kw]))
    .innerJoin('sysOrg as e', 'e.id', 'h.enterpriseId')
    .leftJoin('sysOrg as i', 'i.id', 'h.insurerId')
    .leftJoin('sysOrg as f', 'f.id', 'h.finderOrgId')
    .select([
      'h.id',
      'h.source',
      'h.planId',
      'h.enterpriseId',
      'e.name as enterpriseName',
      'h.districtCode',
      'h.insurerId',
      'i.name as insurerName',
      'h.finderOrgId',
      'f.name as finderOrgName',
      dateText('h.checkDate').as('checkDate'),
      'h.basis',
      'h.checkItem',
      'h.description',
      'h.location',
      'h.level',
      'h.hazardType',
      'h.foundBy',
      'h.fixImmediately',
      'h.rectifyDept',
      'h.acceptDept',
      nullableDateText('h.deadline').as('deadline'),
      'h.rectifyStatus',
      'h.reworkCount',
      'h.rejectCount',
      sql<boolean>`h.governance_plan is not null`.as('hasGovernancePlan'),
      'h.handlingCount',
      'h.lastHandling',
      'h.completedAt',
      'h.createdAt',
      'h.version',
    ]);
}
type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItem>['execute']>>[number];

export function toItem(r: ItemRow, today: string): HazardItem {
  const overdue = isHazardOverdue(r.deadline, r.rectifyStatus, today);
  const open = r.rectifyStatus !== RECTIFY.completed;
  const reasons: string[] = [];
  if (r.lastHandling !== 'close' && open) {
    if (r.level === HAZARD_LEVEL.major) reasons.push('major');
    if (overdue) reasons.push('overdue');
    if (r.rejectCount >= DISPOSE_REJECT_COUNT) reasons.push('rejected');
  }
  return {
    id: r.id,
    source: r.source,
    sourceLabel: HAZARD_SOURCES.label(r.source),
    planId: r.planId,
    enterpriseId: r.enterpriseId,
    enterpriseName: r.enterpriseName,
    districtCode: r.districtCode,
    districtName: DISTRICTS.label(r.districtCode) || r.districtCode,
    insurerId: r.insurerId,
    insurerName: r.insurerName ?? '',
    finderOrgId: r.finderOrgId,
    finderOrgName: r.finderOrgName ?? '',
    checkDate: r.checkDate,
    basis: r.basis,
    checkItem: r.checkItem,
    description: r.description,
    location: r.location,
    level: r.level,
    levelLabel: HAZARD_LEVELS.label(r.level),
    majorFlag: majorFlagOf(r.level),
    hazardType: r.hazardType,
    foundBy: r.foundBy,
    fixImmediately: r.fixImmediately,
    rectifyDept: r.rectifyDept,
    acceptDept: r.acceptDept,
    deadline: r.deadline,
    rectifyStatus: r.rectifyStatus,
    rectifyStatusLabel: RECTIFY_STATUS.label(r.rectifyStatus),
    overdue,
    overdueDays:
      overdue && r.deadline
        ? Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${r.deadline}T00:00:00Z`)) / DAY)
        : 0,
    statCode: hazardStatCode(r.level, r.rectifyStatus),
    reworkCount: r.reworkCount,
    rejectCount: r.rejectCount,
    hasGovernancePlan: Boolean(r.hasGovernancePlan),
    handlingCount: r.handlingCount,
    lastHandling: r.lastHandling,
    disposeReasons: reasons,
    completedAt: iso(r.completedAt),
    createdAt: iso(r.createdAt) ?? '',
    version: r.version,
  };
}

/** One page of hazards in list order: newest first, the disposal list by deadline (the nearest first). */
export function hazardPage(
  db: Db,
  a: HzActor,
  q: HazardQuery,
  today: string,
  dispose: boolean,
  /** The keyword's values for this page (listHazards: keywordPageValues); by default all of them. */
  kw: Record<string, unknown> | undefined = q.keyword ? hazardKeyword(q.keyword) : undefined,
): Promise<ItemRow[]> {
  // A compiled template (db/query-template.ts): the SQL is built once per shape — the actor's kind and
  // number of districts, the list, the filters present and those that pick the SQL (level, dispose reason,
  // overdue, open, to review) — and each request only supplies the values (Kysely's build of this query was a
  // quarter of the request's CPU).
  const values: Record<string, unknown> = {
    today,
    limit: q.pageSize,
    offset: (q.pageNo - 1) * q.pageSize,
  };
  if (a.kind === 'government') values.districts = a.districts;
  else if (a.kind !== 'none') values.orgId = a.orgId;
  for (const k of SLOT_FILTERS) if (q[k] !== undefined && (q[k] || k === 'rectifyStatus')) values[k] = q[k];
  if (kw) Object.assign(values, kw);
  const shape = [
    'hazard-page',
    a.kind,
    a.kind === 'government' ? a.districts.length : '',
    dispose ? 'dispose' : 'list',
    `level:${q.level ?? ''}`,
    `reason:${q.disposeReason ?? ''}`,
    `overdue:${q.overdue ?? ''}`,
    `open:${q.open ?? ''}`,
    `review:${q.toReview ?? ''}`,
    Object.keys(values).sort().join(','),
  ].join('|');
  return runTemplate(db, shape, values, (v) => {
    const slotted: HzActor =
      a.kind === 'government'
        ? { ...a, districts: v.districts as string[] }
        : a.kind === 'none'
          ? a
          : { ...a, orgId: v.orgId as number };
    const sq = { ...q } as Record<string, unknown>;
    for (const k of SLOT_FILTERS) sq[k] = Object.hasOwn(v, k) ? v[k] : undefined;
    const kwSlots = kw ? Object.fromEntries(Object.keys(kw).map((k) => [k, v[k]])) : undefined;
    const first = sql.ref(dispose ? 'h.deadline' : 'h.id');
    return selectItem(db, slotted, sq as HazardQuery, v.today as string, dispose, kwSlots)
      .orderBy(Object.hasOwn(v, 'kwFew') ? fewRowsOrder(first) : first, dispose ? 'asc' : 'desc')
      .orderBy('h.id', 'desc')
      .limit(v.limit as number)
      .offset(v.offset as number);
  }) as Promise<ItemRow[]>;
}

/** The same page built by Kysely without the template (hazard-list-template.test.ts compares the two). */
export function plainHazardPage(db: Db, a: HzActor, q: HazardQuery, today: string, dispose: boolean) {
  return selectItem(db, a, q, today, dispose)
    .orderBy(dispose ? 'h.deadline' : 'h.id', dispose ? 'asc' : 'desc')
    .orderBy('h.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
}

/** The hazard filters whose values are compared in SQL (a page template's slots); the others pick the SQL. */
const SLOT_FILTERS = [
  'source',
  'rectifyStatus',
  'enterpriseId',
  'planId',
  'districtCode',
  'checkFrom',
  'checkTo',
] as const;

/**
 * POST /api/hazard/list and dispose-list: newest first; overdue derived on the China date of `now`. The
 * total is counted up to the cap and cached per list, scope, China date (overdue, the disposal rules and an
 * insurer's policies in force move with the day) and filters (platform/count-cache.ts); every hazard write
 * drops it when it commits (countsChanged).
 */
export async function listHazards(
  db: Db,
  a: HzActor,
  q: HazardQuery,
  now: Date,
  dispose = false,
): Promise<Paged<HazardItem>> {
  const today = chinaDate(now);
  const { pageNo, pageSize, ...filters } = q;
  const key = `hazard|${dispose ? 'dispose' : 'list'}|${hzScopeKey(a)}|${today}|${JSON.stringify(filters)}`;
  const totalP = cachedTotal(db, key, (limit) =>
    countUpTo(db, filtered(db, a, q, today, dispose).select('h.id'), limit),
  );
  // A keyword matching thousands: its first pages in list order; a rare one on one generic plan.
  const kw = q.keyword ? hazardKeyword(q.keyword) : undefined;
  const pageKw =
    kw && Object.hasOwn(kw, 'kwPairs')
      ? keywordPageValues(kw, await totalP, (pageNo - 1) * pageSize, pageSize)
      : kw;
  const [total, rows] = await Promise.all([totalP, hazardPage(db, a, q, today, dispose, pageKw)]);
  return { list: rows.map((r) => toItem(r, today)), ...total, pageNum: pageNo, pageSize };
}

const ALL: HazardQuery = { pageNo: 1, pageSize: 1 };

/** One hazard in scope (404 otherwise), with the rows a write needs. */
export async function hazardInScope(db: Db, a: HzActor, id: number, now: Date) {
  const today = chinaDate(now);
  const r = await selectItem(db, a, ALL, today, false)
    .where('h.id', '=', id)
    .select(['h.recommendation', 'h.photos', 'h.governancePlan', 'h.reportedAt', 'h.planId'])
    .executeTakeFirst();
  if (!r) throw notFound();
  return r;
}

/** POST /api/hazard/detail. */
export async function hazardDetail(db: Db, a: HzActor, id: number, now: Date): Promise<HazardDetail> {
  const today = chinaDate(now);
  const r = await hazardInScope(db, a, id, now);
  const [recs, handlings] = await Promise.all([
    db
      .selectFrom('apHazardRectification')
      .selectAll()
      .select([
        dateText('rectifiedOn').as('rectifiedOnText'),
        nullableDateText('reviewDate').as('reviewDateText'),
      ])
      .where('hazardId', '=', id)
      .orderBy('seq')
      .execute(),
    db
      .selectFrom('apHazardHandling as x')
      .leftJoin('sysOrg as o', 'o.id', 'x.orgId')
      .selectAll('x')
      .select(['o.name as orgName', dateText('x.handledOn').as('handledOnText')])
      .where('x.hazardId', '=', id)
      .orderBy('x.id')
      .execute(),
  ]);
  const item = toItem(r, today);
  const plan = r.governancePlan as Record<string, unknown> | null;
  const rectifications = recs.map((x) => ({
    seq: x.seq,
    rectifiedOn: x.rectifiedOnText,
    dept: x.dept,
    person: x.person,
    description: x.description,
    photos: x.photos,
    submittedAt: iso(x.submittedAt) ?? '',
    submittedByName: x.submittedByName,
    result: x.result,
    reviewDate: x.reviewDateText,
    reviewer: x.reviewer,
    reviewDescription: x.reviewDesc,
    rejectReason: x.rejectReason,
    reviewPhotos: x.reviewPhotos,
    reviewedAt: iso(x.reviewedAt),
    reviewedByName: x.reviewedByName,
  }));
  const handlingItems = handlings.map((x) => ({
    id: x.id,
    kind: x.kind,
    kindLabel: HANDLING_KINDS.label(x.kind),
    handledOn: x.handledOnText,
    description: x.description,
    penaltyAmount: x.penaltyAmount === null ? null : num(x.penaltyAmount),
    files: x.files,
    orgName: x.orgName ?? '',
    byName: x.byName,
    createdAt: iso(x.createdAt) ?? '',
  }));
  const governancePlan = plan
    ? {
        objectives: String(plan.objectives ?? ''),
        methods: String(plan.methods ?? ''),
        funding: String(plan.funding ?? ''),
        responsible: String(plan.responsible ?? ''),
        timeLimit: String(plan.timeLimit ?? ''),
        safetyMeasures: String(plan.safetyMeasures ?? ''),
        contingency: String(plan.contingency ?? ''),
        principal: String(plan.principal ?? ''),
        plannedDate: String(plan.plannedDate ?? ''),
        files: (plan.files as string[] | undefined) ?? [],
        savedAt: String(plan.savedAt ?? ''),
        savedByName: String(plan.savedByName ?? ''),
      }
    : null;
  const open = r.rectifyStatus !== RECTIFY.completed;
  const major = r.level === HAZARD_LEVEL.major;
  const entActs = a.kind === 'enterprise' && a.orgId === r.enterpriseId;
  return {
    ...item,
    recommendation: r.recommendation,
    photos: r.photos,
    rectifications,
    governancePlan,
    governancePlanRequired: major,
    handlings: handlingItems,
    timeline: timelineOf(item, r.reportedAt, rectifications, governancePlan, handlingItems),
    actions: {
      rectify: entActs && (r.rectifyStatus === RECTIFY.toRectify || r.rectifyStatus === RECTIFY.rejected),
      review: r.rectifyStatus === RECTIFY.toReview && isChecker(a, r),
      governancePlan: entActs && major && open,
      handle: a.kind === 'government' && r.lastHandling !== 'close',
    },
  };
}

/** The hazard's events in time order (the regulator's rectification timeline). */
export function timelineOf(
  h: HazardItem,
  reportedAt: Date | null,
  recs: HazardDetail['rectifications'],
  plan: HazardDetail['governancePlan'],
  handlings: HazardDetail['handlings'],
): TimelineItem[] {
  const out: TimelineItem[] = [
    {
      at: h.createdAt,
      event: 'registered',
      label: `登记${h.levelLabel}`,
      byName: h.foundBy,
      orgName: h.finderOrgName,
      note: h.deadline ? `限时整改日期 ${h.deadline}` : h.fixImmediately ? '立即整改' : '',
    },
  ];
  if (reportedAt)
    out.push({
      at: iso(reportedAt) ?? '',
      event: 'reported',
      label: '重大隐患已报告属地监管部门',
      byName: '',
      orgName: '',
      note: '',
    });
  for (const x of recs) {
    out.push({
      at: x.submittedAt,
      event: 'submitted',
      label: x.seq > 1 ? `第${x.seq}次提交整改（返工）` : '提交整改',
      byName: x.submittedByName,
      orgName: h.enterpriseName,
      note: x.description,
    });
    if (x.result && x.reviewedAt)
      out.push({
        at: x.reviewedAt,
        event: x.result === 'pass' ? 'passed' : 'rejected',
        label: x.result === 'pass' ? '复查通过，整改完成' : '复查驳回',
        byName: x.reviewedByName || x.reviewer,
        orgName: '',
        note: x.result === 'pass' ? x.reviewDescription : x.rejectReason,
      });
  }
  if (plan)
    out.push({
      at: plan.savedAt,
      event: 'plan',
      label: '制定治理方案',
      byName: plan.savedByName,
      orgName: h.enterpriseName,
      note: `计划完成日期 ${plan.plannedDate}`,
    });
  for (const x of handlings)
    out.push({
      at: x.createdAt,
      event: 'handled',
      label: `监管处置：${x.kindLabel}`,
      byName: x.byName,
      orgName: x.orgName,
      note: x.penaltyAmount !== null ? `${x.description}（处罚金额 ${x.penaltyAmount} 元）` : x.description,
    });
  return out.sort((p, q) => (p.at < q.at ? -1 : p.at > q.at ? 1 : 0));
}

/** The photos and files a hazard shows (for the download route). */
export async function hazardFileIds(db: Db, a: HzActor, id: number, now: Date): Promise<string[]> {
  const d = await hazardDetail(db, a, id, now);
  return [
    ...d.photos,
    ...d.rectifications.flatMap((x) => [...x.photos, ...x.reviewPhotos]),
    ...(d.governancePlan?.files ?? []),
    ...d.handlings.flatMap((x) => x.files),
  ];
}
