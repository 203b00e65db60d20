import type { Tx } from '../../platform/context.ts';
import { type NotificationEvent, notify } from '../message/index.ts';
import type { CpActor } from './scope.ts';

/** One step of the complaint's timeline (who, when, what; internal notes hidden from the complainant). */
export async function addStep(
  trx: Tx,
  complaintId: number,
  step: string,
  actor: CpActor | null,
  at: Date,
  text: string,
  internal = false,
): Promise<void> {
  await trx
    .insertInto('cpComplaintStep')
    .values({
      complaintId,
      step,
      at,
      actorUserId: actor?.userId ?? null,
      actorName: (actor?.name ?? '系统').slice(0, 50),
      actorUnit: (actor?.orgName ?? '').slice(0, 100),
      text,
      internal,
    })
    .execute();
}

/**
 * Sends a complaint event (catalogue modules/message/notifications.ts, complaint.*) from the complaint as it
 * is now; `handler` names the unit to tell instead of the current one (the one a regulator took it from).
 */
export async function notifyComplaint(
  trx: Tx,
  event: Extract<NotificationEvent, `complaint.${string}`>,
  id: number,
  opts: {
    now: Date;
    actorId: number | null;
    detail?: string;
    handler?: { kind: 'insurer' | 'admin' | 'government'; orgId: number | null };
  },
): Promise<void> {
  const c = await trx
    .selectFrom('cpComplaint')
    .select([
      'id',
      'complaintNo',
      'complainantOrgId',
      'complainantSide',
      'complainantName',
      'handlerKind',
      'handlerOrgId',
      'districtCode',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const handler = opts.handler ?? { kind: c.handlerKind, orgId: c.handlerOrgId };
  await notify(
    trx,
    event,
    {
      id: c.id,
      no: c.complaintNo,
      enterpriseName: c.complainantName,
      complainantOrgId: c.complainantOrgId,
      complainantSide: c.complainantSide,
      handlerOrgId: handler.orgId,
      handlerSide: handler.kind,
      districtCode: c.districtCode ?? undefined,
      detail: opts.detail,
    },
    { now: opts.now, actorId: opts.actorId },
  );
}
