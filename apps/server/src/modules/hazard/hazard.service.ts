import {
  chinaDate,
  type GovernancePlanInput,
  HANDLING_KINDS,
  HAZARD_LEVEL,
  type HandleInput,
  type InsurerCheckInput,
  RECTIFY,
  type RectifyInput,
  type ReviewInput,
  type SelfCheckInput,
} from '@aqzrx/contracts';
import type { Db, Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { assertVersion, updateVersioned } from '../../platform/versioned.ts';
import { rescoreEnterprise } from '../enterprise/index.ts';
import { refreshHazardAlarms } from './alarm.job.ts';
import { hazardInScope } from './hazard.repo.ts';
import { assertHazardAction, initialStatus, registrationProblem, statusAfter } from './machine.ts';
import { notifyHazard } from './notices.ts';
import { recomputeRisk } from './risk.service.ts';
import { type HzActor, insuresExpr, isChecker, requireKind } from './scope.ts';

/**
 * After any change of a hazard: the enterprise's risk level and score ("open major hazards" is system
 * judged from these rows) and the hazard's alarms follow in the same transaction; the cached list totals
 * are dropped when it commits (the writer's next page counts again).
 */
async function afterChange(
  trx: Tx,
  enterpriseId: number,
  hazardIds: number[],
  now: Date,
  userId: number | null,
) {
  countsChanged(trx);
  await recomputeRisk(trx, [enterpriseId], 'hazard', now);
  await rescoreEnterprise(trx, enterpriseId, now, userId, '隐患变化');
  await refreshHazardAlarms(trx, now, hazardIds);
}

/** A new hazard's messages: the enterprise's to-do (unless fixed on the spot), a major one's report. */
async function announce(
  trx: Tx,
  id: number,
  h: { level: number; deadline: string | null; fixImmediately: boolean },
  now: Date,
  actorId: number,
) {
  const due = h.deadline ? `限时整改日期：${h.deadline}。` : '';
  if (!h.fixImmediately) await notifyHazard(trx, 'hazard.registered', id, { now, actorId, detail: due });
  if (h.level === HAZARD_LEVEL.major) {
    await trx.updateTable('apHazard').set({ reportedAt: now }).where('id', '=', id).execute();
    await notifyHazard(trx, 'hazard.majorReported', id, { now, actorId, detail: due });
  }
  if (h.fixImmediately)
    await notifyHazard(trx, 'hazard.submitted', id, { now, actorId, detail: '检查时已立即整改。' });
}

type Registration = (SelfCheckInput | InsurerCheckInput) & { acceptDept: string };

async function insertHazard(
  trx: Tx,
  a: { userId: number },
  v: Registration,
  o: {
    source: 2 | 3;
    enterpriseId: number;
    insurerId: number | null;
    finderOrgId: number;
    districtCode: string;
  },
  now: Date,
): Promise<number> {
  const problem = registrationProblem(v);
  if (problem) throw badRequest(problem);
  const status = initialStatus(v.fixImmediately);
  const row = await trx
    .insertInto('apHazard')
    .values({
      source: o.source,
      enterpriseId: o.enterpriseId,
      insurerId: o.insurerId,
      finderOrgId: o.finderOrgId,
      districtCode: o.districtCode,
      checkDate: v.checkDate,
      basis: v.basis,
      checkItem: v.checkItem,
      description: v.description,
      level: v.level,
      hazardType: v.hazardType,
      location: v.location,
      recommendation: v.recommendation,
      photos: JSON.stringify(v.photos),
      foundBy: v.foundBy,
      fixImmediately: v.fixImmediately,
      rectifyDept: v.rectifyDept,
      deadline: v.deadline,
      acceptDept: v.acceptDept,
      rectifyStatus: status,
      live: true,
      createdAt: now,
      updatedAt: now,
      createdBy: a.userId,
      updatedBy: a.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (v.fixImmediately) await immediateSubmission(trx, row.id, v, now, a.userId);
  return row.id;
}

/** A "fix immediately" hazard's rectification: done on the spot at the check, waiting for review. */
async function immediateSubmission(
  trx: Tx,
  hazardId: number,
  v: { checkDate: string; foundBy: string; rectifyDept: string },
  now: Date,
  userId: number,
) {
  await trx
    .insertInto('apHazardRectification')
    .values({
      hazardId,
      seq: 1,
      rectifiedOn: v.checkDate,
      dept: v.rectifyDept || '现场',
      person: v.foundBy || '现场人员',
      description: '检查时立即整改',
      photos: '[]',
      submittedAt: now,
      submittedBy: userId,
      submittedByName: v.foundBy,
    })
    .execute();
}

/** The district of an enterprise and the lead insurer of its policy in force today (null when none). */
async function enterpriseContext(trx: Tx, enterpriseId: number, today: string) {
  const ent = await trx
    .selectFrom('sysOrg')
    .select(['districtCode', 'orgType'])
    .where('id', '=', enterpriseId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (ent?.orgType !== 'enterprise') throw notFound();
  const pol = await trx
    .selectFrom('insPolicy')
    .select(['insurerId', 'districtCode'])
    .where('enterpriseId', '=', enterpriseId)
    .where('status', '=', 'approved')
    .where('startDate', '<=', today)
    .where('endDate', '>=', today)
    .orderBy('endDate', 'desc')
    .executeTakeFirst();
  const districtCode = ent.districtCode ?? pol?.districtCode;
  if (!districtCode) throw badRequest('该企业没有所属区县，请先完善企业信息');
  return { districtCode, insurerId: pol?.insurerId ?? null };
}

/** POST /api/hazard/self-check. */
export async function registerSelfCheck(trx: Tx, a: HzActor, v: SelfCheckInput, now: Date): Promise<number> {
  requireKind(a, 'enterprise');
  const ctx = await enterpriseContext(trx, a.orgId, chinaDate(now));
  const id = await insertHazard(
    trx,
    a,
    v,
    {
      source: 3,
      enterpriseId: a.orgId,
      insurerId: ctx.insurerId,
      finderOrgId: a.orgId,
      districtCode: ctx.districtCode,
    },
    now,
  );
  await announce(trx, id, v, now, a.userId);
  await afterChange(trx, a.orgId, [id], now, a.userId);
  return id;
}

/** POST /api/hazard/insurer-check: at an enterprise the insurer insures (404 otherwise). */
export async function registerInsurerCheck(
  trx: Tx,
  a: HzActor,
  v: InsurerCheckInput,
  now: Date,
): Promise<number> {
  requireKind(a, 'insurer');
  const today = chinaDate(now);
  const insures = await trx
    .selectFrom('sysOrg as o')
    .select('o.id')
    .where('o.id', '=', v.enterpriseId)
    .where(insuresExpr('o.id', a.orgId, today))
    .executeTakeFirst();
  if (!insures) throw notFound('未找到该企业，或该企业没有本机构承保中的保单');
  const ctx = await enterpriseContext(trx, v.enterpriseId, today);
  const id = await insertHazard(
    trx,
    a,
    v,
    {
      source: 2,
      enterpriseId: v.enterpriseId,
      insurerId: a.orgId,
      finderOrgId: a.orgId,
      districtCode: ctx.districtCode,
    },
    now,
  );
  await announce(trx, id, v, now, a.userId);
  await afterChange(trx, v.enterpriseId, [id], now, a.userId);
  return id;
}

/**
 * A service/expert check's record was submitted (prevention record.service): its hazard rows enter
 * rectification — the enterprise is told, major ones are reported, "fix immediately" ones wait for review.
 */
export async function onCheckSubmitted(trx: Tx, recordId: number, now: Date, actorId: number): Promise<void> {
  const rows = await trx
    .selectFrom('apHazard')
    .select([
      'id',
      'enterpriseId',
      'level',
      'fixImmediately',
      'checkDate',
      'foundBy',
      'rectifyDept',
      'deadline',
    ])
    .select((eb) => [eb.fn('to_char', [eb.ref('deadline'), eb.val('YYYY-MM-DD')]).as('deadlineText')])
    .select((eb) => [eb.fn('to_char', [eb.ref('checkDate'), eb.val('YYYY-MM-DD')]).as('checkDateText')])
    .where('recordId', '=', recordId)
    .execute();
  if (rows.length === 0) return;
  for (const h of rows) {
    const problem = registrationProblem(h);
    if (problem) throw badRequest(`第${rows.indexOf(h) + 1}条隐患：${problem}`);
  }
  for (const h of rows) {
    if (h.fixImmediately) {
      await trx
        .updateTable('apHazard')
        .set({ rectifyStatus: RECTIFY.toReview })
        .where('id', '=', h.id)
        .execute();
      await immediateSubmission(
        trx,
        h.id,
        { checkDate: String(h.checkDateText), foundBy: h.foundBy, rectifyDept: h.rectifyDept },
        now,
        actorId,
      );
    }
    await announce(
      trx,
      h.id,
      { level: h.level, deadline: h.deadlineText as string | null, fixImmediately: h.fixImmediately },
      now,
      actorId,
    );
  }
  const first = rows[0];
  if (first)
    await afterChange(
      trx,
      first.enterpriseId,
      rows.map((r) => r.id),
      now,
      actorId,
    );
}

/**
 * Who may act on a hazard, checked before anything else of the request (its files): the enterprise
 * rectifies and plans, the checker reviews, a regulator handles; anyone else in or out of scope gets 404.
 */
export async function assertMayAct(
  db: Db,
  a: HzActor,
  id: number,
  action: 'rectify' | 'review' | 'governancePlan' | 'handle',
  now: Date,
): Promise<void> {
  const h = await hazardInScope(db, a, id, now);
  const owner = a.kind === 'enterprise' && a.orgId === h.enterpriseId;
  const ok = action === 'review' ? isChecker(a, h) : action === 'handle' ? a.kind === 'government' : owner;
  if (!ok) throw notFound();
}

/** POST /api/hazard/rectify: the enterprise submits (−1 or 2 → 0); a resubmission after a rejection is a rework. */
export async function rectify(trx: Tx, a: HzActor, v: RectifyInput, now: Date): Promise<number> {
  const h = await hazardInScope(trx, a, v.id, now);
  if (a.kind !== 'enterprise' || a.orgId !== h.enterpriseId) throw notFound();
  assertVersion(h, v.version);
  assertHazardAction({ ...h, hasGovernancePlan: Boolean(h.hasGovernancePlan) }, 'rectify');
  if (v.rectifiedOn < h.checkDate) throw badRequest('整改日期不能早于隐患检查日期');
  if (v.rectifiedOn > chinaDate(now)) throw badRequest('整改日期不能晚于今天');
  const rework = h.rectifyStatus === RECTIFY.rejected;
  const seq = await nextSeq(trx, h.id);
  const version = await updateVersioned(trx, 'apHazard', v, {
    rectifyStatus: statusAfter('rectify'),
    reworkCount: rework ? h.reworkCount + 1 : h.reworkCount,
    rectifiedAt: now,
    rectifiedBy: a.userId,
    rectifyDesc: v.description,
    rectifyFiles: JSON.stringify(v.photos),
    updatedAt: now,
    updatedBy: a.userId,
  });
  await trx
    .insertInto('apHazardRectification')
    .values({
      hazardId: h.id,
      seq,
      rectifiedOn: v.rectifiedOn,
      dept: v.dept,
      person: v.person,
      description: v.description,
      photos: JSON.stringify(v.photos),
      submittedAt: now,
      submittedBy: a.userId,
      submittedByName: a.name,
    })
    .execute();
  await notifyHazard(trx, 'hazard.submitted', h.id, {
    now,
    actorId: a.userId,
    detail: rework ? `（第${h.reworkCount + 1}次返工）` : undefined,
  });
  await afterChange(trx, h.enterpriseId, [h.id], now, a.userId);
  return version;
}

async function nextSeq(trx: Tx, hazardId: number): Promise<number> {
  const r = await trx
    .selectFrom('apHazardRectification')
    .select((eb) => eb.fn.max('seq').as('m'))
    .where('hazardId', '=', hazardId)
    .executeTakeFirst();
  return Number(r?.m ?? 0) + 1;
}

/** POST /api/hazard/review: the checker passes (→ 1; a major one needs its governance plan) or rejects (→ 2). */
export async function review(trx: Tx, a: HzActor, v: ReviewInput, now: Date): Promise<number> {
  const h = await hazardInScope(trx, a, v.id, now);
  if (!isChecker(a, h)) throw notFound();
  assertVersion(h, v.version);
  const action = v.result === 'pass' ? 'pass' : 'reject';
  assertHazardAction({ ...h, hasGovernancePlan: Boolean(h.hasGovernancePlan) }, action);
  if (v.reviewDate > chinaDate(now)) throw badRequest('复查日期不能晚于今天');
  if (v.reviewDate < h.checkDate) throw badRequest('复查日期不能早于隐患检查日期');
  const pass = v.result === 'pass';
  const version = await updateVersioned(trx, 'apHazard', v, {
    rectifyStatus: statusAfter(action),
    state: pass ? 2 : 1,
    reviewDate: v.reviewDate,
    reviewDesc: pass ? v.description : '',
    rejectReason: pass ? '' : v.reason,
    rejectCount: pass ? h.rejectCount : h.rejectCount + 1,
    acceptedAt: pass ? now : null,
    acceptedBy: pass ? a.userId : null,
    acceptDesc: pass ? v.description : '',
    completedAt: pass ? now : null,
    updatedAt: now,
    updatedBy: a.userId,
  });
  await trx
    .updateTable('apHazardRectification')
    .set({
      result: v.result,
      reviewDate: v.reviewDate,
      reviewer: v.reviewer,
      reviewDesc: pass ? v.description : '',
      rejectReason: pass ? '' : v.reason,
      reviewPhotos: JSON.stringify(v.photos),
      reviewedAt: now,
      reviewedBy: a.userId,
      reviewedByName: a.name,
    })
    .where('hazardId', '=', h.id)
    .where('result', 'is', null)
    .execute();
  await notifyHazard(trx, pass ? 'hazard.completed' : 'hazard.rejected', h.id, {
    now,
    actorId: a.userId,
    detail: pass ? (v.description ? `复查说明：${v.description}` : undefined) : v.reason,
  });
  await afterChange(trx, h.enterpriseId, [h.id], now, a.userId);
  return version;
}

/** POST /api/hazard/governance-plan: the enterprise's plan of a major hazard (domain 1.8, seven parts). */
export async function saveGovernancePlan(
  trx: Tx,
  a: HzActor,
  v: GovernancePlanInput,
  now: Date,
): Promise<number> {
  const h = await hazardInScope(trx, a, v.id, now);
  if (a.kind !== 'enterprise' || a.orgId !== h.enterpriseId) throw notFound();
  assertVersion(h, v.version);
  assertHazardAction({ ...h, hasGovernancePlan: Boolean(h.hasGovernancePlan) }, 'governancePlan');
  if (v.plannedDate < h.checkDate) throw badRequest('计划完成日期不能早于隐患检查日期');
  const { id: _id, version: _v, ...parts } = v;
  const version = await updateVersioned(trx, 'apHazard', v, {
    governancePlan: JSON.stringify({
      ...parts,
      savedAt: now.toISOString(),
      savedBy: a.userId,
      savedByName: a.name,
    }),
    updatedAt: now,
    updatedBy: a.userId,
  });
  await notifyHazard(trx, 'hazard.majorReported', h.id, {
    now,
    actorId: a.userId,
    detail: `企业已制定治理方案，计划完成日期 ${v.plannedDate}。`,
  });
  return version;
}

/** POST /api/hazard/handle: the regulator's handling; "close" ends its follow-up of the hazard. */
export async function handle(trx: Tx, a: HzActor, v: HandleInput, now: Date): Promise<number> {
  const h = await hazardInScope(trx, a, v.id, now);
  if (a.kind !== 'government') throw notFound();
  assertVersion(h, v.version);
  if (h.lastHandling === 'close') throw badRequest('该隐患已处置完毕，不能再登记处置');
  if (v.handledOn > chinaDate(now)) throw badRequest('处置日期不能晚于今天');
  // A closing handling takes the hazard off the disposal list.
  countsChanged(trx);
  const version = await updateVersioned(trx, 'apHazard', v, {
    handlingCount: h.handlingCount + 1,
    lastHandling: v.kind,
    updatedAt: now,
    updatedBy: a.userId,
  });
  await trx
    .insertInto('apHazardHandling')
    .values({
      hazardId: h.id,
      kind: v.kind,
      handledOn: v.handledOn,
      description: v.description,
      penaltyAmount: v.penaltyAmount,
      files: JSON.stringify(v.files),
      orgId: a.orgId,
      byUser: a.userId,
      byName: a.name,
      createdAt: now,
    })
    .execute();
  const amount = v.penaltyAmount !== null ? `，处罚金额 ${v.penaltyAmount} 元` : '';
  await notifyHazard(trx, 'hazard.handled', h.id, {
    now,
    actorId: a.userId,
    detail: `${HANDLING_KINDS.label(v.kind)}（${v.description}${amount}）`,
  });
  if (v.kind === 'close') {
    const { closeTodos } = await import('../message/index.ts');
    await closeTodos(
      trx,
      { bizType: 'hazard', bizId: h.id, events: ['hazard.majorReported', 'hazard.majorOverdue'] },
      now,
    );
  }
  await refreshHazardAlarms(trx, now, [h.id]);
  return version;
}
