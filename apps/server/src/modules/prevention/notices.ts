import { formatChinaTime, SERVICE_ITEMS } from '@aqzrx/contracts';
import type { Tx } from '../../platform/context.ts';
import { closeTodos, type NotificationEvent, notify } from '../message/index.ts';

/** What a plan's messages are made from: loaded in the transaction that changes it. */
async function planRecord(trx: Tx, planId: number) {
  const p = await trx
    .selectFrom('apPlan as p')
    .innerJoin('sysOrg as e', 'e.id', 'p.enterpriseId')
    .innerJoin('sysOrg as prov', 'prov.id', 'p.providerOrgId')
    .select([
      'p.id',
      'p.name',
      'p.item',
      'p.enterpriseId',
      'e.name as enterpriseName',
      'p.insurerId',
      'p.policyId',
      'p.districtCode',
      'p.providerOrgId',
      'prov.orgType as providerType',
      'p.plannedStart',
      'p.plannedEnd',
    ])
    .where('p.id', '=', planId)
    .executeTakeFirstOrThrow();
  return p;
}

/** Sends a prevention event about a plan (catalogue modules/message/notifications.ts, ap.*). */
export async function notifyPlan(
  trx: Tx,
  event: Extract<NotificationEvent, `ap.${string}`>,
  planId: number,
  opts: { now: Date; actorId: number; detail?: string },
): Promise<void> {
  const p = await planRecord(trx, planId);
  const when = `服务项目：${SERVICE_ITEMS.label(p.item)}；服务时间：${formatChinaTime(p.plannedStart, 'minute')} 至 ${formatChinaTime(p.plannedEnd, 'minute')}。`;
  await notify(
    trx,
    event,
    {
      id: p.id,
      no: p.name,
      enterpriseId: p.enterpriseId,
      enterpriseName: p.enterpriseName,
      insurerId: p.insurerId,
      policyId: p.policyId,
      districtCode: p.districtCode,
      providerOrgId: p.providerOrgId,
      publisherSide: p.providerType === 'expert' ? 'expert' : 'service',
      detail:
        opts.detail ?? (event === 'ap.planAssigned' || event === 'ap.visitToConfirm' ? when : undefined),
    },
    { now: opts.now, actorId: opts.actorId },
  );
}

/** Closes the open to-dos of a plan's events (e.g. the old provider's when the plan moves to another). */
export async function closePlanTodos(trx: Tx, planId: number, events: string[], now: Date): Promise<void> {
  await closeTodos(trx, { bizType: 'apPlan', bizId: planId, events }, now);
}
