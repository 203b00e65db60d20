/**
 * Claim queries: who sees which claim (row scope), the list filters and flags, the list, counts, export and
 * detail reads, and the portal's yearly totals. No writes: reporting, the steps and the rating are in
 * claim.service.ts (the state machine itself in claim.machine.ts).
 */
import {
  ACCIDENT_LEVELS,
  ACCIDENT_TYPES,
  addDays,
  CLAIM_PHASES,
  CLAIM_STEPS,
  CLOSE_TYPES,
  type ClaimCounts,
  type ClaimDetail,
  type ClaimPhase,
  type ClaimRow,
  type claimListQuery,
  optionLabel,
  type Paged,
  type PayoutState,
  payoutGap,
  wsIndustryTop,
} from '@aqzrx/contracts';
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { z } from 'zod';
import { runTemplate } from '../../db/query-template.ts';
import type { DB } from '../../db/schema.ts';
import { bigramMatch, bigramSearchable } from '../../db/sql.ts';
import type { Db } from '../../platform/context.ts';
import { cachedTotal, countUpTo, keywordPageValues } from '../../platform/count-cache.ts';
import { chinaDayStart } from '../../platform/dates.ts';
import { notFound } from '../../platform/errors.ts';
import { EXPORT_PAGE, keysetRows, type ReadRun } from '../../platform/export-pages.ts';
import { decryptPhone } from '../../platform/pii.ts';
import { maskedPhone } from '../../platform/reveal.ts';
import { type Actor, dateText, districtName, escapeLike } from '../enterprise/index.ts';
import { type ScopeValues, scopeKey, scopeShape, scopeValues } from '../policy/index.ts';
import { allowedCloseTypes, allowedSteps, type ClaimActorKind, claimFlags } from './claim.machine.ts';

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
    // Two characters or more: enterprise names are looked up in their pair index first (db/sql.ts bigramMatch).
    if (bigramSearchable(k)) v.kwPairs = k;
  }
  if (q.districtCode) v.districtCode = q.districtCode;
  if (q.wsIndustryCode) v.wsIndustryLike = `${escapeLike(q.wsIndustryCode)}%`;
  if (q.phase) v.phase = q.phase;
  if (q.step) v.step = q.step;
  if (q.policyId) v.policyId = q.policyId;
  if (q.accidentFrom) v.accidentFrom = chinaDayStart(q.accidentFrom);
  if (q.accidentTo) v.accidentBefore = new Date(chinaDayStart(q.accidentTo).getTime() + 86_400_000);
  // 报案日期: the year and the day range (China days, both ends included) both narrow reported_at.
  const from = [
    q.year ? chinaDayStart(`${q.year}-01-01`) : null,
    q.reportFrom ? chinaDayStart(q.reportFrom) : null,
  ];
  const before = [
    q.year ? chinaDayStart(`${q.year + 1}-01-01`) : null,
    q.reportTo ? chinaDayStart(addDays(q.reportTo, 1)) : null,
  ];
  const latest = from.filter((d) => d !== null).sort((a, b) => b.getTime() - a.getTime())[0];
  const earliest = before.filter((d) => d !== null).sort((a, b) => a.getTime() - b.getTime())[0];
  if (latest) v.reportedFrom = latest;
  if (earliest) v.reportedBefore = earliest;
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
    // A keyword of two characters or more (kwPairs): `= ANY(ARRAY(subquery))`, not `IN (subquery)`. Inside
    // an OR an IN stays a filter run on every claim read in list order, while an array of ids is looked up
    // in the claims' own indexes (each arm by its index, the arms' rows OR-ed), so a keyword with few
    // matches reads only those, the enterprises found by the pair index. Without kwPairs (a one-character
    // keyword, or the first pages of a frequent one, see denseFirstRows) the claims are read in list order
    // and each one's own enterprise name is read by its primary key and compared: a page is full after a few
    // claims, where a list of every matching enterprise would first have to be built.
    const byIds = has('kwPairs');
    qb = qb.where((eb) => {
      const policies = eb
        .selectFrom('insPolicy as kp')
        .select('kp.id')
        .where('kp.policyNo', '=', v.kwExact as string);
      const named = () =>
        eb
          .selectFrom('sysOrg as ko')
          .where('ko.orgType', '=', sql.lit<'enterprise'>('enterprise'))
          .where('ko.name', 'like', v.kwLike as string);
      return eb.or([
        eb('c.reportNo', '=', v.kwExact as string),
        eb('c.registerNo', '=', v.kwExact as string),
        byIds
          ? sql<boolean>`${sql.ref('c.policyId')} = ANY(ARRAY(${policies}))`
          : eb('c.policyId', 'in', policies),
        byIds
          ? sql<boolean>`${sql.ref('c.enterpriseId')} = ANY(ARRAY(${named()
              .select('ko.id')
              .where(bigramMatch(['ko.name', 'ko.uscc'], v.kwPairs, false, has('kwFew')))}))`
          : // The claim's own enterprise name, by its primary key, per claim read (a scalar sub-query:
            // PostgreSQL turned the EXISTS into a hashed list of every matching name, built on every page —
            // 28,590 names of 200,000 for 建筑, 35 ms a page; by the key, 0.3 ms).
            eb(
              eb
                .selectFrom('sysOrg as ko')
                .select('ko.name')
                .whereRef('ko.id', '=', 'c.enterpriseId')
                .where('ko.orgType', '=', sql.lit<'enterprise'>('enterprise')),
              'like',
              v.kwLike as string,
            ),
      ]);
    }) as QB;
  }
  if (has('districtCode')) qb = qb.where('c.districtCode', '=', v.districtCode as string) as QB;
  if (has('wsIndustryLike')) qb = qb.where('c.wsIndustryCode', 'like', v.wsIndustryLike as string) as QB;
  if (has('phase')) qb = qb.where('c.phase', '=', v.phase as ClaimPhase) as QB;
  if (has('step')) qb = qb.where('c.step', '=', v.step as number) as QB;
  if (has('policyId')) qb = qb.where('c.policyId', '=', v.policyId as number) as QB;
  if (has('accidentFrom')) qb = qb.where('c.accidentAt', '>=', v.accidentFrom as Date) as QB;
  if (has('accidentBefore')) qb = qb.where('c.accidentAt', '<', v.accidentBefore as Date) as QB;
  if (has('reportedFrom')) qb = qb.where('c.reportedAt', '>=', v.reportedFrom as Date) as QB;
  if (has('reportedBefore')) qb = qb.where('c.reportedAt', '<', v.reportedBefore as Date) as QB;
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
  const offset = (pageNo - 1) * pageSize;
  const totalP = cachedTotal(db, key, (limit) =>
    countUpTo(
      db,
      applyFilters(claimScope(db.selectFrom('insClaim as c'), actor), fv).select(sql.lit(1).as('one')),
      limit,
    ),
  );
  // A keyword matching thousands: its first pages are read in list order (see applyFilters); a rare one
  // runs a generic plan (keywordPageValues).
  const pageFv = Object.hasOwn(fv, 'kwPairs') ? keywordPageValues(fv, await totalP, offset, pageSize) : fv;
  const values = { ...scopeValues(actor), ...pageFv, limit: pageSize, offset };
  // The page's SQL depends only on this shape; it is compiled once per shape (db/query-template.ts).
  const shape = `claim-list|${scopeShape(actor)}|${Object.keys(pageFv).join(',')}`;
  const [total, rows] = await Promise.all([
    totalP,
    runTemplate(db, shape, values, (v) =>
      applyFilters(scopeWith(listSelect(db), actor.kind, v), v)
        .orderBy('c.id', 'desc')
        .limit(v.limit as number)
        .offset(v.offset as number),
    ),
  ]);
  return { list: rows.map((r) => toRow(r, s, now)), ...total, pageNum: pageNo, pageSize };
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

/** How many claims the export would write, counted up to `limit` (the cap + 1 tells "too many"). */
export function countClaimExport(
  db: Db,
  actor: Actor,
  q: Omit<ClaimListQuery, 'pageNo' | 'pageSize'>,
  s: ClaimSettings,
  now: Date,
  limit: number,
): Promise<number> {
  return countUpTo(
    db,
    applyFilters(claimScope(db.selectFrom('insClaim as c'), actor), filterValues(q, s, now)).select(
      sql.lit(1).as('one'),
    ),
    limit,
  );
}

/** The export's rows in list order, streamed page by page (platform/export-pages.ts), at most `cap`. */
export function exportClaimRows(
  run: ReadRun,
  actor: Actor,
  q: Omit<ClaimListQuery, 'pageNo' | 'pageSize'>,
  s: ClaimSettings,
  now: Date,
  cap: number,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<ClaimRow> {
  return keysetRows(
    run,
    (db, before, size) => {
      const qb = filtered(db, actor, q, s, now);
      return (before === null ? qb : qb.where('c.id', '<', before))
        .orderBy('c.id', 'desc')
        .limit(size)
        .execute();
    },
    (r) => toRow(r, s, now),
    cap,
    pageSize,
  );
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
export function payoutState(c: {
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
export function hasShortfall(c: {
  phase: ClaimPhase;
  assessedTotal: string | null;
  payoutTotal: string | null;
  advanceTotal: string;
}): boolean {
  return c.phase === 'paid' && payoutGap(payoutState(c), 0) > 0;
}

export function actorKind(actor: Actor): ClaimActorKind {
  return actor.kind;
}

/**
 * A step's data as shown: the survey step's surveyor phone is stored encrypted (surveyorPhoneEnc, P03) and
 * answered masked (P04; the full number through POST /api/pii/reveal, kind claimStep).
 */
function stepData(data: Record<string, unknown>): Record<string, unknown> {
  if (!('surveyorPhoneEnc' in data)) return data;
  const { surveyorPhoneEnc, ...rest } = data;
  return { ...rest, surveyorPhone: maskedPhone(surveyorPhoneText(surveyorPhoneEnc)) };
}

const surveyorPhoneText = (enc: unknown) => decryptPhone(typeof enc === 'string' ? enc : '');

/** The full reporter phone of a claim in scope (the reveal of kind claim, field reporterPhone). */
export async function claimReporterPhone(db: Db, actor: Actor, id: number): Promise<string> {
  return decryptPhone((await claimInScope(db, actor, id)).reporterPhoneEnc);
}

/** The full surveyor phone of a step of a claim in scope (the reveal of kind claimStep). */
export async function claimStepSurveyorPhone(db: Db, actor: Actor, stepId: number): Promise<string> {
  const step = await db
    .selectFrom('insClaimStep')
    .select(['claimId', 'data'])
    .where('id', '=', stepId)
    .executeTakeFirst();
  if (!step) throw notFound('理赔案件不存在');
  await claimInScope(db, actor, step.claimId);
  return surveyorPhoneText((step.data as Record<string, unknown>).surveyorPhoneEnc);
}

/** Loads a claim in scope (404 otherwise, exactly like a missing one). */
async function claimInScope(db: Db, actor: Actor, id: number) {
  const row = await claimScope(
    listSelect(db).select([
      'c.reporterPhoneEnc',
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
    reporterPhone: maskedPhone(decryptPhone(r.reporterPhoneEnc)),
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
        data: stepData(st.data),
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

export const CLAIM_STEP_LABELS = Object.fromEntries(CLAIM_STEPS.map((s) => [s.value, s.label]));
