/**
 * Endorsement writes and their rules: the application (what may change, the roster checks), review,
 * withdrawal and taking effect on the effective date (a new policy version), inside the caller's
 * transaction. Reads are in endorsement.repo.ts.
 */
import {
  chinaDate,
  ENDORSEMENT_STATUS,
  type EndorsementInput,
  type EndorsementStatus,
  type EndorsementType,
  maskIdCard,
  openEndorsementMessage,
  optionLabel,
  periodOverlapMessage,
} from '@aqzrx/contracts';
import type { Db, Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { blindIndex, encryptPii } from '../../platform/pii.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { assertVersion, bumpVersion, updateVersioned } from '../../platform/versioned.ts';
import { type Actor, assertInfoComplete, dateText, rescoreEnterprise } from '../enterprise/index.ts';
import {
  applyRoster,
  currentPersonHashes,
  nextNumber,
  notifyPolicy,
  overlapping,
  policyFigures,
  policyTransition,
  type RosterRow,
  snapshotPolicy,
} from '../policy/index.ts';
import {
  approvalAction,
  type EndorsablePolicy,
  endorsementTransition,
  planEndorsement,
  type RosterCheck,
} from './endorsement.machine.ts';
import { endorsementScope } from './endorsement.repo.ts';
import { notifyEndorsement } from './notices.ts';

async function loadPolicy(db: Db, id: number) {
  const p = await db
    .selectFrom('insPolicy as p')
    .leftJoin('insEnterprise as e', 'e.id', 'p.enterpriseId')
    .select([
      'p.id',
      'p.status',
      'p.version',
      'p.enterpriseId',
      'p.insurerId',
      'p.headcount',
      'p.holderName',
      'p.address',
      'p.wsIndustryCode',
      'p.gbIndustryCode',
      'p.perPersonLimit',
      'p.medicalLimit',
      'p.premium',
      'p.benchmarkRate',
      'p.preventionFeePct',
      dateText('p.startDate').as('startDate'),
      dateText('p.endDate').as('endDate'),
      'e.operatingStatus',
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!p) throw notFound('保单不存在');
  return p;
}

function endorsable(p: Awaited<ReturnType<typeof loadPolicy>>): EndorsablePolicy {
  return {
    headcount: p.headcount,
    holderName: p.holderName,
    address: p.address,
    wsIndustryCode: p.wsIndustryCode,
    gbIndustryCode: p.gbIndustryCode,
    perPersonLimit: Number(p.perPersonLimit),
    medicalLimit: Number(p.medicalLimit),
    startDate: p.startDate,
    endDate: p.endDate,
    premium: Number(p.premium),
  };
}

/**
 * Every rule of an endorsement against the policy as it is now: the type's rules (planEndorsement, with
 * the application day as reference) and, for a period change, no overlap with the enterprise's other
 * submitted or issued policies. One check for the application and for the approval and the effective
 * date, so what the enterprise was allowed to apply for is what the insurer can approve.
 */
async function checkEndorsement(
  db: Db,
  p: Awaited<ReturnType<typeof loadPolicy>>,
  en: {
    type: EndorsementType;
    change: EndorsementInput['change'];
    premiumDelta: number;
    effectiveDate: string;
    appliedOn: string;
  },
  roster: RosterCheck[] | undefined,
  ctx: { minPerPersonLimit: number },
): Promise<ReturnType<typeof planEndorsement>> {
  const plan = planEndorsement(en.type, en.change, en.premiumDelta, en.effectiveDate, endorsable(p), {
    minPerPersonLimit: ctx.minPerPersonLimit,
    operatingStatus: p.operatingStatus ?? 1,
    appliedOn: en.appliedOn,
    roster,
  });
  const { startDate, endDate } = plan.after;
  if (en.type === '06' && startDate && endDate && startDate <= endDate) {
    const clash = await overlapping(db, p.enterpriseId, p.id, startDate, endDate, ['submitted', 'approved']);
    if (clash) plan.problems.push(periodOverlapMessage(clash));
  }
  return plan;
}

/** The enterprise applies for an endorsement of one of its issued, unexpired policies. */
export async function applyEndorsement(
  trx: Tx,
  actor: Actor,
  input: EndorsementInput,
  ctx: { minPerPersonLimit: number },
  now: Date,
): Promise<number> {
  if (actor.kind !== 'enterprise') throw forbidden('批改由投保企业申请');
  const p = await loadPolicy(trx, input.policyId);
  if (p.enterpriseId !== actor.orgId) throw notFound('保单不存在');
  await assertInfoComplete(trx, actor, actor.orgId, '申请批改');
  if (p.status !== 'approved' || p.endDate < chinaDate(now))
    throw conflict('只有已出单且未到期的保单可以申请批改');
  assertVersion(p, input.policyVersion);
  // One open endorsement per policy: applied (under review) or approved and waiting for its date (it was
  // checked against the policy version it will change).
  const pending = await trx
    .selectFrom('insEndorsement')
    .select(['endorsementNo', 'status', dateText('effectiveDate').as('effectiveDate')])
    .where('policyId', '=', p.id)
    .where('status', 'in', ['applied', 'awaiting'])
    .executeTakeFirst();
  if (pending) throw conflict(openEndorsementMessage(pending));
  const roster: RosterRow[] | undefined = input.change.roster?.map((r) => ({
    direction: r.direction,
    name: r.name,
    idType: r.idType,
    idNoEnc: encryptPii(r.idNo),
    idNoHash: blindIndex(r.idNo),
    idNoMask: maskIdCard(r.idNo),
    position: r.position,
  }));
  const plan = await checkEndorsement(
    trx,
    p,
    { ...input, appliedOn: chinaDate(now) },
    roster && (await rosterChecks(trx, p.id, roster)),
    ctx,
  );
  if (plan.problems.length) throw badRequest(plan.problems.join('；'), { problems: plan.problems });
  const row = await trx
    .insertInto('insEndorsement')
    .values({
      endorsementNo: await nextNumber(trx, 'PG', now),
      policyId: p.id,
      enterpriseId: p.enterpriseId,
      insurerId: p.insurerId,
      type: input.type,
      reason: input.reason,
      effectiveDate: input.effectiveDate,
      change: JSON.stringify(storedChange(input.change, roster, plan.after.headcount)),
      before: JSON.stringify(plan.before),
      after: JSON.stringify(plan.after),
      premiumDelta: input.premiumDelta,
      attachments: JSON.stringify(input.attachments),
      status: 'applied',
      policyVersion: p.version,
      appliedBy: actor.userId,
      appliedAt: now,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (roster?.length)
    await trx
      .insertInto('insEndorsementPerson')
      .values(roster.map((r, sort) => ({ ...r, endorsementId: row.id, sort })))
      .execute();
  await notifyEndorsement(trx, 'endorsement.applied', row.id, { now, actorId: actor.userId });
  return row.id;
}

/** Each roster line with whether its person is on the policy now (by blind index). */
async function rosterChecks(db: Db, policyId: number, roster: RosterRow[]): Promise<RosterCheck[]> {
  const on = await currentPersonHashes(
    db,
    policyId,
    roster.map((r) => r.idNoHash),
  );
  return roster.map((r) => ({
    direction: r.direction,
    name: r.name,
    idNoMask: r.idNoMask,
    onPolicy: on.has(r.idNoHash),
  }));
}

/**
 * The change as stored: the roster itself lives in ins_endorsement_person (ID numbers encrypted), the
 * JSON keeps its names (personsIn/personsOut, as earlier clients sent them) and the resulting headcount.
 */
function storedChange(
  change: EndorsementInput['change'],
  roster: RosterRow[] | undefined,
  headcount: number | undefined,
): Record<string, unknown> {
  if (!roster) return change;
  const { roster: _omit, ...rest } = change;
  const names = (d: 'in' | 'out') => roster.filter((r) => r.direction === d).map((r) => r.name);
  return {
    ...rest,
    ...(headcount !== undefined ? { headcount } : {}),
    ...(names('in').length ? { personsIn: names('in') } : {}),
    ...(names('out').length ? { personsOut: names('out') } : {}),
  };
}

type ReviewedRow = {
  id: number;
  policyId: number;
  type: string;
  change: Record<string, unknown>;
  premiumDelta: string;
  reason: string;
  policyVersion: number;
  effectiveDate: string;
  appliedAt: Date;
};

const reviewColumns = [
  'en.id',
  'en.status',
  'en.version',
  'en.policyId',
  'en.insurerId',
  'en.type',
  'en.change',
  'en.premiumDelta',
  'en.reason',
  'en.policyVersion',
  'en.reviewedBy',
  'en.reviewRemark',
  'en.appliedAt',
  dateText('en.effectiveDate').as('effectiveDate'),
] as const;

/** A checked change, ready to be written to the policy. */
interface PreparedChange {
  policy: Awaited<ReturnType<typeof loadPolicy>>;
  plan: ReturnType<typeof planEndorsement>;
  roster: RosterRow[];
}

/**
 * Checks an endorsement against the policy as it is now (locked): the policy must still be the version
 * the enterprise applied against and in force, and the change must still pass checkEndorsement (the same
 * rules as at application). Returns the problems, or the prepared change.
 */
async function prepareChange(
  trx: Tx,
  en: ReviewedRow,
  ctx: { minPerPersonLimit: number },
): Promise<{ problems: string[] } | PreparedChange> {
  await trx.selectFrom('insPolicy').select('id').where('id', '=', en.policyId).forUpdate().execute();
  const p = await loadPolicy(trx, en.policyId);
  if (p.version !== en.policyVersion)
    return { problems: ['保单在申请后已发生变更，请退回该批改，由企业按最新保单重新申请'] };
  if (p.status !== 'approved') return { problems: ['保单已不在保障状态，不能批改'] };
  const type = en.type as EndorsementType;
  const roster = await trx
    .selectFrom('insEndorsementPerson')
    .select(['direction', 'name', 'idType', 'idNoEnc', 'idNoHash', 'idNoMask', 'position'])
    .where('endorsementId', '=', en.id)
    .orderBy('sort')
    .execute();
  // The enterprise's other policies may have changed since the application: the overlap is checked again.
  await trx.selectFrom('sysOrg').select('id').where('id', '=', p.enterpriseId).forUpdate().execute();
  const plan = await checkEndorsement(
    trx,
    p,
    {
      type,
      change: en.change,
      premiumDelta: Number(en.premiumDelta),
      effectiveDate: en.effectiveDate,
      appliedOn: chinaDate(en.appliedAt),
    },
    roster.length ? await rosterChecks(trx, p.id, roster) : undefined,
    ctx,
  );
  if (plan.problems.length) return { problems: plan.problems };
  if (plan.after.status === 'cancelled' && !policyTransition('approved', 'cancel'))
    return { problems: ['保单不能注销'] };
  return { policy: p, plan, roster };
}

/**
 * Writes a prepared change to the policy: the roster, the new values (or the cancellation dated the
 * effective date), the version goes up and a snapshot of the new state is kept next to the earlier ones;
 * the enterprise is rescored when the headcount or the cover changed. Returns the new policy version.
 */
async function applyChange(
  trx: Tx,
  en: ReviewedRow,
  { policy: p, plan, roster }: PreparedChange,
  userId: number | null,
  now: Date,
): Promise<number> {
  const a = plan.after;
  const perPerson = a.perPersonLimit ?? Number(p.perPersonLimit);
  const headcount = a.headcount ?? p.headcount;
  const premium = a.premium ?? Number(p.premium);
  const factors = await trx
    .selectFrom('insPolicyFactor')
    .select(['pct'])
    .where('policyId', '=', p.id)
    .execute();
  const fig = policyFigures({
    perPersonLimit: perPerson,
    headcount,
    benchmarkRate: Number(p.benchmarkRate),
    factors: factors.map((f) => ({ pct: Number(f.pct) })),
    premium,
    preventionFeePct: Number(p.preventionFeePct),
  });
  // The state before the first endorsement stays readable even for policies issued before snapshots.
  await snapshotPolicy(trx, p.id, 'issue', null, userId, now);
  const cancel = a.status === 'cancelled';
  if (roster.length) await applyRoster(trx, p.id, en.id, en.effectiveDate, roster, userId, now);
  await updateVersioned(
    trx,
    'insPolicy',
    p,
    {
      headcount,
      perPersonLimit: perPerson,
      medicalLimit: a.medicalLimit ?? Number(p.medicalLimit),
      perAccidentLimit: fig.perAccidentLimit,
      premiumCalc: fig.premiumCalc,
      premium,
      preventionFee: fig.preventionFee,
      holderName: a.holderName ?? p.holderName,
      address: a.address ?? p.address,
      wsIndustryCode: a.wsIndustryCode ?? p.wsIndustryCode,
      gbIndustryCode: a.gbIndustryCode ?? p.gbIndustryCode,
      startDate: a.startDate ?? p.startDate,
      endDate: a.endDate ?? p.endDate,
      ...(cancel
        ? { status: 'cancelled' as const, cancelledOn: en.effectiveDate, cancelReason: en.reason }
        : {}),
      updatedAt: now,
      updatedBy: userId,
    },
    { stale: () => conflict('保单在申请后已发生变更，请退回该批改，由企业按最新保单重新申请') },
  );
  const policyVersion = await snapshotPolicy(trx, p.id, 'endorse', en.id, userId, now);
  if (cancel)
    await notifyPolicy(
      trx,
      'policy.cancelled',
      p.id,
      { now, actorId: userId },
      `注销日期 ${en.effectiveDate}，原因：${en.reason}。`,
    );
  if (cancel || a.headcount !== undefined || a.startDate !== undefined || a.endDate !== undefined)
    await rescoreEnterprise(trx, p.enterpriseId, now, userId, cancel ? '保单注销' : '保单批改');
  return policyVersion;
}

/**
 * The lead insurer reviews an applied endorsement. Approval checks the change against the current policy
 * and then, when the effective date has come (today or earlier), applies it at once: the policy's version
 * goes up and a snapshot of the new state is kept next to the earlier ones, all in this one transaction.
 * An effective date in the future leaves the policy unchanged: the endorsement waits (awaiting) and the
 * daily job applies it on that date (applyDueEndorsements). Returning needs a reason.
 */
export async function reviewEndorsement(
  trx: Tx,
  actor: Actor,
  input: { id: number; version: number; approve: boolean; remark: string },
  ctx: { minPerPersonLimit: number },
  now: Date,
): Promise<{
  version: number;
  policyVersion: number | null;
  status: EndorsementStatus;
  effectiveDate: string;
}> {
  // List totals change with this write: dropped when the transaction commits.
  countsChanged(trx);
  const en = await endorsementScope(trx.selectFrom('insEndorsement as en').select([...reviewColumns]), actor)
    .where('en.id', '=', input.id)
    .forUpdate()
    .executeTakeFirst();
  if (!en) throw notFound('批改申请不存在');
  assertVersion(en, input.version);
  if (!(actor.kind === 'insurer' && actor.orgId === en.insurerId))
    throw forbidden('只有出单（主承）保险机构可以审核批改');
  const action = input.approve ? approvalAction(en.effectiveDate, chinaDate(now)) : 'return';
  const next = endorsementTransition(en.status, action);
  if (!next) throw conflict('该批改申请已审核，不能重复审核');
  if (!input.approve && !input.remark) throw badRequest('退回须填写原因');
  let policyVersion: number | null = null;
  if (input.approve) {
    const prepared = await prepareChange(trx, en, ctx);
    if ('problems' in prepared) throw conflict(prepared.problems.join('；'));
    if (action === 'approve') policyVersion = await applyChange(trx, en, prepared, actor.userId, now);
  }
  const resVersion = await updateVersioned(
    trx,
    'insEndorsement',
    { id: en.id, version: input.version },
    {
      status: next,
      reviewedBy: actor.userId,
      reviewedAt: now,
      reviewRemark: input.remark,
      updatedAt: now,
      updatedBy: actor.userId,
    },
  );
  await notifyEndorsement(
    trx,
    input.approve ? 'endorsement.approved' : 'endorsement.returned',
    en.id,
    { now, actorId: actor.userId },
    !input.approve
      ? input.remark
      : next === 'awaiting'
        ? `批改将于 ${en.effectiveDate} 生效，届时保单生成新版本。`
        : '批改已生效，保单已生成新版本。',
  );
  return { version: resVersion, policyVersion, status: next, effectiveDate: en.effectiveDate };
}

/**
 * The enterprise withdraws (撤回) its own application while it waits for review: the application ends
 * (withdrawn) and the policy is free for another one. Once the insurer has reviewed it, it cannot be
 * withdrawn.
 */
export async function withdrawEndorsement(
  trx: Tx,
  actor: Actor,
  input: { id: number; version: number },
  now: Date,
): Promise<{ version: number; status: EndorsementStatus }> {
  if (actor.kind !== 'enterprise') throw forbidden('只有申请批改的企业可以撤回申请');
  const en = await endorsementScope(
    trx.selectFrom('insEndorsement as en').select(['en.id', 'en.status', 'en.version', 'en.endorsementNo']),
    actor,
  )
    .where('en.id', '=', input.id)
    .forUpdate()
    .executeTakeFirst();
  if (!en) throw notFound('批改申请不存在');
  assertVersion(en, input.version);
  const next = endorsementTransition(en.status, 'withdraw');
  if (!next)
    throw conflict(
      `批改申请 ${en.endorsementNo} 已${optionLabel(ENDORSEMENT_STATUS, en.status)}，只有待审核的申请可以撤回`,
    );
  const resVersion = await updateVersioned(
    trx,
    'insEndorsement',
    { id: en.id, version: input.version },
    { status: next, updatedAt: now, updatedBy: actor.userId },
  );
  await notifyEndorsement(trx, 'endorsement.withdrawn', en.id, { now, actorId: actor.userId });
  return { version: resVersion, status: next };
}

/** What one endorsement's due date did: applied, lapsed (with the reason), or nothing (already handled). */
export type DueOutcome =
  | { id: number; outcome: 'applied'; policyVersion: number }
  | { id: number; outcome: 'lapsed'; problems: string[] }
  | { id: number; outcome: 'skipped' };

/**
 * Applies one waiting endorsement whose effective date has come, in the caller's transaction, through the
 * same checks and versioned snapshot as an approval on the day; the reviewer who approved it is recorded
 * as the one who changed the policy. When the policy no longer allows the change it lapses to returned,
 * with the reason added to the review remark so the enterprise sees why.
 */
export async function takeEffect(
  trx: Tx,
  id: number,
  ctx: { minPerPersonLimit: number },
  now: Date,
): Promise<DueOutcome> {
  // List totals change with this write: dropped when the transaction commits.
  countsChanged(trx);
  const en = await trx
    .selectFrom('insEndorsement as en')
    .select([...reviewColumns])
    .where('en.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!en || en.effectiveDate > chinaDate(now)) return { id, outcome: 'skipped' };
  const prepared = endorsementTransition(en.status, 'takeEffect') ? await prepareChange(trx, en, ctx) : null;
  if (!prepared) return { id, outcome: 'skipped' };
  if ('problems' in prepared) {
    const note = `到期未能生效：${prepared.problems.join('；')}`;
    await bumpVersion(trx, 'insEndorsement', id, {
      status: endorsementTransition(en.status, 'lapse')!,
      reviewRemark: (en.reviewRemark ? `${en.reviewRemark}；${note}` : note).slice(0, 500),
      updatedAt: now,
    });
    await notifyEndorsement(
      trx,
      'endorsement.lapsed',
      id,
      { now, actorId: null },
      prepared.problems.join('；'),
    );
    return { id, outcome: 'lapsed', problems: prepared.problems };
  }
  const policyVersion = await applyChange(trx, en, prepared, en.reviewedBy, now);
  await bumpVersion(trx, 'insEndorsement', id, {
    status: endorsementTransition(en.status, 'takeEffect')!,
    updatedAt: now,
  });
  await notifyEndorsement(
    trx,
    'endorsement.effective',
    id,
    { now, actorId: null },
    `生效日期 ${en.effectiveDate}。`,
  );
  return { id, outcome: 'applied', policyVersion };
}

/**
 * The daily job's endorsement step: every waiting endorsement whose effective date is today or earlier,
 * oldest date first, each in its own transaction (one that cannot be applied does not hold up the rest).
 */
export async function applyDueEndorsements(
  db: Db,
  ctx: { minPerPersonLimit: number },
  now: Date,
  opts: { signal?: AbortSignal; onError?: (id: number, err: unknown) => void } = {},
): Promise<DueOutcome[]> {
  const due = await db
    .selectFrom('insEndorsement')
    .select('id')
    .where('status', '=', 'awaiting')
    .where('effectiveDate', '<=', chinaDate(now))
    .orderBy('effectiveDate')
    .orderBy('id')
    .execute();
  const out: DueOutcome[] = [];
  for (const { id } of due) {
    if (opts.signal?.aborted) break;
    try {
      out.push(await inTransaction(db, (trx) => takeEffect(trx, id, ctx, now)));
    } catch (err) {
      opts.onError?.(id, err);
    }
  }
  return out;
}
