import { HAZARD_LEVELS } from '@aqzrx/contracts';
import type { Tx } from '../../platform/context.ts';
import { type NotificationEvent, type NotifyRecord, notify } from '../message/index.ts';

/** What a hazard's messages are made from: loaded in the transaction that changes it. */
async function hazardRecord(trx: Tx, id: number) {
  return trx
    .selectFrom('apHazard as h')
    .innerJoin('sysOrg as e', 'e.id', 'h.enterpriseId')
    .leftJoin('sysOrg as f', 'f.id', 'h.finderOrgId')
    .select([
      'h.id',
      'h.source',
      'h.level',
      'h.description',
      'h.enterpriseId',
      'e.name as enterpriseName',
      'h.insurerId',
      'h.finderOrgId',
      'f.orgType as finderType',
      'h.districtCode',
    ])
    .where('h.id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The hazard's short name in messages: its level and the start of its description. */
const nameOf = (h: { level: number; description: string }) =>
  `${HAZARD_LEVELS.label(h.level)}：${h.description.length > 30 ? `${h.description.slice(0, 30)}…` : h.description}`;

/**
 * Sends a hazard event (catalogue modules/message/notifications.ts, hazard.*). Who is told follows the
 * hazard: `hazard.submitted` goes to its checker only (the service/expert organisation, the insurer, or
 * the enterprise's acceptance post for a self-check); regulators hear of major hazards only.
 */
export async function notifyHazard(
  trx: Tx,
  event: Extract<NotificationEvent, `hazard.${string}`>,
  id: number,
  opts: { now: Date; actorId: number | null; detail?: string },
): Promise<void> {
  const h = await hazardRecord(trx, id);
  const major = h.level === 2;
  const r: NotifyRecord = {
    id: h.id,
    no: nameOf(h),
    enterpriseId: h.enterpriseId,
    enterpriseName: h.enterpriseName,
    districtCode: major ? h.districtCode : undefined,
    insurerId: h.insurerId ?? undefined,
    detail: opts.detail,
  };
  if (event === 'hazard.submitted') {
    r.enterpriseId = h.source === 3 ? h.enterpriseId : undefined;
    r.insurerId = h.source === 2 ? (h.finderOrgId ?? undefined) : undefined;
    r.providerOrgId = h.source === 1 ? (h.finderOrgId ?? undefined) : undefined;
    r.publisherSide = h.finderType === 'expert' ? 'expert' : 'service';
  }
  await notify(trx, event, r, { now: opts.now, actorId: opts.actorId });
}
