import { chinaDate, OPERATING_STATUS, optionLabel } from '@aqzrx/contracts';
import type { Actor } from '../../platform/actor.ts';
import type { Tx } from '../../platform/context.ts';
import { type NotifyOptions, notify } from '../message/index.ts';

const statusName = (s: number) => optionLabel(OPERATING_STATUS, s) || String(s);

/**
 * What a saved enterprise profile changes for others (the catalogue in modules/message/notifications.ts):
 *  - 从业人员总数: every policy must insure all employees (domain 3.2), so the lead insurer of each
 *    application waiting for review and of each issued policy that has not ended hears the new figure;
 *  - 经营状态 changed by the regulator (the enterprise cannot while insured): the enterprise hears it, and
 *    the insurers of its unexpired issued policies (a closed or stopped business may cancel, 2025 办法
 *    Art. 16).
 * A profile saved for the first time changes nothing anyone was relying on.
 */
export async function notifyEnterpriseChange(
  trx: Tx,
  actor: Actor,
  enterpriseId: number,
  before: { employees: number | null; operatingStatus: number | null } | null,
  after: { name: string; employees: number; operatingStatus: number },
  now: Date,
): Promise<void> {
  if (!before) return;
  const employeesChanged = before.employees !== null && before.employees !== after.employees;
  const oldStatus = before.operatingStatus ?? 1;
  const statusChanged = actor.kind === 'government' && oldStatus !== after.operatingStatus;
  if (!employeesChanged && !statusChanged) return;
  const opts: NotifyOptions = { now, actorId: actor.userId };
  const policies = await trx
    .selectFrom('insPolicy')
    .select([
      'id',
      'status',
      'applicationNo',
      'policyNo',
      'insurerId',
      'headcount',
      'holderName',
      'districtCode',
    ])
    .where('enterpriseId', '=', enterpriseId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'submitted'),
        eb.and([eb('status', '=', 'approved'), eb('endDate', '>=', chinaDate(now))]),
      ]),
    )
    .orderBy('id')
    .execute();
  const record = (p: (typeof policies)[number], detail: string) => ({
    id: p.id,
    no: p.policyNo ?? p.applicationNo,
    enterpriseId,
    enterpriseName: after.name,
    insurerId: p.insurerId,
    policyId: p.id,
    districtCode: p.districtCode,
    detail,
  });
  if (employeesChanged)
    for (const p of policies) {
      const task =
        p.status === 'submitted'
          ? '投保申请待审核：参保人数须等于从业人员总数，请核对后审核。'
          : p.headcount === after.employees
            ? '参保人数与从业人员总数一致。'
            : '参保人数须等于从业人员总数，请提醒企业申请批改。';
      await notify(
        trx,
        'policy.employeesChanged',
        record(
          p,
          `从业人员总数由${before.employees}人变更为${after.employees}人，保单参保人数为${p.headcount}人。${task}`,
        ),
        opts,
      );
    }
  if (statusChanged) {
    const change = `经营状态由“${statusName(oldStatus)}”变更为“${statusName(after.operatingStatus)}”。`;
    await notify(
      trx,
      'enterprise.statusChanged',
      {
        id: enterpriseId,
        no: after.name,
        enterpriseId,
        enterpriseName: after.name,
        insurerId: 0,
        detail: change,
      },
      opts,
    );
    for (const p of policies.filter((x) => x.status === 'approved'))
      await notify(
        trx,
        'policy.holderStatusChanged',
        record(
          p,
          after.operatingStatus === 1
            ? change
            : `${change}企业依法关闭取缔或全面停产停业的，可申请注销保单（退保批改）。`,
        ),
        opts,
      );
  }
}
