import {
  ACCIDENT_LEVELS,
  CLOSE_TYPES,
  type ClaimStepInput,
  optionLabel,
  PAYMENT_TYPES,
  yuanText,
} from '@aqzrx/contracts';
import type { Tx } from '../../platform/context.ts';
import type { Actor } from '../enterprise/index.ts';
import { type NotificationEvent, type NotifyOptions, notify } from '../message/index.ts';

/** 较大事故 (level 3) and above are reported to the district regulators (domain 1.7). */
export const MAJOR_ACCIDENT_LEVEL = 3;
/** Three deaths make an accident 较大 at least (domain 1.7), known already at the report. */
export const MAJOR_ACCIDENT_DEATHS = 3;

/**
 * Tells the parties of a claim event (the catalogue in modules/message/notifications.ts): the report
 * number, the enterprise, the lead insurer and the co-insurers of the policy, the claim's district.
 */
export async function notifyClaim(
  trx: Tx,
  event: NotificationEvent,
  claimId: number,
  opts: NotifyOptions,
  detail?: string,
): Promise<number> {
  const c = await trx
    .selectFrom('insClaim as c')
    .innerJoin('sysOrg as o', 'o.id', 'c.enterpriseId')
    .select(['c.id', 'c.reportNo', 'c.enterpriseId', 'c.insurerId', 'c.policyId', 'c.districtCode', 'o.name'])
    .where('c.id', '=', claimId)
    .executeTakeFirstOrThrow();
  return notify(
    trx,
    event,
    {
      id: c.id,
      no: c.reportNo,
      enterpriseId: c.enterpriseId,
      enterpriseName: c.name,
      insurerId: c.insurerId,
      policyId: c.policyId,
      districtCode: c.districtCode,
      ...(detail ? { detail } : {}),
    },
    opts,
  );
}

const casualties = (deaths: number, injuries: number) => `死亡${deaths}人、受伤${injuries}人`;

/** Step 1: the insurer must register an enterprise's report; a report the insurer made is news to the enterprise. */
export async function notifyClaimReported(
  trx: Tx,
  actor: Actor,
  claimId: number,
  report: { deaths: number; injuries: number; accidentAddress: string },
  now: Date,
): Promise<void> {
  const opts = { now, actorId: actor.userId };
  await notifyClaim(
    trx,
    actor.kind === 'enterprise' ? 'claim.reported' : 'claim.reportedByInsurer',
    claimId,
    opts,
  );
  if (report.deaths >= MAJOR_ACCIDENT_DEATHS)
    await notifyClaim(
      trx,
      'claim.major',
      claimId,
      opts,
      `报案${casualties(report.deaths, report.injuries)}，出险地点：${report.accidentAddress}。`,
    );
}

/**
 * Steps 2-8: the enterprise hears of every step the insurer records (a closed claim asks it to rate the
 * service); the insurer hears of the enterprise's withdrawal; a registration at 较大事故 or above not
 * already reported as such (three deaths at the report) goes to the district regulators.
 */
export async function notifyClaimStep(
  trx: Tx,
  actor: Actor,
  claimId: number,
  input: ClaimStepInput,
  claim: { deaths: number; injuries: number },
  now: Date,
): Promise<void> {
  const opts = { now, actorId: actor.userId };
  const send = (event: NotificationEvent, detail?: string) => notifyClaim(trx, event, claimId, opts, detail);
  switch (input.step) {
    case 2:
      await send(
        actor.kind === 'enterprise' ? 'claim.withdrawnByEnterprise' : 'claim.withdrawn',
        input.reason,
      );
      return;
    case 3: {
      const level = optionLabel(ACCIDENT_LEVELS, input.accidentLevel);
      await send('claim.registered', `事故等级：${level}。`);
      if (input.accidentLevel >= MAJOR_ACCIDENT_LEVEL && claim.deaths < MAJOR_ACCIDENT_DEATHS)
        await send(
          'claim.major',
          `立案事故等级：${level}，${casualties(claim.deaths, claim.injuries)}（重伤${input.seriousInjuries}人），估损${yuanText(input.estimatedLoss)}元。`,
        );
      return;
    }
    case 4:
      await send(
        'claim.advancePaid',
        `${optionLabel(PAYMENT_TYPES, input.payType)}${yuanText(input.amount)}元，收款人：${input.payee}。`,
      );
      return;
    case 5:
      await send('claim.surveyed');
      return;
    case 6:
      await send('claim.assessed', `定损总金额${yuanText(input.total)}元。`);
      return;
    case 7:
      await send('claim.paid', `本次赔付${yuanText(input.total)}元。`);
      return;
    case 8: {
      const type = optionLabel(CLOSE_TYPES, input.closeType);
      await send(
        'claim.closed',
        input.closeType === 'denied' && input.deniedReason
          ? `（${type}，原因：${input.deniedReason}）`
          : `（${type}）`,
      );
      return;
    }
  }
}

/** The enterprise rated a closed claim: its to-do is done and the insurer hears the score. */
export async function notifyClaimRated(
  trx: Tx,
  actor: Actor,
  claimId: number,
  rating: { score: number; comment: string },
  now: Date,
): Promise<void> {
  await notifyClaim(
    trx,
    'claim.rated',
    claimId,
    { now, actorId: actor.userId },
    `${rating.score}分${rating.comment ? `，${rating.comment}` : ''}。`,
  );
}
