import {
  addDays,
  CITY_CODE,
  type ComplaintAcceptInput,
  type ComplaintCloseInput,
  type ComplaintConfirmInput,
  type ComplaintCreateInput,
  type ComplaintExtendDecideInput,
  type ComplaintExtendInput,
  type ComplaintGovInput,
  type ComplaintNoteInput,
  type ComplaintReassignInput,
  type ComplaintReplyInput,
  ComplaintState,
  type ComplaintVerifyInput,
  chinaDate,
  DISTRICTS,
} from '@aqzrx/contracts';
import type { Updateable } from 'kysely';
import type { CpComplaintTable } from '../../db/tables/complaint.ts';
import type { AuthContext, Tx } from '../../platform/context.ts';
import { badRequest, staleVersion } from '../../platform/errors.ts';
import { encryptPhone } from '../../platform/pii.ts';
import type { SettingValues } from '../../platform/settings.ts';
import { updateVersioned } from '../../platform/versioned.ts';
import { assertAttachable } from '../enterprise/index.ts';
import type { NotificationEvent } from '../message/index.ts';
import { type ComplaintAction, complaintActionProblem } from './complaint.machine.ts';
import { type ComplaintDbRow, complaintInScope, relationOf } from './complaint.repo.ts';
import { addStep, notifyComplaint } from './notices.ts';
import { relatedRecords } from './related.ts';
import type { CpActor } from './scope.ts';
import { addWorkdays, loadCalendar } from './workdays.ts';

type Timers = SettingValues['complaint'];
const S = ComplaintState;
const ADMIN_NAME = '运营中心';
/** The handling unit when the regulators of the complaint's district handle it from the start. */
const REGULATOR_NAME = '属地监管部门';

function complainantOf(a: CpActor) {
  if (a.kind === 'enterprise' || a.kind === 'insurer' || a.kind === 'service' || a.kind === 'expert')
    return a;
  throw badRequest('只有企业、保险机构、服务机构和专家可以提交投诉');
}

async function orgRow(trx: Tx, id: number) {
  return trx
    .selectFrom('sysOrg')
    .select(['id', 'name', 'uscc', 'orgType', 'districtCode'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
}

const districtOf = (code: string | null | undefined) => (code && DISTRICTS.has(code) ? code : null);

/** The insurer that commissioned a service organisation / expert panel: the plan's, else its latest project's. */
async function commissioningInsurer(
  trx: Tx,
  providerId: number,
  planInsurerId: number | null,
): Promise<number | null> {
  if (planInsurerId !== null) return planInsurerId;
  const row = await trx
    .selectFrom('apProject as j')
    .select('j.insurerId')
    .where((eb) =>
      eb.or([
        eb('j.serviceOrgId', '=', providerId),
        eb.exists(
          eb
            .selectFrom('apProjectOrg as o')
            .select('o.projectId')
            .whereRef('o.projectId', '=', 'j.id')
            .where('o.orgId', '=', providerId),
        ),
      ]),
    )
    .orderBy('j.id', 'desc')
    .executeTakeFirst();
  return row?.insurerId ?? null;
}

/** The next complaint number of the day: TS + YYYYMMDD (China) + 4 digits. */
async function nextNo(trx: Tx, now: Date): Promise<string> {
  const prefix = `TS${chinaDate(now).replaceAll('-', '')}`;
  const last = await trx
    .selectFrom('cpComplaint')
    .select('complaintNo')
    .where('complaintNo', 'like', `${prefix}%`)
    .orderBy('complaintNo', 'desc')
    .executeTakeFirst();
  const seq = last ? Number(last.complaintNo.slice(prefix.length)) + 1 : 1;
  return `${prefix}${String(seq).padStart(4, '0')}`;
}

/**
 * Files a complaint and routes it (issue 15): an insurer handles complaints against itself; complaints
 * against a service organisation or expert go to the insurer that commissioned it (the related plan's, else
 * its latest project's; the operations centre when none did); the platform's to the operations centre. The
 * complaint belongs to the complainant's district (else the target's, else the city).
 */
export async function createComplaint(
  trx: Tx,
  auth: AuthContext,
  actor: CpActor,
  input: ComplaintCreateInput,
  now: Date,
): Promise<number> {
  const a = complainantOf(actor);
  const me = await orgRow(trx, a.orgId);
  if (!me) throw badRequest('所属单位不存在，无法提交投诉');
  await assertAttachable(trx, auth, input.attachments);
  let target: Awaited<ReturnType<typeof orgRow>> | undefined;
  if (input.targetOrgId !== null) {
    if (input.targetOrgId === a.orgId) throw badRequest('不能投诉本单位');
    target = await orgRow(trx, input.targetOrgId);
    if (!target || target.orgType !== input.targetKind)
      throw badRequest('被投诉单位不存在或与被投诉人类型不符，请重新选择');
  }
  let related: {
    label: string;
    insurerOrgId: number | null;
    providerOrgId: number | null;
    district: string | null;
  } | null = null;
  if (input.relatedKind !== null && input.relatedId !== null) {
    const [hit] = await relatedRecords(trx, a, input.relatedKind, undefined, input.relatedId);
    if (!hit) throw badRequest('关联的业务记录不存在或不属于本单位，请重新选择');
    related = hit;
  }
  let handlerKind: 'insurer' | 'admin' | 'government' = 'admin';
  let handlerOrgId: number | null = null;
  let handlerName = ADMIN_NAME;
  if (input.targetKind === 'insurer' && target) {
    handlerKind = 'insurer';
    handlerOrgId = target.id;
    handlerName = target.name;
  } else if ((input.targetKind === 'service' || input.targetKind === 'expert') && target) {
    const planInsurer = related && related.providerOrgId === target.id ? related.insurerOrgId : null;
    const insurerId = await commissioningInsurer(trx, target.id, planInsurer);
    const insurer = insurerId === null ? undefined : await orgRow(trx, insurerId);
    if (insurer && insurer.id !== a.orgId) {
      handlerKind = 'insurer';
      handlerOrgId = insurer.id;
      handlerName = insurer.name;
    } else if (insurer) {
      // The commissioning insurer complains about its own provider: it cannot judge its own complaint, so
      // the regulators of the district handle it (not the operations centre, which answers for the platform).
      handlerKind = 'government';
      handlerName = REGULATOR_NAME;
    }
  }
  const district =
    districtOf(me.districtCode) ?? districtOf(target?.districtCode) ?? related?.district ?? CITY_CODE;
  const row = await trx
    .insertInto('cpComplaint')
    .values({
      complaintNo: await nextNo(trx, now),
      complainantOrgId: a.orgId,
      complainantSide: a.kind,
      complainantName: me.name,
      complainantUscc: me.uscc ?? '',
      districtCode: district,
      targetKind: input.targetKind,
      targetOrgId: target?.id ?? null,
      targetName: target?.name ?? '平台',
      category: input.category,
      title: input.title,
      content: input.content,
      demand: input.demand,
      contactName: input.contactName,
      contactPhoneEnc: encryptPhone(input.contactPhone),
      attachments: JSON.stringify(input.attachments),
      relatedKind: input.relatedKind,
      relatedId: input.relatedId,
      relatedLabel: related?.label ?? '',
      handlerKind,
      handlerOrgId,
      handlerName,
      submittedAt: now,
      createdAt: now,
      updatedAt: now,
      createdBy: a.userId,
      updatedBy: a.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addStep(
    trx,
    row.id,
    'submit',
    a,
    now,
    `投诉${target?.name ?? '平台'}：${input.title}。转${handlerName}办理。`,
  );
  await notifyComplaint(trx, 'complaint.submitted', row.id, { now, actorId: a.userId });
  return row.id;
}

interface Acting {
  trx: Tx;
  actor: CpActor;
  now: Date;
  timers: Timers;
}

/** Loads the complaint in scope (404), checks the version (409) and that the step is allowed (400). */
async function begin(x: Acting, action: ComplaintAction, id: number, version: number) {
  const r = await complaintInScope(x.trx, x.actor, id);
  if (r.version !== version) throw staleVersion();
  const today = chinaDate(x.now);
  const problem = complaintActionProblem(action, r, relationOf(x.actor, r), today);
  if (problem) throw badRequest(problem);
  return { r, today };
}

async function save(x: Acting, r: ComplaintDbRow, version: number, values: Updateable<CpComplaintTable>) {
  return updateVersioned(
    x.trx,
    'cpComplaint',
    { id: r.id, version },
    {
      ...values,
      updatedAt: x.now,
      updatedBy: x.actor.userId,
    },
  );
}

/** A fresh reply deadline from `start` (acceptance, re-opening or a re-handling order). */
async function deadlineFrom(x: Acting, start: string, verification: boolean): Promise<string> {
  const cal = await loadCalendar(x.trx);
  return addWorkdays(cal, start, verification ? x.timers.verifyDays : x.timers.replyDays);
}

export async function acceptComplaint(x: Acting, input: ComplaintAcceptInput) {
  const { r, today } = await begin(x, 'accept', input.id, input.version);
  const deadline = await deadlineFrom(x, today, false);
  const v = await save(x, r, input.version, {
    state: S.ACCEPTED,
    acceptedAt: x.now,
    timerStart: today,
    baseDays: x.timers.replyDays,
    deadline,
  });
  await addStep(x.trx, r.id, 'accept', x.actor, x.now, joinText(input.note, `答复期限：${deadline}`));
  await notifyComplaint(x.trx, 'complaint.accepted', r.id, {
    now: x.now,
    actorId: x.actor.userId,
    detail: `答复期限为${x.timers.replyDays}个工作日，至 ${deadline}。`,
  });
  return v;
}

export async function verifyComplaint(x: Acting, input: ComplaintVerifyInput) {
  const { r } = await begin(x, 'verify', input.id, input.version);
  const start = r.timerStart ?? chinaDate(x.now);
  let deadline = await deadlineFrom(x, start, true);
  if (r.extState === 'approved' && r.extDays) deadline = addDays(deadline, r.extDays);
  const v = await save(x, r, input.version, {
    state: S.HANDLING,
    verificationNeeded: true,
    verificationReason: input.reason,
    baseDays: x.timers.verifyDays,
    deadline,
  });
  await addStep(x.trx, r.id, 'verify', x.actor, x.now, `${input.reason}（答复期限：${deadline}）`);
  await notifyComplaint(x.trx, 'complaint.verify', r.id, {
    now: x.now,
    actorId: x.actor.userId,
    detail: `需核实的事项：${input.reason}；答复期限至 ${deadline}。`,
  });
  return v;
}

export async function noteComplaint(x: Acting, input: ComplaintNoteInput) {
  const { r } = await begin(x, 'note', input.id, input.version);
  const who = relationOf(x.actor, r);
  const v = await save(
    x,
    r,
    input.version,
    who.handler && r.state === S.ACCEPTED ? { state: S.HANDLING } : {},
  );
  await addStep(x.trx, r.id, 'note', x.actor, x.now, input.text, input.internal);
  return v;
}

export async function replyComplaint(x: Acting, auth: AuthContext, input: ComplaintReplyInput) {
  const { r, today } = await begin(x, 'reply', input.id, input.version);
  await assertAttachable(x.trx, auth, input.attachments);
  const late = r.deadline !== null && today > r.deadline;
  const v = await save(x, r, input.version, {
    state: S.ANSWERED,
    replyFacts: input.facts,
    replyBasis: input.basis,
    replyMeasures: input.measures,
    replyAttachments: JSON.stringify(input.attachments),
    repliedAt: x.now,
    repliedBy: `${x.actor.orgName} ${x.actor.name}`.trim().slice(0, 50),
    repliedLate: late,
    replyCount: r.replyCount + 1,
    lateCount: r.lateCount + (late ? 1 : 0),
    result: input.measures,
  });
  await addStep(
    x.trx,
    r.id,
    'reply',
    x.actor,
    x.now,
    `调查核实的事实：${input.facts}\n处理依据：${input.basis}\n处理措施：${input.measures}${late ? '\n（超过答复期限）' : ''}`,
  );
  await notifyComplaint(x.trx, 'complaint.replied', r.id, { now: x.now, actorId: x.actor.userId });
  return v;
}

export async function extendComplaint(x: Acting, input: ComplaintExtendInput) {
  const { r } = await begin(x, 'extend', input.id, input.version);
  if (input.days > x.timers.maxExtensionDays)
    throw badRequest(`延期天数不能超过${x.timers.maxExtensionDays}天`);
  const v = await save(x, r, input.version, {
    state: S.HANDLING,
    extDays: input.days,
    extReason: input.reason,
    extState: 'pending',
    extRequestedAt: x.now,
  });
  await addStep(
    x.trx,
    r.id,
    'extendRequest',
    x.actor,
    x.now,
    `申请延期${input.days}天，理由：${input.reason}`,
  );
  await notifyComplaint(x.trx, 'complaint.extendRequested', r.id, {
    now: x.now,
    actorId: x.actor.userId,
    detail: `申请延期${input.days}天，理由：${input.reason}`,
  });
  return v;
}

export async function decideExtension(x: Acting, input: ComplaintExtendDecideInput) {
  const { r } = await begin(x, 'decideExtension', input.id, input.version);
  const days = r.extDays ?? 0;
  const deadline = input.approve && r.deadline ? addDays(r.deadline, days) : r.deadline;
  const v = await save(x, r, input.version, {
    extState: input.approve ? 'approved' : 'rejected',
    extDecidedAt: x.now,
    extOpinion: input.opinion,
    ...(input.approve ? { extPrevDeadline: r.deadline, deadline } : {}),
  });
  const text = input.approve
    ? `同意延期${days}天，答复期限延至 ${deadline}。延期理由：${r.extReason}`
    : `不同意延期：${input.opinion}`;
  await addStep(
    x.trx,
    r.id,
    input.approve ? 'extendApprove' : 'extendReject',
    x.actor,
    x.now,
    joinText(text, input.approve ? input.opinion : ''),
  );
  await notifyComplaint(x.trx, 'complaint.extendDecided', r.id, {
    now: x.now,
    actorId: x.actor.userId,
    detail: text,
  });
  return v;
}

export async function confirmComplaint(x: Acting, input: ComplaintConfirmInput) {
  const { r, today } = await begin(x, 'confirm', input.id, input.version);
  const base = {
    confirmedAt: x.now,
    satisfied: input.satisfied,
    score: input.score,
    confirmOpinion: input.opinion,
  };
  if (input.satisfied) {
    const v = await save(x, r, input.version, { ...base, state: S.CLOSED, closedAt: x.now });
    await addStep(x.trx, r.id, 'satisfied', x.actor, x.now, input.opinion);
    await notifyComplaint(x.trx, 'complaint.satisfied', r.id, { now: x.now, actorId: x.actor.userId });
    return v;
  }
  if (input.choice === 'escalate') {
    if (r.handlerKind === 'government') throw badRequest('投诉已由监管部门办理，请选择要求重新办理');
    const v = await save(x, r, input.version, { ...base, state: S.ESCALATED });
    await addStep(x.trx, r.id, 'escalate', x.actor, x.now, input.opinion);
    await notifyComplaint(x.trx, 'complaint.escalated', r.id, {
      now: x.now,
      actorId: x.actor.userId,
      detail: `理由：${input.opinion}`,
    });
    return v;
  }
  const deadline = await deadlineFrom(x, today, r.verificationNeeded);
  const v = await save(x, r, input.version, { ...base, state: S.HANDLING, timerStart: today, deadline });
  await addStep(x.trx, r.id, 'reopen', x.actor, x.now, `${input.opinion}（新的答复期限：${deadline}）`);
  await notifyComplaint(x.trx, 'complaint.reopened', r.id, {
    now: x.now,
    actorId: x.actor.userId,
    detail: `理由：${input.opinion}；答复期限至 ${deadline}。`,
  });
  return v;
}

function govOf(a: CpActor) {
  if (a.kind !== 'government') throw badRequest('只有监管部门可以执行此操作');
  return a;
}

export async function takeOverComplaint(x: Acting, input: ComplaintGovInput) {
  const { r, today } = await begin(x, 'takeOver', input.id, input.version);
  const g = govOf(x.actor);
  const timer =
    r.deadline === null
      ? {
          acceptedAt: x.now,
          timerStart: today,
          baseDays: x.timers.replyDays,
          deadline: await deadlineFrom(x, today, false),
        }
      : {};
  const v = await save(x, r, input.version, {
    state: S.HANDLING,
    handlerKind: 'government',
    handlerOrgId: g.orgId,
    handlerName: g.orgName || '监管部门',
    extState: r.extState === 'pending' ? null : r.extState,
    ...timer,
  });
  await addStep(x.trx, r.id, 'takeOver', x.actor, x.now, input.reason);
  // The unit that handled it until now is told (its record values before the change).
  await notifyComplaint(x.trx, 'complaint.takenOver', r.id, {
    now: x.now,
    actorId: x.actor.userId,
    detail: `理由：${input.reason}`,
    handler: { kind: r.handlerKind, orgId: r.handlerOrgId },
  });
  return v;
}

export async function reassignComplaint(x: Acting, input: ComplaintReassignInput) {
  const { r } = await begin(x, 'reassign', input.id, input.version);
  let name = ADMIN_NAME;
  if (input.handlerKind === 'insurer') {
    const org = await orgRow(x.trx, input.handlerOrgId!);
    if (org?.orgType !== 'insurer') throw badRequest('转办的保险机构不存在，请重新选择');
    if (org.id === r.complainantOrgId) throw badRequest('不能转办给投诉人本单位');
    name = org.name;
  }
  // An accepted complaint keeps its clock: the complainant's reply deadline does not move because the
  // regulator placed it with another unit, which takes it over as accepted. One not yet accepted (or
  // escalated after a reply) waits for the new unit's acceptance, which starts the clock.
  const keepsClock = r.state === S.ACCEPTED || r.state === S.HANDLING;
  const handler = {
    handlerKind: input.handlerKind,
    handlerOrgId: input.handlerKind === 'insurer' ? input.handlerOrgId : null,
    handlerName: name,
    extState: r.extState === 'pending' ? null : r.extState,
  };
  const v = await save(
    x,
    r,
    input.version,
    keepsClock
      ? { ...handler, state: S.ACCEPTED }
      : {
          ...handler,
          state: S.SUBMITTED,
          acceptedAt: null,
          timerStart: null,
          baseDays: null,
          deadline: null,
          verificationNeeded: false,
        },
  );
  await addStep(x.trx, r.id, 'reassign', x.actor, x.now, `转${name}办理。理由：${input.reason}`);
  await notifyComplaint(x.trx, 'complaint.reassigned', r.id, {
    now: x.now,
    actorId: x.actor.userId,
    detail: `转${name}办理，理由：${input.reason}`,
  });
  return v;
}

export async function rehandleComplaint(x: Acting, input: ComplaintGovInput) {
  const { r, today } = await begin(x, 'rehandle', input.id, input.version);
  const deadline = await deadlineFrom(x, today, r.verificationNeeded);
  const v = await save(x, r, input.version, {
    state: S.HANDLING,
    timerStart: today,
    acceptedAt: r.acceptedAt ?? x.now,
    deadline,
  });
  await addStep(x.trx, r.id, 'rehandle', x.actor, x.now, `${input.reason}（新的答复期限：${deadline}）`);
  await notifyComplaint(x.trx, 'complaint.rehandle', r.id, {
    now: x.now,
    actorId: x.actor.userId,
    detail: `理由：${input.reason}；答复期限至 ${deadline}。`,
  });
  return v;
}

export async function closeComplaint(x: Acting, input: ComplaintCloseInput) {
  const { r } = await begin(x, 'close', input.id, input.version);
  const v = await save(x, r, input.version, {
    state: S.CLOSED,
    closedAt: x.now,
    result: input.result,
    extState: r.extState === 'pending' ? 'rejected' : r.extState,
  });
  await addStep(x.trx, r.id, 'close', x.actor, x.now, input.result);
  await notifyComplaint(x.trx, 'complaint.closed', r.id, {
    now: x.now,
    actorId: x.actor.userId,
    detail: `办理结果：${input.result}`,
  });
  return v;
}

function joinText(a: string, b: string): string {
  return [a, b].filter((s) => s !== '').join('；');
}

export type { Acting, NotificationEvent };
