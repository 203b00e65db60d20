/**
 * Policy writes and their rules: create, edit, submit and review (the state machine's checks, the terms
 * and full-cover rules, notifications), each inside the caller's transaction. Reads are in policy.repo.ts.
 */
import {
  chinaDate,
  optionLabel,
  POLICY_STATES,
  type PolicyDraftField,
  type PolicyDraftInput,
  type PolicyPricingInput,
  type PolicySide,
  type PolicyStatus,
  policyDraftMissing,
  policyIncompleteMessage,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { assertVersion, updateVersioned } from '../../platform/versioned.ts';
import { type Actor, assertInfoComplete, dateText, rescoreEnterprise } from '../enterprise/index.ts';
import { notifyPolicy } from './notices.ts';
import {
  actorRef,
  mayAct,
  normaliseCoinsurers,
  type PolicySettings,
  type PolicyTerms,
  periodProblems,
  policyFigures,
  policyTermProblems,
  policyTransition,
} from './policy.machine.ts';
import { fullCoverProblem, policyScope } from './policy.repo.ts';
import { snapshotPolicy } from './policy.versions.ts';
import { issuePricing, writeFactors } from './pricing.ts';

// ---------------------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------------------

export async function nextNumber(db: Db, prefix: string, now: Date): Promise<string> {
  const row = await sql<{ n: number }>`SELECT nextval('ins_no_seq')::int AS n`.execute(db);
  const day = chinaDate(now).replace(/-/g, '');
  return `${prefix}${day}${String(row.rows[0]!.n).padStart(8, '0')}`;
}

interface EnterpriseSnapshot {
  id: number;
  name: string;
  uscc: string | null;
  districtCode: string | null;
  address: string | null;
  wsIndustryCode: string | null;
  gbIndustryCode: string | null;
  employees: number | null;
  operatingStatus: number | null;
}

/**
 * Live enterprises with what a policy row copies from them (name, USCC, district, address, industries,
 * employees, operating status); callers add the condition that picks one (by id, by USCC).
 */
export function enterpriseSnapshots(db: Db) {
  return db
    .selectFrom('sysOrg as o')
    .leftJoin('insEnterprise as e', 'e.id', 'o.id')
    .select([
      'o.id',
      'o.name',
      'o.uscc',
      'o.districtCode',
      'e.address',
      'e.wsIndustryCode',
      'e.gbIndustryCode',
      'e.employees',
      'e.operatingStatus',
    ])
    .where('o.orgType', '=', 'enterprise')
    .where('o.deletedAt', 'is', null);
}

async function loadEnterprise(db: Db, id: number): Promise<EnterpriseSnapshot> {
  const e = await enterpriseSnapshots(db).where('o.id', '=', id).executeTakeFirst();
  if (!e) throw badRequest('投保企业不存在，请检查企业');
  return e;
}

async function assertInsurers(db: Db, ids: number[]): Promise<void> {
  const found = await db
    .selectFrom('sysOrg')
    .select('id')
    .where('id', 'in', ids)
    .where('orgType', '=', 'insurer')
    .where('deletedAt', 'is', null)
    .execute();
  if (found.length !== new Set(ids).size) throw badRequest('保险机构不存在，请重新选择主承或共保机构');
}

/** The terms of a form's values; a value a draft leaves empty counts as 0 (its stored placeholder). */
function termsOf(input: PolicyDraftInput) {
  return {
    startDate: input.startDate,
    endDate: input.endDate,
    headcount: input.headcount ?? 0,
    perPersonLimit: input.perPersonLimit ?? 0,
    medicalLimit: input.medicalLimit,
    benchmarkRate: input.benchmarkRate ?? 0,
    factors: input.factors,
    premium: input.premium ?? 0,
    coinsurers: input.coinsurers,
    preventionFeePct: input.preventionFeePct ?? 0,
    serviceItems: input.serviceItems,
    serviceItemOther: input.serviceItemOther,
  };
}

/** Every rule of a complete policy (the terms), 400 with all problems named. */
function checkTerms(terms: PolicyTerms, leadId: number, settings: PolicySettings): void {
  const problems = policyTermProblems(terms, leadId, settings);
  if (problems.length) throw badRequest(problems.join('；'), { problems });
}

/**
 * What a draft needs to be saved: what identifies it (the parties, checked by the caller, and a valid
 * period, which the table requires); everything else is checked when it is submitted.
 */
function checkDraft(input: PolicyDraftInput): void {
  const problems = periodProblems(input.startDate, input.endDate);
  if (problems.length) throw badRequest(problems.join('；'), { problems });
}

function policyValues(input: PolicyDraftInput, ent: EnterpriseSnapshot, side: PolicySide) {
  const t = termsOf(input);
  const f = policyFigures(t);
  return {
    holderName: ent.name,
    holderUscc: ent.uscc ?? '',
    districtCode: ent.districtCode ?? '',
    address: ent.address ?? '',
    wsIndustryCode: ent.wsIndustryCode ?? '',
    gbIndustryCode: ent.gbIndustryCode ?? '',
    isRenewal: input.isRenewal,
    startDate: input.startDate,
    endDate: input.endDate,
    signDate: input.signDate ?? null,
    headcount: t.headcount,
    perPersonLimit: t.perPersonLimit,
    medicalLimit: t.medicalLimit,
    perAccidentLimit: f.perAccidentLimit,
    benchmarkRate: t.benchmarkRate,
    floatPct: f.floatPct,
    premiumCalc: f.premiumCalc,
    premium: t.premium,
    preventionFeePct: t.preventionFeePct,
    preventionFee: f.preventionFee,
    preventionFrequency: input.preventionFrequency ?? 0,
    serviceItems: JSON.stringify(input.serviceItems),
    serviceItemOther: input.serviceItemOther,
    attachments: JSON.stringify(input.attachments),
    remark: input.remark,
    draftMissing: JSON.stringify(policyDraftMissing(input, side)),
  };
}

async function writeChildren(
  trx: Tx,
  policyId: number,
  leadId: number,
  input: PolicyDraftInput,
): Promise<void> {
  await trx.deleteFrom('insPolicyCoinsurer').where('policyId', '=', policyId).execute();
  await trx.deleteFrom('insPolicyFactor').where('policyId', '=', policyId).execute();
  const co = normaliseCoinsurers(leadId, input.coinsurers);
  await trx
    .insertInto('insPolicyCoinsurer')
    .values(co.map((c) => ({ policyId, insurerId: c.insurerId, role: c.role, share: c.share })))
    .execute();
  if (input.factors.length)
    await trx
      .insertInto('insPolicyFactor')
      .values(
        input.factors.map((f, i) => ({ policyId, code: f.code, pct: f.pct, reason: f.reason, sort: i })),
      )
      .execute();
}

/** The parties of a new policy from the actor: an enterprise applies for itself, an insurer enters as lead. */
function parties(
  actor: Actor,
  input: PolicyDraftInput,
): { enterpriseId: number; insurerId: number; side: PolicySide } {
  if (actor.kind === 'enterprise') {
    if (!input.insurerId) throw badRequest('请选择出单（主承）保险机构 insurerId');
    return { enterpriseId: actor.orgId, insurerId: input.insurerId, side: 'enterprise' };
  }
  if (actor.kind === 'insurer') {
    if (!input.enterpriseId) throw badRequest('请选择投保企业 enterpriseId');
    return { enterpriseId: input.enterpriseId, insurerId: actor.orgId, side: 'insurer' };
  }
  throw forbidden('只有企业或保险机构可以录入保单');
}

/**
 * A new draft, or with `submit` a new application submitted at once. A draft needs only what identifies
 * it (checkDraft); submitting checks every rule (the caller's schema has checked that nothing is missing,
 * the terms are checked first here, and submitPolicy checks the stored policy again with the context).
 */
export async function createPolicy(
  trx: Tx,
  actor: Actor,
  input: PolicyDraftInput,
  submit: boolean,
  settings: PolicySettings,
  now: Date,
): Promise<number> {
  // List totals change with this write: dropped when the transaction commits.
  countsChanged(trx);
  const { enterpriseId, insurerId, side } = parties(actor, input);
  checkDraft(input);
  if (submit) checkTerms(termsOf(input), insurerId, settings);
  await assertInsurers(trx, [insurerId, ...input.coinsurers.map((c) => c.insurerId)]);
  const ent = await loadEnterprise(trx, enterpriseId);
  await assertInfoComplete(trx, actor, enterpriseId, applying(actor, '录入保单'));
  const applicationNo = await nextNumber(trx, 'TB', now);
  const row = await trx
    .insertInto('insPolicy')
    .values({
      applicationNo,
      policyNo: null,
      enterpriseId,
      insurerId,
      enteredBy: side,
      status: 'draft',
      ...policyValues(input, ent, side),
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  await writeChildren(trx, row.id, insurerId, input);
  if (submit) await submitPolicy(trx, actor, row.id, row.version, settings, now);
  return row.id;
}

/** Saves a draft or rejected policy as a draft (incomplete allowed, checkDraft); submitting is separate. */
export async function editPolicy(
  trx: Tx,
  actor: Actor,
  id: number,
  version: number,
  input: PolicyDraftInput,
  now: Date,
): Promise<number> {
  // List totals change with this write: dropped when the transaction commits.
  countsChanged(trx);
  const cur = await lockPolicy(trx, actor, id);
  assertVersion(cur, version);
  const next = policyTransition(cur.status, 'edit');
  if (!next || !mayAct('edit', actorRef(actor), cur))
    throw conflict(`${stateName(cur.status)}的保单不能修改`);
  await assertInfoComplete(trx, actor, cur.enterpriseId, applying(actor, '修改保单'));
  checkDraft(input);
  await assertInsurers(trx, [cur.insurerId, ...input.coinsurers.map((c) => c.insurerId)]);
  const ent = await loadEnterprise(trx, cur.enterpriseId);
  const resVersion = await updateVersioned(
    trx,
    'insPolicy',
    { id: id, version: version },
    {
      ...policyValues(input, ent, cur.enteredBy),
      status: next,
      updatedAt: now,
      updatedBy: actor.userId,
    },
  );
  await writeChildren(trx, id, cur.insurerId, input);
  return resVersion;
}

/** What the status-3 refusal names: an enterprise applies (投保); an insurer enters, edits, submits. */
const applying = (actor: Actor, insurerDoing: string) =>
  actor.kind === 'enterprise' ? '投保' : insurerDoing;

const stateName = (s: PolicyStatus) => optionLabel(POLICY_STATES, s === 'approved' ? 'active' : s) || s;

async function lockPolicy(trx: Tx, actor: Actor, id: number) {
  const row = await policyScope(
    trx
      .selectFrom('insPolicy as p')
      .select([
        'p.id',
        'p.status',
        'p.version',
        'p.enterpriseId',
        'p.insurerId',
        'p.enteredBy',
        'p.headcount',
        'p.policyNo',
        dateText('p.startDate').as('startDate'),
        dateText('p.endDate').as('endDate'),
      ]),
    actor,
  )
    .where('p.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('保单不存在');
  return row;
}

/** Another policy of the enterprise overlapping [start, end] in one of the given statuses. */
export async function overlapping(
  db: Db,
  enterpriseId: number,
  exceptId: number,
  start: string,
  end: string,
  statuses: PolicyStatus[],
): Promise<string | undefined> {
  const row = await db
    .selectFrom('insPolicy')
    .select(['policyNo', 'applicationNo', dateText('startDate').as('s'), dateText('endDate').as('e')])
    .where('enterpriseId', '=', enterpriseId)
    .where('id', '!=', exceptId)
    .where('status', 'in', statuses)
    .where('startDate', '<=', end)
    .where('endDate', '>=', start)
    .executeTakeFirst();
  return row ? `${row.policyNo ?? row.applicationNo}（${row.s} 至 ${row.e}）` : undefined;
}

/**
 * Submit for review. The stored policy must be complete (a draft may have been saved without some
 * values) and pass every term (policyTermProblems), 400 naming what to fix; then the context rules
 * (domain 3.2), 409: all employees insured (headcount = employees), no overlapping submitted or issued
 * policy of the enterprise, an operating enterprise, and for an enterprise's own application a start date
 * not before today.
 */
export async function submitPolicy(
  trx: Tx,
  actor: Actor,
  id: number,
  version: number,
  settings: PolicySettings,
  now: Date,
): Promise<number> {
  // List totals change with this write: dropped when the transaction commits.
  countsChanged(trx);
  const cur = await lockPolicy(trx, actor, id);
  assertVersion(cur, version);
  if (!policyTransition(cur.status, 'submit') || !mayAct('submit', actorRef(actor), cur))
    throw conflict(`${stateName(cur.status)}的保单不能提交审核`);
  await assertInfoComplete(trx, actor, cur.enterpriseId, applying(actor, '提交保单'));
  await checkStoredTerms(trx, id, cur.insurerId, settings);
  // Serialise per enterprise so two submissions cannot both pass the overlap check.
  await trx.selectFrom('sysOrg').select('id').where('id', '=', cur.enterpriseId).forUpdate().execute();
  const ent = await loadEnterprise(trx, cur.enterpriseId);
  const problems: string[] = [];
  if (ent.operatingStatus !== null && ent.operatingStatus !== 1)
    problems.push('企业非正常经营状态，不能投保');
  const cover = fullCoverProblem(cur.headcount, ent.employees);
  if (cover) problems.push(cover);
  if (cur.enteredBy === 'enterprise' && cur.startDate < chinaDate(now)) problems.push('保险起期不能早于今天');
  const clash = await overlapping(trx, cur.enterpriseId, id, cur.startDate, cur.endDate, [
    'submitted',
    'approved',
  ]);
  if (clash) problems.push(`保险期间与该企业已有保单重叠：${clash}`);
  if (problems.length) throw conflict(problems.join('；'));
  const resVersion = await updateVersioned(
    trx,
    'insPolicy',
    { id: id, version: version },
    {
      status: 'submitted',
      submittedAt: now,
      updatedAt: now,
      updatedBy: actor.userId,
    },
  );
  await notifyPolicy(trx, 'policy.submitted', id, { now, actorId: actor.userId });
  return resVersion;
}

/** Completeness and every term of a stored policy (its row, co-insurers and factors), 400 when not met. */
async function checkStoredTerms(trx: Tx, id: number, leadId: number, settings: PolicySettings) {
  const [p, coinsurers, factors] = await Promise.all([
    trx
      .selectFrom('insPolicy')
      .select([
        dateText('startDate').as('startDate'),
        dateText('endDate').as('endDate'),
        'headcount',
        'perPersonLimit',
        'medicalLimit',
        'benchmarkRate',
        'premium',
        'preventionFeePct',
        'serviceItems',
        'serviceItemOther',
        'draftMissing',
      ])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('insPolicyCoinsurer')
      .select(['insurerId', 'role', 'share'])
      .where('policyId', '=', id)
      .execute(),
    trx.selectFrom('insPolicyFactor').select(['code', 'pct', 'reason']).where('policyId', '=', id).execute(),
  ]);
  const missing = p.draftMissing as PolicyDraftField[];
  if (missing.length) {
    const message = policyIncompleteMessage(missing);
    throw badRequest(message, { problems: [message], missing });
  }
  checkTerms(
    {
      startDate: p.startDate,
      endDate: p.endDate,
      headcount: p.headcount,
      perPersonLimit: Number(p.perPersonLimit),
      medicalLimit: Number(p.medicalLimit),
      benchmarkRate: Number(p.benchmarkRate),
      factors: factors.map((f) => ({ ...f, pct: Number(f.pct) })),
      premium: Number(p.premium),
      coinsurers: coinsurers.map((c) => ({ ...c, share: Number(c.share) })),
      preventionFeePct: Number(p.preventionFeePct),
      serviceItems: p.serviceItems,
      serviceItemOther: p.serviceItemOther,
    },
    leadId,
    settings,
  );
}

/**
 * The lead insurer issues (approve, with the policy number and its pricing: issuePricing) or rejects a
 * submitted policy.
 */
export async function reviewPolicy(
  trx: Tx,
  actor: Actor,
  input: {
    id: number;
    version: number;
    approve: boolean;
    policyNo?: string | undefined;
    remark: string;
  } & PolicyPricingInput,
  now: Date,
): Promise<number> {
  // List totals change with this write: dropped when the transaction commits.
  countsChanged(trx);
  const cur = await lockPolicy(trx, actor, input.id);
  assertVersion(cur, input.version);
  const action = input.approve ? 'approve' : 'reject';
  if (!mayAct(action, actorRef(actor), cur)) throw forbidden('只有出单（主承）保险机构可以审核该保单');
  if (!policyTransition(cur.status, action)) throw conflict(`${stateName(cur.status)}的保单不能审核`);
  let policyNo = cur.policyNo;
  let priced: Awaited<ReturnType<typeof issuePricing>> | undefined;
  if (input.approve) {
    policyNo = input.policyNo ?? cur.policyNo;
    if (!policyNo) throw badRequest('审核通过须填写保单号');
    priced = await issuePricing(trx, input.id, input);
    const dup = await trx
      .selectFrom('insPolicy')
      .select('id')
      .where('policyNo', '=', policyNo)
      .where('id', '!=', input.id)
      .executeTakeFirst();
    if (dup) throw conflict(`保单号 ${policyNo} 已存在，请核对`);
    await trx.selectFrom('sysOrg').select('id').where('id', '=', cur.enterpriseId).forUpdate().execute();
    const clash = await overlapping(trx, cur.enterpriseId, input.id, cur.startDate, cur.endDate, [
      'approved',
    ]);
    if (clash) throw conflict(`保险期间与该企业已生效的保单重叠：${clash}`);
    // The enterprise may have edited its 从业人员总数 since submission: full cover is checked again.
    const ent = await loadEnterprise(trx, cur.enterpriseId);
    const cover = fullCoverProblem(cur.headcount, ent.employees);
    if (cover)
      throw conflict(
        `${cover}。企业在提交后变更了从业人员总数，请审核不通过并由投保方按当前人数修改后重新提交`,
      );
  } else if (!input.remark) {
    throw badRequest('审核不通过须填写原因');
  }
  const resVersion = await updateVersioned(
    trx,
    'insPolicy',
    { id: input.id, version: input.version },
    {
      status: input.approve ? 'approved' : 'rejected',
      policyNo,
      reviewedAt: now,
      reviewedBy: actor.userId,
      reviewRemark: input.remark,
      signDate: input.approve ? sql`coalesce(sign_date, ${chinaDate(now)}::date)` : sql`sign_date`,
      ...(priced?.values ?? {}),
      updatedAt: now,
      updatedBy: actor.userId,
    },
  );
  if (priced?.factors) await writeFactors(trx, input.id, priced.factors);
  if (input.approve) {
    await snapshotPolicy(trx, input.id, 'issue', null, actor.userId, now);
    await rescoreEnterprise(trx, cur.enterpriseId, now, actor.userId, '保单生效');
  }
  await notifyPolicy(
    trx,
    input.approve ? 'policy.issued' : 'policy.returned',
    input.id,
    { now, actorId: actor.userId },
    input.approve ? `保险期间 ${cur.startDate} 至 ${cur.endDate}。` : input.remark,
  );
  return resVersion;
}
