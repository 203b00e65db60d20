import {
  chinaDate,
  DISTRICTS,
  type Paged,
  SERVICE_ITEMS,
  SERVICE_REQUEST_STATUS,
  type ServiceRequestAction,
  type ServiceRequestPolicy,
  type ServiceRequestRow,
  type ServiceRequestStatus,
  type serviceRequestAnswerInput,
  type serviceRequestInput,
  type serviceRequestListQuery,
  serviceRequestNo,
  serviceRequestRefusal,
  serviceRequestTransition,
  type serviceRequestWithdrawInput,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import { type Actor, scopeKey } from '../../platform/actor.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { cachedTotal, countsChanged, countUpTo } from '../../platform/count-cache.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { decryptPhone, encryptPhone } from '../../platform/pii.ts';
import { maskedPhone } from '../../platform/reveal.ts';
import { assertVersion, updateVersioned } from '../../platform/versioned.ts';
import { notify } from '../message/index.ts';
import {
  filteredRequests,
  lockRequest,
  policiesInForce,
  type RequestDbRow,
  requestScope,
  requestSelect,
} from './service-request.repo.ts';

const NOT_FOUND = '服务需求不存在';

function toRow(r: RequestDbRow, actor: Actor): ServiceRequestRow {
  const insurer = actor.kind === 'insurer' && actor.orgId === r.insurerId;
  const owner = actor.kind === 'enterprise' && actor.orgId === r.enterpriseId;
  return {
    id: r.id,
    requestNo: serviceRequestNo(r.id, chinaDate(r.createdAt)),
    enterpriseId: r.enterpriseId,
    enterpriseName: r.enterpriseName,
    districtCode: r.districtCode,
    districtName: DISTRICTS.label(r.districtCode),
    policyId: r.policyId,
    policyNo: r.policyNo ?? r.applicationNo,
    insurerId: r.insurerId,
    insurerName: r.insurerName,
    item: r.item,
    itemLabel: SERVICE_ITEMS.label(r.item),
    description: r.description,
    wishedFrom: r.wishedFrom,
    wishedTo: r.wishedTo,
    contactName: r.contactName,
    // Masked (P04): the full number through POST /api/pii/reveal (kind serviceRequest).
    contactPhone: maskedPhone(decryptPhone(r.contactPhoneEnc)),
    status: r.status,
    statusLabel: SERVICE_REQUEST_STATUS.label(r.status),
    answerRemark: r.answerRemark,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    answeredByName: r.answeredByName ?? '',
    planId: r.planId,
    projectId: insurer ? (r.projectId ?? null) : null,
    scheduledAt: r.scheduledAt?.toISOString() ?? null,
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    version: r.version,
    actions: {
      answer: insurer && serviceRequestTransition(r.status, 'accept') !== null,
      withdraw: owner && serviceRequestTransition(r.status, 'withdraw') !== null,
      plan: insurer && r.status === 'accepted' && r.planId === null && r.projectId != null,
    },
  };
}

export async function listRequests(
  db: Db,
  actor: Actor,
  q: z.output<typeof serviceRequestListQuery>,
): Promise<Paged<ServiceRequestRow>> {
  const { pageNo: _n, pageSize: _s, sortField: _f, sortOrder: _o, ...filters } = q;
  const qb = filteredRequests(db, actor, q);
  // Counted up to the cap (LIST_COUNT_CAP: "10,000+ 条"), cached per scope and filters; every write to a
  // request drops it (countsChanged).
  const [total, rows] = await Promise.all([
    cachedTotal(db, `ap-service-request:${scopeKey(actor)}:${JSON.stringify(filters)}`, (limit) =>
      countUpTo(db, qb.clearSelect().select(sql.lit(1).as('one')), limit),
    ),
    qb
      .orderBy('r.id', 'desc')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
  ]);
  return {
    list: rows.map((r) => toRow(r, actor)),
    ...total,
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

export async function getRequest(db: Db, actor: Actor, id: number): Promise<ServiceRequestRow> {
  const r = await requestScope(requestSelect(db), actor).where('r.id', '=', id).executeTakeFirst();
  if (!r) throw notFound(NOT_FOUND);
  return toRow(r, actor);
}

/** The full contact phone of a request in scope (the reveal of kind serviceRequest). */
export async function requestContactPhone(db: Db, actor: Actor, id: number): Promise<string> {
  const r = await requestScope(requestSelect(db), actor).where('r.id', '=', id).executeTakeFirst();
  if (!r) throw notFound(NOT_FOUND);
  return decryptPhone(r.contactPhoneEnc);
}

/** The enterprise's policies in force, to choose the insurer it asks. */
export async function requestPolicies(db: Db, actor: Actor, now: Date): Promise<ServiceRequestPolicy[]> {
  if (actor.kind !== 'enterprise') return [];
  const rows = await policiesInForce(db, actor.orgId, chinaDate(now)).execute();
  return rows.map((p) => ({
    policyId: p.policyId,
    policyNo: p.policyNo ?? '',
    insurerId: p.insurerId,
    insurerName: p.insurerName,
    startDate: p.startDate,
    endDate: p.endDate,
  }));
}

function noticeOf(
  r: { id: number; createdAt: Date; enterpriseId: number; insurerId: number },
  names: {
    enterpriseName: string;
    insurerName: string;
  },
) {
  return {
    id: r.id,
    no: serviceRequestNo(r.id, chinaDate(r.createdAt)),
    enterpriseId: r.enterpriseId,
    enterpriseName: names.enterpriseName,
    insurerId: r.insurerId,
    insurerName: names.insurerName,
  };
}

async function names(db: Db, enterpriseId: number, insurerId: number) {
  const rows = await db
    .selectFrom('sysOrg')
    .select(['id', 'name'])
    .where('id', 'in', [enterpriseId, insurerId])
    .execute();
  const name = (id: number) => rows.find((r) => r.id === id)?.name ?? '';
  return { enterpriseName: name(enterpriseId), insurerName: name(insurerId) };
}

/** The enterprise asks the lead insurer of one of its policies in force; the insurer gets a to-do. */
export async function addRequest(
  trx: Tx,
  actor: Actor,
  input: z.output<typeof serviceRequestInput>,
  now: Date,
): Promise<number> {
  if (actor.kind !== 'enterprise') throw forbidden('只有企业可以提出服务需求');
  const today = chinaDate(now);
  if (input.wishedFrom < today) throw badRequest(`期望开始日期不能早于今天（${today}）`);
  const own = await trx
    .selectFrom('insPolicy')
    .select('id')
    .where('id', '=', input.policyId)
    .where('enterpriseId', '=', actor.orgId)
    .executeTakeFirst();
  if (!own) throw notFound('保单不存在');
  const policy = await policiesInForce(trx, actor.orgId, today)
    .where('p.id', '=', input.policyId)
    .executeTakeFirst();
  if (!policy) throw badRequest('所选保单不在保险期间内或未出单：请选择本企业在保险期间内的有效保单');
  countsChanged(trx);
  const row = await trx
    .insertInto('apServiceRequest')
    .values({
      enterpriseId: actor.orgId,
      policyId: policy.policyId,
      insurerId: policy.insurerId,
      districtCode: policy.districtCode,
      item: input.item,
      description: input.description,
      wishedFrom: input.wishedFrom,
      wishedTo: input.wishedTo ?? null,
      contactName: input.contactName,
      contactPhoneEnc: encryptPhone(input.contactPhone),
      planId: null,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning(['id', 'createdAt'])
    .executeTakeFirstOrThrow();
  const wished = input.wishedTo ? `${input.wishedFrom} 至 ${input.wishedTo}` : `${input.wishedFrom} 起`;
  await notify(
    trx,
    'serviceRequest.submitted',
    {
      ...noticeOf(
        { ...row, enterpriseId: actor.orgId, insurerId: policy.insurerId },
        {
          enterpriseName: actor.orgName,
          insurerName: policy.insurerName,
        },
      ),
      detail: `，服务项目：${SERVICE_ITEMS.label(input.item)}，期望时间：${wished}`,
    },
    { now, actorId: actor.userId },
  );
  return row.id;
}

/** The request for a state change: in scope (404 otherwise), at its version, allowed in its state. */
async function forAction(
  trx: Tx,
  id: number,
  version: number,
  action: ServiceRequestAction,
  mine: (r: { enterpriseId: number; insurerId: number }) => boolean,
) {
  const r = await lockRequest(trx, id);
  if (!r || !mine(r)) throw notFound(NOT_FOUND);
  assertVersion(r, version);
  const next = serviceRequestTransition(r.status, action);
  if (next === null) throw conflict(serviceRequestRefusal(r.status, action));
  return { r, next };
}

/** The insurer asked accepts (a plan is made from it later) or declines with the reason; the enterprise is told. */
export async function answerRequest(
  trx: Tx,
  actor: Actor,
  input: z.output<typeof serviceRequestAnswerInput>,
  now: Date,
): Promise<ServiceRequestStatus> {
  if (actor.kind !== 'insurer') throw forbidden('只有保险机构可以答复服务需求');
  const { r, next } = await forAction(
    trx,
    input.id,
    input.version,
    input.accept ? 'accept' : 'decline',
    (x) => x.insurerId === actor.orgId,
  );
  countsChanged(trx);
  await updateVersioned(
    trx,
    'apServiceRequest',
    { id: r.id, version: input.version },
    {
      status: next,
      answerRemark: input.remark,
      answeredAt: now,
      answeredBy: actor.userId,
      updatedAt: now,
      updatedBy: actor.userId,
    },
  );
  const n = noticeOf(r, await names(trx, r.enterpriseId, r.insurerId));
  await notify(
    trx,
    input.accept ? 'serviceRequest.accepted' : 'serviceRequest.declined',
    { ...n, ...(input.remark ? { detail: input.accept ? `答复：${input.remark}` : input.remark } : {}) },
    { now, actorId: actor.userId },
  );
  return next;
}

/** The enterprise withdraws its pending request; the insurer's to-do closes. */
export async function withdrawRequest(
  trx: Tx,
  actor: Actor,
  input: z.output<typeof serviceRequestWithdrawInput>,
  now: Date,
): Promise<void> {
  if (actor.kind !== 'enterprise') throw forbidden('只有企业可以撤回自己的服务需求');
  const { r, next } = await forAction(
    trx,
    input.id,
    input.version,
    'withdraw',
    (x) => x.enterpriseId === actor.orgId,
  );
  countsChanged(trx);
  await updateVersioned(
    trx,
    'apServiceRequest',
    { id: r.id, version: input.version },
    { status: next, withdrawnAt: now, updatedAt: now, updatedBy: actor.userId },
  );
  await notify(trx, 'serviceRequest.withdrawn', noticeOf(r, await names(trx, r.enterpriseId, r.insurerId)), {
    now,
    actorId: actor.userId,
  });
}

/**
 * An accepted request becomes 已安排 with the service plan made from it, in the transaction that creates
 * the plan (the prevention module calls it; the plan's own message tells the enterprise). Throws 404 for a
 * missing request and 409 unless it is accepted and not linked yet. Returns the request's new version.
 */
export async function linkRequestToPlan(
  trx: Tx,
  requestId: number,
  planId: number,
  now: Date = new Date(),
): Promise<number> {
  const r = await lockRequest(trx, requestId);
  if (!r) throw notFound(NOT_FOUND);
  const next = serviceRequestTransition(r.status, 'schedule');
  if (next === null) throw conflict(serviceRequestRefusal(r.status, 'schedule'));
  countsChanged(trx);
  return updateVersioned(
    trx,
    'apServiceRequest',
    { id: r.id, version: r.version },
    { status: next, planId, scheduledAt: now, updatedAt: now },
  );
}
