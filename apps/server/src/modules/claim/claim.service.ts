/**
 * Claim writes and their rules: the report (deadline, duplicates), each step of the eight (who may act,
 * times, money and per-person limits, notifications) and the enterprise's rating, inside the caller's
 * transaction. Reads are in claim.repo.ts.
 */
import {
  accidentLevelProblem,
  type ClaimReportInput,
  type ClaimStepInput,
  chinaDate,
  closeShortfallText,
  fromCents,
  lossAssessmentProblem,
  maskIdCard,
  partialPayoutText,
  payoutAmountProblem,
  payoutGap,
  toCents,
  yuanText,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { decryptPii, encryptPhone, encryptPii } from '../../platform/pii.ts';
import { assertVersion, updateVersioned } from '../../platform/versioned.ts';
import { type Actor, assertInfoComplete, dateText, rescoreEnterprise } from '../enterprise/index.ts';
import { nextNumber, policyScope } from '../policy/index.ts';
import {
  type ClaimStep,
  decideStep,
  reportTimeProblem,
  STEP_ACTORS,
  stepTimeProblem,
} from './claim.machine.ts';
import { actorKind, claimScope, hasShortfall, payoutState } from './claim.repo.ts';
import { duplicateReport, openClaimAtSameTime } from './duplicate-report.ts';
import { notifyClaimRated, notifyClaimReported, notifyClaimStep } from './notices.ts';

// ---------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------

/**
 * A person paid more than the per-person limit over all payouts of the claim (earlier payouts are
 * matched on the decrypted ID), or null.
 */
async function personLimitProblem(
  trx: Tx,
  claimId: number,
  persons: Array<{ name: string; idType: string; idNo: string; amount: number }>,
  perPersonCents: number,
): Promise<string | null> {
  const key = (idType: string, idNo: string) => `${idType}:${idNo.toUpperCase()}`;
  const earlier = await trx
    .selectFrom('insClaimPerson')
    .select(['idType', 'idNoEnc', 'amount'])
    .where('claimId', '=', claimId)
    .execute();
  const paid = new Map<string, number>();
  for (const e of earlier) {
    const k = key(e.idType, decryptPii(e.idNoEnc));
    paid.set(k, (paid.get(k) ?? 0) + toCents(Number(e.amount)));
  }
  const before = new Map(paid);
  for (const p of persons) {
    const k = key(p.idType, p.idNo);
    const sum = (paid.get(k) ?? 0) + toCents(p.amount);
    paid.set(k, sum);
    if (sum > perPersonCents)
      return before.has(k)
        ? `${p.name}累计赔付金额（${yuanText(fromCents(sum))}元，含此前已赔付${yuanText(fromCents(before.get(k) ?? 0))}元）超过每人死亡伤残责任限额（${yuanText(fromCents(perPersonCents))}元）`
        : `${p.name}的赔付金额（${yuanText(fromCents(sum))}元）超过每人死亡伤残责任限额（${yuanText(fromCents(perPersonCents))}元）`;
  }
  return null;
}

/** Step 1: report a claim on a policy in scope whose cover includes the accident time. */
export async function reportClaim(
  trx: Tx,
  actor: Actor,
  input: ClaimReportInput,
  now: Date,
): Promise<number> {
  // List totals change with this write: dropped when the transaction commits.
  countsChanged(trx);
  const decision = decideStep(undefined, 1, actorKind(actor));
  if (!decision.ok) throw forbidden(decision.reason);
  const p = await policyScope(
    trx
      .selectFrom('insPolicy as p')
      .select([
        'p.id',
        'p.status',
        'p.enterpriseId',
        'p.insurerId',
        'p.districtCode',
        'p.wsIndustryCode',
        dateText('p.startDate').as('startDate'),
        dateText('p.endDate').as('endDate'),
        sql<string | null>`to_char(p.cancelled_on, 'YYYY-MM-DD')`.as('cancelledOn'),
      ]),
    actor,
  )
    .where('p.id', '=', input.policyId)
    // Reports on one policy one after another, so two of the same accident cannot both miss each other.
    .forUpdate()
    .executeTakeFirst();
  if (!p) throw notFound('保单不存在');
  if (actor.kind === 'enterprise') await assertInfoComplete(trx, actor, p.enterpriseId, '报案');
  if (p.status !== 'approved' && p.status !== 'cancelled') throw conflict('只能对已出单的保单报案');
  const reportedAt = input.reportedAt ?? now;
  const problem = reportTimeProblem(input.accidentAt, reportedAt, now);
  if (problem) throw badRequest(problem);
  const accidentDay = chinaDate(input.accidentAt);
  if (accidentDay < p.startDate || accidentDay > p.endDate || (p.cancelledOn && accidentDay >= p.cancelledOn))
    throw conflict(`出险时间不在保险期间内（${p.startDate} 至 ${p.cancelledOn ?? p.endDate}）`);
  const repeated = input.confirmDuplicate
    ? undefined
    : await openClaimAtSameTime(trx, p.id, input.accidentAt);
  if (repeated) throw duplicateReport(repeated);
  const row = await trx
    .insertInto('insClaim')
    .values({
      reportNo: await nextNumber(trx, 'BA', now),
      policyId: p.id,
      enterpriseId: p.enterpriseId,
      insurerId: p.insurerId,
      districtCode: p.districtCode,
      wsIndustryCode: p.wsIndustryCode,
      phase: 'reported',
      step: 1,
      reporterName: input.reporterName,
      reporterPhoneEnc: encryptPhone(input.reporterPhone),
      reportedAt,
      accidentAt: input.accidentAt,
      accidentDistrictCode: input.accidentDistrictCode,
      accidentAddress: input.accidentAddress,
      accidentDesc: input.accidentDesc,
      deaths: input.deaths,
      injuries: input.injuries,
      attachments: JSON.stringify(input.attachments),
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('insClaimStep')
    .values({
      claimId: row.id,
      step: 1,
      actedAt: reportedAt,
      actorUserId: actor.userId,
      actorName: actor.name,
      actorOrgId: actor.kind === 'enterprise' || actor.kind === 'insurer' ? actor.orgId : null,
      actorOrgName: actor.orgName,
      data: JSON.stringify({
        accidentAt: input.accidentAt.toISOString(),
        accidentAddress: input.accidentAddress,
        deaths: input.deaths,
        injuries: input.injuries,
      }),
      note: input.accidentDesc.slice(0, 2000),
      attachments: JSON.stringify(input.attachments),
      createdAt: now,
    })
    .execute();
  await notifyClaimReported(trx, actor, row.id, input, now);
  return row.id;
}

const sumCents = (xs: Array<{ amount: number }>) => xs.reduce((s, x) => s + toCents(x.amount), 0);

/**
 * Steps 2-8 on an existing claim. The state machine decides whether the step is allowed; the version
 * guards concurrent handling; the step, its fields and attachments are recorded on the timeline with
 * who and when, and the claim's summary columns move, all in one transaction.
 */
export async function recordStep(trx: Tx, actor: Actor, input: ClaimStepInput, now: Date): Promise<number> {
  // List totals change with this write: dropped when the transaction commits.
  countsChanged(trx);
  const c = await claimScope(
    trx
      .selectFrom('insClaim as c')
      .innerJoin('insPolicy as p', 'p.id', 'c.policyId')
      .select([
        'c.id',
        'c.phase',
        'c.version',
        'c.enterpriseId',
        'c.insurerId',
        'c.reportedAt',
        'c.registeredAt',
        'c.deaths',
        'c.injuries',
        'c.estimatedLoss',
        'c.assessedTotal',
        'c.advanceTotal',
        'c.payoutTotal',
        'c.firstPaidAt',
        'p.perPersonLimit',
        'p.perAccidentLimit',
      ]),
    actor,
  )
    .where('c.id', '=', input.id)
    .forUpdate(['c'])
    .executeTakeFirst();
  if (!c) throw notFound('理赔案件不存在');
  assertVersion(c, input.version);
  const lead = actor.kind === 'insurer' && actor.orgId === c.insurerId;
  const own = actor.kind === 'enterprise' && actor.orgId === c.enterpriseId;
  if (!lead && !own) throw forbidden('只有主承保险机构可以办理理赔，共保机构和监管部门只能查看');
  const payments = await trx
    .selectFrom('insClaimPayment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('claimId', '=', c.id)
    .executeTakeFirstOrThrow();
  const step = input.step as ClaimStep;
  if (!STEP_ACTORS[step].includes(actorKind(actor)))
    throw forbidden('企业只能报案和撤案，其他理赔环节由保险机构办理');
  const decision = decideStep(
    { phase: c.phase, hasPayments: Number(payments.n) > 0, shortfall: hasShortfall(c) },
    step,
    actorKind(actor),
    input.step === 8 ? input.closeType : undefined,
  );
  if (!decision.ok) throw conflict(decision.reason);
  const at = input.at ?? now;
  const last = await trx
    .selectFrom('insClaimStep')
    .select((eb) => eb.fn.max('actedAt').as('last'))
    .where('claimId', '=', c.id)
    .executeTakeFirstOrThrow();
  const timeProblem = stepTimeProblem(at, last.last ?? c.reportedAt, now);
  if (timeProblem) throw badRequest(timeProblem);

  const perAccident = toCents(Number(c.perAccidentLimit));
  const perPerson = toCents(Number(c.perPersonLimit));
  const advance = toCents(Number(c.advanceTotal));
  const patch: Record<string, unknown> = {};
  let data: Record<string, unknown> = {};
  switch (input.step) {
    case 2:
      data = { reason: input.reason };
      Object.assign(patch, { closedAt: at, closeType: 'withdrawn' });
      break;
    case 3: {
      if (input.seriousInjuries > c.injuries)
        throw badRequest(
          `重伤人数（${input.seriousInjuries}人）不能超过报案时的受伤人数（${c.injuries}人），请核对重伤人数`,
        );
      // The level may not be lower than the casualties and the loss imply (domain 1.7).
      const levelProblem = accidentLevelProblem(input.accidentLevel, {
        deaths: c.deaths,
        seriousInjuries: input.seriousInjuries,
        directLoss: input.estimatedLoss,
      });
      if (levelProblem)
        throw badRequest(
          `${levelProblem}（本案死亡${c.deaths}人、重伤${input.seriousInjuries}人，估损${input.estimatedLoss}元）`,
        );
      data = {
        accidentType: input.accidentType,
        accidentLevel: input.accidentLevel,
        seriousInjuries: input.seriousInjuries,
        cause: input.cause,
        estimatedLoss: input.estimatedLoss,
      };
      Object.assign(patch, {
        registerNo: await nextNumber(trx, 'LA', now),
        registeredAt: at,
        accidentType: input.accidentType,
        accidentLevel: input.accidentLevel,
        cause: input.cause,
        estimatedLoss: input.estimatedLoss,
      });
      break;
    }
    case 4: {
      const amount = toCents(input.amount);
      const ceiling = c.assessedTotal !== null ? toCents(Number(c.assessedTotal)) : perAccident;
      if (advance + amount > ceiling)
        throw badRequest(
          `预付累计金额不能超过${c.assessedTotal !== null ? '定损总金额' : '每次事故责任限额'}（${fromCents(ceiling)}元），已付${fromCents(advance)}元`,
        );
      data = { payType: input.payType, amount: input.amount, payee: input.payee };
      Object.assign(patch, { advanceTotal: fromCents(advance + amount), firstPaidAt: c.firstPaidAt ?? at });
      break;
    }
    case 5:
      data = {
        surveyorName: input.surveyorName,
        surveyorPhoneEnc: encryptPhone(input.surveyorPhone),
        description: input.description,
      };
      break;
    case 6: {
      // Lines above 0, no category twice, casualties within the per-person limit × the reported
      // deaths and injuries, the total between the advances paid and the per-accident limit.
      const problem = lossAssessmentProblem(input.items, {
        perPersonLimit: fromCents(perPerson),
        perAccidentLimit: fromCents(perAccident),
        deaths: c.deaths,
        injuries: c.injuries,
        advanceTotal: fromCents(advance),
      });
      if (problem) throw badRequest(problem);
      if (sumCents(input.items) !== toCents(input.total))
        throw badRequest(
          `定损总金额（${yuanText(input.total)}元）须等于各项之和（${yuanText(fromCents(sumCents(input.items)))}元）`,
        );
      data = { items: input.items, total: input.total };
      Object.assign(patch, { assessedTotal: input.total });
      await trx.deleteFrom('insClaimLoss').where('claimId', '=', c.id).execute();
      await trx
        .insertInto('insClaimLoss')
        .values(input.items.map((i) => ({ claimId: c.id, category: i.category, amount: i.amount })))
        .execute();
      break;
    }
    case 7: {
      const total = toCents(input.total);
      const parts = sumCents(input.persons) + sumCents(input.properties) + sumCents(input.fees);
      if (parts !== total)
        throw badRequest(
          `赔付总金额（${yuanText(input.total)}元）须等于人身伤亡、财产损失和各项费用之和（${yuanText(fromCents(parts))}元）`,
        );
      const pay = payoutState(c);
      const amountProblem = payoutAmountProblem(pay, input.total);
      if (amountProblem) throw badRequest(amountProblem);
      // A payout short of the assessment is made on purpose only (a forgotten line is not paid short).
      const gap = payoutGap(pay, input.total);
      if (gap > 0 && !input.partial)
        throw badRequest(
          `${partialPayoutText(pay, input.total)}：请补全赔付明细，或确认部分赔付后再提交（差额可在结案前继续赔付）`,
        );
      const personProblem = await personLimitProblem(trx, c.id, input.persons, perPerson);
      if (personProblem) throw badRequest(personProblem);
      const before = toCents(pay.payoutTotal ?? 0);
      // The advances count toward the first payout (it covers them); later payouts are paid in full.
      const credited = Math.max(0, advance - before);
      data = {
        persons: input.persons.map((p) => ({ ...p, idNo: maskIdCard(p.idNo) })),
        properties: input.properties,
        fees: input.fees,
        total: input.total,
        balance: fromCents(total - credited),
        payoutTotal: fromCents(before + total),
        unpaid: gap,
      };
      Object.assign(patch, {
        payoutTotal: fromCents(before + total),
        paidAt: at,
        firstPaidAt: c.firstPaidAt ?? at,
      });
      if (input.persons.length)
        await trx
          .insertInto('insClaimPerson')
          .values(
            input.persons.map((p) => ({
              claimId: c.id,
              personType: p.personType,
              name: p.name,
              idType: p.idType,
              idNoEnc: encryptPii(p.idNo.toUpperCase()),
              idNoMask: maskIdCard(p.idNo.toUpperCase()),
              injury: p.injury,
              amount: p.amount,
              proofs: JSON.stringify(p.proofs),
            })),
          )
          .execute();
      break;
    }
    case 8: {
      if (input.closeType === 'denied' && !input.deniedReason) throw badRequest('拒赔须填写拒赔原因');
      // Closing with part of the assessment unpaid says why (the payer may also pay the rest first).
      const shortfall = input.closeType === 'paid' ? closeShortfallText(payoutState(c)) : null;
      if (shortfall && input.note.length < 2)
        throw badRequest(`${shortfall}：请继续赔付，或在备注中说明未赔付差额的原因后再结案`);
      data = {
        closeType: input.closeType,
        deniedReason: input.deniedReason,
        ...(shortfall ? { unpaid: payoutGap(payoutState(c), 0) } : {}),
      };
      Object.assign(patch, { closedAt: at, closeType: input.closeType, deniedReason: input.deniedReason });
      break;
    }
  }
  const stepRow = await trx
    .insertInto('insClaimStep')
    .values({
      claimId: c.id,
      step: input.step,
      actedAt: at,
      actorUserId: actor.userId,
      actorName: actor.name,
      actorOrgId: actor.kind === 'enterprise' || actor.kind === 'insurer' ? actor.orgId : null,
      actorOrgName: actor.orgName,
      data: JSON.stringify(data),
      note: input.note,
      attachments: JSON.stringify(input.attachments),
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.step === 4)
    await trx
      .insertInto('insClaimPayment')
      .values({
        claimId: c.id,
        stepId: stepRow.id,
        payType: input.payType,
        amount: input.amount,
        payee: input.payee,
        paidAt: at,
      })
      .execute();
  const resVersion = await updateVersioned(
    trx,
    'insClaim',
    { id: c.id, version: input.version },
    {
      ...patch,
      phase: decision.phase,
      step: input.step,
      updatedAt: now,
      updatedBy: actor.userId,
    },
  );
  // Registered accidents count in the enterprise's score; withdrawn or invalid ones stop counting.
  if (input.step === 3 || input.step === 2 || input.step === 8)
    await rescoreEnterprise(trx, c.enterpriseId, now, actor.userId, '理赔案件变化');
  await notifyClaimStep(trx, actor, c.id, input, c, now);
  return resVersion;
}

/** The enterprise rates a closed claim once (理赔满意度, 1-5 with a comment). */
export async function rateClaim(
  trx: Tx,
  actor: Actor,
  input: { id: number; version: number; score: number; comment: string },
  now: Date,
): Promise<number> {
  // List totals change with this write: dropped when the transaction commits.
  countsChanged(trx);
  if (actor.kind !== 'enterprise') throw forbidden('理赔满意度由投保企业评价');
  const c = await claimScope(
    trx.selectFrom('insClaim as c').select(['c.id', 'c.phase', 'c.version', 'c.satisfaction']),
    actor,
  )
    .where('c.id', '=', input.id)
    .executeTakeFirst();
  if (!c) throw notFound('理赔案件不存在');
  assertVersion(c, input.version);
  if (c.phase !== 'closed') throw conflict('结案后才能评价理赔满意度');
  if (c.satisfaction !== null) throw conflict('该案件已评价');
  const resVersion = await updateVersioned(
    trx,
    'insClaim',
    { id: c.id, version: input.version },
    {
      satisfaction: input.score,
      satisfactionComment: input.comment,
      satisfactionAt: now,
      updatedAt: now,
      updatedBy: actor.userId,
    },
  );
  await notifyClaimRated(trx, actor, c.id, input, now);
  return resVersion;
}

/** Portal figures for the current calendar year: claims reported, and money paid (advances + payouts). */
