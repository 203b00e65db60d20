import type { Tx } from '../../platform/context.ts';
import { type NotificationEvent, type NotifyOptions, notify } from '../message/index.ts';

/**
 * Tells the parties of an endorsement event (the catalogue in modules/message/notifications.ts): the
 * endorsement number, the enterprise, the lead insurer of its policy.
 */
export async function notifyEndorsement(
  trx: Tx,
  event: NotificationEvent,
  endorsementId: number,
  opts: NotifyOptions,
  detail?: string,
): Promise<number> {
  const en = await trx
    .selectFrom('insEndorsement as en')
    .innerJoin('sysOrg as o', 'o.id', 'en.enterpriseId')
    .select(['en.id', 'en.endorsementNo', 'en.enterpriseId', 'en.insurerId', 'en.policyId', 'o.name'])
    .where('en.id', '=', endorsementId)
    .executeTakeFirstOrThrow();
  return notify(
    trx,
    event,
    {
      id: en.id,
      no: en.endorsementNo,
      enterpriseId: en.enterpriseId,
      enterpriseName: en.name,
      insurerId: en.insurerId,
      policyId: en.policyId,
      ...(detail ? { detail } : {}),
    },
    opts,
  );
}
