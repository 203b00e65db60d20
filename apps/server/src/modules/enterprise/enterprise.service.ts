import {
  chinaDate,
  computeEnterpriseScore,
  DISTRICTS,
  ENT_PARAMS,
  type EnterpriseDetail,
  type EnterpriseEditInput,
  type EnterpriseParamsState,
  type EnterpriseParamView,
  type EnterpriseProfileInput,
  type EnterpriseRow,
  type EntParamKey,
  type EntParamValues,
  type enterpriseExportQuery,
  type enterpriseListFilters,
  type enterpriseListQuery,
  industryMustInsure,
  maskMobile,
  optionLabel,
  type Paged,
  riskLevelOfScore,
  UserStatus,
  wsIndustryTop,
} from '@aqzrx/contracts';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import { escapeLike, nullableDateText } from '../../db/sql.ts';
import type { Actor } from '../../platform/actor.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../../platform/errors.ts';
import { notifyEnterpriseChange } from './notices.ts';

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
      .where('ip.status', '=', 'approved')
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

function baseQuery(db: Db, today: string) {
  return db
    .selectFrom('sysOrg as o')
    .leftJoin('insEnterprise as e', 'e.id', 'o.id')
    .where('o.orgType', '=', 'enterprise')
    .where('o.deletedAt', 'is', null)
    .select((eb) => [
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
      'e.legalMobile',
      'e.safetyName',
      'e.safetyMobile',
      'e.stdGrade',
      'e.mustInsure',
      'e.onRegister',
      'e.blacklist',
      'e.score',
      'e.riskLevel',
      'e.infoComplete',
      'e.version',
      'o.updatedAt',
      insuredNowExpr(eb, today).as('insuredNow'),
    ]);
}
type BaseRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toRow(r: BaseRow, showMobiles: boolean): EnterpriseRow {
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
    legalMobile: showMobiles ? (r.legalMobile ?? '') : maskMobile(r.legalMobile),
    safetyName: r.safetyName ?? '',
    safetyMobile: showMobiles ? (r.safetyMobile ?? '') : maskMobile(r.safetyMobile),
    stdGrade: r.stdGrade ?? 0,
    mustInsure: r.mustInsure ?? false,
    onRegister: r.onRegister ?? false,
    insuredNow: Boolean(r.insuredNow),
    blacklist: r.blacklist ?? false,
    score: r.score === null || r.score === undefined ? null : Number(r.score),
    riskLevel: r.riskLevel ?? null,
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

function filtered(db: Db, actor: Actor, q: EnterpriseFilters, today: string) {
  let qb = enterpriseScope(baseQuery(db, today), actor);
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    qb = qb.where((eb) => eb.or([eb('o.name', 'ilike', like), eb('o.uscc', 'ilike', like)]));
  }
  if (q.districtCode) qb = qb.where('o.districtCode', '=', q.districtCode);
  if (q.wsIndustryCode) qb = qb.where('e.wsIndustryCode', 'like', `${escapeLike(q.wsIndustryCode)}%`);
  if (q.mustInsure !== undefined)
    qb = qb.where(sql<boolean>`coalesce(e.must_insure, false)`, '=', q.mustInsure);
  if (q.blacklist !== undefined) qb = qb.where(sql<boolean>`coalesce(e.blacklist, false)`, '=', q.blacklist);
  if (q.onRegister !== undefined)
    qb = qb.where(sql<boolean>`coalesce(e.on_register, false)`, '=', q.onRegister);
  if (q.infoComplete !== undefined)
    qb = qb.where(sql<boolean>`coalesce(e.info_complete, false)`, '=', q.infoComplete);
  if (q.riskLevel !== undefined) qb = qb.where('e.riskLevel', '=', q.riskLevel);
  if (q.stdGrade !== undefined) qb = qb.where('e.stdGrade', '=', q.stdGrade);
  if (q.insured !== undefined)
    qb = qb.where((eb) => (q.insured ? insuredNowExpr(eb, today) : eb.not(insuredNowExpr(eb, today))));
  return qb;
}

/** The list's order: the chosen sortable column (default the newest first), then the id. */
function listOrder<QB extends ReturnType<typeof filtered>>(qb: QB, q: EnterpriseOrder): QB {
  const col = SORTABLE[(q.sortField ?? 'id') as keyof typeof SORTABLE] ?? 'o.id';
  const dir = q.sortOrder === 'ascend' || q.sortOrder === 'asc' ? 'asc' : 'desc';
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
  const total = await db
    .selectFrom(qb.as('t'))
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .executeTakeFirstOrThrow();
  const rows = await listOrder(qb, q)
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map((r) => toRow(r, false)),
    total: Number(total.c),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Every matching row, for the export (capped by the caller). */
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
  return rows.map((r) => toRow(r, false));
}

export async function getEnterprise(db: Db, actor: Actor, id: number, now: Date): Promise<EnterpriseDetail> {
  const today = chinaDate(now);
  const row = await enterpriseScope(baseQuery(db, today), actor)
    .where('o.id', '=', id)
    .select([
      'e.annualTurnover',
      'e.businessScope',
      'e.legalDutyPhone',
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
  const own = actor.kind === 'enterprise' && actor.orgId === id;
  const locked = await hasIssuedPolicy(db, id, today);
  return {
    ...toRow(row, own),
    annualTurnover: row.annualTurnover === null ? null : Number(row.annualTurnover),
    businessScope: row.businessScope ?? '',
    legalDutyPhone: own ? (row.legalDutyPhone ?? '') : maskMobile(row.legalDutyPhone),
    legalEmail: row.legalEmail ?? '',
    businessLicenceFileId: row.businessLicenceFileId ?? null,
    licenceNo: row.licenceNo ?? '',
    licenceFileId: row.licenceFileId ?? null,
    licenceStart: row.licenceStartText,
    licenceEnd: row.licenceEndText,
    registerYear: row.registerYear ?? null,
    scoredAt: row.scoredAt ? row.scoredAt.toISOString() : null,
    mobilesMasked: !own,
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
    .select(['e.legalName', 'e.legalMobile', 'e.legalDutyPhone', 'e.safetyName', 'e.safetyMobile'])
    .executeTakeFirst();
  if (!row) throw notFound('企业不存在');
  return {
    legalName: row.legalName ?? '',
    legalMobile: row.legalMobile ?? '',
    legalDutyPhone: row.legalDutyPhone ?? '',
    safetyName: row.safetyName ?? '',
    safetyMobile: row.safetyMobile ?? '',
  };
}

function profileValues(input: EnterpriseEditFields) {
  return {
    address: input.address,
    wsIndustryCode: input.wsIndustryCode,
    gbIndustryCode: input.gbIndustryCode,
    employees: input.employees,
    annualTurnover: input.annualTurnover ?? null,
    operatingStatus: input.operatingStatus,
    businessScope: input.businessScope,
    legalName: input.legalName,
    legalDutyPhone: input.legalDutyPhone ?? '',
    legalEmail: input.legalEmail ?? '',
    safetyName: input.safetyName,
    businessLicenceFileId: input.businessLicenceFileId ?? null,
    licenceNo: input.licenceNo ?? '',
    licenceFileId: input.licenceFileId ?? null,
    licenceStart: input.licenceStart ?? null,
    licenceEnd: input.licenceEnd ?? null,
    stdGrade: input.stdGrade,
  };
}

async function assertUsccFree(db: Db, uscc: string, exceptId?: number): Promise<void> {
  let q = db.selectFrom('sysOrg').select('id').where('uscc', '=', uscc).where('deletedAt', 'is', null);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw conflict('该统一社会信用代码已被其他机构使用，请核对');
}

/**
 * The district of a saved profile must be one of the regulator's own. A wrong choice is a field
 * problem (400 naming it), not a missing right: a 403 would make the web client end the session.
 */
function assertDistrict(actor: Actor, districtCode: string): void {
  if (actor.kind === 'government' && !actor.districts.includes(districtCode))
    throw badRequest('所属区县不在本辖区：只能维护本辖区的企业，请选择本辖区的区县');
}

/** Government adds an enterprise of its districts; the profile is complete from the start. */
export async function addEnterprise(
  trx: Tx,
  actor: Actor,
  input: EnterpriseProfileInput,
  now: Date,
): Promise<number> {
  if (actor.kind !== 'government') throw forbidden('只有监管部门可以新增企业');
  assertDistrict(actor, input.districtCode);
  await assertUsccFree(trx, input.uscc);
  const org = await trx
    .insertInto('sysOrg')
    .values({
      orgType: 'enterprise',
      name: input.name,
      uscc: input.uscc,
      districtCode: input.districtCode,
      contactName: input.legalName,
      contactPhone: input.legalMobile,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('insEnterprise')
    .values({
      id: org.id,
      ...profileValues(input),
      legalMobile: input.legalMobile,
      safetyMobile: input.safetyMobile,
      mustInsure: industryMustInsure(input.wsIndustryCode),
      infoComplete: true,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .execute();
  await rescoreEnterprise(trx, org.id, now, actor.userId, '新增企业');
  return org.id;
}

/**
 * Saves a profile (government edit within its districts, or the enterprise's own info edit). The
 * version guards concurrent edits; a registered enterprise without a profile row saves from version 0.
 * A saved profile is complete, so the enterprise's users leave status 3 (information incomplete).
 */
export async function saveEnterprise(
  trx: Tx,
  actor: Actor,
  id: number,
  version: number,
  input: EnterpriseEditFields,
  now: Date,
): Promise<number> {
  const current = await enterpriseScope(
    trx
      .selectFrom('sysOrg as o')
      .leftJoin('insEnterprise as e', 'e.id', 'o.id')
      .where('o.orgType', '=', 'enterprise')
      .where('o.deletedAt', 'is', null),
    actor,
  )
    .where('o.id', '=', id)
    .select([
      'o.id',
      'e.id as profileId',
      'e.version',
      'e.legalMobile',
      'e.safetyMobile',
      'e.legalDutyPhone',
      'e.onRegister',
      'e.operatingStatus',
      'e.employees',
    ])
    .forUpdate(['o'])
    .executeTakeFirst();
  if (!current) throw notFound('企业不存在');
  assertDistrict(actor, input.districtCode);
  if ((current.version ?? 0) !== version) throw staleVersion();
  // 经营状态 decides whether a policy may be cancelled (2025 办法 Art. 16): while the enterprise holds an
  // issued policy, only the regulator changes it (its edit is audited), never the enterprise's own edit.
  if (
    actor.kind === 'enterprise' &&
    current.profileId !== null &&
    input.operatingStatus !== (current.operatingStatus ?? 1) &&
    (await hasIssuedPolicy(trx, id, chinaDate(now)))
  )
    throw conflict(
      '本企业有未到期的保单，经营状态须由属地监管部门核实后变更；如企业已关闭取缔或全面停产停业，请联系属地监管部门',
    );
  const legalMobile = input.legalMobile ?? current.legalMobile ?? '';
  const safetyMobile = input.safetyMobile ?? current.safetyMobile ?? '';
  if (!legalMobile || !safetyMobile) throw conflict('请填写法定代表人和安全负责人的手机号后再保存');
  await assertUsccFree(trx, input.uscc, id);
  await trx
    .updateTable('sysOrg')
    .set({
      name: input.name,
      uscc: input.uscc,
      districtCode: input.districtCode,
      contactName: input.legalName,
      contactPhone: legalMobile,
      updatedAt: now,
      updatedBy: actor.userId,
      version: sql`version + 1`,
    })
    .where('id', '=', id)
    .execute();
  const values = {
    ...profileValues(input),
    // Shown masked to the regulator like the mobiles: left out, the stored number stays.
    legalDutyPhone: input.legalDutyPhone ?? current.legalDutyPhone ?? '',
    legalMobile,
    safetyMobile,
    mustInsure: industryMustInsure(input.wsIndustryCode) || (current.onRegister ?? false),
    infoComplete: true,
    updatedAt: now,
    updatedBy: actor.userId,
  };
  let newVersion: number;
  if (current.profileId === null) {
    await trx
      .insertInto('insEnterprise')
      .values({ id, ...values, createdAt: now, createdBy: actor.userId })
      .execute();
    newVersion = 1;
  } else {
    const res = await trx
      .updateTable('insEnterprise')
      .set({ ...values, version: sql`version + 1` })
      .where('id', '=', id)
      .where('version', '=', version)
      .returning('version')
      .executeTakeFirst();
    if (!res) throw staleVersion();
    newVersion = res.version;
  }
  await trx
    .updateTable('sysUser')
    .set({ status: UserStatus.ACTIVE, updatedAt: now })
    .where('orgId', '=', id)
    .where('status', '=', UserStatus.ENT_INFO_INCOMPLETE)
    .where('deletedAt', 'is', null)
    .execute();
  await rescoreEnterprise(trx, id, now, actor.userId, '企业信息变更');
  await notifyEnterpriseChange(trx, actor, id, current.profileId === null ? null : current, input, now);
  return newVersion;
}

// ---------------------------------------------------------------------------------------------------
// Parameters and score
// ---------------------------------------------------------------------------------------------------

/** What the system judges from platform data (claims, profile, policies). */
export async function systemParams(db: Db, id: number, now: Date): Promise<Partial<EntParamValues>> {
  return (await systemParamsMany(db, [id], now)).get(id) ?? SYSTEM_DEFAULTS;
}

/** The system-judged parameters of an enterprise without a profile row. */
const SYSTEM_DEFAULTS: Partial<EntParamValues> = {
  accidentCount: 0,
  maxAccidentLevel: 0,
  stdGrade: 0,
  licenceValid: 1,
  insured: 1,
};

/**
 * The system-judged parameters of several enterprises in two queries (the nightly rescoring reads a batch
 * at once): accidents of the last 365 days (withdrawn and invalid claims left out) and their worst level,
 * the standardisation grade, whether the safety licence is valid today, and whether a must-insure
 * enterprise holds a policy in force today.
 */
async function systemParamsMany(
  db: Db,
  ids: number[],
  now: Date,
): Promise<Map<number, Partial<EntParamValues>>> {
  const out = new Map<number, Partial<EntParamValues>>();
  if (ids.length === 0) return out;
  const today = chinaDate(now);
  const since = new Date(now.getTime() - 365 * 86_400_000);
  const [ents, accs] = await Promise.all([
    db
      .selectFrom('sysOrg as o')
      .leftJoin('insEnterprise as e', 'e.id', 'o.id')
      .where('o.id', 'in', ids)
      .select((eb) => [
        'o.id',
        'e.stdGrade',
        'e.mustInsure',
        nullableDateText('e.licenceEnd').as('licenceEnd'),
        insuredNowExpr(eb, today).as('insuredNow'),
      ])
      .execute(),
    db
      .selectFrom('insClaim')
      .where('enterpriseId', 'in', ids)
      .where('accidentAt', '>=', since)
      .where('phase', '!=', 'withdrawn')
      .where((eb) =>
        eb.or([eb('closeType', 'is', null), eb('closeType', 'not in', ['withdrawn', 'invalid'])]),
      )
      .groupBy('enterpriseId')
      .select((eb) => [
        'enterpriseId',
        eb.fn.countAll<number>().as('n'),
        eb.fn.coalesce(eb.fn.max('accidentLevel'), sql<number>`0`).as('maxLevel'),
      ])
      .execute(),
  ]);
  const accBy = new Map(accs.map((a) => [a.enterpriseId, a]));
  for (const ent of ents) {
    const acc = accBy.get(ent.id);
    out.set(ent.id, {
      accidentCount: Number(acc?.n ?? 0),
      maxAccidentLevel: Number(acc?.maxLevel ?? 0),
      stdGrade: ent.stdGrade ?? 0,
      licenceValid: ent.licenceEnd && ent.licenceEnd < today ? 0 : 1,
      insured: !ent.mustInsure || ent.insuredNow ? 1 : 0,
    });
  }
  return out;
}

type StoredParam = { key: string; source: number; value: number; remark: string; updatedAt: Date };

/** One parameter's effective value: a manual entry (source 2, or a manual-only parameter) or the system's. */
function resolveParam(
  def: (typeof ENT_PARAMS)[number],
  s: StoredParam | undefined,
  sys: Partial<EntParamValues>,
) {
  const systemValue = def.system ? (sys[def.key] ?? 0) : null;
  const manual = s?.source === 2 || !def.system;
  return { manual, systemValue, value: manual ? (s?.value ?? 0) : (systemValue ?? 0) };
}

async function paramState(
  db: Db,
  id: number,
  now: Date,
): Promise<{ params: EnterpriseParamView[]; values: EntParamValues }> {
  const [stored, sys] = await Promise.all([
    db
      .selectFrom('insEntParam')
      .select(['key', 'source', 'value', 'remark', 'updatedAt'])
      .where('enterpriseId', '=', id)
      .execute(),
    systemParams(db, id, now),
  ]);
  const byKey = new Map(stored.map((s) => [s.key, s]));
  const values = {} as EntParamValues;
  const params = ENT_PARAMS.map((def): EnterpriseParamView => {
    const s = byKey.get(def.key);
    const { manual, systemValue, value } = resolveParam(def, s, sys);
    values[def.key] = value;
    return {
      key: def.key,
      label: def.label,
      kind: def.kind,
      system: def.system,
      source: manual ? 2 : 1,
      value,
      systemValue,
      remark: s?.remark ?? '',
      updatedAt: s ? s.updatedAt.toISOString() : null,
    };
  });
  return { params, values };
}

/** The parameter values of several enterprises (the same resolution as paramState). */
async function paramValuesMany(db: Db, ids: number[], now: Date): Promise<Map<number, EntParamValues>> {
  const [stored, sys] = await Promise.all([
    ids.length
      ? db
          .selectFrom('insEntParam')
          .select(['enterpriseId', 'key', 'source', 'value', 'remark', 'updatedAt'])
          .where('enterpriseId', 'in', ids)
          .execute()
      : Promise.resolve([]),
    systemParamsMany(db, ids, now),
  ]);
  const byEnt = new Map<number, Map<string, StoredParam>>();
  for (const s of stored) {
    const m = byEnt.get(s.enterpriseId) ?? new Map<string, StoredParam>();
    byEnt.set(s.enterpriseId, m);
    m.set(s.key, s);
  }
  const out = new Map<number, EntParamValues>();
  for (const id of ids) {
    const values = {} as EntParamValues;
    for (const def of ENT_PARAMS)
      values[def.key] = resolveParam(def, byEnt.get(id)?.get(def.key), sys.get(id) ?? SYSTEM_DEFAULTS).value;
    out.set(id, values);
  }
  return out;
}

/** Recomputes and stores the score (history row when it changed or when asked by a person). */
export async function rescoreEnterprise(
  trx: Tx,
  id: number,
  now: Date,
  userId: number | null,
  reason: string,
  forceHistory = false,
): Promise<{ score: number; riskLevel: number }> {
  const profile = await trx
    .selectFrom('insEnterprise')
    .select(['score'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!profile) return { score: 0, riskLevel: 1 };
  const { values } = await paramState(trx, id, now);
  return storeScore(trx, id, values, profile.score, { now, userId, reason, forceHistory });
}

async function storeScore(
  trx: Tx,
  id: number,
  values: EntParamValues,
  previous: string | number | null,
  opts: { now: Date; userId: number | null; reason: string; forceHistory: boolean },
): Promise<{ score: number; riskLevel: number }> {
  const { score, lines } = computeEnterpriseScore(values);
  const riskLevel = riskLevelOfScore(score);
  const changed = previous === null || Number(previous) !== score;
  await trx
    .updateTable('insEnterprise')
    .set({ score, riskLevel, blacklist: values.blacklist === 1, scoredAt: opts.now })
    .where('id', '=', id)
    .execute();
  if (changed || opts.forceHistory) {
    await trx
      .insertInto('insEntScore')
      .values({
        enterpriseId: id,
        score,
        riskLevel,
        params: JSON.stringify({ values, lines }),
        reason: opts.reason.slice(0, 100),
        createdAt: opts.now,
        createdBy: opts.userId,
      })
      .execute();
  }
  return { score, riskLevel };
}

export const NIGHTLY_RESCORE_REASON = '每日自动重新评分';

/**
 * Nightly rescoring (domain 3.1 "flags recomputed nightly"): as days pass a policy starts or ends, a
 * safety licence lapses and an accident leaves the 365-day window, which no event reports. Every
 * enterprise profile is read in batches of `batchSize` (id order); each batch is one transaction that
 * locks its rows, computes the parameters of all of them in a few queries and writes only the
 * enterprises whose stored score, risk level or blacklist flag differ from the result (a score history
 * row only when the score changed). A second run on the same day finds nothing to write.
 */
export async function rescoreChangedEnterprises(
  db: Db,
  now: Date,
  opts: { batchSize?: number; signal?: AbortSignal } = {},
): Promise<{ checked: number; rescored: number }> {
  const batchSize = opts.batchSize ?? 500;
  let after = 0;
  let checked = 0;
  let rescored = 0;
  for (;;) {
    if (opts.signal?.aborted) break;
    const res = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('insEnterprise as e')
        .innerJoin('sysOrg as o', 'o.id', 'e.id')
        .select(['e.id', 'e.score', 'e.riskLevel', 'e.blacklist'])
        .where('e.id', '>', after)
        .where('o.deletedAt', 'is', null)
        .orderBy('e.id')
        .limit(batchSize)
        .forUpdate(['e'])
        .execute();
      if (rows.length === 0) return null;
      const values = await paramValuesMany(
        trx,
        rows.map((r) => r.id),
        now,
      );
      let written = 0;
      for (const r of rows) {
        const v = values.get(r.id)!;
        const { score } = computeEnterpriseScore(v);
        const same =
          r.score !== null &&
          Number(r.score) === score &&
          r.riskLevel === riskLevelOfScore(score) &&
          r.blacklist === (v.blacklist === 1);
        if (same) continue;
        await storeScore(trx, r.id, v, r.score, {
          now,
          userId: null,
          reason: NIGHTLY_RESCORE_REASON,
          forceHistory: false,
        });
        written++;
      }
      return { last: rows[rows.length - 1]!.id, n: rows.length, written };
    });
    if (!res) break;
    after = res.last;
    checked += res.n;
    rescored += res.written;
    if (res.n < batchSize) break;
  }
  return { checked, rescored };
}

async function requireInScope(db: Db, actor: Actor, id: number): Promise<{ version: number }> {
  const row = await enterpriseScope(
    db
      .selectFrom('sysOrg as o')
      .leftJoin('insEnterprise as e', 'e.id', 'o.id')
      .where('o.orgType', '=', 'enterprise')
      .where('o.deletedAt', 'is', null),
    actor,
  )
    .where('o.id', '=', id)
    .select(['o.id', 'e.version'])
    .executeTakeFirst();
  if (!row) throw notFound('企业不存在');
  return { version: row.version ?? 0 };
}

export async function getParams(db: Db, actor: Actor, id: number, now: Date): Promise<EnterpriseParamsState> {
  const { version } = await requireInScope(db, actor, id);
  const { params, values } = await paramState(db, id, now);
  const { score, lines } = computeEnterpriseScore(values);
  return { id, version, params, score, riskLevel: riskLevelOfScore(score), lines };
}

/** The regulator sets parameters (manual entry) or hands them back to the system (source 1). */
export async function saveParams(
  trx: Tx,
  actor: Actor,
  input: {
    id: number;
    version: number;
    params: Array<{ key: EntParamKey; source: 1 | 2; value?: number | undefined; remark: string }>;
  },
  now: Date,
): Promise<{ version: number; score: number; riskLevel: number }> {
  if (actor.kind !== 'government') throw forbidden('企业参数由监管部门维护');
  const { version } = await requireInScope(trx, actor, input.id);
  if (version === 0) throw conflict('该企业尚未完善企业信息，暂不能设置参数');
  if (version !== input.version) throw staleVersion();
  for (const p of input.params) {
    const def = ENT_PARAMS.find((d) => d.key === p.key)!;
    if (p.source === 1 && !def.system) throw conflict(`“${def.label}”只能手动录入`);
    await trx
      .insertInto('insEntParam')
      .values({
        enterpriseId: input.id,
        key: p.key,
        source: p.source,
        value: p.source === 2 ? (p.value ?? 0) : 0,
        remark: p.remark,
        updatedAt: now,
        updatedBy: actor.userId,
      })
      .onConflict((oc) =>
        oc.columns(['enterpriseId', 'key']).doUpdateSet({
          source: p.source,
          value: p.source === 2 ? (p.value ?? 0) : 0,
          remark: p.remark,
          updatedAt: now,
          updatedBy: actor.userId,
        }),
      )
      .execute();
  }
  const res = await trx
    .updateTable('insEnterprise')
    .set({ version: sql`version + 1`, updatedAt: now, updatedBy: actor.userId })
    .where('id', '=', input.id)
    .where('version', '=', input.version)
    .returning('version')
    .executeTakeFirst();
  if (!res) throw staleVersion();
  // The history says which parameters changed and how, within the column's 100 characters.
  const changes = input.params.map((p) => {
    const def = ENT_PARAMS.find((d) => d.key === p.key)!;
    return p.source === 1 ? `${def.label}改为系统判断` : `${def.label}手动录入为${p.value ?? 0}`;
  });
  const reason = `调整企业参数：${changes.join('；')}`.slice(0, 100);
  const scored = await rescoreEnterprise(trx, input.id, now, actor.userId, reason, true);
  return { version: res.version, ...scored };
}

export async function scoreHistory(
  db: Db,
  actor: Actor,
  id: number,
  page: { pageNo: number; pageSize: number },
): Promise<
  Paged<{ id: number; score: number; riskLevel: number; reason: string; createdAt: string; values: unknown }>
> {
  await requireInScope(db, actor, id);
  const total = await db
    .selectFrom('insEntScore')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('enterpriseId', '=', id)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('insEntScore')
    .select(['id', 'score', 'riskLevel', 'reason', 'createdAt', 'params'])
    .where('enterpriseId', '=', id)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      id: r.id,
      score: Number(r.score),
      riskLevel: r.riskLevel,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      values: (r.params as { values?: unknown } | null)?.values ?? null,
    })),
    total: Number(total.c),
    pageNum: page.pageNo,
    pageSize: page.pageSize,
  };
}

export async function rescoreInScope(trx: Tx, actor: Actor, id: number, now: Date) {
  if (actor.kind !== 'government') throw forbidden('企业评分由监管部门发起重新计算');
  const { version } = await requireInScope(trx, actor, id);
  if (version === 0) throw conflict('该企业尚未完善企业信息，暂不能评分');
  return rescoreEnterprise(trx, id, now, actor.userId, '重新计算评分', true);
}
