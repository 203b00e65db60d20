import {
  CITY_CODE,
  chinaDate,
  DISTRICTS,
  type Paged,
  SATISFACTION_ITEM_OPTIONS,
  SATISFACTION_SCORES,
  SATISFIED_SCORE,
  type SatisfactionAnswerInput,
  type SatisfactionComment,
  type SatisfactionCommentQuery,
  type SatisfactionFigure,
  type SatisfactionPending,
  type SatisfactionReport,
  type SatisfactionReportQuery,
  type SatisfactionReportRow,
} from '@aqzrx/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';

/** One rating of any of the four items, from wherever it was gathered. */
export interface Rating {
  item: 'policy' | 'claim' | 'record' | 'followUp';
  score: number;
  comment: string;
  enterpriseId: number;
  insurerId: number | null;
  serviceOrgId: number | null;
  districtCode: string;
  source: string;
  ratedAt: Date;
}

type Filters = Omit<SatisfactionCommentQuery, 'pageNo' | 'pageSize' | 'sortField' | 'sortOrder'>;

const startOf = (d: string) => new Date(`${d}T00:00:00+08:00`);
const endOf = (d: string) => new Date(startOf(d).getTime() + 86_400_000);

/** One rating row of the union of the four sources (column names as selected). */
interface RatingRow {
  item: Rating['item'];
  score: number;
  comment: string;
  enterpriseId: number;
  insurerId: number | null;
  serviceOrgId: number | null;
  districtCode: string;
  source: string;
  ratedAt: Date | string;
}

/** One branch of the union, typed alike whatever tables it reads. */
type Part = SelectQueryBuilder<DB, never, RatingRow>;

/**
 * The ratings in the regulator's districts and the filters, as one SQL union (so lists page and reports
 * aggregate in the database): 投保满意度 and 企业配合度 (ev_satisfaction), 理赔满意度 (the claim's satisfaction),
 * 被服务单位配合度 (the follow-up visit's cooperation). Null when nothing can match.
 */
function ratingUnion(db: Db, districts: readonly string[], f: Filters) {
  if (districts.length === 0) return null;
  const ds = f.districtCode ? districts.filter((d) => d === f.districtCode) : [...districts];
  if (ds.length === 0) return null;
  const from = f.from ? startOf(f.from) : null;
  const to = f.to ? endOf(f.to) : null;
  const want = (item: Rating['item']) => f.item === undefined || f.item === item;
  const parts: Part[] = [];
  if (want('policy') || want('record')) {
    let q = db
      .selectFrom('evSatisfaction as s')
      .select([
        sql<string>`s.item::text`.as('item'),
        's.score as score',
        's.comment as comment',
        's.enterpriseId as enterpriseId',
        's.insurerId as insurerId',
        's.serviceOrgId as serviceOrgId',
        's.districtCode as districtCode',
        's.source as source',
        's.createdAt as ratedAt',
      ])
      .where('s.districtCode', 'in', ds);
    if (f.item === 'policy' || f.item === 'record') q = q.where('s.item', '=', f.item);
    if (from) q = q.where('s.createdAt', '>=', from);
    if (to) q = q.where('s.createdAt', '<', to);
    if (f.insurerId !== undefined) q = q.where('s.insurerId', '=', f.insurerId);
    if (f.serviceOrgId !== undefined) q = q.where('s.serviceOrgId', '=', f.serviceOrgId);
    parts.push(q.$castTo<RatingRow>() as unknown as Part);
  }
  if (want('claim') && f.serviceOrgId === undefined) {
    let q = db
      .selectFrom('insClaim as c')
      .select([
        sql<string>`'claim'`.as('item'),
        sql<number>`c.satisfaction`.as('score'),
        'c.satisfactionComment as comment',
        'c.enterpriseId as enterpriseId',
        sql<number | null>`c.insurer_id`.as('insurerId'),
        sql<number | null>`null::integer`.as('serviceOrgId'),
        'c.districtCode as districtCode',
        sql<string>`'理赔案件 ' || c.report_no`.as('source'),
        sql<Date>`coalesce(c.satisfaction_at, to_timestamp(0))`.as('ratedAt'),
      ])
      .where('c.satisfaction', 'is not', null)
      .where('c.districtCode', 'in', ds);
    if (from) q = q.where('c.satisfactionAt', '>=', from);
    if (to) q = q.where('c.satisfactionAt', '<', to);
    if (f.insurerId !== undefined) q = q.where('c.insurerId', '=', f.insurerId);
    parts.push(q.$castTo<RatingRow>() as unknown as Part);
  }
  if (want('followUp')) {
    let q = db
      .selectFrom('apFollowUp as f')
      .innerJoin('apPlan as p', 'p.id', 'f.planId')
      .select([
        sql<string>`'followUp'`.as('item'),
        sql<number>`f.cooperation`.as('score'),
        'f.opinion as comment',
        'p.enterpriseId as enterpriseId',
        sql<number | null>`p.insurer_id`.as('insurerId'),
        sql<number | null>`p.provider_org_id`.as('serviceOrgId'),
        'p.districtCode as districtCode',
        sql<string>`'事故预防服务 ' || p.name`.as('source'),
        'f.visitedAt as ratedAt',
      ])
      .where('p.districtCode', 'in', ds);
    if (from) q = q.where('f.visitedAt', '>=', from);
    if (to) q = q.where('f.visitedAt', '<', to);
    if (f.insurerId !== undefined) q = q.where('p.insurerId', '=', f.insurerId);
    if (f.serviceOrgId !== undefined) q = q.where('p.providerOrgId', '=', f.serviceOrgId);
    parts.push(q.$castTo<RatingRow>() as unknown as Part);
  }
  const [first, ...rest] = parts;
  if (!first) return null;
  return db.selectFrom(rest.reduce((u, q) => u.unionAll(q), first).as('r'));
}

const toRating = (r: RatingRow): Rating => ({
  ...r,
  score: Number(r.score),
  ratedAt: new Date(r.ratedAt),
});

/** Every rating matching the filters, newest first (the export's detail sheet). */
export async function ratings(db: Db, districts: readonly string[], f: Filters): Promise<Rating[]> {
  const u = ratingUnion(db, districts, f);
  if (!u) return [];
  const rows = await u
    .selectAll()
    .orderBy('ratedAt', 'desc')
    .orderBy('item')
    .orderBy('enterpriseId')
    .execute();
  return rows.map(toRating);
}

/** Count, sum and satisfied count of a group of ratings, as the database adds them up. */
interface Tally {
  count: number;
  sum: number;
  satisfied: number;
}

function figureOf(t: Tally | undefined): SatisfactionFigure {
  if (!t || t.count === 0) return { count: 0, average: null, satisfiedRate: null };
  return {
    count: t.count,
    average: Math.round((t.sum / t.count) * 100) / 100,
    satisfiedRate: Math.round((t.satisfied / t.count) * 1000) / 10,
  };
}

export function figure(scores: readonly number[]): SatisfactionFigure {
  return figureOf({
    count: scores.length,
    sum: scores.reduce((s, x) => s + x, 0),
    satisfied: scores.filter((s) => s >= SATISFIED_SCORE).length,
  });
}

type GroupKey = 'insurerId' | 'serviceOrgId' | 'districtCode';

/** The tallies per item (and per group key when given), computed in the database. */
async function tallies(
  db: Db,
  districts: readonly string[],
  f: Filters,
  by: GroupKey | null,
): Promise<{ key: string | null; item: Rating['item']; tally: Tally }[]> {
  const u = ratingUnion(db, districts, f);
  if (!u) return [];
  const key = by === null ? sql<string | null>`null` : sql<string | null>`${sql.ref(`r.${by}`)}::text`;
  const rows = await u
    .select([
      key.as('key'),
      'r.item',
      sql<string>`count(*)`.as('count'),
      sql<string>`coalesce(sum(r.score), 0)`.as('sum'),
      sql<string>`count(*) filter (where r.score >= ${SATISFIED_SCORE})`.as('satisfied'),
    ])
    .groupBy(by === null ? ['r.item'] : [sql`1`, 'r.item'])
    .execute();
  return rows.map((r) => ({
    key: r.key,
    item: r.item,
    tally: { count: Number(r.count), sum: Number(r.sum), satisfied: Number(r.satisfied) },
  }));
}

const ITEMS = ['policy', 'claim', 'record', 'followUp'] as const;

function reportRow(
  key: string,
  name: string,
  ts: readonly { item: Rating['item']; tally: Tally }[],
): SatisfactionReportRow {
  const of = (item: Rating['item']) => figureOf(ts.find((t) => t.item === item)?.tally);
  const all = ts.reduce<Tally>(
    (a, t) => ({
      count: a.count + t.tally.count,
      sum: a.sum + t.tally.sum,
      satisfied: a.satisfied + t.tally.satisfied,
    }),
    { count: 0, sum: 0, satisfied: 0 },
  );
  const items = Object.fromEntries(ITEMS.map((i) => [i, of(i)])) as SatisfactionReportRow['items'];
  return { key, name, items, overall: figureOf(all) };
}

/** 满意度 of ratings matching the filters, all items together (the service evaluation's indicator). */
export async function satisfactionFigure(
  db: Db,
  districts: readonly string[],
  f: Filters,
): Promise<SatisfactionFigure> {
  return reportRow('total', '合计', await tallies(db, districts, f, null)).overall;
}

export async function orgNames(db: Db, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const list = [...new Set([...ids].filter((x): x is number => x !== null))];
  if (list.length === 0) return new Map();
  const rows = await db.selectFrom('sysOrg').select(['id', 'name']).where('id', 'in', list).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

const districtName = (code: string) => (code === CITY_CODE ? '市级' : DISTRICTS.label(code) || code);

const GROUP_KEYS = { insurer: 'insurerId', service: 'serviceOrgId', district: 'districtCode' } as const;

export async function satisfactionReport(
  db: Db,
  districts: readonly string[],
  q: SatisfactionReportQuery,
): Promise<SatisfactionReport> {
  const { groupBy, ...filters } = q;
  const [grouped, total] = await Promise.all([
    tallies(db, districts, filters, GROUP_KEYS[groupBy]),
    tallies(db, districts, filters, null),
  ]);
  const groups = new Map<string, typeof grouped>();
  for (const t of grouped) {
    if (t.key === null) continue;
    groups.set(t.key, [...(groups.get(t.key) ?? []), t]);
  }
  const names =
    groupBy === 'district' ? new Map<number, string>() : await orgNames(db, [...groups.keys()].map(Number));
  const rows = [...groups.entries()].map(([k, list]) =>
    reportRow(k, groupBy === 'district' ? districtName(k) : (names.get(Number(k)) ?? k), list),
  );
  rows.sort((a, b) => b.overall.count - a.overall.count || a.name.localeCompare(b.name));
  return { rows, totals: reportRow('total', '合计', total) };
}

export async function toComments(db: Db, rs: readonly Rating[]): Promise<SatisfactionComment[]> {
  const names = await orgNames(
    db,
    rs.flatMap((r) => [r.enterpriseId, r.insurerId, r.serviceOrgId]),
  );
  return rs.map((r) => ({
    item: r.item,
    itemLabel: SATISFACTION_ITEM_OPTIONS.label(r.item),
    score: r.score,
    scoreLabel: SATISFACTION_SCORES.label(r.score),
    comment: r.comment,
    enterpriseName: names.get(r.enterpriseId) ?? '',
    insurerName: r.insurerId === null ? '' : (names.get(r.insurerId) ?? ''),
    serviceOrgName: r.serviceOrgId === null ? '' : (names.get(r.serviceOrgId) ?? ''),
    districtCode: r.districtCode,
    source: r.source,
    ratedAt: r.ratedAt.toISOString(),
  }));
}

export async function satisfactionComments(
  db: Db,
  districts: readonly string[],
  q: SatisfactionCommentQuery,
): Promise<Paged<SatisfactionComment>> {
  const { pageNo, pageSize, sortField: _f, sortOrder: _o, ...filters } = q;
  const u = ratingUnion(db, districts, filters);
  if (!u) return { list: [], total: 0, pageNum: pageNo, pageSize };
  const [rows, count] = await Promise.all([
    u
      .selectAll()
      .orderBy('ratedAt', 'desc')
      .orderBy('item')
      .orderBy('enterpriseId')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute(),
    u.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: await toComments(db, rows.map(toRating)),
    total: Number(count.n),
    pageNum: pageNo,
    pageSize,
  };
}

/** What the enterprise has not rated yet: its issued policies (投保满意度) and its confirmed records (企业配合度). */
export async function pendingRatings(db: Db, enterpriseId: number): Promise<SatisfactionPending[]> {
  const policies = await db
    .selectFrom('insPolicy as p')
    .innerJoin('sysOrg as i', 'i.id', 'p.insurerId')
    .select(['p.id', 'p.policyNo', 'p.reviewedAt', 'p.startDate', 'i.name as insurerName'])
    .where('p.enterpriseId', '=', enterpriseId)
    .where('p.status', '=', 'approved')
    .where('p.policyNo', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('evSatisfaction as s')
            .select('s.id')
            .where('s.item', '=', 'policy')
            .whereRef('s.targetId', '=', 'p.id'),
        ),
      ),
    )
    .orderBy('p.id', 'desc')
    .limit(50)
    .execute();
  const plans = await db
    .selectFrom('apPlan as p')
    .innerJoin('sysOrg as i', 'i.id', 'p.insurerId')
    .select(['p.id', 'p.name', 'p.plannedStart', 'i.name as insurerName'])
    .where('p.enterpriseId', '=', enterpriseId)
    .where('p.recordState', '=', 'confirmed')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('evSatisfaction as s')
            .select('s.id')
            .where('s.item', '=', 'record')
            .whereRef('s.targetId', '=', 'p.id'),
        ),
      ),
    )
    .orderBy('p.id', 'desc')
    .limit(50)
    .execute();
  return [
    ...policies.map((p) => ({
      item: 'policy',
      itemLabel: SATISFACTION_ITEM_OPTIONS.label('policy'),
      targetId: p.id,
      label: `保单 ${p.policyNo}`,
      insurerName: p.insurerName,
      date: p.reviewedAt ? chinaDate(new Date(p.reviewedAt)) : String(p.startDate).slice(0, 10),
    })),
    ...plans.map((p) => ({
      item: 'record',
      itemLabel: SATISFACTION_ITEM_OPTIONS.label('record'),
      targetId: p.id,
      label: `事故预防服务 ${p.name}`,
      insurerName: p.insurerName,
      date: chinaDate(new Date(p.plannedStart)),
    })),
  ];
}

/** The enterprise answers 投保满意度 for its issued policy or 企业配合度 for a record it confirmed; once each. */
export async function answerRating(
  trx: Tx,
  enterpriseId: number,
  userId: number,
  input: SatisfactionAnswerInput,
  now: Date,
): Promise<number> {
  let target:
    | { insurerId: number; serviceOrgId: number | null; districtCode: string; source: string }
    | undefined;
  if (input.item === 'policy') {
    const p = await trx
      .selectFrom('insPolicy')
      .select(['insurerId', 'districtCode', 'policyNo', 'status', 'enterpriseId'])
      .where('id', '=', input.targetId)
      .executeTakeFirst();
    if (!p || p.enterpriseId !== enterpriseId) throw notFound('保单不存在');
    if (p.status !== 'approved' || !p.policyNo) throw badRequest('保单出单后才能评价投保满意度');
    target = {
      insurerId: p.insurerId,
      serviceOrgId: null,
      districtCode: p.districtCode,
      source: `保单 ${p.policyNo}`,
    };
  } else {
    const p = await trx
      .selectFrom('apPlan')
      .select(['insurerId', 'providerOrgId', 'districtCode', 'name', 'recordState', 'enterpriseId'])
      .where('id', '=', input.targetId)
      .executeTakeFirst();
    if (!p || p.enterpriseId !== enterpriseId) throw notFound('事故预防服务不存在');
    if (p.recordState !== 'confirmed') throw badRequest('确认服务记录后才能评价企业配合度');
    target = {
      insurerId: p.insurerId,
      serviceOrgId: p.providerOrgId,
      districtCode: p.districtCode,
      source: `事故预防服务 ${p.name}`,
    };
  }
  const row = await trx
    .insertInto('evSatisfaction')
    .values({
      item: input.item,
      targetId: input.targetId,
      enterpriseId,
      insurerId: target.insurerId,
      serviceOrgId: target.serviceOrgId,
      districtCode: target.districtCode,
      source: target.source,
      score: input.score,
      comment: input.comment,
      createdAt: now,
      createdBy: userId,
    })
    .onConflict((oc) => oc.columns(['item', 'targetId']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw conflict('已评价过，不能重复评价');
  return row.id;
}
