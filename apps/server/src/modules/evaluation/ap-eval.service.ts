import {
  AP_EVAL_REPORT_MAX_BYTES,
  AP_EVAL_RESULTS,
  AP_EVAL_TYPES,
  type ApEvalCreateInput,
  type ApEvalIndicators,
  type ApEvalListQuery,
  type ApEvalRow,
  type ApEvalUpdateInput,
  CITY_CODE,
  DISTRICTS,
  type Paged,
} from '@aqzrx/contracts';
import { type Selectable, sql } from 'kysely';
import { containsPattern } from '../../db/sql.ts';
import type { EvApEvalTable } from '../../db/tables/complaint.ts';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { updateVersioned } from '../../platform/versioned.ts';
import { assertAttachable } from '../enterprise/index.ts';
import { attachmentFiles } from '../policy/index.ts';
import { satisfactionFigure } from './satisfaction.service.ts';

/** The government reads every evaluation and edits those its organisation recorded; an insurer reads its own. */
export type EvalActor =
  | { kind: 'government'; orgId: number | null; userId: number; name: string }
  | { kind: 'insurer'; orgId: number; userId: number; name: string }
  | { kind: 'none'; userId: number; name: string };

type Row = Selectable<EvApEvalTable> & { insurerName: string };

function base(db: Db, a: EvalActor) {
  let q = db
    .selectFrom('evApEval as v')
    .innerJoin('sysOrg as i', 'i.id', 'v.insurerId')
    .selectAll('v')
    .select('i.name as insurerName')
    .where('v.deletedAt', 'is', null);
  if (a.kind === 'insurer') q = q.where('v.insurerId', '=', a.orgId);
  else if (a.kind !== 'government') q = q.where(sql<boolean>`false`);
  return q;
}

async function toRow(db: Db, r: Row): Promise<ApEvalRow> {
  return {
    id: r.id,
    evalType: r.evalType,
    evalTypeLabel: AP_EVAL_TYPES.label(r.evalType),
    year: r.year,
    projectName: r.projectName,
    commissioningUnit: r.commissioningUnit,
    insurerId: r.insurerId,
    insurerName: r.insurerName,
    implementingUnit: r.implementingUnit,
    evalDate: r.evalDate,
    result: r.result,
    resultLabel: AP_EVAL_RESULTS.label(r.result),
    score: r.score === null ? null : Number(r.score),
    summary: r.summary,
    reports: await attachmentFiles(db, r.reports),
    createdBy: r.recorderName,
    createdAt: new Date(r.createdAt).toISOString(),
    version: r.version,
  };
}

export async function listEvals(db: Db, a: EvalActor, q: ApEvalListQuery): Promise<Paged<ApEvalRow>> {
  let s = base(db, a);
  if (q.year !== undefined) s = s.where('v.year', '=', q.year);
  if (q.insurerId !== undefined) s = s.where('v.insurerId', '=', q.insurerId);
  if (q.result) s = s.where('v.result', '=', q.result);
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    s = s.where((eb) =>
      eb.or([
        eb('v.projectName', 'ilike', p),
        eb('i.name', 'ilike', p),
        eb('v.implementingUnit', 'ilike', p),
      ]),
    );
  }
  // Paged and counted in the database.
  const [page, count] = await Promise.all([
    s
      .orderBy('v.year', 'desc')
      .orderBy('v.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    db
      .selectFrom(s.clearSelect().select('v.id').as('x'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: await Promise.all(page.map((r) => toRow(db, r))),
    total: Number(count.n),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

export async function evalInScope(db: Db, a: EvalActor, id: number): Promise<Row> {
  const r = await base(db, a).where('v.id', '=', id).executeTakeFirst();
  if (!r) throw notFound('服务评估不存在');
  return r;
}

export async function getEval(db: Db, a: EvalActor, id: number): Promise<ApEvalRow> {
  return toRow(db, await evalInScope(db, a, id));
}

function govOf(a: EvalActor) {
  if (a.kind !== 'government') throw badRequest('只有监管部门可以登记服务评估');
  return a;
}

async function checkInput(trx: Tx, auth: AuthContext, input: ApEvalCreateInput) {
  const insurer = await trx
    .selectFrom('sysOrg')
    .select(['id', 'orgType'])
    .where('id', '=', input.insurerId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (insurer?.orgType !== 'insurer') throw badRequest('评估对象须为保险机构，请重新选择');
  await assertAttachable(trx, auth, input.reports);
  const big = await trx
    .selectFrom('sysFile')
    .select(['originalName', 'size'])
    .where(
      'id',
      'in',
      input.reports.map((r) => r.toLowerCase()),
    )
    .where('size', '>', AP_EVAL_REPORT_MAX_BYTES)
    .executeTakeFirst();
  if (big) throw badRequest(`评估报告“${big.originalName}”超过10MB，请压缩后重新上传`);
}

const fields = (input: ApEvalCreateInput) => ({
  evalType: input.evalType,
  year: input.year,
  projectName: input.projectName,
  commissioningUnit: input.commissioningUnit,
  insurerId: input.insurerId,
  implementingUnit: input.implementingUnit,
  evalDate: input.evalDate,
  result: input.result,
  score: input.score,
  summary: input.summary,
  reports: JSON.stringify(input.reports),
});

export async function createEval(
  trx: Tx,
  auth: AuthContext,
  actor: EvalActor,
  input: ApEvalCreateInput,
  now: Date,
) {
  const g = govOf(actor);
  await checkInput(trx, auth, input);
  const row = await trx
    .insertInto('evApEval')
    .values({
      ...fields(input),
      recorderOrgId: g.orgId,
      recorderName: g.name.slice(0, 50),
      createdAt: now,
      updatedAt: now,
      createdBy: g.userId,
      updatedBy: g.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The evaluation if the caller's government organisation recorded it, else 404. */
async function ownEval(trx: Tx, g: Extract<EvalActor, { kind: 'government' }>, id: number) {
  const r = await trx
    .selectFrom('evApEval')
    .select(['id', 'recorderOrgId'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!r || r.recorderOrgId !== g.orgId) throw notFound('服务评估不存在');
}

export async function updateEval(
  trx: Tx,
  auth: AuthContext,
  actor: EvalActor,
  input: ApEvalUpdateInput,
  now: Date,
) {
  const g = govOf(actor);
  await ownEval(trx, g, input.id);
  await checkInput(trx, auth, input);
  return updateVersioned(trx, 'evApEval', input, { ...fields(input), updatedAt: now, updatedBy: g.userId });
}

export async function deleteEval(
  trx: Tx,
  actor: EvalActor,
  input: { id: number; version: number },
  now: Date,
) {
  const g = govOf(actor);
  await ownEval(trx, g, input.id);
  await updateVersioned(trx, 'evApEval', input, { deletedAt: now, updatedAt: now, updatedBy: g.userId });
}

const pct = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 1000) / 10);

/** The platform's own figures of an insurer's prevention service in a year (beside the evaluation form). */
export async function evalIndicators(
  db: Db,
  a: EvalActor,
  insurerId: number,
  year: number,
  today: string,
): Promise<ApEvalIndicators> {
  if (a.kind === 'insurer' && a.orgId !== insurerId) throw notFound('保险机构不存在');
  if (a.kind === 'none') throw notFound('保险机构不存在');
  const insurer = await db
    .selectFrom('sysOrg')
    .select(['id', 'name'])
    .where('id', '=', insurerId)
    .where('orgType', '=', 'insurer')
    .executeTakeFirst();
  if (!insurer) throw notFound('保险机构不存在');
  const from = new Date(`${year}-01-01T00:00:00+08:00`);
  const to = new Date(`${year + 1}-01-01T00:00:00+08:00`);
  const [plans, fund, hazards, complaints, sat] = await Promise.all([
    db
      .selectFrom('apPlan')
      .select([
        sql<number>`count(*)`.as('planned'),
        sql<number>`count(*) filter (where status = 2)`.as('done'),
      ])
      .where('insurerId', '=', insurerId)
      .where('plannedStart', '>=', from)
      .where('plannedStart', '<', to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('apFundEntry')
      .select([
        sql<string>`coalesce(sum(amount) filter (where affects = 'accrued'), 0)`.as('accrued'),
        sql<string>`coalesce(sum(amount) filter (where affects = 'spent'), 0)`.as('spent'),
      ])
      .where('insurerId', '=', insurerId)
      .where(sql<boolean>`to_char(occurred_on, 'YYYY') = ${String(year)}`)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('apHazard')
      .select([
        sql<number>`count(*)`.as('found'),
        sql<number>`count(*) filter (where state = 2)`.as('rectified'),
        sql<number>`count(*) filter (where state = 2 and (deadline is null or rectified_at < (deadline + 1)::timestamp AT TIME ZONE 'Asia/Shanghai'))`.as(
          'onTime',
        ),
      ])
      .where('insurerId', '=', insurerId)
      .where(sql<boolean>`to_char(check_date, 'YYYY') = ${String(year)}`)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('cpComplaint')
      .select([
        sql<number>`count(*)`.as('total'),
        sql<number>`coalesce(sum(reply_count - late_count), 0)`.as('onTime'),
        sql<number>`coalesce(sum(late_count), 0) + count(*) filter (where state in (2, 3) and deadline < ${today})`.as(
          'overdue',
        ),
      ])
      .where('handlerKind', '=', 'insurer')
      .where('handlerOrgId', '=', insurerId)
      .where('submittedAt', '>=', from)
      .where('submittedAt', '<', to)
      .executeTakeFirstOrThrow(),
    satisfactionFigure(db, [...DISTRICTS.map((d) => d.value), CITY_CODE], {
      from: `${year}-01-01`,
      to: `${year}-12-31`,
      insurerId,
    }),
  ]);
  const accrued = Number(fund.accrued);
  const spent = Number(fund.spent);
  return {
    insurerId,
    insurerName: insurer.name,
    year,
    servicesPlanned: Number(plans.planned),
    servicesDone: Number(plans.done),
    serviceRate: pct(Number(plans.done), Number(plans.planned)),
    fundAccrued: accrued,
    fundUsed: spent,
    fundUseRate: pct(spent, accrued),
    hazardsFound: Number(hazards.found),
    hazardsRectified: Number(hazards.rectified),
    hazardsRectifiedOnTime: Number(hazards.onTime),
    rectifyOnTimeRate: pct(Number(hazards.onTime), Number(hazards.found)),
    complaints: Number(complaints.total),
    complaintsOnTime: Number(complaints.onTime),
    complaintsOverdue: Number(complaints.overdue),
    satisfactionCount: sat.count,
    satisfactionRate: sat.satisfiedRate,
  };
}
