import {
  chinaDate,
  type PlanCreateInput,
  type PlanUpdateInput,
  type VisitConfirmInput,
} from '@aqzrx/contracts';
import { dateText } from '../../db/sql.ts';
import type { ApExpertJson } from '../../db/tables/prevention.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { encryptPhone } from '../../platform/pii.ts';
import { unmaskPhone } from '../../platform/reveal.ts';
import { assertVersion, updateVersioned } from '../../platform/versioned.ts';
import { type PlanExpert, resolvePlanExperts } from '../pool/index.ts';
import { linkRequestToPlan } from '../service-request/index.ts';
import { projectStateOf, serviceSubTypes } from './common.ts';
import { closePlanTodos, notifyPlan } from './notices.ts';
import { addPlanProblem, assertPlanAction, type PlanState } from './plan.machine.ts';
import { planPhones } from './plan.repo.ts';
import { refreshProjectState } from './project.service.ts';
import type { PrevActor } from './scope.ts';

/** The project (in the actor's write scope: owner insurer or an assigned organisation) for a new plan. */
export async function writableProject(trx: Db, a: PrevActor, projectId: number) {
  const j = await trx
    .selectFrom('apProject')
    .select([
      'id',
      'insurerId',
      'state',
      dateText('startDate').as('startDate'),
      dateText('endDate').as('endDate'),
    ])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!j) throw notFound('事故预防项目不存在');
  const orgs = await trx
    .selectFrom('apProjectOrg')
    .select(['orgId', 'orgType'])
    .where('projectId', '=', projectId)
    .execute();
  const owner = a.kind === 'insurer' && a.orgId === j.insurerId;
  const assigned = (a.kind === 'service' || a.kind === 'expert') && orgs.some((o) => o.orgId === a.orgId);
  if (!owner && !assigned) throw notFound('事故预防项目不存在');
  return { ...j, orgs, owner };
}

async function checkPlanFields(
  trx: Tx,
  a: PrevActor,
  j: Awaited<ReturnType<typeof writableProject>>,
  v: Omit<PlanCreateInput, 'projectId' | 'enterpriseId'>,
) {
  if (!j.orgs.some((o) => o.orgId === v.providerOrgId))
    throw badRequest('承担服务的机构须为本项目的服务机构或专家机构');
  if (!j.owner && a.kind !== 'none' && 'orgId' in a && v.providerOrgId !== a.orgId)
    throw badRequest('服务机构只能为本机构制定服务计划');
  const items = await trx
    .selectFrom('apProjectItem')
    .select(['item', 'subType'])
    .where('projectId', '=', j.id)
    .execute();
  if (!items.some((i) => i.item === v.item)) throw badRequest('该服务项目不在本项目约定的服务项目中');
  if (v.subType) {
    const subs = await serviceSubTypes(trx);
    if (!subs.get(v.item)?.some((s) => s.value === v.subType))
      throw badRequest(`服务子类型 ${v.subType} 不属于服务项目 ${v.item}，请从字典中选择`);
  }
  const start = chinaDate(v.plannedStart);
  const end = chinaDate(v.plannedEnd);
  if (start < j.startDate || end > j.endDate)
    throw badRequest(`服务时间须在项目期间 ${j.startDate} 至 ${j.endDate} 内`);
}

/** A plan's experts as ap_plan.experts keeps them: the phone encrypted (phoneEnc, security.md P03). */
function storedExperts(experts: ReadonlyArray<PlanExpert>): ApExpertJson[] {
  return experts.map(({ phone, expertId, ...e }) => ({
    ...e,
    phoneEnc: encryptPhone(phone),
    ...(expertId === undefined ? {} : { expertId }),
  }));
}

export async function createPlan(trx: Tx, a: PrevActor, v: PlanCreateInput, now: Date): Promise<number> {
  const j = await writableProject(trx, a, v.projectId);
  const problem = addPlanProblem(projectStateOf(j.state, j.endDate, now).state);
  if (problem) throw conflict(problem);
  // Pool experts take the pool's details; a suspended one cannot be chosen for a new plan.
  const experts = await resolvePlanExperts(trx, v.experts);
  const cover = await trx
    .selectFrom('apProjectPolicy as pp')
    .leftJoin('insEnterprise as ie', 'ie.id', 'pp.enterpriseId')
    .select(['pp.policyId', 'pp.districtCode', 'ie.address'])
    .where('pp.projectId', '=', j.id)
    .where('pp.enterpriseId', '=', v.enterpriseId)
    .orderBy('pp.policyId', 'desc')
    .executeTakeFirst();
  if (!cover) throw badRequest('被服务单位不在本项目的服务范围内');
  await checkPlanFields(trx, a, j, v);
  countsChanged(trx);
  const { id } = await trx
    .insertInto('apPlan')
    .values({
      projectId: j.id,
      insurerId: j.insurerId,
      enterpriseId: v.enterpriseId,
      policyId: cover.policyId,
      districtCode: cover.districtCode,
      item: v.item,
      subType: v.subType ?? null,
      name: v.name,
      providerOrgId: v.providerOrgId,
      plannedStart: v.plannedStart,
      plannedEnd: v.plannedEnd,
      placeDistrictCode: v.districtCode ?? cover.districtCode,
      address: v.address ?? cover.address ?? '',
      staff: JSON.stringify(v.staff),
      experts: JSON.stringify(storedExperts(experts)),
      budget: v.budget,
      description: v.description,
      recordState: null,
      createdAt: now,
      updatedAt: now,
      createdBy: a.userId,
      updatedBy: a.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (v.serviceRequestId !== undefined) {
    // The enterprise's request this plan answers: addressed to the project's insurer by that enterprise.
    const req = await trx
      .selectFrom('apServiceRequest')
      .select('id')
      .where('id', '=', v.serviceRequestId)
      .where('insurerId', '=', j.insurerId)
      .where('enterpriseId', '=', v.enterpriseId)
      .executeTakeFirst();
    if (!req) throw notFound('服务需求不存在');
    await linkRequestToPlan(trx, req.id, id, now);
  }
  await refreshProjectState(trx, j.id, now);
  await notifyPlan(trx, 'ap.planAssigned', id, { now, actorId: a.userId });
  await notifyPlan(trx, 'ap.visitToConfirm', id, { now, actorId: a.userId });
  return id;
}

/** The plan with its state, for a write by the owner insurer or the assigned provider (else 404). */
export async function writablePlan(
  trx: Tx,
  a: PrevActor,
  id: number,
  who: 'manager' | 'provider' | 'enterprise',
) {
  const p = await trx
    .selectFrom('apPlan as p')
    .leftJoin('apFollowUp as f', 'f.planId', 'p.id')
    .select([
      'p.id',
      'p.projectId',
      'p.insurerId',
      'p.enterpriseId',
      'p.policyId',
      'p.districtCode',
      'p.item',
      'p.providerOrgId',
      'p.plannedStart',
      'p.plannedEnd',
      'p.status',
      'p.visitState',
      'p.recordState',
      'p.experts',
      'p.version',
      'f.id as followUpId',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!p) throw notFound('服务计划不存在');
  const insurer = a.kind === 'insurer' && a.orgId === p.insurerId;
  const provider = (a.kind === 'service' || a.kind === 'expert') && a.orgId === p.providerOrgId;
  const enterprise = a.kind === 'enterprise' && a.orgId === p.enterpriseId;
  const ok = who === 'manager' ? insurer || provider : who === 'provider' ? provider : enterprise;
  if (!ok) throw notFound('服务计划不存在');
  const state: PlanState = {
    status: p.status,
    visitState: p.visitState,
    recordState: p.recordState,
    followedUp: p.followUpId !== null,
  };
  return { ...p, state };
}

export async function updatePlan(trx: Tx, a: PrevActor, v: PlanUpdateInput, now: Date): Promise<number> {
  const p = await writablePlan(trx, a, v.id, 'manager');
  assertVersion(p, v.version);
  assertPlanAction(p.state, 'edit');
  const j = await writableProject(trx, a, p.projectId);
  await checkPlanFields(trx, a, j, v);
  // An expert already on the plan stays even if suspended since; a newly chosen one must be active.
  const onPlan = new Set(
    ((p.experts ?? []) as Array<{ expertId?: number }>).flatMap((e) =>
      e.expertId === undefined ? [] : [e.expertId],
    ),
  );
  // A manual expert's number sent back masked (as the detail shows it) keeps the stored one (P04).
  const known = await planPhones(trx, v.id);
  const experts = await resolvePlanExperts(
    trx,
    v.experts.map((e) =>
      e.expertId === undefined ? { ...e, phone: unmaskPhone(e.phone ?? '', known, '专家电话') } : e,
    ),
    onPlan,
  );
  const timeChanged =
    p.plannedStart.getTime() !== v.plannedStart.getTime() ||
    p.plannedEnd.getTime() !== v.plannedEnd.getTime();
  const itemChanged = p.item !== v.item;
  const reconfirm = (timeChanged || itemChanged) && p.visitState === 'confirmed';
  countsChanged(trx);
  const version = await updateVersioned(trx, 'apPlan', v, {
    item: v.item,
    subType: v.subType ?? null,
    name: v.name,
    providerOrgId: v.providerOrgId,
    plannedStart: v.plannedStart,
    plannedEnd: v.plannedEnd,
    ...(v.districtCode ? { placeDistrictCode: v.districtCode } : {}),
    ...(v.address !== undefined ? { address: v.address } : {}),
    staff: JSON.stringify(v.staff),
    experts: JSON.stringify(storedExperts(experts)),
    budget: v.budget,
    description: v.description,
    ...(reconfirm
      ? { visitState: 'unconfirmed' as const, visitConfirmedAt: null, visitConfirmedBy: null }
      : {}),
    updatedAt: now,
    updatedBy: a.userId,
  });
  if (p.providerOrgId !== v.providerOrgId) {
    await closePlanTodos(trx, v.id, ['ap.planAssigned'], now);
    await notifyPlan(trx, 'ap.planAssigned', v.id, { now, actorId: a.userId });
  }
  if (timeChanged || itemChanged)
    await notifyPlan(trx, 'ap.visitToConfirm', v.id, { now, actorId: a.userId });
  return version;
}

export async function confirmVisit(trx: Tx, a: PrevActor, v: VisitConfirmInput, now: Date): Promise<number> {
  const p = await writablePlan(trx, a, v.id, 'enterprise');
  assertVersion(p, v.version);
  assertPlanAction(p.state, 'confirmVisit');
  countsChanged(trx);
  const version = await updateVersioned(trx, 'apPlan', v, {
    visitState: 'confirmed',
    visitConfirmedAt: now,
    visitConfirmedBy: a.userId,
    visitRemark: v.remark,
    updatedAt: now,
    updatedBy: a.userId,
  });
  await notifyPlan(trx, 'ap.visitConfirmed', v.id, {
    now,
    actorId: a.userId,
    detail: v.remark ? `确认意见：${v.remark}` : undefined,
  });
  return version;
}
