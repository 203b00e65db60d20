import type { Tx } from '../../platform/context.ts';
import { type NotificationEvent, type NotifyOptions, notify } from '../message/index.ts';

/**
 * Tells the parties of a policy event (the catalogue in modules/message/notifications.ts): loads what
 * the messages name (the policy number, or the application number before issue; the holder) and who is
 * involved (enterprise, lead insurer and co-insurers, the side that entered the application).
 */
export async function notifyPolicy(
  trx: Tx,
  event: NotificationEvent,
  policyId: number,
  opts: NotifyOptions,
  detail?: string,
): Promise<number> {
  const p = await trx
    .selectFrom('insPolicy')
    .select([
      'id',
      'applicationNo',
      'policyNo',
      'enterpriseId',
      'insurerId',
      'enteredBy',
      'districtCode',
      'holderName',
    ])
    .where('id', '=', policyId)
    .executeTakeFirstOrThrow();
  return notify(
    trx,
    event,
    {
      id: p.id,
      no: p.policyNo ?? p.applicationNo,
      enterpriseId: p.enterpriseId,
      enterpriseName: p.holderName,
      insurerId: p.insurerId,
      policyId: p.id,
      districtCode: p.districtCode,
      enteredBy: p.enteredBy,
      ...(detail ? { detail } : {}),
    },
    opts,
  );
}
