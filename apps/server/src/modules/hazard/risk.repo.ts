import {
  CLAIM_PHASES,
  chinaDate,
  computeRiskLevel,
  DISTRICTS,
  HAZARD_STAT_CODES,
  type HazardStats,
  industryMustInsure,
  type Paged,
  PLAN_STATUSES,
  RISK_CHANGE_CAUSES,
  RISK_FACTORS,
  RISK_LEVELS,
  type RiskDetail,
  type RiskItem,
  type RiskQuery,
  SERVICE_ITEMS,
  SUPERVISE_REASONS,
  type SuperviseItem,
  type SuperviseQuery,
} from '@aqzrx/contracts';
import { type SqlBool, sql } from 'kysely';
import { containsPattern } from '../../db/sql.ts';
import type { Db } from '../../platform/context.ts';
import { cachedTotal, countUpTo } from '../../platform/count-cache.ts';
import { notFound } from '../../platform/errors.ts';
import { EXPORT_ROW_CAP, type XlsxColumn, type XlsxStreamSheet } from '../../platform/xlsx.ts';
import { hazardPage, iso, timelineOf, toItem } from './hazard.repo.ts';
import { loadRuleTable } from './risk.service.ts';
import { type HzActor, hazardScope, hzScopeKey, requireGov } from './scope.ts';

const RISK_COLORS: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'yellow', 4: 'blue' };
const districtName = (c: string | null) => (c ? DISTRICTS.label(c) || c : '');

/** The enterprises (o) of a regulator's districts with their current risk (r) and profile (e). */
function riskRows(db: Db, a: Extract<HzActor, { kind: 'government' }>, q: RiskQuery | SuperviseQuery) {
  let s = db
    .selectFrom('sysOrg as o')
    .leftJoin('insEnterprise as e', 'e.id', 'o.id')
    .leftJoin('entRisk as r', 'r.enterpriseId', 'o.id')
    // A literal, not a parameter: the statements keep one generic plan (PostgreSQL planned each request anew).
    .where('o.orgType', '=', sql.lit<'enterprise'>('enterprise'))
    .where('o.deletedAt', 'is', null)
    .where('o.districtCode', 'in', a.districts.length ? a.districts : ['-']);
  if (q.districtCode) s = s.where('o.districtCode', '=', q.districtCode);
  if (q.industry) s = s.where('e.wsIndustryCode', 'like', `${q.industry.replace(/[\\%_]/g, '')}%`);
  if (q.keyword) {
    const k = containsPattern(q.keyword);
    s = s.where((eb) => eb.or([eb('o.name', 'ilike', k), eb('o.uscc', 'ilike', k)]));
  }
  return s;
}

/** The risk list's rows (the enterprises, no columns yet). */
function riskFiltered(db: Db, a: Extract<HzActor, { kind: 'government' }>, q: RiskQuery) {
  let s = riskRows(db, a, q);
  if (q.riskLevel) s = s.where('r.riskLevel', '=', q.riskLevel);
  if (q.hasMajorOpen === true) s = s.where('r.openMajorHazards', '>', 0);
  if (q.hasMajorOpen === false)
    s = s.where((eb) => eb.or([eb('r.openMajorHazards', 'is', null), eb('r.openMajorHazards', '=', 0)]));
  if (q.hasOverdue === true) s = s.where('r.overdueHazards', '>', 0);
  if (q.hasOverdue === false)
    s = s.where((eb) => eb.or([eb('r.overdueHazards', 'is', null), eb('r.overdueHazards', '=', 0)]));
  return s;
}

function riskSelect(db: Db, a: Extract<HzActor, { kind: 'government' }>, q: RiskQuery, today: string) {
  return riskFiltered(db, a, q).select([
    'o.id as enterpriseId',
    'o.name as enterpriseName',
    'o.uscc',
    'o.districtCode',
    'e.wsIndustryCode',
    sql<string>`(select i.name from sys_industry i where i.code = e.ws_industry_code limit 1)`.as(
      'industryName',
    ),
    'r.riskLevel',
    'r.points',
    'r.openHazards',
    'r.overdueHazards',
    'r.openMajorHazards',
    'r.assessedAt',
    sql<boolean>`exists (select 1 from ins_policy ip where ip.enterprise_id = o.id and ip.status = 'approved' and ip.start_date <= ${today} and ip.end_date >= ${today})`.as(
      'insured',
    ),
  ]);
}
type RiskRow = Awaited<ReturnType<ReturnType<typeof riskSelect>['execute']>>[number];

function toRiskItem(r: RiskRow): RiskItem {
  const level = r.riskLevel ?? 0;
  return {
    enterpriseId: r.enterpriseId,
    enterpriseName: r.enterpriseName,
    uscc: r.uscc ?? '',
    districtCode: r.districtCode ?? '',
    districtName: districtName(r.districtCode),
    industryCode: r.wsIndustryCode ?? '',
    industryName: r.industryName ?? '',
    riskLevel: level,
    riskLevelLabel: RISK_LEVELS.label(level) || '未评定',
    riskColor: RISK_COLORS[level] ?? 'default',
    points: r.points ?? 0,
    openHazards: r.openHazards ?? 0,
    overdueHazards: r.overdueHazards ?? 0,
    openMajorHazards: r.openMajorHazards ?? 0,
    insured: Boolean(r.insured),
    assessedAt: iso(r.assessedAt),
  };
}

/**
 * One page of ids of a list that puts the graded enterprises (an ent_risk row) first, in the order of an
 * ent_risk index, and the ungraded ones (registered since the last grading) after them by id. Each part is
 * read by an index walk in its order that stops after the page (sorting every enterprise of a city took
 * 100-170 ms a page at 100,000); the ungraded part is read only by the page that reaches past the graded
 * rows (`ungraded` null: the filters leave none).
 */
async function gradedFirstIds(
  offset: number,
  limit: number,
  graded: (offset: number, limit: number) => Promise<number[]>,
  ungraded: null | {
    page: (offset: number, limit: number) => Promise<number[]>;
    /** The graded rows, counted up to `upTo`. */
    countGraded: (upTo: number) => Promise<number>;
  },
): Promise<number[]> {
  const first = await graded(offset, limit);
  if (first.length === limit || !ungraded) return first;
  // The graded rows before the ungraded ones: this page shows where they end, or (a page past them) counted.
  const gradedTotal =
    first.length > 0 || offset === 0 ? offset + first.length : await ungraded.countGraded(offset);
  const rest = await ungraded.page(offset + first.length - gradedTotal, limit - first.length);
  return [...first, ...rest];
}

/** The rows of `ids` in that order (the page's columns are computed for its rows only). */
function inOrder<R extends { enterpriseId: number }>(ids: number[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [r.enterpriseId, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/**
 * POST /api/risk/list: highest risk first, then the most points (coalesce(level, 5), coalesce(points, 0)
 * desc, id: the ungraded last), read in the order of ent_risk_order_idx (gradedFirstIds).
 */
export async function listRisk(db: Db, a: HzActor, q: RiskQuery, now: Date): Promise<Paged<RiskItem>> {
  requireGov(a);
  const today = chinaDate(now);
  const { pageNo, pageSize, ...filters } = q;
  // Cached per scope and filters (platform/count-cache.ts); risk rescoring and enterprise writes drop it.
  const key = `risk|${hzScopeKey(a)}|${JSON.stringify(filters)}`;
  const graded = () => riskFiltered(db, a, q).where('r.enterpriseId', 'is not', null).select('o.id');
  // A level or "has major/overdue hazards" filter leaves no ungraded enterprise.
  const ungradedToo = !q.riskLevel && q.hasMajorOpen !== true && q.hasOverdue !== true;
  const page = async () => {
    const pageIds = await gradedFirstIds(
      (pageNo - 1) * pageSize,
      pageSize,
      async (offset, limit) =>
        ids(
          await graded()
            .orderBy('r.riskLevel')
            .orderBy('r.points', 'desc')
            .orderBy('r.enterpriseId')
            .limit(limit)
            .offset(offset)
            .execute(),
        ),
      ungradedToo
        ? {
            page: async (offset, limit) =>
              ids(
                await riskFiltered(db, a, q)
                  .where('r.enterpriseId', 'is', null)
                  .select('o.id')
                  .orderBy('o.id')
                  .limit(limit)
                  .offset(offset)
                  .execute(),
              ),
            countGraded: (upTo) => countUpTo(db, graded(), upTo),
          }
        : null,
    );
    if (pageIds.length === 0) return [];
    return inOrder(pageIds, await riskSelect(db, a, q, today).where('o.id', 'in', pageIds).execute());
  };
  const [total, rows] = await Promise.all([
    cachedTotal(db, key, (limit) => countUpTo(db, riskFiltered(db, a, q).select('o.id'), limit)),
    page(),
  ]);
  return { list: rows.map(toRiskItem), ...total, pageNum: pageNo, pageSize };
}

/** GET /api/risk/export: the same rows as .xlsx (keyset pages, at most EXPORT_ROW_CAP). */
export function riskExportSheets(db: Db, a: HzActor, q: RiskQuery, now: Date): XlsxStreamSheet<RiskItem>[] {
  requireGov(a);
  const today = chinaDate(now);
  async function* rows(): AsyncIterable<RiskItem> {
    let offset = 0;
    while (offset < EXPORT_ROW_CAP) {
      const page = await riskSelect(db, a as Extract<HzActor, { kind: 'government' }>, q, today)
        .orderBy(sql`coalesce(r.risk_level, 5)`)
        .orderBy(sql`coalesce(r.points, 0)`, 'desc')
        .orderBy('o.id')
        .limit(1000)
        .offset(offset)
        .execute();
      for (const r of page) yield toRiskItem(r);
      if (page.length < 1000) return;
      offset += page.length;
    }
  }
  const columns: XlsxColumn<RiskItem>[] = [
    { header: '企业名称', width: 32, value: (r) => r.enterpriseName },
    { header: '统一社会信用代码', width: 22, value: (r) => r.uscc },
    { header: '所属区县', width: 12, value: (r) => r.districtName },
    { header: '行业', width: 20, value: (r) => r.industryName || r.industryCode },
    { header: '风险等级', width: 10, value: (r) => r.riskLevelLabel },
    { header: '风险分值', width: 10, value: (r) => r.points },
    { header: '未整改隐患', width: 12, value: (r) => r.openHazards },
    { header: '逾期隐患', width: 10, value: (r) => r.overdueHazards },
    { header: '未整改重大隐患', width: 14, value: (r) => r.openMajorHazards },
    { header: '是否在保', width: 10, value: (r) => (r.insured ? '是' : '否') },
    { header: '评定时间', width: 20, value: (r) => (r.assessedAt ? r.assessedAt.slice(0, 10) : '') },
  ];
  return [{ name: '企业风险', columns, rows: rows() }];
}

/** POST /api/risk/detail: one enterprise of the regulator's districts (404 otherwise). */
export async function riskDetail(db: Db, a: HzActor, enterpriseId: number, now: Date): Promise<RiskDetail> {
  requireGov(a);
  const today = chinaDate(now);
  const row = await riskSelect(db, a, { pageNo: 1, pageSize: 1 }, today)
    .where('o.id', '=', enterpriseId)
    .select(['e.address', 'o.contactName', 'r.factors'])
    .executeTakeFirst();
  if (!row) throw notFound();
  const hazardsQ = { pageNo: 1, pageSize: 200, enterpriseId };
  const [history, hazardRows, recs, handlings, services, claims] = await Promise.all([
    db
      .selectFrom('entRiskHistory')
      .selectAll()
      .where('enterpriseId', '=', enterpriseId)
      .orderBy('id', 'desc')
      .limit(100)
      .execute(),
    // The enterprise's latest hazards (its page only: the detail shows no total).
    hazardPage(db, a, hazardsQ, today, false),
    db
      .selectFrom('apHazardRectification as x')
      .innerJoin('apHazard as h', 'h.id', 'x.hazardId')
      .where('h.enterpriseId', '=', enterpriseId)
      .where('h.live', '=', true)
      .select([
        'x.hazardId',
        'x.seq',
        'x.submittedAt',
        'x.submittedByName',
        'x.description',
        'x.result',
        'x.reviewedAt',
        'x.reviewedByName',
        'x.reviewer',
        'x.rejectReason',
        'x.reviewDesc',
      ])
      .execute(),
    db
      .selectFrom('apHazardHandling as x')
      .innerJoin('apHazard as h', 'h.id', 'x.hazardId')
      .leftJoin('sysOrg as o', 'o.id', 'x.orgId')
      .where('h.enterpriseId', '=', enterpriseId)
      .select([
        'x.hazardId',
        'x.kind',
        'x.description',
        'x.penaltyAmount',
        'x.byName',
        'x.createdAt',
        'o.name as orgName',
      ])
      .execute(),
    db
      .selectFrom('apPlan as p')
      .leftJoin('sysOrg as po', 'po.id', 'p.providerOrgId')
      .where('p.enterpriseId', '=', enterpriseId)
      .select(['p.id', 'p.name', 'p.item', 'po.name as orgName', 'p.plannedStart', 'p.status'])
      .orderBy('p.plannedStart', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('insClaim')
      .where('enterpriseId', '=', enterpriseId)
      .select(['id', 'reportNo', 'registerNo', 'accidentAt', 'phase', 'payoutTotal'])
      .orderBy('accidentAt', 'desc')
      .limit(50)
      .execute(),
  ]);
  const hazards = hazardRows.map((r) => toItem(r, today));
  const factors = (row.factors ?? {}) as Record<string, number>;
  const { fired } = computeRiskLevel(factors, await loadRuleTable(db));
  const pointsOf = (f: string) => fired.filter((r) => r.factor === f).reduce((n, r) => n + r.points, 0);
  const timeline = hazards.flatMap((h) =>
    timelineOf(
      h,
      null,
      recs
        .filter((x) => x.hazardId === h.id)
        .map((x) => ({
          seq: x.seq,
          rectifiedOn: '',
          dept: '',
          person: '',
          description: x.description,
          photos: [],
          submittedAt: iso(x.submittedAt) ?? '',
          submittedByName: x.submittedByName,
          result: x.result,
          reviewDate: null,
          reviewer: x.reviewer,
          reviewDescription: x.reviewDesc,
          rejectReason: x.rejectReason,
          reviewPhotos: [],
          reviewedAt: iso(x.reviewedAt),
          reviewedByName: x.reviewedByName,
        })),
      null,
      handlings
        .filter((x) => x.hazardId === h.id)
        .map((x, i) => ({
          id: i,
          kind: x.kind,
          kindLabel: x.kind,
          handledOn: '',
          description: x.description,
          penaltyAmount: x.penaltyAmount === null ? null : Number(x.penaltyAmount),
          files: [],
          orgName: x.orgName ?? '',
          byName: x.byName,
          createdAt: iso(x.createdAt) ?? '',
        })),
    ).map((t) => ({ ...t, hazardId: h.id })),
  );
  timeline.sort((p, q) => (p.at < q.at ? 1 : p.at > q.at ? -1 : 0));
  return {
    ...toRiskItem(row),
    address: row.address ?? '',
    contactName: row.contactName,
    factors: RISK_FACTORS.map((f) => ({
      factor: f.value,
      label: f.label,
      value: factors[f.value] ?? 0,
      points: pointsOf(f.value),
    })),
    history: history.map((h) => ({
      riskLevel: h.riskLevel,
      riskLevelLabel: RISK_LEVELS.label(h.riskLevel),
      previousLevel: h.previousLevel,
      points: h.points,
      cause: h.cause,
      causeLabel: RISK_CHANGE_CAUSES.label(h.cause),
      reason: h.reason,
      at: iso(h.createdAt) ?? '',
    })),
    hazards,
    timeline: timeline.slice(0, 300),
    services: services.map((p) => ({
      planId: p.id,
      name: p.name,
      serviceItem: p.item,
      serviceItemLabel: SERVICE_ITEMS.label(p.item),
      orgName: p.orgName ?? '',
      date: iso(p.plannedStart) ?? '',
      status: p.status,
      statusLabel: PLAN_STATUSES.label(p.status),
    })),
    claims: claims.map((c) => ({
      claimId: c.id,
      claimNo: c.registerNo ?? c.reportNo,
      accidentAt: iso(c.accidentAt) ?? '',
      phaseLabel: CLAIM_PHASES.label(c.phase),
      paidAmount: Number(c.payoutTotal ?? 0),
    })),
  };
}

/**
 * POST /api/supervise/list (监管对象): enterprises of the regulator's districts under key supervision —
 * must insure but uninsured today, risk 重大/较大, or a major hazard open — each with its reasons.
 */
export async function listSupervised(
  db: Db,
  a: HzActor,
  q: SuperviseQuery,
  now: Date,
): Promise<Paged<SuperviseItem>> {
  requireGov(a);
  const today = chinaDate(now);
  const insured = sql<boolean>`exists (select 1 from ins_policy ip where ip.enterprise_id = o.id and ip.status = 'approved' and ip.start_date <= ${today} and ip.end_date >= ${today})`;
  const uninsured = sql<SqlBool>`(coalesce(e.must_insure, false) or exists (select 1 from sys_industry si where si.code = e.ws_industry_code and si.must_insure)) and not ${insured}`;
  const high = sql<SqlBool>`coalesce(r.risk_level, 9) <= 2`;
  const major = sql<SqlBool>`coalesce(r.open_major_hazards, 0) > 0`;
  const why =
    q.reason === 'uninsured'
      ? uninsured
      : q.reason === 'highRisk'
        ? high
        : q.reason === 'majorHazard'
          ? major
          : sql<SqlBool>`(${uninsured} or ${high} or ${major})`;
  const base = riskRows(db, a, q).where(why);
  const { pageNo, pageSize, ...filters } = q;
  // Cached per scope, China date (policies in force today) and filters; a policy, enterprise or risk write
  // drops it when it commits (countsChanged).
  const key = `supervise|${hzScopeKey(a)}|${today}|${JSON.stringify(filters)}`;
  const graded = () => base.where('r.enterpriseId', 'is not', null).select('o.id');
  // The page in the list's order (coalesce(level, 9), id): graded by ent_risk_level_ent_idx, then the
  // ungraded (only "uninsured" can hold them).
  const page = async () => {
    const pageIds = await gradedFirstIds(
      (pageNo - 1) * pageSize,
      pageSize,
      async (offset, limit) =>
        ids(
          await graded()
            .orderBy('r.riskLevel')
            .orderBy('r.enterpriseId')
            .limit(limit)
            .offset(offset)
            .execute(),
        ),
      q.reason === 'highRisk' || q.reason === 'majorHazard'
        ? null
        : {
            page: async (offset, limit) =>
              ids(
                await base
                  .where('r.enterpriseId', 'is', null)
                  .select('o.id')
                  .orderBy('o.id')
                  .limit(limit)
                  .offset(offset)
                  .execute(),
              ),
            countGraded: (upTo) => countUpTo(db, graded(), upTo),
          },
    );
    if (pageIds.length === 0) return [];
    const found = await riskRows(db, a, q)
      .where('o.id', 'in', pageIds)
      .select([
        'o.id as enterpriseId',
        'o.name',
        'o.uscc',
        'o.districtCode',
        'e.wsIndustryCode',
        'e.mustInsure',
        sql<string>`(select i.name from sys_industry i where i.code = e.ws_industry_code limit 1)`.as(
          'industryName',
        ),
        'r.riskLevel',
        'r.openMajorHazards',
        insured.as('insured'),
        uninsured.as('isUninsured'),
      ])
      .execute();
    return inOrder(pageIds, found);
  };
  const [total, rows] = await Promise.all([
    cachedTotal(db, key, (limit) => countUpTo(db, base.select('o.id'), limit)),
    page(),
  ]);
  return {
    list: rows.map((r) => {
      const reasons: string[] = [];
      const texts: string[] = [];
      if (r.isUninsured) {
        reasons.push('uninsured');
        texts.push('属于应当投保的高危行业，当前没有有效保单');
      }
      if ((r.riskLevel ?? 9) <= 2) {
        reasons.push('highRisk');
        texts.push(`风险等级为${RISK_LEVELS.label(r.riskLevel)}`);
      }
      if ((r.openMajorHazards ?? 0) > 0) {
        reasons.push('majorHazard');
        texts.push(`有${r.openMajorHazards}条重大隐患未完成整改`);
      }
      return {
        enterpriseId: r.enterpriseId,
        enterpriseName: r.name,
        uscc: r.uscc ?? '',
        districtCode: r.districtCode ?? '',
        districtName: districtName(r.districtCode),
        industryName: r.industryName ?? '',
        riskLevel: r.riskLevel,
        riskLevelLabel: r.riskLevel ? RISK_LEVELS.label(r.riskLevel) : '未评定',
        openMajorHazards: r.openMajorHazards ?? 0,
        mustInsure: Boolean(r.mustInsure) || industryMustInsure(r.wsIndustryCode),
        insured: Boolean(r.insured),
        reasons: reasons.filter((x) => SUPERVISE_REASONS.has(x)),
        reasonTexts: texts,
      };
    }),
    ...total,
    pageNum: pageNo,
    pageSize,
  };
}

/** GET /api/hazard/stats: spec 4 codes over the caller's hazards (−1: enterprises in scope without any). */
export async function hazardStats(
  db: Db,
  a: HzActor,
  q: { districtCode?: string | undefined; enterpriseId?: number | undefined; year?: number | undefined },
  now: Date,
): Promise<HazardStats> {
  const today = chinaDate(now);
  let s = db.selectFrom('apHazard as h').where(hazardScope(a, today));
  if (q.districtCode) s = s.where('h.districtCode', '=', q.districtCode);
  if (q.enterpriseId) s = s.where('h.enterpriseId', '=', q.enterpriseId);
  if (q.year)
    s = s.where('h.checkDate', '>=', `${q.year}-01-01`).where('h.checkDate', '<=', `${q.year}-12-31`);
  const r = await s
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) filter (where h.level = 1)::int`.as('general'),
      sql<number>`count(*) filter (where h.level = 1 and h.rectify_status = 1)::int`.as('generalRectified'),
      sql<number>`count(*) filter (where h.level = 2)::int`.as('major'),
      sql<number>`count(*) filter (where h.level = 2 and h.rectify_status = 1)::int`.as('majorRectified'),
      sql<number>`count(*) filter (where h.rectify_status <> 1)::int`.as('open'),
      sql<number>`count(*) filter (where h.rectify_status <> 1 and h.deadline < ${today}::date)::int`.as(
        'overdue',
      ),
      sql<number>`count(*) filter (where h.rectify_status = 0)::int`.as('toReview'),
      sql<number>`count(*) filter (where h.rectify_status = 2)::int`.as('rejected'),
    ])
    .executeTakeFirstOrThrow();
  let none = 0;
  if (a.kind === 'government' && !q.enterpriseId) {
    const districts = a.districts.filter((d) => !q.districtCode || d === q.districtCode);
    const n = await db
      .selectFrom('sysOrg as o')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('o.orgType', '=', 'enterprise')
      .where('o.deletedAt', 'is', null)
      .where('o.districtCode', 'in', districts.length ? districts : ['-'])
      .where(sql<SqlBool>`not exists (select 1 from ap_hazard h where h.enterprise_id = o.id and h.live)`)
      .executeTakeFirstOrThrow();
    none = n.n;
  }
  const completed = r.generalRectified + r.majorRectified;
  const value: Record<string, number> = {
    '-1': none,
    '0-0': r.general - r.generalRectified,
    '0-1': r.generalRectified,
    '1-0': r.major - r.majorRectified,
    '1-1': r.majorRectified,
  };
  return {
    ...r,
    rectifyRate: r.total ? Math.round((1000 * completed) / r.total) / 10 : 0,
    byCode: HAZARD_STAT_CODES.map((c) => ({ code: c.value, label: c.label, value: value[c.value] ?? 0 })),
  };
}
