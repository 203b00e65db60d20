import {
  ACCIDENT_LEVELS,
  ACCIDENT_TYPES,
  accidentLevelProblem,
  CLAIM_PHASES,
  CLAIM_STEPS,
  CLOSE_TYPES,
  type ClaimCounts,
  type ClaimDetail,
  type ClaimPhase,
  type ClaimReportInput,
  type ClaimRow,
  type ClaimStepInput,
  chinaDate,
  type claimListQuery,
  closeShortfallText,
  fromCents,
  lossAssessmentProblem,
  maskIdCard,
  optionLabel,
  type Paged,
  type PayoutState,
  partialPayoutText,
  payoutAmountProblem,
  payoutGap,
  toCents,
  wsIndustryTop,
  yuanText,
} from '@aqzrx/contracts';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { runTemplate } from '../../db/query-template.ts';
import type { DB } from '../../db/schema.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound, staleVersion } from '../../platform/errors.ts';
import {
  type Actor,
  assertInfoComplete,
  dateText,
  districtName,
  escapeLike,
  rescoreEnterprise,
} from '../enterprise/index.ts';
import { decryptPii, encryptPii } from '../insurer/index.ts';
import {
  cachedCount,
  nextNumber,
  policyScope,
  type ScopeValues,
  scopeKey,
  scopeShape,
  scopeValues,
} from '../policy/index.ts';
import {
  allowedCloseTypes,
  allowedSteps,
  type ClaimActorKind,
  type ClaimStep,
  claimFlags,
  decideStep,
  reportTimeProblem,
  STEP_ACTORS,
  stepTimeProblem,
} from './claim.machine.ts';
import { duplicateReport, openClaimAtSameTime } from './duplicate-report.ts';
import { notifyClaimRated, notifyClaimReported, notifyClaimStep } from './notices.ts';

export interface ClaimSettings {
  reportDeadlineHours: number;
  claimUnpaidFlagDays: number;
}

type ClaimQB = SelectQueryBuilder<DB & { c: DB['insClaim'] }, 'c', object>;

/**
 * Row scope of claims: the enterprise its own; an insurer claims on policies it underwrites (lead or
 * co-insurer); the government claims of its districts (read-only). Others none.
 */
export function claimScope<QB extends ClaimQB>(qb: QB, actor: Actor): QB {
  return scopeWith(qb, actor.kind, scopeValues(actor));
}

/** The scope's SQL from the actor's kind and its values (real values, or a query template's slots). */
function scopeWith<QB extends ClaimQB>(qb: QB, kind: Actor['kind'], v: ScopeValues): QB {
  if (kind === 'enterprise') return qb.where('c.enterpriseId', '=', v.orgId as number) as QB;
  if (kind === 'insurer')
    return qb.where('c.policyId', 'in', (eb) =>
      eb
        .selectFrom('insPolicyCoinsurer as pc')
        .select('pc.policyId')
        .where('pc.insurerId', '=', v.orgId as number),
    ) as QB;
  if (kind === 'government' && v.districts && v.districts.length > 0)
    return qb.where('c.districtCode', 'in', v.districts as string[]) as QB;
  return qb.where(sql<boolean>`false`) as QB;
}

function listSelect(db: Db) {
  return db
    .selectFrom('insClaim as c')
    .innerJoin('insPolicy as p', 'p.id', 'c.policyId')
    .innerJoin('sysOrg as eo', 'eo.id', 'c.enterpriseId')
    .select([
      'c.id',
      'c.reportNo',
      'c.registerNo',
      'c.policyId',
      'p.policyNo',
      'c.enterpriseId',
      'eo.name as enterpriseName',
      'c.insurerId',
      'c.districtCode',
      'c.wsIndustryCode',
      'c.phase',
      'c.step',
      'c.reporterName',
      'c.reportedAt',
      'c.accidentAt',
      'c.accidentAddress',
      'c.deaths',
      'c.injuries',
      'c.accidentType',
      'c.accidentLevel',
      'c.registeredAt',
      'c.estimatedLoss',
      'c.assessedTotal',
      'c.advanceTotal',
      'c.payoutTotal',
      'c.firstPaidAt',
      'c.closedAt',
      'c.closeType',
      'c.satisfaction',
      'c.version',
    ]);
}
type ListRow = Awaited<ReturnType<ReturnType<typeof listSelect>['executeTakeFirstOrThrow']>>;

const num = (v: string | null) => (v === null ? null : Number(v));

function toRow(r: ListRow, s: ClaimSettings, now: Date): ClaimRow {
  const flags = claimFlags(r, s, now);
  const stepOpt = CLAIM_STEPS.find((x) => x.value === r.step);
  return {
    id: r.id,
    reportNo: r.reportNo,
    registerNo: r.registerNo,
    policyId: r.policyId,
    policyNo: r.policyNo,
    enterpriseId: r.enterpriseId,
    enterpriseName: r.enterpriseName,
    insurerId: r.insurerId,
    districtCode: r.districtCode,
    districtName: districtName(r.districtCode),
    wsIndustryCode: r.wsIndustryCode,
    wsIndustryName: wsIndustryTop(r.wsIndustryCode)?.label ?? '',
    phase: r.phase,
    phaseLabel: optionLabel(CLAIM_PHASES, r.phase),
    step: r.step,
    stepLabel: stepOpt?.label ?? '',
    stepColor: stepOpt?.color ?? '',
    reporterName: r.reporterName,
    reportedAt: r.reportedAt.toISOString(),
    accidentAt: r.accidentAt.toISOString(),
    accidentAddress: r.accidentAddress,
    deaths: r.deaths,
    injuries: r.injuries,
    accidentType: r.accidentType,
    accidentTypeLabel: optionLabel(ACCIDENT_TYPES, r.accidentType ?? ''),
    accidentLevel: r.accidentLevel,
    accidentLevelLabel: optionLabel(ACCIDENT_LEVELS, r.accidentLevel ?? 0),
    registeredAt: r.registeredAt?.toISOString() ?? null,
    estimatedLoss: num(r.estimatedLoss),
    assessedTotal: num(r.assessedTotal),
    advanceTotal: Number(r.advanceTotal),
    payoutTotal: num(r.payoutTotal),
    closedAt: r.closedAt?.toISOString() ?? null,
    closeType: r.closeType,
    closeTypeLabel: optionLabel(CLOSE_TYPES, r.closeType ?? ''),
    satisfaction: r.satisfaction,
    ...flags,
    version: r.version,
  };
}

/** The claim list's query as the route parsed it (contracts claimListQuery). */
export type ClaimListQuery = z.output<typeof claimListQuery>;

/** China-time day bounds as instants. */
const dayStart = (d: string) => new Date(`${d}T00:00:00+08:00`);

type ListFilters = Omit<ClaimListQuery, 'pageNo' | 'pageSize'>;

/** Reported later than `hours` after the accident (the late flag; values real or template slots). */
const lateReport = (hours: unknown) =>
  sql<boolean>`c.reported_at - c.accident_at > make_interval(hours => ${hours})`;

/** Registered before `before` and nothing paid yet, still open (the unpaid flag). */
const unpaidSince = (eb: ExpressionBuilder<DB & { c: DB['insClaim'] }, 'c'>, before: unknown) =>
  eb.and([
    eb('c.phase', 'in', [
      sql.lit<ClaimPhase>('registered'),
      sql.lit<ClaimPhase>('surveyed'),
      sql.lit<ClaimPhase>('assessed'),
    ]),
    eb('c.firstPaidAt', 'is', null),
    eb('c.registeredAt', '<', before as Date),
  ]);

/** The instant before which an unpaid registered claim is flagged. */
const unpaidCutoff = (s: ClaimSettings, now: Date) =>
  new Date(now.getTime() - s.claimUnpaidFlagDays * 86_400_000);

/**
 * The values the list filters compare with, computed once from the query (present keys only, so the key
 * set with the flag is the filters' shape).
 */
function filterValues(q: ListFilters, s: ClaimSettings, now: Date): Record<string, unknown> {
  const v: Record<string, unknown> = {};
  if (q.keyword) {
    const k = q.keyword.trim();
    v.kwExact = k;
    v.kwLike = `%${escapeLike(k)}%`;
  }
  if (q.districtCode) v.districtCode = q.districtCode;
  if (q.wsIndustryCode) v.wsIndustryLike = `${escapeLike(q.wsIndustryCode)}%`;
  if (q.phase) v.phase = q.phase;
  if (q.step) v.step = q.step;
  if (q.policyId) v.policyId = q.policyId;
  if (q.accidentFrom) v.accidentFrom = dayStart(q.accidentFrom);
  if (q.accidentTo) v.accidentBefore = new Date(dayStart(q.accidentTo).getTime() + 86_400_000);
  if (q.year) {
    v.reportedFrom = dayStart(`${q.year}-01-01`);
    v.reportedBefore = dayStart(`${q.year + 1}-01-01`);
  }
  if (q.flag === 'late') v.deadlineHours = s.reportDeadlineHours;
  if (q.flag === 'unpaid') v.registeredBefore = unpaidCutoff(s, now);
  return v;
}

/**
 * The list filters, on any query over `ins_claim as c` (no joins needed, so totals count one table):
 * which conditions apply follows the keys of `v`, the compared values are `v`'s (real values, or a query
 * template's slots).
 */
function applyFilters<QB extends ClaimQB>(qb0: QB, v: Record<string, unknown>): QB {
  let qb = qb0;
  const has = (k: string) => Object.hasOwn(v, k);
  if (has('kwExact')) {
    qb = qb.where((eb) =>
      eb.or([
        eb('c.reportNo', '=', v.kwExact as string),
        eb('c.registerNo', '=', v.kwExact as string),
        eb(
          'c.policyId',
          'in',
          eb
            .selectFrom('insPolicy as kp')
            .select('kp.id')
            .where('kp.policyNo', '=', v.kwExact as string),
        ),
        eb(
          'c.enterpriseId',
          'in',
          eb
            .selectFrom('sysOrg as ko')
            .select('ko.id')
            .where('ko.orgType', '=', sql.lit<'enterprise'>('enterprise'))
            .where('ko.name', 'like', v.kwLike as string),
        ),
      ]),
    ) as QB;
  }
  if (has('districtCode')) qb = qb.where('c.districtCode', '=', v.districtCode as string) as QB;
  if (has('wsIndustryLike')) qb = qb.where('c.wsIndustryCode', 'like', v.wsIndustryLike as string) as QB;
  if (has('phase')) qb = qb.where('c.phase', '=', v.phase as ClaimPhase) as QB;
  if (has('step')) qb = qb.where('c.step', '=', v.step as number) as QB;
  if (has('policyId')) qb = qb.where('c.policyId', '=', v.policyId as number) as QB;
  if (has('accidentFrom')) qb = qb.where('c.accidentAt', '>=', v.accidentFrom as Date) as QB;
  if (has('accidentBefore')) qb = qb.where('c.accidentAt', '<', v.accidentBefore as Date) as QB;
  if (has('reportedFrom'))
    qb = qb
      .where('c.reportedAt', '>=', v.reportedFrom as Date)
      .where('c.reportedAt', '<', v.reportedBefore as Date) as QB;
  if (has('deadlineHours')) qb = qb.where(lateReport(v.deadlineHours)) as QB;
  if (has('registeredBefore')) qb = qb.where((eb) => unpaidSince(eb, v.registeredBefore)) as QB;
  return qb;
}

function filtered(db: Db, actor: Actor, q: ListFilters, s: ClaimSettings, now: Date) {
  return applyFilters(claimScope(listSelect(db), actor), filterValues(q, s, now));
}

export async function listClaims(
  db: Db,
  actor: Actor,
  q: ClaimListQuery,
  s: ClaimSettings,
  now: Date,
): Promise<Paged<ClaimRow>> {
  const { pageNo, pageSize, ...filters } = q;
  const fv = filterValues(filters, s, now);
  // The unpaid flag moves with time: its totals are keyed by the hour.
  const key = `claim|${scopeKey(actor)}|${JSON.stringify(filters)}|${JSON.stringify(s)}|${Math.floor(now.getTime() / 3600_000)}`;
  const values = { ...scopeValues(actor), ...fv, limit: pageSize, offset: (pageNo - 1) * pageSize };
  // The page's SQL depends only on this shape; it is compiled once per shape (db/query-template.ts).
  const shape = `claim-list|${scopeShape(actor)}|${Object.keys(fv).join(',')}`;
  const [total, rows] = await Promise.all([
    cachedCount(db, key, async () => {
      const r = await applyFilters(claimScope(db.selectFrom('insClaim as c'), actor), fv)
        .select((eb) => eb.fn.countAll<number>().as('c'))
        .executeTakeFirstOrThrow();
      return Number(r.c);
    }),
    runTemplate(db, shape, values, (v) =>
      applyFilters(scopeWith(listSelect(db), actor.kind, v), v)
        .orderBy('c.id', 'desc')
        .limit(v.limit as number)
        .offset(v.offset as number),
    ),
  ]);
  return { list: rows.map((r) => toRow(r, s, now)), total, pageNum: pageNo, pageSize };
}

/**
 * Claims in scope per phase, plus the two flags (late report, unpaid after registration), under the
 * list filters other than phase/flag: the counts above the claim manage list.
 */
export async function claimCounts(
  db: Db,
  actor: Actor,
  q: Omit<ClaimListQuery, 'pageNo' | 'pageSize' | 'phase' | 'flag'>,
  s: ClaimSettings,
  now: Date,
): Promise<ClaimCounts> {
  // One pass over the filtered claims: per phase, and the flags as filtered counts (the list's conditions).
  const rows = await applyFilters(claimScope(db.selectFrom('insClaim as c'), actor), filterValues(q, s, now))
    .select((eb) => [
      'c.phase',
      eb.fn.countAll<number>().as('n'),
      eb.fn.countAll<number>().filterWhere(lateReport(s.reportDeadlineHours)).as('late'),
      eb.fn
        .countAll<number>()
        .filterWhere(unpaidSince(eb, unpaidCutoff(s, now)))
        .as('unpaid'),
    ])
    .groupBy('c.phase')
    .execute();
  const phases = Object.fromEntries(CLAIM_PHASES.map((p) => [p.value, 0])) as Record<ClaimPhase, number>;
  let late = 0;
  let unpaid = 0;
  for (const r of rows) {
    phases[r.phase] = Number(r.n);
    late += Number(r.late);
    unpaid += Number(r.unpaid);
  }
  const total = Object.values(phases).reduce((a, b) => a + b, 0);
  return { total, phases, late, unpaid };
}

export async function exportClaims(
  db: Db,
  actor: Actor,
  q: Omit<ClaimListQuery, 'pageNo' | 'pageSize'>,
  s: ClaimSettings,
  now: Date,
  cap: number,
): Promise<ClaimRow[]> {
  const rows = await filtered(db, actor, q, s, now)
    .orderBy('c.id', 'desc')
    .limit(cap + 1)
    .execute();
  return rows.map((r) => toRow(r, s, now));
}

/** What a claim's payouts are checked against (the assessment, earlier payouts, advances), in yuan. */
function payoutState(c: {
  assessedTotal: string | null;
  payoutTotal: string | null;
  advanceTotal: string;
}): PayoutState {
  return {
    assessedTotal: Number(c.assessedTotal ?? 0),
    payoutTotal: num(c.payoutTotal),
    advanceTotal: Number(c.advanceTotal),
  };
}

/** A paid claim whose payouts are still below its assessed total (a further payout may follow). */
function hasShortfall(c: {
  phase: ClaimPhase;
  assessedTotal: string | null;
  payoutTotal: string | null;
  advanceTotal: string;
}): boolean {
  return c.phase === 'paid' && payoutGap(payoutState(c), 0) > 0;
}

/**
 * A person paid more than the per-person limit over all payouts of the claim (earlier payouts are
 * matched on the decrypted ID), or null.
 */
async function personLimitProblem(
  trx: Tx,
  claimId: number,
  persons: Array<{ name: string; idType: string; idNo: string; amount: number }>,
  perPersonCents: number,
): Promise<string | null> {
  const key = (idType: string, idNo: string) => `${idType}:${idNo.toUpperCase()}`;
  const earlier = await trx
    .selectFrom('insClaimPerson')
    .select(['idType', 'idNoEnc', 'amount'])
    .where('claimId', '=', claimId)
    .execute();
  const paid = new Map<string, number>();
  for (const e of earlier) {
    const k = key(e.idType, decryptPii(e.idNoEnc));
    paid.set(k, (paid.get(k) ?? 0) + toCents(Number(e.amount)));
  }
  const before = new Map(paid);
  for (const p of persons) {
    const k = key(p.idType, p.idNo);
    const sum = (paid.get(k) ?? 0) + toCents(p.amount);
    paid.set(k, sum);
    if (sum > perPersonCents)
      return before.has(k)
        ? `${p.name}累计赔付金额（${yuanText(fromCents(sum))}元，含此前已赔付${yuanText(fromCents(before.get(k) ?? 0))}元）超过每人死亡伤残责任限额（${yuanText(fromCents(perPersonCents))}元）`
        : `${p.name}的赔付金额（${yuanText(fromCents(sum))}元）超过每人死亡伤残责任限额（${yuanText(fromCents(perPersonCents))}元）`;
  }
  return null;
}

function actorKind(actor: Actor): ClaimActorKind {
  return actor.kind;
}

/** Loads a claim in scope (404 otherwise, exactly like a missing one). */
async function claimInScope(db: Db, actor: Actor, id: number) {
  const row = await claimScope(
    listSelect(db).select([
      'c.reporterPhone',
      'c.accidentDistrictCode',
      'c.accidentDesc',
      'c.attachments',
      'c.cause',
      'c.deniedReason',
      'c.paidAt',
      'c.satisfactionComment',
      'c.satisfactionAt',
      dateText('p.startDate').as('policyStart'),
      dateText('p.endDate').as('policyEnd'),
      'p.perPersonLimit',
      'p.perAccidentLimit',
    ]),
    actor,
  )
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('理赔案件不存在');
  return row;
}

export async function getClaim(
  db: Db,
  actor: Actor,
  id: number,
  s: ClaimSettings,
  now: Date,
): Promise<ClaimDetail> {
  const r = await claimInScope(db, actor, id);
  const [steps, payments, losses, persons] = await Promise.all([
    db
      .selectFrom('insClaimStep')
      .select(['id', 'step', 'actedAt', 'actorName', 'actorOrgName', 'data', 'note', 'attachments'])
      .where('claimId', '=', id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('insClaimPayment')
      .select(['id', 'payType', 'amount', 'payee', 'paidAt'])
      .where('claimId', '=', id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('insClaimLoss')
      .select(['category', 'amount'])
      .where('claimId', '=', id)
      .orderBy('category')
      .execute(),
    db
      .selectFrom('insClaimPerson')
      .select(['id', 'personType', 'name', 'idType', 'idNoMask', 'injury', 'amount', 'proofs'])
      .where('claimId', '=', id)
      .orderBy('id')
      .execute(),
  ]);
  const state = { phase: r.phase, hasPayments: payments.length > 0, shortfall: hasShortfall(r) };
  const kind = actorKind(actor);
  const lead = actor.kind === 'insurer' && actor.orgId === r.insurerId;
  const own = actor.kind === 'enterprise' && actor.orgId === r.enterpriseId;
  const mayWrite = lead || own;
  return {
    ...toRow(r, s, now),
    reporterPhone: r.reporterPhone,
    accidentDistrictCode: r.accidentDistrictCode,
    accidentDesc: r.accidentDesc,
    attachments: r.attachments,
    cause: r.cause,
    deniedReason: r.deniedReason,
    paidAt: r.paidAt?.toISOString() ?? null,
    satisfactionComment: r.satisfactionComment,
    satisfactionAt: r.satisfactionAt?.toISOString() ?? null,
    policy: {
      startDate: r.policyStart,
      endDate: r.policyEnd,
      perPersonLimit: Number(r.perPersonLimit),
      perAccidentLimit: Number(r.perAccidentLimit),
    },
    timeline: steps.map((st) => {
      const o = CLAIM_STEPS.find((x) => x.value === st.step);
      return {
        id: st.id,
        step: st.step,
        label: o?.label ?? '',
        color: o?.color ?? '',
        actedAt: st.actedAt.toISOString(),
        actorName: st.actorName,
        actorOrgName: st.actorOrgName,
        data: st.data,
        note: st.note,
        attachments: st.attachments,
      };
    }),
    payments: payments.map((p) => ({ ...p, amount: Number(p.amount), paidAt: p.paidAt.toISOString() })),
    losses: losses.map((l) => ({ ...l, amount: Number(l.amount) })),
    persons: persons.map(({ idNoMask, ...p }) => ({ ...p, idNo: idNoMask, amount: Number(p.amount) })),
    actions: {
      steps: mayWrite ? allowedSteps(state, kind) : [],
      closeTypes: mayWrite ? allowedCloseTypes(state, kind) : [],
      satisfaction: own && r.phase === 'closed' && r.satisfaction === null,
    },
  };
}

/** Every attachment id of a claim (report, steps, person proofs), for downloads. */
export async function claimAttachmentIds(db: Db, actor: Actor, id: number): Promise<string[]> {
  const r = await claimInScope(db, actor, id);
  const steps = await db
    .selectFrom('insClaimStep')
    .select(['attachments'])
    .where('claimId', '=', id)
    .execute();
  const persons = await db
    .selectFrom('insClaimPerson')
    .select(['proofs'])
    .where('claimId', '=', id)
    .execute();
  return [...r.attachments, ...steps.flatMap((s) => s.attachments), ...persons.flatMap((p) => p.proofs)];
}

// ---------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------

/** Step 1: report a claim on a policy in scope whose cover includes the accident time. */
export async function reportClaim(
  trx: Tx,
  actor: Actor,
  input: ClaimReportInput,
  now: Date,
): Promise<number> {
  const decision = decideStep(undefined, 1, actorKind(actor));
  if (!decision.ok) throw forbidden(decision.reason);
  const p = await policyScope(
    trx
      .selectFrom('insPolicy as p')
      .select([
        'p.id',
        'p.status',
        'p.enterpriseId',
        'p.insurerId',
        'p.districtCode',
        'p.wsIndustryCode',
        dateText('p.startDate').as('startDate'),
        dateText('p.endDate').as('endDate'),
        sql<string | null>`to_char(p.cancelled_on, 'YYYY-MM-DD')`.as('cancelledOn'),
      ]),
    actor,
  )
    .where('p.id', '=', input.policyId)
    // Reports on one policy one after another, so two of the same accident cannot both miss each other.
    .forUpdate()
    .executeTakeFirst();
  if (!p) throw notFound('保单不存在');
  if (actor.kind === 'enterprise') await assertInfoComplete(trx, actor, p.enterpriseId, '报案');
  if (p.status !== 'approved' && p.status !== 'cancelled') throw conflict('只能对已出单的保单报案');
  const reportedAt = input.reportedAt ?? now;
  const problem = reportTimeProblem(input.accidentAt, reportedAt, now);
  if (problem) throw badRequest(problem);
  const accidentDay = chinaDate(input.accidentAt);
  if (accidentDay < p.startDate || accidentDay > p.endDate || (p.cancelledOn && accidentDay >= p.cancelledOn))
    throw conflict(`出险时间不在保险期间内（${p.startDate} 至 ${p.cancelledOn ?? p.endDate}）`);
  const repeated = input.confirmDuplicate
    ? undefined
    : await openClaimAtSameTime(trx, p.id, input.accidentAt);
  if (repeated) throw duplicateReport(repeated);
  const row = await trx
    .insertInto('insClaim')
    .values({
      reportNo: await nextNumber(trx, 'BA', now),
      policyId: p.id,
      enterpriseId: p.enterpriseId,
      insurerId: p.insurerId,
      districtCode: p.districtCode,
      wsIndustryCode: p.wsIndustryCode,
      phase: 'reported',
      step: 1,
      reporterName: input.reporterName,
      reporterPhone: input.reporterPhone,
      reportedAt,
      accidentAt: input.accidentAt,
      accidentDistrictCode: input.accidentDistrictCode,
      accidentAddress: input.accidentAddress,
      accidentDesc: input.accidentDesc,
      deaths: input.deaths,
      injuries: input.injuries,
      attachments: JSON.stringify(input.attachments),
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('insClaimStep')
    .values({
      claimId: row.id,
      step: 1,
      actedAt: reportedAt,
      actorUserId: actor.userId,
      actorName: actor.name,
      actorOrgId: actor.kind === 'enterprise' || actor.kind === 'insurer' ? actor.orgId : null,
      actorOrgName: actor.orgName,
      data: JSON.stringify({
        accidentAt: input.accidentAt.toISOString(),
        accidentAddress: input.accidentAddress,
        deaths: input.deaths,
        injuries: input.injuries,
      }),
      note: input.accidentDesc.slice(0, 2000),
      attachments: JSON.stringify(input.attachments),
      createdAt: now,
    })
    .execute();
  await notifyClaimReported(trx, actor, row.id, input, now);
  return row.id;
}

const sumCents = (xs: Array<{ amount: number }>) => xs.reduce((s, x) => s + toCents(x.amount), 0);

/**
 * Steps 2-8 on an existing claim. The state machine decides whether the step is allowed; the version
 * guards concurrent handling; the step, its fields and attachments are recorded on the timeline with
 * who and when, and the claim's summary columns move, all in one transaction.
 */
export async function recordStep(trx: Tx, actor: Actor, input: ClaimStepInput, now: Date): Promise<number> {
  const c = await claimScope(
    trx
      .selectFrom('insClaim as c')
      .innerJoin('insPolicy as p', 'p.id', 'c.policyId')
      .select([
        'c.id',
        'c.phase',
        'c.version',
        'c.enterpriseId',
        'c.insurerId',
        'c.reportedAt',
        'c.registeredAt',
        'c.deaths',
        'c.injuries',
        'c.estimatedLoss',
        'c.assessedTotal',
        'c.advanceTotal',
        'c.payoutTotal',
        'c.firstPaidAt',
        'p.perPersonLimit',
        'p.perAccidentLimit',
      ]),
    actor,
  )
    .where('c.id', '=', input.id)
    .forUpdate(['c'])
    .executeTakeFirst();
  if (!c) throw notFound('理赔案件不存在');
  if (c.version !== input.version) throw staleVersion();
  const lead = actor.kind === 'insurer' && actor.orgId === c.insurerId;
  const own = actor.kind === 'enterprise' && actor.orgId === c.enterpriseId;
  if (!lead && !own) throw forbidden('只有主承保险机构可以办理理赔，共保机构和监管部门只能查看');
  const payments = await trx
    .selectFrom('insClaimPayment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('claimId', '=', c.id)
    .executeTakeFirstOrThrow();
  const step = input.step as ClaimStep;
  if (!STEP_ACTORS[step].includes(actorKind(actor)))
    throw forbidden('企业只能报案和撤案，其他理赔环节由保险机构办理');
  const decision = decideStep(
    { phase: c.phase, hasPayments: Number(payments.n) > 0, shortfall: hasShortfall(c) },
    step,
    actorKind(actor),
    input.step === 8 ? input.closeType : undefined,
  );
  if (!decision.ok) throw conflict(decision.reason);
  const at = input.at ?? now;
  const last = await trx
    .selectFrom('insClaimStep')
    .select((eb) => eb.fn.max('actedAt').as('last'))
    .where('claimId', '=', c.id)
    .executeTakeFirstOrThrow();
  const timeProblem = stepTimeProblem(at, last.last ?? c.reportedAt, now);
  if (timeProblem) throw badRequest(timeProblem);

  const perAccident = toCents(Number(c.perAccidentLimit));
  const perPerson = toCents(Number(c.perPersonLimit));
  const advance = toCents(Number(c.advanceTotal));
  const patch: Record<string, unknown> = {};
  let data: Record<string, unknown> = {};
  switch (input.step) {
    case 2:
      data = { reason: input.reason };
      Object.assign(patch, { closedAt: at, closeType: 'withdrawn' });
      break;
    case 3: {
      if (input.seriousInjuries > c.injuries)
        throw badRequest(
          `重伤人数（${input.seriousInjuries}人）不能超过报案时的受伤人数（${c.injuries}人），请核对重伤人数`,
        );
      // The level may not be lower than the casualties and the loss imply (domain 1.7).
      const levelProblem = accidentLevelProblem(input.accidentLevel, {
        deaths: c.deaths,
        seriousInjuries: input.seriousInjuries,
        directLoss: input.estimatedLoss,
      });
      if (levelProblem)
        throw badRequest(
          `${levelProblem}（本案死亡${c.deaths}人、重伤${input.seriousInjuries}人，估损${input.estimatedLoss}元）`,
        );
      data = {
        accidentType: input.accidentType,
        accidentLevel: input.accidentLevel,
        seriousInjuries: input.seriousInjuries,
        cause: input.cause,
        estimatedLoss: input.estimatedLoss,
      };
      Object.assign(patch, {
        registerNo: await nextNumber(trx, 'LA', now),
        registeredAt: at,
        accidentType: input.accidentType,
        accidentLevel: input.accidentLevel,
        cause: input.cause,
        estimatedLoss: input.estimatedLoss,
      });
      break;
    }
    case 4: {
      const amount = toCents(input.amount);
      const ceiling = c.assessedTotal !== null ? toCents(Number(c.assessedTotal)) : perAccident;
      if (advance + amount > ceiling)
        throw badRequest(
          `预付累计金额不能超过${c.assessedTotal !== null ? '定损总金额' : '每次事故责任限额'}（${fromCents(ceiling)}元），已付${fromCents(advance)}元`,
        );
      data = { payType: input.payType, amount: input.amount, payee: input.payee };
      Object.assign(patch, { advanceTotal: fromCents(advance + amount), firstPaidAt: c.firstPaidAt ?? at });
      break;
    }
    case 5:
      data = {
        surveyorName: input.surveyorName,
        surveyorPhone: input.surveyorPhone,
        description: input.description,
      };
      break;
    case 6: {
      // Lines above 0, no category twice, casualties within the per-person limit × the reported
      // deaths and injuries, the total between the advances paid and the per-accident limit.
      const problem = lossAssessmentProblem(input.items, {
        perPersonLimit: fromCents(perPerson),
        perAccidentLimit: fromCents(perAccident),
        deaths: c.deaths,
        injuries: c.injuries,
        advanceTotal: fromCents(advance),
      });
      if (problem) throw badRequest(problem);
      if (sumCents(input.items) !== toCents(input.total))
        throw badRequest(
          `定损总金额（${yuanText(input.total)}元）须等于各项之和（${yuanText(fromCents(sumCents(input.items)))}元）`,
        );
      data = { items: input.items, total: input.total };
      Object.assign(patch, { assessedTotal: input.total });
      await trx.deleteFrom('insClaimLoss').where('claimId', '=', c.id).execute();
      await trx
        .insertInto('insClaimLoss')
        .values(input.items.map((i) => ({ claimId: c.id, category: i.category, amount: i.amount })))
        .execute();
      break;
    }
    case 7: {
      const total = toCents(input.total);
      const parts = sumCents(input.persons) + sumCents(input.properties) + sumCents(input.fees);
      if (parts !== total)
        throw badRequest(
          `赔付总金额（${yuanText(input.total)}元）须等于人身伤亡、财产损失和各项费用之和（${yuanText(fromCents(parts))}元）`,
        );
      const pay = payoutState(c);
      const amountProblem = payoutAmountProblem(pay, input.total);
      if (amountProblem) throw badRequest(amountProblem);
      // A payout short of the assessment is made on purpose only (a forgotten line is not paid short).
      const gap = payoutGap(pay, input.total);
      if (gap > 0 && !input.partial)
        throw badRequest(
          `${partialPayoutText(pay, input.total)}：请补全赔付明细，或确认部分赔付后再提交（差额可在结案前继续赔付）`,
        );
      const personProblem = await personLimitProblem(trx, c.id, input.persons, perPerson);
      if (personProblem) throw badRequest(personProblem);
      const before = toCents(pay.payoutTotal ?? 0);
      // The advances count toward the first payout (it covers them); later payouts are paid in full.
      const credited = Math.max(0, advance - before);
      data = {
        persons: input.persons.map((p) => ({ ...p, idNo: maskIdCard(p.idNo) })),
        properties: input.properties,
        fees: input.fees,
        total: input.total,
        balance: fromCents(total - credited),
        payoutTotal: fromCents(before + total),
        unpaid: gap,
      };
      Object.assign(patch, {
        payoutTotal: fromCents(before + total),
        paidAt: at,
        firstPaidAt: c.firstPaidAt ?? at,
      });
      if (input.persons.length)
        await trx
          .insertInto('insClaimPerson')
          .values(
            input.persons.map((p) => ({
              claimId: c.id,
              personType: p.personType,
              name: p.name,
              idType: p.idType,
              idNoEnc: encryptPii(p.idNo.toUpperCase()),
              idNoMask: maskIdCard(p.idNo.toUpperCase()),
              injury: p.injury,
              amount: p.amount,
              proofs: JSON.stringify(p.proofs),
            })),
          )
          .execute();
      break;
    }
    case 8: {
      if (input.closeType === 'denied' && !input.deniedReason) throw badRequest('拒赔须填写拒赔原因');
      // Closing with part of the assessment unpaid says why (the payer may also pay the rest first).
      const shortfall = input.closeType === 'paid' ? closeShortfallText(payoutState(c)) : null;
      if (shortfall && input.note.length < 2)
        throw badRequest(`${shortfall}：请继续赔付，或在备注中说明未赔付差额的原因后再结案`);
      data = {
        closeType: input.closeType,
        deniedReason: input.deniedReason,
        ...(shortfall ? { unpaid: payoutGap(payoutState(c), 0) } : {}),
      };
      Object.assign(patch, { closedAt: at, closeType: input.closeType, deniedReason: input.deniedReason });
      break;
    }
  }
  const stepRow = await trx
    .insertInto('insClaimStep')
    .values({
      claimId: c.id,
      step: input.step,
      actedAt: at,
      actorUserId: actor.userId,
      actorName: actor.name,
      actorOrgId: actor.kind === 'enterprise' || actor.kind === 'insurer' ? actor.orgId : null,
      actorOrgName: actor.orgName,
      data: JSON.stringify(data),
      note: input.note,
      attachments: JSON.stringify(input.attachments),
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.step === 4)
    await trx
      .insertInto('insClaimPayment')
      .values({
        claimId: c.id,
        stepId: stepRow.id,
        payType: input.payType,
        amount: input.amount,
        payee: input.payee,
        paidAt: at,
      })
      .execute();
  const res = await trx
    .updateTable('insClaim')
    .set({
      ...patch,
      phase: decision.phase,
      step: input.step,
      updatedAt: now,
      updatedBy: actor.userId,
      version: sql`version + 1`,
    })
    .where('id', '=', c.id)
    .where('version', '=', input.version)
    .returning('version')
    .executeTakeFirst();
  if (!res) throw staleVersion();
  // Registered accidents count in the enterprise's score; withdrawn or invalid ones stop counting.
  if (input.step === 3 || input.step === 2 || input.step === 8)
    await rescoreEnterprise(trx, c.enterpriseId, now, actor.userId, '理赔案件变化');
  await notifyClaimStep(trx, actor, c.id, input, c, now);
  return res.version;
}

/** The enterprise rates a closed claim once (理赔满意度, 1-5 with a comment). */
export async function rateClaim(
  trx: Tx,
  actor: Actor,
  input: { id: number; version: number; score: number; comment: string },
  now: Date,
): Promise<number> {
  if (actor.kind !== 'enterprise') throw forbidden('理赔满意度由投保企业评价');
  const c = await claimScope(
    trx.selectFrom('insClaim as c').select(['c.id', 'c.phase', 'c.version', 'c.satisfaction']),
    actor,
  )
    .where('c.id', '=', input.id)
    .executeTakeFirst();
  if (!c) throw notFound('理赔案件不存在');
  if (c.version !== input.version) throw staleVersion();
  if (c.phase !== 'closed') throw conflict('结案后才能评价理赔满意度');
  if (c.satisfaction !== null) throw conflict('该案件已评价');
  const res = await trx
    .updateTable('insClaim')
    .set({
      satisfaction: input.score,
      satisfactionComment: input.comment,
      satisfactionAt: now,
      updatedAt: now,
      updatedBy: actor.userId,
      version: sql`version + 1`,
    })
    .where('id', '=', c.id)
    .where('version', '=', input.version)
    .returning('version')
    .executeTakeFirst();
  if (!res) throw staleVersion();
  await notifyClaimRated(trx, actor, c.id, input, now);
  return res.version;
}

/** Portal figures for the current calendar year: claims reported, and money paid (advances + payouts). */
export async function yearClaimTotals(db: Db, now: Date) {
  const year = Number(chinaDate(now).slice(0, 4));
  const r = await db
    .selectFrom('insClaim')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn
        .coalesce(eb.fn.sum<string>(sql`coalesce(payout_total, advance_total)`), sql<string>`0`)
        .as('paid'),
    ])
    .where('reportedAt', '>=', dayStart(`${year}-01-01`))
    .where('reportedAt', '<', dayStart(`${year + 1}-01-01`))
    .where('phase', '!=', 'withdrawn')
    .executeTakeFirstOrThrow();
  return { claims: Number(r.n), paid: Number(r.paid) };
}

export const CLAIM_STEP_LABELS = Object.fromEntries(CLAIM_STEPS.map((s) => [s.value, s.label]));
