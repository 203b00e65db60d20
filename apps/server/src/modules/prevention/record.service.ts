import {
  chinaDate,
  EXPERT_REQUIRED_ITEMS,
  type FollowUpInput,
  PREVENTION_MESSAGES,
  type RecordConfirmInput,
  type RecordInput,
  type ServiceItem,
} from '@aqzrx/contracts';
import type { Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { badRequest } from '../../platform/errors.ts';
import { encryptPhone, phoneIndex } from '../../platform/pii.ts';
import { unmaskPhone } from '../../platform/reveal.ts';
import { assertVersion, updateVersioned } from '../../platform/versioned.ts';
import { onCheckSubmitted } from '../hazard/index.ts';
import { spendFund } from './fund.service.ts';
import { notifyPlan } from './notices.ts';
import { assertPlanAction } from './plan.machine.ts';
import { planPhones, recordFileIds } from './plan.repo.ts';
import { writablePlan } from './plan.service.ts';
import { refreshProjectState } from './project.service.ts';
import type { PrevActor } from './scope.ts';

/** File names of the record's files (kept with the record, as the file module names them). */
async function fileMeta(trx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('sysFile')
    .select(['id', 'originalName', 'size'])
    .where('id', 'in', ids)
    .execute();
  const by = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => ({
    fileId: id,
    fileName: by.get(id)?.originalName || id,
    fileSize: by.get(id)?.size ?? 0,
  }));
}

/** What a submitted record must have (domain 3.5): summary, a photo or file, an expert for 01-05. */
export function submitProblems(v: RecordInput, item: string): string[] {
  const out: string[] = [];
  if (!v.summaryText.trim()) out.push(PREVENTION_MESSAGES.submitNeedsSummary);
  const files = recordFileIds(
    v.files.map((fileId) => ({ fileId })),
    v.summary as Record<string, unknown>,
    v.hazards.map((h) => h.photos),
  );
  if (files.length === 0) out.push(PREVENTION_MESSAGES.submitNeedsFile);
  if (EXPERT_REQUIRED_ITEMS.includes(item as ServiceItem) && v.experts.length === 0)
    out.push(PREVENTION_MESSAGES.submitNeedsExpert);
  if (v.summary.type === '01' && v.summary.attendees < 1) out.push('请填写参加培训的人数');
  if (v.summary.type === '02' && v.summary.risks.length === 0) out.push('请至少登记一条风险辨识记录');
  return out;
}

/**
 * Saves the record of a plan as a draft (plan 服务中) or submits it (plan 已完成, record read-only, waiting
 * for the enterprise; the spend is posted to the fund in the same transaction). The summary's type must be
 * the plan's item; hazards (type 03) are stored as rows of ap_hazard, replaced while the record is a draft.
 */
export async function saveRecord(
  trx: Tx,
  a: PrevActor,
  v: RecordInput,
  submit: boolean,
  now: Date,
): Promise<number> {
  const p = await writablePlan(trx, a, v.planId, 'manager');
  assertVersion(p, v.version);
  assertPlanAction(p.state, submit ? 'submitRecord' : 'saveRecord');
  if (v.summary.type !== p.item)
    throw badRequest(`服务记录的类型（${v.summary.type}）须与服务计划的服务项目（${p.item}）一致`);
  if (submit) {
    const problems = submitProblems(v, p.item);
    if (problems.length) throw badRequest(problems.join('；'));
  }
  const files = await fileMeta(trx, v.files);
  const values = {
    state: submit ? ('submitted' as const) : ('draft' as const),
    actualStart: v.actualStart,
    actualEnd: v.actualEnd,
    districtCode: v.districtCode ?? p.districtCode,
    address: v.address ?? '',
    summaryText: v.summaryText,
    spend: v.spend,
    summary: JSON.stringify(v.summary),
    files: JSON.stringify(files),
    enteredBy: a.userId,
    enteredByName: a.name,
    savedAt: now,
    ...(submit ? { submittedAt: now, submittedBy: a.userId } : {}),
    updatedAt: now,
    updatedBy: a.userId,
  };
  const existing = await trx
    .selectFrom('apRecord')
    .select('id')
    .where('planId', '=', p.id)
    .executeTakeFirst();
  const recordId = existing
    ? (
        await trx
          .updateTable('apRecord')
          .set(values)
          .where('id', '=', existing.id)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    : (
        await trx
          .insertInto('apRecord')
          .values({ ...values, planId: p.id, createdAt: now, createdBy: a.userId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  // The form fills the experts from the detail, masked (P04): a masked number sent back keeps the full one.
  const known = await planPhones(trx, p.id);
  const experts = v.experts.map((e) => ({ ...e, phone: unmaskPhone(e.phone, known, '专家电话') }));
  await trx.deleteFrom('apRecordExpert').where('recordId', '=', recordId).execute();
  if (experts.length)
    await trx
      .insertInto('apRecordExpert')
      .values(
        experts.map(({ phone, ...e }, seq) => ({
          recordId,
          seq,
          ...e,
          phoneEnc: encryptPhone(phone),
          phoneHash: phoneIndex(phone),
        })),
      )
      .execute();
  await trx.deleteFrom('apHazard').where('recordId', '=', recordId).execute();
  if (v.hazards.length)
    await trx
      .insertInto('apHazard')
      .values(
        v.hazards.map((h, seq) => ({
          planId: p.id,
          recordId,
          insurerId: p.insurerId,
          enterpriseId: p.enterpriseId,
          districtCode: p.districtCode,
          seq,
          checkDate: h.checkDate,
          basis: h.basis,
          checkItem: h.checkItem,
          description: h.description,
          level: h.level,
          hazardType: h.hazardType,
          recommendation: h.recommendation,
          photos: JSON.stringify(h.photos),
          foundBy: h.foundBy,
          fixImmediately: h.fixImmediately,
          rectifyDept: h.rectifyDept,
          deadline: h.deadline,
          acceptDept: h.acceptDept,
          source: 1,
          finderOrgId: p.providerOrgId,
          live: submit,
          createdAt: now,
          updatedAt: now,
          createdBy: a.userId,
          updatedBy: a.userId,
        })),
      )
      .execute();
  countsChanged(trx);
  const version = await updateVersioned(trx, 'apPlan', p, {
    status: submit ? 2 : 1,
    recordState: submit ? 'submitted' : 'draft',
    spend: v.spend,
    hazardCount: v.hazards.length,
    majorHazardCount: v.hazards.filter((h) => h.level === 2).length,
    ...(submit ? { submittedAt: now } : {}),
    updatedAt: now,
    updatedBy: a.userId,
  });
  if (submit) {
    if (v.spend > 0)
      await spendFund(
        trx,
        a,
        {
          policyId: p.policyId,
          amount: v.spend,
          occurredOn: chinaDate(v.actualEnd),
          description: `服务记录支出：计划第${p.id}号`,
          planId: p.id,
        },
        now,
        { insurerId: p.insurerId },
      );
    await refreshProjectState(trx, p.projectId, now);
    await notifyPlan(trx, 'ap.recordSubmitted', p.id, { now, actorId: a.userId });
    // The check's hazards enter rectification (modules/hazard): messages, major-hazard report, risk.
    await onCheckSubmitted(trx, recordId, now, a.userId);
  }
  return version;
}

export async function confirmRecord(
  trx: Tx,
  a: PrevActor,
  v: RecordConfirmInput,
  now: Date,
): Promise<number> {
  const p = await writablePlan(trx, a, v.planId, 'enterprise');
  assertVersion(p, v.version);
  assertPlanAction(p.state, 'confirmRecord');
  await trx
    .updateTable('apRecord')
    .set({
      state: 'confirmed',
      confirmedAt: now,
      confirmedBy: a.userId,
      confirmOpinion: v.opinion,
      updatedAt: now,
      updatedBy: a.userId,
    })
    .where('planId', '=', p.id)
    .execute();
  countsChanged(trx);
  const version = await updateVersioned(trx, 'apPlan', p, {
    recordState: 'confirmed',
    updatedAt: now,
    updatedBy: a.userId,
  });
  await notifyPlan(trx, 'ap.recordConfirmed', p.id, {
    now,
    actorId: a.userId,
    detail: v.opinion ? `确认意见：${v.opinion}` : undefined,
  });
  return version;
}

export async function followUp(trx: Tx, a: PrevActor, v: FollowUpInput, now: Date): Promise<number> {
  const p = await writablePlan(trx, a, v.planId, 'provider');
  assertVersion(p, v.version);
  assertPlanAction(p.state, 'followUp');
  if (v.visitedAt.getTime() > now.getTime()) throw badRequest('回访时间不能晚于现在');
  await trx
    .insertInto('apFollowUp')
    .values({
      planId: p.id,
      providerOrgId: p.providerOrgId,
      visitedAt: v.visitedAt,
      contactName: v.contactName,
      cooperation: v.cooperation,
      rating: v.rating,
      opinion: v.opinion,
      byName: a.name,
      createdAt: now,
      createdBy: a.userId,
    })
    .execute();
  countsChanged(trx);
  return updateVersioned(trx, 'apPlan', p, { updatedAt: now, updatedBy: a.userId });
}
