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

/**
 * The ratings in the regulator's districts and the filters: 投保满意度 and 企业配合度 (ev_satisfaction), 理赔满意度
 * (the claim's satisfaction), 被服务单位配合度 (the follow-up visit's cooperation).
 */
export async function ratings(db: Db, districts: readonly string[], f: Filters): Promise<Rating[]> {
  if (districts.length === 0) return [];
  const ds = f.districtCode ? districts.filter((d) => d === f.districtCode) : [...districts];
  if (ds.length === 0) return [];
  const from = f.from ? startOf(f.from) : null;
  const to = f.to ? endOf(f.to) : null;
  const want = (item: Rating['item']) => f.item === undefined || f.item === item;
  const out: Rating[] = [];
  if (want('policy') || want('record')) {
    let q = db.selectFrom('evSatisfaction as s').selectAll('s').where('s.districtCode', 'in', ds);
    if (f.item === 'policy' || f.item === 'record') q = q.where('s.item', '=', f.item);
    if (from) q = q.where('s.createdAt', '>=', from);
    if (to) q = q.where('s.createdAt', '<', to);
    if (f.insurerId !== undefined) q = q.where('s.insurerId', '=', f.insurerId);
    if (f.serviceOrgId !== undefined) q = q.where('s.serviceOrgId', '=', f.serviceOrgId);
    for (const r of await q.execute())
      out.push({
        item: r.item,
        score: r.score,
        comment: r.comment,
        enterpriseId: r.enterpriseId,
        insurerId: r.insurerId,
        serviceOrgId: r.serviceOrgId,
        districtCode: r.districtCode,
        source: r.source,
        ratedAt: new Date(r.createdAt),
      });
  }
  if (want('claim') && f.serviceOrgId === undefined) {
    let q = db
      .selectFrom('insClaim as c')
      .select([
        'c.satisfaction',
        'c.satisfactionComment',
        'c.enterpriseId',
        'c.insurerId',
        'c.districtCode',
        'c.reportNo',
        'c.satisfactionAt',
      ])
      .where('c.satisfaction', 'is not', null)
      .where('c.districtCode', 'in', ds);
    if (from) q = q.where('c.satisfactionAt', '>=', from);
    if (to) q = q.where('c.satisfactionAt', '<', to);
    if (f.insurerId !== undefined) q = q.where('c.insurerId', '=', f.insurerId);
    for (const r of await q.execute())
      out.push({
        item: 'claim',
        score: r.satisfaction!,
        comment: r.satisfactionComment,
        enterpriseId: r.enterpriseId,
        insurerId: r.insurerId,
        serviceOrgId: null,
        districtCode: r.districtCode,
        source: `理赔案件 ${r.reportNo}`,
        ratedAt: new Date(r.satisfactionAt ?? 0),
      });
  }
  if (want('followUp')) {
    let q = db
      .selectFrom('apFollowUp as f')
      .innerJoin('apPlan as p', 'p.id', 'f.planId')
      .select([
        'f.cooperation',
        'f.opinion',
        'f.visitedAt',
        'p.enterpriseId',
        'p.insurerId',
        'p.providerOrgId',
        'p.districtCode',
        'p.name',
      ])
      .where('p.districtCode', 'in', ds);
    if (from) q = q.where('f.visitedAt', '>=', from);
    if (to) q = q.where('f.visitedAt', '<', to);
    if (f.insurerId !== undefined) q = q.where('p.insurerId', '=', f.insurerId);
    if (f.serviceOrgId !== undefined) q = q.where('p.providerOrgId', '=', f.serviceOrgId);
    for (const r of await q.execute())
      out.push({
        item: 'followUp',
        score: r.cooperation,
        comment: r.opinion,
        enterpriseId: r.enterpriseId,
        insurerId: r.insurerId,
        serviceOrgId: r.providerOrgId,
        districtCode: r.districtCode,
        source: `事故预防服务 ${r.name}`,
        ratedAt: new Date(r.visitedAt),
      });
  }
  return out.sort((a, b) => b.ratedAt.getTime() - a.ratedAt.getTime());
}

export function figure(scores: readonly number[]): SatisfactionFigure {
  if (scores.length === 0) return { count: 0, average: null, satisfiedRate: null };
  const sum = scores.reduce((s, x) => s + x, 0);
  const ok = scores.filter((s) => s >= SATISFIED_SCORE).length;
  return {
    count: scores.length,
    average: Math.round((sum / scores.length) * 100) / 100,
    satisfiedRate: Math.round((ok / scores.length) * 1000) / 10,
  };
}

function reportRow(key: string, name: string, rs: readonly Rating[]): SatisfactionReportRow {
  const of = (item: Rating['item']) => figure(rs.filter((r) => r.item === item).map((r) => r.score));
  return {
    key,
    name,
    items: { policy: of('policy'), claim: of('claim'), record: of('record'), followUp: of('followUp') },
    overall: figure(rs.map((r) => r.score)),
  };
}

export async function orgNames(db: Db, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const list = [...new Set([...ids].filter((x): x is number => x !== null))];
  if (list.length === 0) return new Map();
  const rows = await db.selectFrom('sysOrg').select(['id', 'name']).where('id', 'in', list).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

const districtName = (code: string) => (code === CITY_CODE ? '市级' : DISTRICTS.label(code) || code);

export async function satisfactionReport(
  db: Db,
  districts: readonly string[],
  q: SatisfactionReportQuery,
): Promise<SatisfactionReport> {
  const { groupBy, ...filters } = q;
  const rs = await ratings(db, districts, filters);
  const groups = new Map<string, Rating[]>();
  for (const r of rs) {
    const key = groupBy === 'insurer' ? r.insurerId : groupBy === 'service' ? r.serviceOrgId : r.districtCode;
    if (key === null) continue;
    const k = String(key);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const names =
    groupBy === 'district' ? new Map<number, string>() : await orgNames(db, [...groups.keys()].map(Number));
  const rows = [...groups.entries()].map(([k, list]) =>
    reportRow(k, groupBy === 'district' ? districtName(k) : (names.get(Number(k)) ?? k), list),
  );
  rows.sort((a, b) => b.overall.count - a.overall.count || a.name.localeCompare(b.name));
  return { rows, totals: reportRow('total', '合计', rs) };
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
  const rs = await ratings(db, districts, filters);
  const page = rs.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  return { list: await toComments(db, page), total: rs.length, pageNum: pageNo, pageSize };
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
