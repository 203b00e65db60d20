import {
  budgetCapMessage,
  budgetRatioPct,
  budgetWithinCap,
  chinaDate,
  DISTRICTS,
  type Paged,
  PREVENTION_FILING_LIMITS,
  PREVENTION_FILING_STATUS,
  type PreventionFilingDetail,
  type PreventionFilingRow,
  type PreventionFilingStatus,
  type preventionFilingInput,
  type preventionFilingListFilters,
  type preventionFilingListQuery,
  preventionFilingRefusal,
  type preventionFilingReviewInput,
  preventionFilingTransition,
} from '@aqzrx/contracts';
import type { z } from 'zod';
import type { Actor } from '../../platform/actor.ts';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { SettingValues } from '../../platform/settings.ts';
import { assertCurrentRow, assertVersion, updateVersioned } from '../../platform/versioned.ts';
import { closeTodos, notify } from '../message/index.ts';
import { assertAttachableFiles, fileInfos } from '../training/index.ts';
import {
  type FilingDbRow,
  type FilingSide,
  filingScope,
  filingSelect,
  filteredFilings,
  lockFiling,
  lockLatest,
} from './prevention-filing.repo.ts';

const NOT_FOUND = '预防计划备案不存在';

/**
 * The cap of a budget as a ratio of the expected premium: the platform's one prevention fee cap
 * (insurance.preventionFeeCapPct, default 21 %, the 2025 办法's ceiling), the same the policies and the
 * prevention fund use.
 */
export function capRatioOf(settings: Pick<SettingValues, 'insurance'>): number {
  return settings.insurance.preventionFeeCapPct / 100;
}

/** Years an insurer may file at `now` (the current China year, one back and one ahead). */
export function fileableYears(now: Date): number[] {
  const y = Number(chinaDate(now).slice(0, 4));
  const out: number[] = [];
  for (let i = -PREVENTION_FILING_LIMITS.yearsBack; i <= PREVENTION_FILING_LIMITS.yearsAhead; i++)
    out.push(y + i);
  return out;
}

const split = (s: string) => (s ? s.split(',') : []);
const filingNo = (year: number, versionNo: number) => `${year}年度预防计划备案（第${versionNo}版）`;

function toRow(r: FilingDbRow, actor: Actor, side: FilingSide): PreventionFilingRow {
  const districts = split(r.districts);
  const premium = Number(r.expectedPremium);
  const budget = Number(r.budgetAmount);
  return {
    id: r.id,
    insurerId: r.insurerId,
    insurerName: r.insurerName,
    year: r.year,
    versionNo: r.versionNo,
    versions: Number(r.versions),
    latest: r.latest,
    districts,
    districtNames: districts.map((d) => DISTRICTS.label(d) || d).join('、'),
    plannedServices: r.plannedServices,
    plannedTotal: r.plannedTotal,
    expectedPremium: premium,
    budgetAmount: budget,
    budgetRatioPct: budgetRatioPct(budget, premium),
    status: r.status,
    statusLabel: PREVENTION_FILING_STATUS.label(r.status),
    submittedAt: r.submittedAt.toISOString(),
    submittedByName: r.submittedByName ?? '',
    reviewedAt: r.reviewedAt?.toISOString() ?? null,
    reviewedByName: r.reviewedByName ?? '',
    reviewRemark: r.reviewRemark,
    version: r.version,
    actions: {
      review:
        side === 'regulator' &&
        actor.kind === 'government' &&
        r.latest &&
        preventionFilingTransition(r.status, 'approve') !== null,
      refile:
        side === 'insurer' &&
        actor.kind === 'insurer' &&
        r.latest &&
        preventionFilingTransition(r.status, 'refile') !== null,
    },
  };
}

export async function listFilings(
  db: Db,
  actor: Actor,
  side: FilingSide,
  q: z.output<typeof preventionFilingListQuery>,
): Promise<Paged<PreventionFilingRow>> {
  const qb = filteredFilings(db, actor, side, q);
  const total = await qb
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('c'))
    .executeTakeFirstOrThrow();
  const rows = await qb
    .orderBy('f.year', 'desc')
    .orderBy('f.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map((r) => toRow(r, actor, side)),
    total: Number(total.c),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

export async function exportFilings(
  db: Db,
  actor: Actor,
  side: FilingSide,
  q: z.output<typeof preventionFilingListFilters>,
  cap: number,
): Promise<PreventionFilingRow[]> {
  const rows = await filteredFilings(db, actor, side, q)
    .orderBy('f.year', 'desc')
    .orderBy('f.id', 'desc')
    .limit(cap)
    .execute();
  return rows.map((r) => toRow(r, actor, side));
}

export async function getFiling(
  db: Db,
  actor: Actor,
  side: FilingSide,
  id: number,
): Promise<PreventionFilingDetail> {
  const r = await filingScope(filingSelect(db).select(['f.description', 'f.attachments']), actor, side)
    .where('f.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound(NOT_FOUND);
  const history = await filingSelect(db)
    .where('f.insurerId', '=', r.insurerId)
    .where('f.year', '=', r.year)
    .orderBy('f.versionNo', 'desc')
    .execute();
  return {
    ...toRow(r, actor, side),
    description: r.description,
    attachments: await fileInfos(db, r.attachments),
    history: history.map((h) => {
      const { actions: _a, ...rest } = toRow(h, actor, side);
      return rest;
    }),
  };
}

/** The plan documents of a filing the caller may read on either side (for the download route). */
export async function filingFiles(db: Db, actor: Actor, id: number): Promise<string[]> {
  const side: FilingSide = actor.kind === 'government' ? 'regulator' : 'insurer';
  const r = await filingScope(db.selectFrom('apPreventionFiling as f').select('f.attachments'), actor, side)
    .where('f.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound(NOT_FOUND);
  return r.attachments;
}

/**
 * An insurer files its plan for a year: the first filing is version 1; a later one must name the latest
 * version (`supersedes`, at its version), which must be filed or returned, and becomes read-only. The budget
 * stays within the cap of the expected premium. The regulators of the districts get a to-do.
 */
export async function addFiling(
  trx: Tx,
  auth: AuthContext,
  actor: Actor,
  input: z.output<typeof preventionFilingInput>,
  capRatio: number,
  now: Date,
): Promise<{ id: number; versionNo: number }> {
  if (actor.kind !== 'insurer') throw forbidden('只有保险机构可以提交年度预防计划备案');
  const years = fileableYears(now);
  if (!years.includes(input.year)) throw badRequest(`备案年度须为${years.join('、')}年之一`);
  if (!budgetWithinCap(input.budgetAmount, input.expectedPremium, capRatio))
    throw badRequest(budgetCapMessage(input.budgetAmount, input.expectedPremium, capRatio));
  const attachments = await assertAttachableFiles(trx, auth, input.attachments, '计划文件');
  const latest = await lockLatest(trx, actor.orgId, input.year);
  let versionNo = 1;
  if (latest) {
    if (!input.supersedes)
      throw conflict(
        `${input.year}年度已有预防计划备案（第${latest.versionNo}版，${PREVENTION_FILING_STATUS.label(latest.status)}），重新备案请在最新版本上修改后提交`,
      );
    assertCurrentRow(latest, input.supersedes);
    if (preventionFilingTransition(latest.status, 'refile') === null)
      throw conflict(preventionFilingRefusal(latest.status, 'refile'));
    await updateVersioned(
      trx,
      'apPreventionFiling',
      { id: latest.id, version: latest.version },
      { latest: false, updatedAt: now, updatedBy: actor.userId },
    );
    versionNo = latest.versionNo + 1;
  } else assertCurrentRow(undefined, input.supersedes);
  const planned = input.plannedServices;
  const row = await trx
    .insertInto('apPreventionFiling')
    .values({
      insurerId: actor.orgId,
      year: input.year,
      versionNo,
      districts: input.districts.join(','),
      plannedServices: JSON.stringify(planned),
      plannedTotal: Object.values(planned).reduce((a, b) => a + b, 0),
      expectedPremium: input.expectedPremium,
      budgetAmount: input.budgetAmount,
      budgetRatio: (input.budgetAmount / input.expectedPremium).toFixed(4),
      description: input.description,
      attachments: JSON.stringify(attachments),
      submittedAt: now,
      submittedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The return of the version this one revises is dealt with.
  if (latest)
    await closeTodos(
      trx,
      { bizType: 'preventionFiling', bizId: latest.id, events: ['preventionFiling.returned'] },
      now,
    );
  await notify(
    trx,
    'preventionFiling.submitted',
    {
      id: row.id,
      no: filingNo(input.year, versionNo),
      enterpriseName: '',
      insurerId: actor.orgId,
      insurerName: actor.orgName,
      districtCodes: input.districts,
      detail: `（预防费用预算${input.budgetAmount.toFixed(2)}元，占预计保费的${budgetRatioPct(input.budgetAmount, input.expectedPremium).toFixed(2)}%）`,
    },
    { now, actorId: actor.userId },
  );
  return { id: row.id, versionNo };
}

/** A regulator of the filing's districts files it (已备案) or returns it with the reason; the insurer is told. */
export async function reviewFiling(
  trx: Tx,
  actor: Actor,
  input: z.output<typeof preventionFilingReviewInput>,
  now: Date,
): Promise<PreventionFilingStatus> {
  if (actor.kind !== 'government') throw forbidden('只有监管部门可以审核预防计划备案');
  const f = await lockFiling(trx, input.id);
  if (!f || !split(f.districts).some((d) => actor.districts.includes(d))) throw notFound(NOT_FOUND);
  assertVersion(f, input.version);
  if (!f.latest) throw conflict(`该备案已有更新的版本，第${f.versionNo}版只读`);
  const action = input.approve ? 'approve' : 'return';
  const next = preventionFilingTransition(f.status, action);
  if (next === null || next === 'newVersion') throw conflict(preventionFilingRefusal(f.status, action));
  await updateVersioned(
    trx,
    'apPreventionFiling',
    { id: f.id, version: input.version },
    {
      status: next,
      reviewedAt: now,
      reviewedBy: actor.userId,
      reviewRemark: input.remark,
      updatedAt: now,
      updatedBy: actor.userId,
    },
  );
  const insurer = await trx
    .selectFrom('sysOrg')
    .select('name')
    .where('id', '=', f.insurerId)
    .executeTakeFirst();
  await notify(
    trx,
    input.approve ? 'preventionFiling.filed' : 'preventionFiling.returned',
    {
      id: f.id,
      no: filingNo(f.year, f.versionNo),
      enterpriseName: '',
      insurerId: f.insurerId,
      insurerName: insurer?.name ?? '',
      ...(input.remark ? { detail: input.approve ? `审核意见：${input.remark}` : input.remark } : {}),
    },
    { now, actorId: actor.userId },
  );
  return next;
}
