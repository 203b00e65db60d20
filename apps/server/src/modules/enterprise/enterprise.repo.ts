/**
 * Enterprise queries: who sees which enterprise (row scope), cover and insured-now expressions, the list,
 * export, detail and contact reads. No writes: the profile writes are in enterprise.service.ts, parameters
 * and the score in enterprise.score.ts.
 */
import {
  chinaDate,
  DISTRICTS,
  type EnterpriseDetail,
  type EnterpriseEditInput,
  type EnterpriseRow,
  type enterpriseExportQuery,
  type enterpriseListFilters,
  type enterpriseListQuery,
  maskContactPhone,
  maskMobile,
  optionLabel,
  type Paged,
  riskLevelText,
  wsIndustryTop,
} from '@aqzrx/contracts';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { runTemplate } from '../../db/query-template.ts';
import type { DB } from '../../db/schema.ts';
import { bigramMatch, bigramSearchable, escapeLike, nullableDateText } from '../../db/sql.ts';
import { type Actor, scopeKey } from '../../platform/actor.ts';
import type { Db } from '../../platform/context.ts';
import { cachedTotal, countUpTo, denseFirstRows } from '../../platform/count-cache.ts';
import { notFound } from '../../platform/errors.ts';
import { EXPORT_PAGE, offsetRows, type ReadRun } from '../../platform/export-pages.ts';
import { decryptPhone } from '../../platform/pii.ts';

export type EnterpriseEditFields = Omit<EnterpriseEditInput, 'id' | 'version'>;

export const districtName = (code: string | null | undefined) => optionLabel(DISTRICTS, code ?? '');

type OrgQB = SelectQueryBuilder<DB & { o: DB['sysOrg']; e: DB['insEnterprise'] }, 'o' | 'e', object>;

/** Row scope of enterprises for an actor: own organisation, or the government's districts. */
export function enterpriseScope<QB extends OrgQB>(qb: QB, actor: Actor): QB {
  if (actor.kind === 'enterprise') return qb.where('o.id', '=', actor.orgId) as QB;
  if (actor.kind === 'government' && actor.districts.length > 0)
    return qb.where('o.districtCode', 'in', actor.districts) as QB;
  return qb.where(sql<boolean>`false`) as QB;
}

/** Whether an enterprise holds an approved policy covering `today` (derived at read time). */
export const insuredNowExpr = (eb: ExpressionBuilder<DB & { o: DB['sysOrg'] }, 'o'>, today: string) =>
  eb.exists(
    eb
      .selectFrom('insPolicy as ip')
      .select(sql`1`.as('one'))
      .whereRef('ip.enterpriseId', '=', 'o.id')
      .where('ip.status', '=', sql.lit<'approved'>('approved'))
      .where('ip.startDate', '<=', today)
      .where('ip.endDate', '>=', today),
  );

/**
 * Full cover (domain 3.2: 参保人数 = 从业人员总数) of a policy in force today against the enterprise's current
 * staff: `'<'` finds 未全员投保 (fewer insured, e.g. after a profile edit raised the staff), `'>'` more
 * insured than employed (e.g. after a remove-person change was not endorsed).
 */
const coverGapExpr =
  (op: '<' | '>') =>
  (eb: ExpressionBuilder<DB & { o: DB['sysOrg']; e: DB['insEnterprise'] }, 'o' | 'e'>, today: string) =>
    eb.exists(
      eb
        .selectFrom('insPolicy as up')
        .select(sql`1`.as('one'))
        .whereRef('up.enterpriseId', '=', 'o.id')
        .where('up.status', '=', 'approved')
        .where('up.startDate', '<=', today)
        .where('up.endDate', '>=', today)
        .where('e.employees', '>', 0)
        .whereRef('up.headcount', op, 'e.employees'),
    );
export const underCoveredExpr = coverGapExpr('<');
export const overCoveredExpr = coverGapExpr('>');

/** Whether an enterprise holds an issued policy that has not ended (in force, or starting later). */
export async function hasIssuedPolicy(db: Db, enterpriseId: number, today: string): Promise<boolean> {
  const row = await db
    .selectFrom('insPolicy')
    .select('id')
    .where('enterpriseId', '=', enterpriseId)
    .where('status', '=', 'approved')
    .where('endDate', '>=', today)
    .executeTakeFirst();
  return row !== undefined;
}

/** The enterprise's current level of the risk rule table (ent_risk), null before its first grading. */
const riskLevelExpr = (eb: ExpressionBuilder<DB & { o: DB['sysOrg'] }, 'o'>) =>
  eb.selectFrom('entRisk as r').select('r.riskLevel').whereRef('r.enterpriseId', '=', 'o.id');

/** Enterprises not deleted, with their profile (the kind as a literal: a list template binds values only). */
function baseFrom(db: Db) {
  return db
    .selectFrom('sysOrg as o')
    .leftJoin('insEnterprise as e', 'e.id', 'o.id')
    .where('o.orgType', '=', sql.lit<'enterprise'>('enterprise'))
    .where('o.deletedAt', 'is', null);
}

function baseQuery(db: Db, today: string) {
  return baseFrom(db).select((eb) => [
    'o.id',
    'o.name',
    'o.uscc',
    'o.districtCode',
    'e.address',
    'e.wsIndustryCode',
    'e.gbIndustryCode',
    'e.employees',
    'e.operatingStatus',
    'e.legalName',
    'e.legalMobileEnc',
    'e.safetyName',
    'e.safetyMobileEnc',
    'e.stdGrade',
    'e.mustInsure',
    'e.onRegister',
    'e.blacklist',
    'e.score',
    'e.scoreGrade',
    // 风险等级 is the enterprise risk of the rule table (hazard module, ent_risk): the same figure as
    // /api/risk/list and /api/risk/detail, never the score's band.
    riskLevelExpr(eb).as('riskLevel'),
    'e.infoComplete',
    'e.version',
    'o.updatedAt',
    insuredNowExpr(eb, today).as('insuredNow'),
  ]);
}
type BaseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

/** A list or detail row: the mobiles masked for every reader, the enterprise itself included (security P04). */
function toRow(r: BaseRow): EnterpriseRow {
  return {
    id: r.id,
    name: r.name,
    uscc: r.uscc ?? '',
    districtCode: r.districtCode ?? '',
    districtName: districtName(r.districtCode),
    address: r.address ?? '',
    wsIndustryCode: r.wsIndustryCode ?? '',
    wsIndustryName: wsIndustryTop(r.wsIndustryCode)?.label ?? '',
    gbIndustryCode: r.gbIndustryCode ?? '',
    employees: r.employees ?? 0,
    operatingStatus: r.operatingStatus ?? 1,
    legalName: r.legalName ?? '',
    legalMobile: maskMobile(decryptPhone(r.legalMobileEnc)),
    safetyName: r.safetyName ?? '',
    safetyMobile: maskMobile(decryptPhone(r.safetyMobileEnc)),
    stdGrade: r.stdGrade ?? 0,
    mustInsure: r.mustInsure ?? false,
    onRegister: r.onRegister ?? false,
    insuredNow: Boolean(r.insuredNow),
    blacklist: r.blacklist ?? false,
    score: r.score === null || r.score === undefined ? null : Number(r.score),
    scoreGrade: r.scoreGrade ?? null,
    riskLevel: r.riskLevel ?? null,
    riskLevelLabel: riskLevelText(r.riskLevel),
    infoComplete: r.infoComplete ?? false,
    // A registered enterprise without a profile row yet edits from version 0.
    version: r.version ?? 0,
  };
}

const SORTABLE = { score: 'e.score', employees: 'e.employees', name: 'o.name', id: 'o.id' } as const;

/** The enterprise list's query as the route parsed it (contracts enterpriseListQuery), and its parts. */
type EnterpriseListQuery = z.output<typeof enterpriseListQuery>;
type EnterpriseFilters = z.output<typeof enterpriseListFilters>;
type EnterpriseOrder = { sortField?: string | undefined; sortOrder?: string | undefined };

/**
 * The values the list's filters and row scope compare with. Which keys are present (and how many districts)
 * decides the SQL text, the values are bound: the list runs as a compiled template per shape
 * (db/query-template.ts), the total and the export build the same filters with Kysely.
 * `pairs`: a keyword of two characters or more is looked up in the pair index (false: LIKE alone).
 */
function filterValues(
  actor: Actor,
  q: EnterpriseFilters,
  today: string,
  pairs = true,
  few = false,
): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  if (actor.kind === 'enterprise') v.scopeOrg = actor.orgId;
  else if (actor.kind === 'government' && actor.districts.length > 0) v.scopeDistricts = actor.districts;
  if (q.keyword) {
    // Two characters or more: looked up in the pair index of name and USCC first (db/sql.ts bigramMatch).
    if (pairs && bigramSearchable(q.keyword)) {
      v.kwPairs = q.keyword;
      if (few) v.kwFew = true;
    }
    v.kwLike = `%${escapeLike(q.keyword)}%`;
  }
  if (q.districtCode) v.districtCode = q.districtCode;
  if (q.wsIndustryCode) v.wsIndustryLike = `${escapeLike(q.wsIndustryCode)}%`;
  if (q.mustInsure !== undefined) v.mustInsure = q.mustInsure;
  if (q.blacklist !== undefined) v.blacklist = q.blacklist;
  if (q.onRegister !== undefined) v.onRegister = q.onRegister;
  if (q.infoComplete !== undefined) v.infoComplete = q.infoComplete;
  if (q.riskLevel !== undefined) v.riskLevel = q.riskLevel;
  if (q.scoreGrade !== undefined) v.scoreGrade = q.scoreGrade;
  if (q.stdGrade !== undefined) v.stdGrade = q.stdGrade;
  // Insured or not picks the SQL (EXISTS or NOT EXISTS): two keys.
  if (q.insured !== undefined) v[q.insured ? 'insuredOn' : 'uninsuredOn'] = today;
  return v;
}

/** The SQL text `filterValues(…)` gives: its keys and the number of districts. */
function filterShape(v: Record<string, unknown>): string {
  const districts = Array.isArray(v.scopeDistricts) ? v.scopeDistricts.length : 0;
  return `${Object.keys(v).sort().join(',')}|${districts}`;
}

/** The row scope and the filters, on any query over `sys_org as o` left joined with `ins_enterprise as e`. */
function applyFilters<QB extends OrgQB>(qb0: QB, v: Record<string, unknown>): QB {
  const has = (k: string) => Object.hasOwn(v, k);
  let qb = qb0;
  if (has('scopeOrg')) qb = qb.where('o.id', '=', v.scopeOrg as number) as QB;
  else if (has('scopeDistricts')) qb = qb.where('o.districtCode', 'in', v.scopeDistricts as string[]) as QB;
  else qb = qb.where(sql<boolean>`false`) as QB;
  if (has('kwPairs')) qb = qb.where(bigramMatch(['o.name', 'o.uscc'], v.kwPairs, true, has('kwFew'))) as QB;
  if (has('kwLike'))
    qb = qb.where((eb) =>
      eb.or([eb('o.name', 'ilike', v.kwLike as string), eb('o.uscc', 'ilike', v.kwLike as string)]),
    ) as QB;
  if (has('districtCode')) qb = qb.where('o.districtCode', '=', v.districtCode as string) as QB;
  if (has('wsIndustryLike')) qb = qb.where('e.wsIndustryCode', 'like', v.wsIndustryLike as string) as QB;
  if (has('mustInsure'))
    qb = qb.where(sql<boolean>`coalesce(e.must_insure, false)`, '=', v.mustInsure as boolean) as QB;
  if (has('blacklist'))
    qb = qb.where(sql<boolean>`coalesce(e.blacklist, false)`, '=', v.blacklist as boolean) as QB;
  if (has('onRegister'))
    qb = qb.where(sql<boolean>`coalesce(e.on_register, false)`, '=', v.onRegister as boolean) as QB;
  if (has('infoComplete'))
    qb = qb.where(sql<boolean>`coalesce(e.info_complete, false)`, '=', v.infoComplete as boolean) as QB;
  if (has('riskLevel'))
    qb = qb.where('o.id', 'in', (eb) =>
      eb
        .selectFrom('entRisk as r')
        .select('r.enterpriseId')
        .where('r.riskLevel', '=', v.riskLevel as number),
    ) as QB;
  if (has('scoreGrade')) qb = qb.where('e.scoreGrade', '=', v.scoreGrade as number) as QB;
  if (has('stdGrade')) qb = qb.where('e.stdGrade', '=', v.stdGrade as number) as QB;
  if (has('insuredOn')) qb = qb.where((eb) => insuredNowExpr(eb, v.insuredOn as string)) as QB;
  if (has('uninsuredOn')) qb = qb.where((eb) => eb.not(insuredNowExpr(eb, v.uninsuredOn as string))) as QB;
  return qb;
}

function filtered(db: Db, actor: Actor, q: EnterpriseFilters, today: string) {
  return applyFilters(baseQuery(db, today), filterValues(actor, q, today));
}

/** The list's order: the chosen sortable column (default the newest first), then the id. */
function listOrder<QB extends OrgQB>(qb: QB, q: EnterpriseOrder): QB {
  const col = SORTABLE[(q.sortField ?? 'id') as keyof typeof SORTABLE] ?? 'o.id';
  const dir = q.sortOrder === 'ascend' || q.sortOrder === 'asc' ? 'asc' : 'desc';
  // The id is never null: ordered plainly, so the primary key serves the order (NULLS LAST would sort all rows).
  if (col === 'o.id') return qb.orderBy('o.id', dir) as QB;
  return qb
    .orderBy(sql.ref(col), (ob) => (dir === 'asc' ? ob.asc().nullsLast() : ob.desc().nullsLast()))
    .orderBy('o.id', 'desc') as QB;
}

export async function listEnterprises(
  db: Db,
  actor: Actor,
  q: EnterpriseListQuery,
  now: Date,
): Promise<Paged<EnterpriseRow>> {
  const today = chinaDate(now);
  const qb = filtered(db, actor, q, today);
  const { pageNo, pageSize, sortField: _f, sortOrder: _o, ...filters } = q;
  const offset = (pageNo - 1) * pageSize;
  // Cached like the policy and claim totals (platform/count-cache.ts); a write to an enterprise's profile
  // or organisation calls countsChanged. Today is in the key: the insured filter moves with the day.
  const totalP = cachedTotal(
    db,
    `enterprise|${scopeKey(actor)}|${today}|${JSON.stringify(filters)}`,
    (limit) => countUpTo(db, qb, limit),
  );
  // A keyword matching thousands: its first pages are read in list order without the pair lookup; a rare
  // one runs a generic plan (kwFew, db/sql.ts bigramMatch).
  const searchable = q.keyword !== undefined && bigramSearchable(q.keyword);
  const kwTotal = searchable ? await totalP : undefined;
  const dense = kwTotal !== undefined && denseFirstRows(kwTotal, offset, pageSize);
  const few = kwTotal !== undefined && !kwTotal.totalCapped;
  // The page's ids first, then their columns: the per-row figures (insured now, risk level, cover) are
  // computed for the page's rows only. In one query the generic plan, not knowing LIMIT's value, computed
  // the insured-now check for every enterprise at once (a hashed pass over all policies, 0.4 s at 1M).
  const page = async () => {
    const v = filterValues(actor, q, today, !dense, few);
    const order = `${q.sortField ?? 'id'}|${q.sortOrder ?? ''}`;
    const ids = (
      await runTemplate(
        db,
        `enterprise-ids|${filterShape(v)}|${order}`,
        { ...v, limit: pageSize, offset },
        (t) =>
          listOrder(applyFilters(baseFrom(db), t), q)
            .select('o.id')
            .limit(t.limit as number)
            .offset(t.offset as number),
      )
    ).map((r) => r.id);
    if (ids.length === 0) return [];
    const rows = await runTemplate(db, `enterprise-rows|${ids.length}`, { today, ids }, (t) =>
      baseQuery(db, t.today as string).where('o.id', 'in', t.ids as number[]),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  const [total, rows] = await Promise.all([totalP, page()]);
  return { list: rows.map((r) => toRow(r)), ...total, pageNum: pageNo, pageSize };
}

/** Every matching row, for the export (capped by the caller). */
/** How many enterprises the export would write, counted up to `limit` (the cap + 1 tells "too many"). */
export function countEnterpriseExport(
  db: Db,
  actor: Actor,
  q: z.output<typeof enterpriseExportQuery>,
  now: Date,
  limit: number,
): Promise<number> {
  return countUpTo(db, filtered(db, actor, q, chinaDate(now)), limit);
}

/**
 * The export's rows in the list's order on screen, streamed page by page (platform/export-pages.ts; by offset:
 * the order may be any sortable column), at most `cap`.
 */
export function exportEnterpriseRows(
  run: ReadRun,
  actor: Actor,
  q: z.output<typeof enterpriseExportQuery>,
  now: Date,
  cap: number,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<EnterpriseRow> {
  const today = chinaDate(now);
  return offsetRows(
    run,
    (db, offset, size) =>
      listOrder(filtered(db, actor, q, today), q)
        .limit(size)
        .offset(offset)
        .execute(),
    (r) => toRow(r),
    cap,
    pageSize,
  );
}

export async function exportEnterprises(
  db: Db,
  actor: Actor,
  q: z.output<typeof enterpriseExportQuery>,
  now: Date,
  cap: number,
): Promise<EnterpriseRow[]> {
  // In the order of the list on screen, so the file reads like what the user saw.
  const rows = await listOrder(filtered(db, actor, q, chinaDate(now)), q)
    .limit(cap + 1)
    .execute();
  return rows.map((r) => toRow(r));
}

export async function getEnterprise(db: Db, actor: Actor, id: number, now: Date): Promise<EnterpriseDetail> {
  const today = chinaDate(now);
  const row = await enterpriseScope(baseQuery(db, today), actor)
    .where('o.id', '=', id)
    .select([
      'e.annualTurnover',
      'e.businessScope',
      'e.legalDutyPhoneEnc',
      'e.legalEmail',
      'e.businessLicenceFileId',
      'e.licenceNo',
      'e.licenceFileId',
      nullableDateText('e.licenceStart').as('licenceStartText'),
      nullableDateText('e.licenceEnd').as('licenceEndText'),
      'e.registerYear',
      'e.scoredAt',
      (eb) => underCoveredExpr(eb, today).as('underCovered'),
      (eb) => overCoveredExpr(eb, today).as('overCovered'),
    ])
    .executeTakeFirst();
  if (!row) throw notFound('企业不存在');
  const locked = await hasIssuedPolicy(db, id, today);
  return {
    ...toRow(row),
    annualTurnover: row.annualTurnover === null ? null : Number(row.annualTurnover),
    businessScope: row.businessScope ?? '',
    // 应急值班电话: a mobile masked, a landline (the duty office) as entered.
    legalDutyPhone: maskContactPhone(decryptPhone(row.legalDutyPhoneEnc)),
    legalEmail: row.legalEmail ?? '',
    businessLicenceFileId: row.businessLicenceFileId ?? null,
    licenceNo: row.licenceNo ?? '',
    licenceFileId: row.licenceFileId ?? null,
    licenceStart: row.licenceStartText,
    licenceEnd: row.licenceEndText,
    registerYear: row.registerYear ?? null,
    scoredAt: row.scoredAt ? row.scoredAt.toISOString() : null,
    // The enterprise's own edit form too: the full numbers need the audited reveal (security P04).
    mobilesMasked: true,
    underCovered: Boolean(row.underCovered),
    overCovered: Boolean(row.overCovered),
    operatingStatusLocked: locked,
  };
}

/** Full contact numbers of an enterprise in scope (an explicit, audited view; security P04). */
export async function enterpriseContacts(db: Db, actor: Actor, id: number) {
  const row = await enterpriseScope(
    db
      .selectFrom('sysOrg as o')
      .leftJoin('insEnterprise as e', 'e.id', 'o.id')
      .where('o.orgType', '=', 'enterprise')
      .where('o.deletedAt', 'is', null),
    actor,
  )
    .where('o.id', '=', id)
    .select(['e.legalName', 'e.legalMobileEnc', 'e.legalDutyPhoneEnc', 'e.safetyName', 'e.safetyMobileEnc'])
    .executeTakeFirst();
  if (!row) throw notFound('企业不存在');
  return {
    legalName: row.legalName ?? '',
    legalMobile: decryptPhone(row.legalMobileEnc),
    legalDutyPhone: decryptPhone(row.legalDutyPhoneEnc),
    safetyName: row.safetyName ?? '',
    safetyMobile: decryptPhone(row.safetyMobileEnc),
  };
}

/**
 * Whether a file is the business or safety-production licence of an enterprise the actor may read
 * (the file owner kind `enterprise` of app.fileScopes): the enterprise itself, the government of its
 * district, and an insurer that underwrites (leads or co-insures) a policy of it, any status but draft.
 */
export async function enterpriseLicenceReadable(db: Db, actor: Actor, fileId: string): Promise<boolean> {
  if (actor.kind === 'none') return false;
  let q = db
    .selectFrom('insEnterprise as e')
    .innerJoin('sysOrg as o', 'o.id', 'e.id')
    .select('e.id')
    .where((eb) => eb.or([eb('e.businessLicenceFileId', '=', fileId), eb('e.licenceFileId', '=', fileId)]));
  if (actor.kind === 'insurer') {
    const insurerId = actor.orgId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('insPolicy as p')
          .select('p.id')
          .whereRef('p.enterpriseId', '=', 'e.id')
          .where('p.status', '!=', 'draft')
          .where((w) =>
            w.or([
              w('p.insurerId', '=', insurerId),
              w.exists(
                w
                  .selectFrom('insPolicyCoinsurer as c')
                  .select('c.policyId')
                  .whereRef('c.policyId', '=', 'p.id')
                  .where('c.insurerId', '=', insurerId),
              ),
            ]),
          ),
      ),
    );
  } else {
    q = enterpriseScope(q, actor);
  }
  return (await q.executeTakeFirst()) !== undefined;
}
