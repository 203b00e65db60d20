import {
  chinaDate,
  ENDORSEMENT_STATUS,
  ENDORSEMENT_TYPES,
  type EndorsementInput,
  type EndorsementStatus,
  type EndorsementType,
  optionLabel,
  type Paged,
} from '@aqzrx/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../../platform/errors.ts';
import { type Actor, dateText, escapeLike, rescoreEnterprise } from '../enterprises/index.ts';
import {
  nextNumber,
  overlapping,
  policyFigures,
  policyTransition,
  snapshotPolicy,
} from '../policies/index.ts';
import { type EndorsablePolicy, endorsementTransition, planEndorsement } from './endorsement.machine.ts';

type EndQB = SelectQueryBuilder<DB & { en: DB['insEndorsement'] }, 'en', object>;

/**
 * Row scope: the enterprise its own endorsements; an insurer those of policies it underwrites (lead or
 * co-insurer); the government those of its districts' policies. Others none.
 */
export function endorsementScope<QB extends EndQB>(qb: QB, actor: Actor): QB {
  if (actor.kind === 'enterprise') return qb.where('en.enterpriseId', '=', actor.orgId) as QB;
  if (actor.kind === 'insurer')
    return qb.where('en.policyId', 'in', (eb) =>
      eb.selectFrom('insPolicyCoinsurer as pc').select('pc.policyId').where('pc.insurerId', '=', actor.orgId),
    ) as QB;
  if (actor.kind === 'government' && actor.districts.length > 0)
    return qb.where('en.policyId', 'in', (eb) =>
      eb.selectFrom('insPolicy as gp').select('gp.id').where('gp.districtCode', 'in', actor.districts),
    ) as QB;
  return qb.where(sql<boolean>`false`) as QB;
}

function baseSelect(db: Db) {
  return db
    .selectFrom('insEndorsement as en')
    .innerJoin('insPolicy as p', 'p.id', 'en.policyId')
    .select([
      'en.id',
      'en.endorsementNo',
      'en.policyId',
      'p.policyNo',
      'p.holderName',
      'en.enterpriseId',
      'en.insurerId',
      'en.type',
      'en.reason',
      dateText('en.effectiveDate').as('effectiveDate'),
      'en.premiumDelta',
      'en.status',
      'en.appliedAt',
      'en.reviewedAt',
      'en.reviewRemark',
      'en.version',
    ]);
}
type Row = Awaited<ReturnType<ReturnType<typeof baseSelect>['executeTakeFirstOrThrow']>>;

function toRow(r: Row) {
  return {
    id: r.id,
    endorsementNo: r.endorsementNo,
    policyId: r.policyId,
    policyNo: r.policyNo,
    holderName: r.holderName,
    enterpriseId: r.enterpriseId,
    insurerId: r.insurerId,
    type: r.type,
    typeLabel: optionLabel(ENDORSEMENT_TYPES, r.type),
    reason: r.reason,
    effectiveDate: r.effectiveDate,
    premiumDelta: Number(r.premiumDelta),
    status: r.status,
    statusLabel: optionLabel(ENDORSEMENT_STATUS, r.status),
    appliedAt: r.appliedAt.toISOString(),
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    reviewRemark: r.reviewRemark,
    version: r.version,
  };
}
export type EndorsementRow = ReturnType<typeof toRow>;

export async function listEndorsements(
  db: Db,
  actor: Actor,
  q: {
    pageNo: number;
    pageSize: number;
    keyword?: string | undefined;
    type?: string | undefined;
    status?: string | undefined;
    policyId?: number | undefined;
  },
): Promise<Paged<EndorsementRow>> {
  let qb = endorsementScope(baseSelect(db), actor);
  if (q.keyword) {
    const k = q.keyword.trim();
    qb = qb.where((eb) =>
      eb.or([
        eb('en.endorsementNo', '=', k),
        eb('p.policyNo', '=', k),
        eb('p.holderName', 'like', `%${escapeLike(k)}%`),
      ]),
    );
  }
  if (q.type) qb = qb.where('en.type', '=', q.type);
  if (q.status) qb = qb.where('en.status', '=', q.status as EndorsementStatus);
  if (q.policyId) qb = qb.where('en.policyId', '=', q.policyId);
  const total = await qb
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .executeTakeFirstOrThrow();
  const rows = await qb
    .orderBy('en.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { list: rows.map(toRow), total: Number(total.c), pageNum: q.pageNo, pageSize: q.pageSize };
}

export async function getEndorsement(db: Db, actor: Actor, id: number) {
  const r = await endorsementScope(
    baseSelect(db).select(['en.change', 'en.before', 'en.after', 'en.attachments', 'en.policyVersion']),
    actor,
  )
    .where('en.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound('批改申请不存在');
  const lead = actor.kind === 'insurer' && actor.orgId === r.insurerId;
  return {
    ...toRow(r),
    change: r.change,
    before: r.before,
    after: r.after,
    attachments: r.attachments,
    policyVersion: r.policyVersion,
    actions: { review: lead && endorsementTransition(r.status, 'approve') !== null },
  };
}

async function loadPolicy(db: Db, id: number) {
  const p = await db
    .selectFrom('insPolicy as p')
    .leftJoin('insEnterprise as e', 'e.id', 'p.enterpriseId')
    .select([
      'p.id',
      'p.status',
      'p.version',
      'p.enterpriseId',
      'p.insurerId',
      'p.headcount',
      'p.holderName',
      'p.address',
      'p.wsIndustryCode',
      'p.gbIndustryCode',
      'p.perPersonLimit',
      'p.medicalLimit',
      'p.premium',
      'p.benchmarkRate',
      'p.preventionFeePct',
      dateText('p.startDate').as('startDate'),
      dateText('p.endDate').as('endDate'),
      'e.operatingStatus',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!p) throw notFound('保单不存在');
  return p;
}

function endorsable(p: Awaited<ReturnType<typeof loadPolicy>>): EndorsablePolicy {
  return {
    headcount: p.headcount,
    holderName: p.holderName,
    address: p.address,
    wsIndustryCode: p.wsIndustryCode,
    gbIndustryCode: p.gbIndustryCode,
    perPersonLimit: Number(p.perPersonLimit),
    medicalLimit: Number(p.medicalLimit),
    startDate: p.startDate,
    endDate: p.endDate,
    premium: Number(p.premium),
  };
}

/** The enterprise applies for an endorsement of one of its issued, unexpired policies. */
export async function applyEndorsement(
  trx: Tx,
  actor: Actor,
  input: EndorsementInput,
  ctx: { minPerPersonLimit: number },
  now: Date,
): Promise<number> {
  if (actor.kind !== 'enterprise') throw forbidden('批改由投保企业申请');
  const p = await loadPolicy(trx, input.policyId);
  if (p.enterpriseId !== actor.orgId) throw notFound('保单不存在');
  if (p.status !== 'approved' || p.endDate < chinaDate(now))
    throw conflict('只有已出单且未到期的保单可以申请批改');
  if (p.version !== input.policyVersion) throw staleVersion();
  const pending = await trx
    .selectFrom('insEndorsement')
    .select('endorsementNo')
    .where('policyId', '=', p.id)
    .where('status', '=', 'applied')
    .executeTakeFirst();
  if (pending) throw conflict(`该保单有待审核的批改申请（${pending.endorsementNo}），请等待审核后再申请`);
  const plan = planEndorsement(
    input.type,
    input.change,
    input.premiumDelta,
    input.effectiveDate,
    endorsable(p),
    {
      minPerPersonLimit: ctx.minPerPersonLimit,
      operatingStatus: p.operatingStatus ?? 1,
    },
  );
  if (plan.problems.length) throw badRequest(plan.problems.join('；'), { problems: plan.problems });
  const row = await trx
    .insertInto('insEndorsement')
    .values({
      endorsementNo: await nextNumber(trx, 'PG', now),
      policyId: p.id,
      enterpriseId: p.enterpriseId,
      insurerId: p.insurerId,
      type: input.type,
      reason: input.reason,
      effectiveDate: input.effectiveDate,
      change: JSON.stringify(input.change),
      before: JSON.stringify(plan.before),
      after: JSON.stringify(plan.after),
      premiumDelta: input.premiumDelta,
      attachments: JSON.stringify(input.attachments),
      status: 'applied',
      policyVersion: p.version,
      appliedBy: actor.userId,
      appliedAt: now,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The lead insurer approves (the change is applied to the policy, the policy's version goes up and a
 * snapshot of the new state is kept next to the earlier ones, all in this one transaction) or returns.
 */
export async function reviewEndorsement(
  trx: Tx,
  actor: Actor,
  input: { id: number; version: number; approve: boolean; remark: string },
  ctx: { minPerPersonLimit: number },
  now: Date,
): Promise<{ version: number; policyVersion: number | null }> {
  const en = await endorsementScope(
    trx
      .selectFrom('insEndorsement as en')
      .select([
        'en.id',
        'en.status',
        'en.version',
        'en.policyId',
        'en.insurerId',
        'en.type',
        'en.change',
        'en.premiumDelta',
        'en.reason',
        'en.policyVersion',
        dateText('en.effectiveDate').as('effectiveDate'),
      ]),
    actor,
  )
    .where('en.id', '=', input.id)
    .forUpdate()
    .executeTakeFirst();
  if (!en) throw notFound('批改申请不存在');
  if (en.version !== input.version) throw staleVersion();
  if (!(actor.kind === 'insurer' && actor.orgId === en.insurerId))
    throw forbidden('只有出单（主承）保险机构可以审核批改');
  const action = input.approve ? 'approve' : 'return';
  const next = endorsementTransition(en.status, action);
  if (!next) throw conflict('该批改申请已审核，不能重复审核');
  if (!input.approve && !input.remark) throw badRequest('退回须填写原因');
  let policyVersion: number | null = null;
  if (input.approve) {
    const p = await loadPolicy(trx, en.policyId);
    await trx.selectFrom('insPolicy').select('id').where('id', '=', p.id).forUpdate().execute();
    if (p.version !== en.policyVersion)
      throw conflict('保单在申请后已发生变更，请退回该批改，由企业按最新保单重新申请');
    if (p.status !== 'approved') throw conflict('保单已不在保障状态，不能批改');
    const type = en.type as EndorsementType;
    const plan = planEndorsement(type, en.change, Number(en.premiumDelta), en.effectiveDate, endorsable(p), {
      minPerPersonLimit: ctx.minPerPersonLimit,
      operatingStatus: p.operatingStatus ?? 1,
    });
    if (plan.problems.length) throw conflict(plan.problems.join('；'));
    if (type === '06') {
      const clash = await overlapping(trx, p.enterpriseId, p.id, plan.after.startDate!, plan.after.endDate!, [
        'approved',
      ]);
      if (clash) throw conflict(`变更后的保险期间与该企业其他保单重叠：${clash}`);
    }
    const a = plan.after;
    const perPerson = a.perPersonLimit ?? Number(p.perPersonLimit);
    const headcount = a.headcount ?? p.headcount;
    const premium = a.premium ?? Number(p.premium);
    const factors = await trx
      .selectFrom('insPolicyFactor')
      .select(['pct'])
      .where('policyId', '=', p.id)
      .execute();
    const fig = policyFigures({
      perPersonLimit: perPerson,
      headcount,
      benchmarkRate: Number(p.benchmarkRate),
      factors: factors.map((f) => ({ pct: Number(f.pct) })),
      premium,
      preventionFeePct: Number(p.preventionFeePct),
    });
    // The state before the first endorsement stays readable even for policies issued before snapshots.
    await snapshotPolicy(trx, p.id, 'issue', null, actor.userId, now);
    const cancel = a.status === 'cancelled';
    if (cancel && !policyTransition('approved', 'cancel')) throw conflict('保单不能注销');
    const res = await trx
      .updateTable('insPolicy')
      .set({
        headcount,
        perPersonLimit: perPerson,
        medicalLimit: a.medicalLimit ?? Number(p.medicalLimit),
        perAccidentLimit: fig.perAccidentLimit,
        premiumCalc: fig.premiumCalc,
        premium,
        preventionFee: fig.preventionFee,
        holderName: a.holderName ?? p.holderName,
        address: a.address ?? p.address,
        wsIndustryCode: a.wsIndustryCode ?? p.wsIndustryCode,
        gbIndustryCode: a.gbIndustryCode ?? p.gbIndustryCode,
        startDate: a.startDate ?? p.startDate,
        endDate: a.endDate ?? p.endDate,
        ...(cancel
          ? { status: 'cancelled' as const, cancelledOn: en.effectiveDate, cancelReason: en.reason }
          : {}),
        updatedAt: now,
        updatedBy: actor.userId,
        version: sql`version + 1`,
      })
      .where('id', '=', p.id)
      .where('version', '=', p.version)
      .returning('version')
      .executeTakeFirst();
    if (!res) throw conflict('保单在申请后已发生变更，请退回该批改，由企业按最新保单重新申请');
    policyVersion = await snapshotPolicy(trx, p.id, 'endorse', en.id, actor.userId, now);
    if (cancel || a.headcount !== undefined)
      await rescoreEnterprise(trx, p.enterpriseId, now, actor.userId, cancel ? '保单注销' : '保单批改');
  }
  const res = await trx
    .updateTable('insEndorsement')
    .set({
      status: next,
      reviewedBy: actor.userId,
      reviewedAt: now,
      reviewRemark: input.remark,
      updatedAt: now,
      updatedBy: actor.userId,
      version: sql`version + 1`,
    })
    .where('id', '=', en.id)
    .where('version', '=', input.version)
    .returning('version')
    .executeTakeFirst();
  if (!res) throw staleVersion();
  return { version: res.version, policyVersion };
}
