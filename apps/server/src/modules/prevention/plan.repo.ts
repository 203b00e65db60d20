import {
  type FileRef,
  HAZARD_LEVELS,
  HAZARD_STATES,
  type HazardRow,
  type PlanDetail,
  type PlanListQuery,
  RECORD_STATES,
  RECTIFY_STATUS,
  type RecordSummary,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import { runTemplate } from '../../db/query-template.ts';
import {
  bigramSearchable,
  containsPattern,
  dateText,
  nullableDateText,
  ownOrEnterpriseKeyword,
} from '../../db/sql.ts';
import type { Db } from '../../platform/context.ts';
import { cachedTotal, countUpTo, fewRowsOrder, keywordPageValues } from '../../platform/count-cache.ts';
import { endOfDay, startOfDay } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { decryptPhone } from '../../platform/pii.ts';
import { maskedPhone } from '../../platform/reveal.ts';
import { iso, num, type PlanListDbRow, serviceSubTypes, toPlanRow } from './common.ts';
import { type PrevActor, planScope, scopeKey, slottedActor } from './scope.ts';

export type PlanFilters = Omit<PlanListQuery, 'pageNo' | 'pageSize' | 'sortField' | 'sortOrder'>;

/**
 * The values the plan list's filters compare with, as the SQL takes them (China dates as instants, the
 * keyword as a LIKE pattern); a filter left out is absent. `todo` and the presence of each filter are the
 * list's shape (what its SQL text depends on), the values are parameters.
 */
type PlanFilterValues = {
  projectId?: unknown;
  enterpriseId?: unknown;
  providerOrgId?: unknown;
  insurerId?: unknown;
  districtCode?: unknown;
  item?: unknown;
  status?: unknown;
  recordState?: unknown;
  visitState?: unknown;
  fromAt?: unknown;
  toAt?: unknown;
  /** The keyword as a LIKE pattern (kwLike), its pair lookup (kwPairs) and kwFew: see plansWhere. */
  kwLike?: unknown;
  kwPairs?: unknown;
  kwFew?: unknown;
};

function filterValues(q: PlanFilters): PlanFilterValues {
  const v: PlanFilterValues = {};
  for (const k of [
    'projectId',
    'enterpriseId',
    'providerOrgId',
    'insurerId',
    'districtCode',
    'item',
    'recordState',
    'visitState',
  ] as const)
    if (q[k]) v[k] = q[k];
  if (q.status !== undefined) v.status = q.status;
  if (q.from) v.fromAt = startOfDay(q.from);
  if (q.to) v.toAt = endOfDay(q.to);
  if (q.keyword) {
    v.kwLike = containsPattern(q.keyword);
    // Two characters or more: plan names and enterprise names are looked up in their pair indexes first.
    if (bigramSearchable(q.keyword)) v.kwPairs = q.keyword;
  }
  return v;
}

/** The plans (alias p) in scope under filter values; every value goes into the SQL unchanged. */
function plansWhere(db: Db, a: PrevActor, v: PlanFilterValues, todo: boolean) {
  let s = db.selectFrom('apPlan as p').where(planScope(a));
  if (Object.hasOwn(v, 'projectId')) s = s.where('p.projectId', '=', v.projectId as number);
  if (Object.hasOwn(v, 'enterpriseId')) s = s.where('p.enterpriseId', '=', v.enterpriseId as number);
  if (Object.hasOwn(v, 'providerOrgId')) s = s.where('p.providerOrgId', '=', v.providerOrgId as number);
  if (Object.hasOwn(v, 'insurerId')) s = s.where('p.insurerId', '=', v.insurerId as number);
  if (Object.hasOwn(v, 'districtCode')) s = s.where('p.districtCode', '=', v.districtCode as string);
  if (Object.hasOwn(v, 'item')) s = s.where('p.item', '=', v.item as string);
  if (Object.hasOwn(v, 'status')) s = s.where('p.status', '=', v.status as number);
  if (Object.hasOwn(v, 'recordState'))
    s = s.where('p.recordState', '=', v.recordState as PlanFilters['recordState'] & string);
  if (Object.hasOwn(v, 'visitState'))
    s = s.where('p.visitState', '=', v.visitState as PlanFilters['visitState'] & string);
  if (Object.hasOwn(v, 'fromAt')) s = s.where('p.plannedStart', '>=', v.fromAt as Date);
  if (Object.hasOwn(v, 'toAt')) s = s.where('p.plannedStart', '<=', v.toAt as Date);
  // The plan's name or its enterprise's name contains the keyword (any case).
  if (Object.hasOwn(v, 'kwLike')) s = s.where(ownOrEnterpriseKeyword(db, v, ['p.name'], 'p.enterpriseId'));
  // Constants are written into the SQL (sql.lit), not passed as parameters: the list is a template.
  if (todo) {
    if (a.kind === 'enterprise')
      s = s.where((eb) =>
        eb.or([
          eb.and([eb('p.visitState', '=', sql.lit('unconfirmed')), eb('p.status', '<', sql.lit(2))]),
          eb('p.recordState', '=', sql.lit('submitted')),
        ]),
      );
    else s = s.where('p.status', '<', sql.lit(2));
  }
  return s;
}

/** The plans (alias p) in scope under the filters of the plan list (服务查询). */
export function filteredPlans(db: Db, a: PrevActor, q: PlanFilters) {
  return plansWhere(db, a, filterValues(q), !!q.todo);
}

function withRowColumns<S extends ReturnType<typeof plansWhere>>(s: S) {
  return s
    .innerJoin('apProject as j', 'j.id', 'p.projectId')
    .innerJoin('sysOrg as ins', 'ins.id', 'p.insurerId')
    .innerJoin('sysOrg as ent', 'ent.id', 'p.enterpriseId')
    .innerJoin('sysOrg as prov', 'prov.id', 'p.providerOrgId')
    .select([
      'p.id',
      'p.projectId',
      'j.name as projectName',
      'j.contractNo',
      'p.insurerId',
      'ins.name as insurerName',
      'p.enterpriseId',
      'ent.name as enterpriseName',
      'p.districtCode',
      'p.item',
      'p.subType',
      'p.name',
      'p.providerOrgId',
      'prov.name as providerName',
      'p.plannedStart',
      'p.plannedEnd',
      'p.status',
      'p.visitState',
      'p.recordState',
      'p.spend',
      'p.hazardCount',
      'p.majorHazardCount',
      'p.submittedAt',
      'p.createdAt',
      'p.version',
    ]);
}

export function planRows(db: Db, a: PrevActor, q: PlanFilters) {
  return withRowColumns(filteredPlans(db, a, q));
}

/**
 * One page of the plan list. The page query is a compiled template (db/query-template.ts): its SQL is built
 * once per shape — the actor's kind (and number of districts), the filters present, 待办 — and each request
 * only supplies the values. The total is counted up to the cap and cached per scope and filters
 * (platform/count-cache.ts cachedTotal).
 */
export async function listPlans(db: Db, a: PrevActor, q: PlanListQuery) {
  const { pageNo, pageSize, sortField: _f, sortOrder: _o, ...filters } = q;
  const key = `ap-plan:${scopeKey(a)}:${JSON.stringify(filters)}`;
  const fv = filterValues(filters);
  const todo = !!filters.todo;
  const scope =
    a.kind === 'government' ? { districts: a.districts } : a.kind === 'none' ? {} : { orgId: a.orgId };
  const offset = (pageNo - 1) * pageSize;
  // Counted up to the cap (LIST_COUNT_CAP): a larger total is the cap with totalCapped ("10,000+ 条").
  const totalP = cachedTotal(db, key, (limit) =>
    countUpTo(db, filteredPlans(db, a, filters).select(sql.lit(1).as('one')), limit),
  );
  // A keyword matching thousands: its first pages in list order; a rare one on one generic plan.
  const pageFv = Object.hasOwn(fv, 'kwPairs')
    ? keywordPageValues(fv, await totalP, offset, pageSize)
    : (fv as Record<string, unknown>);
  const shape = [
    'ap-plans',
    a.kind === 'government' ? `government:${a.districts.length}` : a.kind,
    Object.keys(pageFv).sort().join(','),
    todo ? 'todo' : '',
  ].join('|');
  const values = { ...scope, ...pageFv, limit: pageSize, offset };
  const [total, rows, subs] = await Promise.all([
    totalP,
    runTemplate(db, shape, values, (v) =>
      withRowColumns(plansWhere(db, slottedActor(a, v), v, todo))
        // A rare keyword (kwFew): its few rows are found by the indexes and sorted, not looked for by walking
        // the list's order index (which a generic plan preferred, computing every plan name's pairs).
        .orderBy(
          Object.hasOwn(v, 'kwFew') ? fewRowsOrder(sql.ref('p.plannedStart'), 'instant') : 'p.plannedStart',
          'desc',
        )
        .orderBy('p.id', 'desc')
        .limit(v.limit as number)
        .offset(v.offset as number),
    ),
    serviceSubTypes(db),
  ]);
  return {
    list: rows.map((r) => toPlanRow(r as PlanListDbRow, subs)),
    ...total,
    pageNum: pageNo,
    pageSize,
  };
}

/** The plan's head row in scope, or 404. */
export async function planInScope(db: Db, a: PrevActor, id: number) {
  const r = await planRows(db, a, {}).where('p.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('服务计划不存在');
  return r as PlanListDbRow;
}

/** The full phone of the plan's expert at `index` (kind plan, field expertPhone), with the detail's scope. */
export async function planExpertPhone(db: Db, a: PrevActor, id: number, index: number): Promise<string> {
  await planInScope(db, a, id);
  const p = await db.selectFrom('apPlan').select('experts').where('id', '=', id).executeTakeFirstOrThrow();
  const e = p.experts[index];
  if (!e) throw notFound('服务计划不存在');
  return decryptPhone(e.phoneEnc);
}

/** The full phone of the record's expert at `index` (kind plan, field recordExpertPhone). */
export async function recordExpertPhone(db: Db, a: PrevActor, id: number, index: number): Promise<string> {
  await planInScope(db, a, id);
  const e = await db
    .selectFrom('apRecordExpert as e')
    .innerJoin('apRecord as r', 'r.id', 'e.recordId')
    .select('e.phoneEnc')
    .where('r.planId', '=', id)
    .orderBy('e.seq')
    .offset(index)
    .limit(1)
    .executeTakeFirst();
  if (!e) throw notFound('服务计划不存在');
  return decryptPhone(e.phoneEnc);
}

/** Every full number a plan holds (its experts' and its record experts'), to keep them when an edit sends one back masked. */
export async function planPhones(db: Db, id: number): Promise<string[]> {
  const [p, rec] = await Promise.all([
    db.selectFrom('apPlan').select('experts').where('id', '=', id).executeTakeFirst(),
    db
      .selectFrom('apRecordExpert as e')
      .innerJoin('apRecord as r', 'r.id', 'e.recordId')
      .select('e.phoneEnc')
      .where('r.planId', '=', id)
      .execute(),
  ]);
  return [...(p?.experts ?? []).map((e) => e.phoneEnc), ...rec.map((e) => e.phoneEnc)].map(decryptPhone);
}

export function fileUrl(planId: number, fileId: string): string {
  return `/api/prevention/file?planId=${planId}&fileId=${fileId}`;
}

export async function hazardRows(db: Db, where: { planId: number }): Promise<HazardRow[]> {
  const rows = await db
    .selectFrom('apHazard as h')
    .innerJoin('sysOrg as e', 'e.id', 'h.enterpriseId')
    .select([
      'h.id',
      'h.planId',
      'h.enterpriseId',
      'e.name as enterpriseName',
      'h.districtCode',
      dateText('h.checkDate').as('checkDate'),
      'h.basis',
      'h.checkItem',
      'h.description',
      'h.level',
      'h.hazardType',
      'h.recommendation',
      'h.photos',
      'h.foundBy',
      'h.fixImmediately',
      'h.rectifyDept',
      nullableDateText('h.deadline').as('deadline'),
      'h.acceptDept',
      'h.state',
      'h.rectifyStatus',
      'h.rectifiedAt',
      'h.version',
    ])
    .where('h.planId', '=', where.planId)
    .orderBy('h.seq')
    .orderBy('h.id')
    .execute();
  return rows.map(hazardOut);
}

export function hazardOut(h: {
  id: number;
  /** Always set for the rows of a check (source 1), which is all this module reads. */
  planId: number | null;
  enterpriseId: number;
  enterpriseName: string;
  districtCode: string;
  checkDate: string;
  basis: string;
  checkItem: string;
  description: string;
  level: number;
  hazardType: string;
  recommendation: string;
  photos: string[];
  foundBy: string;
  fixImmediately: boolean;
  rectifyDept: string;
  deadline: string | null;
  acceptDept: string;
  state: number;
  rectifyStatus: number;
  rectifiedAt: Date | null;
  version: number;
}): HazardRow {
  return {
    ...h,
    planId: h.planId ?? 0,
    levelLabel: HAZARD_LEVELS.label(h.level),
    stateLabel: HAZARD_STATES.label(h.state),
    rectifyLabel: RECTIFY_STATUS.label(h.rectifyStatus),
    rectifiedAt: iso(h.rectifiedAt),
  };
}

/** Every file id a plan's record shows (record files, summary photos, hazard and problem photos). */
export function recordFileIds(
  files: Array<{ fileId: string }>,
  summary: Record<string, unknown>,
  hazardPhotos: string[][],
): string[] {
  const ids = new Set(files.map((f) => f.fileId));
  const walk = (v: unknown) => {
    if (Array.isArray(v)) for (const x of v) walk(x);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v))
        if ((k === 'photos' || k === 'files') && Array.isArray(x)) for (const id of x) ids.add(String(id));
        else walk(x);
  };
  walk(summary);
  for (const ps of hazardPhotos) for (const p of ps) ids.add(p);
  return [...ids];
}

export async function getPlan(db: Db, a: PrevActor, id: number): Promise<PlanDetail> {
  const head = await planInScope(db, a, id);
  const [plan, record, hazards, follow, subs] = await Promise.all([
    db
      .selectFrom('apPlan')
      .select([
        'placeDistrictCode',
        'address',
        'staff',
        'experts',
        'budget',
        'description',
        'visitConfirmedAt',
        'visitRemark',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    db.selectFrom('apRecord').selectAll().where('planId', '=', id).executeTakeFirst(),
    hazardRows(db, { planId: id }),
    db.selectFrom('apFollowUp').selectAll().where('planId', '=', id).executeTakeFirst(),
    serviceSubTypes(db),
  ]);
  const experts = record
    ? await db
        .selectFrom('apRecordExpert')
        .select(['name', 'orgId', 'title', 'phoneEnc'])
        .where('recordId', '=', record.id)
        .orderBy('seq')
        .execute()
        .then((rows) =>
          rows.map(({ phoneEnc, ...e }) => ({ ...e, phone: maskedPhone(decryptPhone(phoneEnc)) })),
        )
    : [];
  const fileMeta = record
    ? await db
        .selectFrom('sysFile')
        .select(['id', 'kind'])
        .where(
          'id',
          'in',
          record.files.length ? record.files.map((f) => f.fileId) : ['00000000-0000-0000-0000-000000000000'],
        )
        .execute()
    : [];
  const kinds = new Map(fileMeta.map((f) => [f.id, f.kind]));
  const files: FileRef[] = (record?.files ?? []).map((f) => ({
    ...f,
    fileUrl: fileUrl(id, f.fileId),
    isImage: kinds.get(f.fileId) === 'image',
  }));
  const provider = (a.kind === 'service' || a.kind === 'expert') && a.orgId === head.providerOrgId;
  const insurer = a.kind === 'insurer' && a.orgId === head.insurerId;
  const enterprise = a.kind === 'enterprise' && a.orgId === head.enterpriseId;
  const rs = head.recordState;
  return {
    ...toPlanRow(head, subs),
    districtCodePlace: plan.placeDistrictCode,
    address: plan.address,
    staff: plan.staff,
    // The pool id a plan keeps for an expert chosen from the pool stays on the server.
    experts: plan.experts.map(({ name, orgId, title, phoneEnc }) => ({
      name,
      orgId,
      title,
      // Masked (P04): the full number through POST /api/pii/reveal (kind plan, field expertPhone).
      phone: maskedPhone(decryptPhone(phoneEnc)),
    })),
    budget: num(plan.budget),
    description: plan.description,
    visitConfirmedAt: iso(plan.visitConfirmedAt),
    visitRemark: plan.visitRemark,
    record: record
      ? {
          state: record.state,
          stateLabel: RECORD_STATES.label(record.state),
          actualStart: record.actualStart.toISOString(),
          actualEnd: record.actualEnd.toISOString(),
          districtCode: record.districtCode,
          address: record.address,
          summaryText: record.summaryText,
          spend: num(record.spend),
          experts,
          files,
          summary: record.summary as RecordSummary,
          enteredByName: record.enteredByName,
          savedAt: record.savedAt.toISOString(),
          submittedAt: iso(record.submittedAt),
          confirmedAt: iso(record.confirmedAt),
          confirmOpinion: record.confirmOpinion,
        }
      : null,
    hazards,
    followUp: follow
      ? {
          visitedAt: follow.visitedAt.toISOString(),
          contactName: follow.contactName,
          cooperation: follow.cooperation,
          rating: follow.rating,
          opinion: follow.opinion,
          byName: follow.byName,
          createdAt: follow.createdAt.toISOString(),
        }
      : null,
    actions: {
      edit: (provider || insurer) && head.status < 2,
      confirmVisit: enterprise && head.visitState === 'unconfirmed' && head.status < 2,
      saveRecord: (provider || insurer) && (rs === null || rs === 'draft'),
      confirmRecord: enterprise && rs === 'submitted',
      followUp: provider && (rs === 'submitted' || rs === 'confirmed') && !follow,
    },
  };
}

/**
 * The hazards found in services (alias h joined to its plan p for the scope), newest first. The total is
 * counted up to the cap and cached per scope and filters (platform/count-cache.ts); a record submission and
 * every hazard event drop it (countsChanged).
 */
export async function listHazards(
  db: Db,
  a: PrevActor,
  q: {
    pageNo: number;
    pageSize: number;
    planId?: number | undefined;
    enterpriseId?: number | undefined;
    districtCode?: string | undefined;
    level?: number | undefined;
    state?: number | undefined;
    keyword?: string | undefined;
  },
) {
  let s = db
    .selectFrom('apHazard as h')
    .innerJoin('apPlan as p', 'p.id', 'h.planId')
    .where(planScope(a))
    .where('p.recordState', 'in', ['submitted', 'confirmed']);
  if (q.planId) s = s.where('h.planId', '=', q.planId);
  if (q.enterpriseId) s = s.where('h.enterpriseId', '=', q.enterpriseId);
  if (q.districtCode) s = s.where('h.districtCode', '=', q.districtCode);
  if (q.level) s = s.where('h.level', '=', q.level);
  if (q.state) s = s.where('h.state', '=', q.state);
  if (q.keyword) s = s.where('h.description', 'ilike', containsPattern(q.keyword));
  const { pageNo, pageSize, ...filters } = q;
  const key = `ap-hazard:${scopeKey(a)}:${JSON.stringify(filters)}`;
  const [total, rows] = await Promise.all([
    cachedTotal(db, key, (limit) => countUpTo(db, s.select('h.id'), limit)),
    s
      .innerJoin('sysOrg as e', 'e.id', 'h.enterpriseId')
      .select([
        'h.id',
        'h.planId',
        'h.enterpriseId',
        'e.name as enterpriseName',
        'h.districtCode',
        dateText('h.checkDate').as('checkDate'),
        'h.basis',
        'h.checkItem',
        'h.description',
        'h.level',
        'h.hazardType',
        'h.recommendation',
        'h.photos',
        'h.foundBy',
        'h.fixImmediately',
        'h.rectifyDept',
        nullableDateText('h.deadline').as('deadline'),
        'h.acceptDept',
        'h.state',
        'h.rectifyStatus',
        'h.rectifiedAt',
        'h.version',
      ])
      .orderBy('h.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  return { list: rows.map(hazardOut), ...total, pageNum: pageNo, pageSize };
}
