import {
  chinaDate,
  ErrorReason,
  type InsurancePostAnswer,
  type InsurancePostItem,
  type InsurancePostItemResult,
  insurancePostItem,
  toCents,
} from '@aqzrx/contracts';
import type { Tx } from '../../platform/context.ts';
import { countsChanged } from '../../platform/count-cache.ts';
import { AppError, forbidden } from '../../platform/errors.ts';
import {
  type Actor,
  assertInfoComplete,
  dateText,
  nullableDateText,
  rescoreEnterprise,
} from '../enterprise/index.ts';
import {
  enterpriseSnapshots,
  fullCoverProblem,
  nextNumber,
  normaliseCoinsurers,
  notifyPolicy,
  overlapping,
  policyFigures,
  policyTermProblems,
  snapshotPolicy,
} from '../policy/index.ts';

/**
 * POST /api/company/insurancePost: an insurer's core system reports policies it issued (domain 1.9).
 *
 * Each item is validated on its own (insurancePostItem) and upserted by policy number within the calling
 * insurer: a new number becomes an issued policy (status approved, entered by the insurer) under the same
 * rules as a policy the insurer enters, submits and approves on the screens (policy terms, enterprise
 * information complete and operating, all employees insured, no overlapping policy of the enterprise); a
 * known number with the same data is answered `unchanged` with its id (a resend is idempotent); a known
 * number with other data is refused with 409: an issued policy changes only through an endorsement.
 *
 * The batch is all-or-nothing: every item is checked and answered, and when any is rejected nothing is
 * saved (the caller fixes the rejected items and sends the batch again; the items already on the platform
 * then answer `unchanged`). The policies module's write functions are internal to it, so this file composes
 * its exported rules (policyTermProblems, policyFigures, normaliseCoinsurers, overlapping, nextNumber,
 * snapshotPolicy) with the same row values it writes.
 */

export interface PostSettings {
  minPerPersonLimit: number;
  preventionFeeCapPct: number;
}

interface Outcome {
  result: InsurancePostItemResult['result'];
  reason: string;
  id: number | null;
  /** HTTP status class of a rejection: 400 (the data is wrong) or 409 (it conflicts with the platform's). */
  status?: 400 | 409;
}

const MAX_ISSUES = 5;

/** The zod issues of one item as one Chinese line: `premium：实收保费须大于0；…`. */
function issueText(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const lines = issues.slice(0, MAX_ISSUES).map((i) => {
    const path = i.path.map(String).join('.');
    return path ? `${path}：${i.message}` : i.message;
  });
  if (issues.length > MAX_ISSUES) lines.push(`等共${issues.length}处问题`);
  return lines.join('；');
}

const rejected = (status: 400 | 409, reason: string): Outcome => ({
  result: 'rejected',
  reason,
  id: null,
  status,
});

/** The enterprise a policy is reported for, by USCC, with what the policy row copies from it. */
async function enterpriseByUscc(trx: Tx, uscc: string) {
  return enterpriseSnapshots(trx).where('o.uscc', '=', uscc).orderBy('o.id').executeTakeFirst();
}

/** Insurer ids by USCC (insurers registered on the platform only). */
async function insurersByUscc(trx: Tx, codes: string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await trx
    .selectFrom('sysOrg')
    .select(['id', 'uscc'])
    .where('uscc', 'in', codes)
    .where('orgType', '=', 'insurer')
    .where('deletedAt', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.uscc ?? '', r.id]));
}

/** The stored policy with this number (any insurer), with what a resend is compared with. */
async function storedPolicy(trx: Tx, policyNo: string) {
  const p = await trx
    .selectFrom('insPolicy as p')
    .innerJoin('sysOrg as eo', 'eo.id', 'p.enterpriseId')
    .select([
      'p.id',
      'p.insurerId',
      'eo.uscc as enterpriseUscc',
      'p.isRenewal',
      dateText('p.startDate').as('startDate'),
      dateText('p.endDate').as('endDate'),
      nullableDateText('p.signDate').as('signDate'),
      'p.headcount',
      'p.perPersonLimit',
      'p.medicalLimit',
      'p.benchmarkRate',
      'p.premium',
      'p.preventionFeePct',
      'p.preventionFrequency',
      'p.serviceItems',
      'p.serviceItemOther',
    ])
    .where('p.policyNo', '=', policyNo)
    .executeTakeFirst();
  if (!p) return undefined;
  const [coinsurers, factors] = await Promise.all([
    trx
      .selectFrom('insPolicyCoinsurer as pc')
      .innerJoin('sysOrg as o', 'o.id', 'pc.insurerId')
      .select(['o.uscc', 'pc.role', 'pc.share'])
      .where('pc.policyId', '=', p.id)
      .execute(),
    trx
      .selectFrom('insPolicyFactor')
      .select(['code', 'pct', 'reason'])
      .where('policyId', '=', p.id)
      .orderBy('sort')
      .execute(),
  ]);
  return { ...p, coinsurers, factors };
}
type Stored = NonNullable<Awaited<ReturnType<typeof storedPolicy>>>;

const cents = (v: number | string) => toCents(Number(v));
const rate = (v: number | string) => Math.round(Number(v) * 10000);
const sorted = (xs: string[]) => [...xs].sort().join(',');

/**
 * The fields of a reported policy that differ from the stored one (labels as the policy form shows them).
 * The remark is kept from the first report and not compared; a missing signDate is not compared (the
 * platform filled in the reporting day).
 */
function differences(item: InsurancePostItem, s: Stored, leadUscc: string): string[] {
  const out: string[] = [];
  const diff = (label: string, a: unknown, b: unknown) => {
    if (a !== b) out.push(label);
  };
  diff('投保企业（统一社会信用代码）', item.enterpriseUscc, s.enterpriseUscc ?? '');
  diff('新保/续保', item.isRenewal, s.isRenewal);
  diff('保险起期', item.startDate, s.startDate);
  diff('保险止期', item.endDate, s.endDate);
  if (item.signDate !== undefined) diff('签单日期', item.signDate, s.signDate);
  diff('参保人数', item.headcount, s.headcount);
  diff('每人死亡伤残责任限额', cents(item.perPersonLimit), cents(s.perPersonLimit));
  diff('每人医疗费用限额', cents(item.medicalLimit), cents(s.medicalLimit));
  diff('基准费率', rate(item.benchmarkRate), rate(s.benchmarkRate));
  diff(
    '费率浮动因子',
    item.factors.map((f) => `${f.code}|${cents(f.pct)}|${f.reason}`).join(';'),
    s.factors.map((f) => `${f.code}|${cents(f.pct)}|${f.reason}`).join(';'),
  );
  diff('实收保费', cents(item.premium), cents(s.premium));
  const co = item.coinsurers.length
    ? item.coinsurers.map((c) => `${c.insurerUscc}|${c.role}|${cents(c.share)}`)
    : [`${leadUscc}|03|10000`];
  diff(
    '共保机构及份额',
    sorted(co),
    sorted(s.coinsurers.map((c) => `${c.uscc ?? ''}|${c.role}|${cents(c.share)}`)),
  );
  diff('事故预防服务费用比例', cents(item.preventionFeePct), cents(s.preventionFeePct));
  diff('服务频次', item.preventionFrequency, s.preventionFrequency);
  diff('事故预防服务项目', sorted(item.serviceItems), sorted(s.serviceItems));
  diff('其他事故预防服务内容', item.serviceItemOther, s.serviceItemOther);
  return out;
}

/** A new policy number: the rules of entry, submission and approval, then the issued policy's rows. */
async function issue(
  trx: Tx,
  actor: Extract<Actor, { kind: 'insurer' }>,
  item: InsurancePostItem,
  settings: PostSettings,
  now: Date,
): Promise<Outcome> {
  const ent = await enterpriseByUscc(trx, item.enterpriseUscc);
  if (!ent)
    return rejected(
      400,
      `统一社会信用代码 ${item.enterpriseUscc} 对应的企业未在平台登记，请企业先注册（或由监管部门录入企业）后再上报`,
    );
  const insurerIds = await insurersByUscc(trx, [...new Set(item.coinsurers.map((c) => c.insurerUscc))]);
  const unknown = item.coinsurers.filter((c) => !insurerIds.has(c.insurerUscc)).map((c) => c.insurerUscc);
  if (unknown.length)
    return rejected(
      400,
      `共保机构统一社会信用代码 ${[...new Set(unknown)].join('、')} 未在平台登记为保险机构`,
    );
  const coinsurers = item.coinsurers.map((c) => ({
    insurerId: insurerIds.get(c.insurerUscc)!,
    role: c.role,
    share: c.share,
  }));
  const terms = { ...item, coinsurers };
  const problems = policyTermProblems(terms, actor.orgId, settings);
  if (problems.length) return rejected(400, problems.join('；'));

  try {
    await assertInfoComplete(trx, actor, ent.id, '录入保单');
  } catch (err) {
    if (err instanceof AppError) return rejected(409, err.message);
    throw err;
  }
  // Serialise per enterprise so two reports cannot both pass the overlap check (as submitting does).
  await trx.selectFrom('sysOrg').select('id').where('id', '=', ent.id).forUpdate().execute();
  const conflicts: string[] = [];
  if (ent.operatingStatus !== null && ent.operatingStatus !== 1)
    conflicts.push('企业非正常经营状态，不能投保');
  const cover = fullCoverProblem(item.headcount, ent.employees);
  if (cover) conflicts.push(cover);
  const clash = await overlapping(trx, ent.id, 0, item.startDate, item.endDate, ['submitted', 'approved']);
  if (clash) conflicts.push(`保险期间与该企业已有保单重叠：${clash}`);
  if (conflicts.length) return rejected(409, conflicts.join('；'));

  const f = policyFigures(item);
  const applicationNo = await nextNumber(trx, 'TB', now);
  const row = await trx
    .insertInto('insPolicy')
    .values({
      applicationNo,
      policyNo: item.policyNo,
      enterpriseId: ent.id,
      insurerId: actor.orgId,
      enteredBy: 'insurer',
      status: 'approved',
      holderName: ent.name,
      holderUscc: ent.uscc ?? '',
      districtCode: ent.districtCode ?? '',
      address: ent.address ?? '',
      wsIndustryCode: ent.wsIndustryCode ?? '',
      gbIndustryCode: ent.gbIndustryCode ?? '',
      isRenewal: item.isRenewal,
      startDate: item.startDate,
      endDate: item.endDate,
      signDate: item.signDate ?? chinaDate(now),
      headcount: item.headcount,
      perPersonLimit: item.perPersonLimit,
      medicalLimit: item.medicalLimit,
      perAccidentLimit: f.perAccidentLimit,
      benchmarkRate: item.benchmarkRate,
      floatPct: f.floatPct,
      premiumCalc: f.premiumCalc,
      premium: item.premium,
      preventionFeePct: item.preventionFeePct,
      preventionFee: f.preventionFee,
      preventionFrequency: item.preventionFrequency,
      serviceItems: JSON.stringify(item.serviceItems),
      serviceItemOther: item.serviceItemOther,
      attachments: JSON.stringify([]),
      remark: item.remark,
      submittedAt: now,
      reviewedAt: now,
      reviewedBy: actor.userId,
      reviewRemark: '保险机构系统上报（insurancePost）',
      createdAt: now,
      updatedAt: now,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('insPolicyCoinsurer')
    .values(
      normaliseCoinsurers(actor.orgId, coinsurers).map((c) => ({
        policyId: row.id,
        insurerId: c.insurerId,
        role: c.role,
        share: c.share,
      })),
    )
    .execute();
  if (item.factors.length)
    await trx
      .insertInto('insPolicyFactor')
      .values(
        item.factors.map((x, i) => ({
          policyId: row.id,
          code: x.code,
          pct: x.pct,
          reason: x.reason,
          sort: i,
        })),
      )
      .execute();
  await snapshotPolicy(trx, row.id, 'issue', null, actor.userId, now);
  await rescoreEnterprise(trx, ent.id, now, actor.userId, '保单生效');
  await notifyPolicy(
    trx,
    'policy.issued',
    row.id,
    { now, actorId: actor.userId },
    `保险期间 ${item.startDate} 至 ${item.endDate}。`,
  );
  return { result: 'created', reason: '', id: row.id };
}

async function upsert(
  trx: Tx,
  actor: Extract<Actor, { kind: 'insurer' }>,
  leadUscc: string,
  item: InsurancePostItem,
  settings: PostSettings,
  now: Date,
): Promise<Outcome> {
  const stored = await storedPolicy(trx, item.policyNo);
  if (!stored) return issue(trx, actor, item, settings, now);
  if (stored.insurerId !== actor.orgId)
    return rejected(409, `保单号 ${item.policyNo} 已被其他保险机构的保单使用，请核对保单号`);
  const changed = differences(item, stored, leadUscc);
  if (changed.length === 0)
    return { result: 'unchanged', reason: '与平台已有保单一致（重复上报），未重复新增', id: stored.id };
  return rejected(
    409,
    `保单号 ${item.policyNo} 已在平台出单，上报内容与平台记录不一致（${changed.join('、')}）；已出单保单的变更须通过批改办理`,
  );
}

/**
 * Reports a batch (one transaction, all-or-nothing). Answers the per-item results; throws 400/409 with the
 * results as data when any item is rejected (the caller's transaction then rolls everything back).
 */
export async function insurancePost(
  trx: Tx,
  actor: Actor,
  items: ReadonlyArray<Record<string, unknown>>,
  settings: PostSettings,
  now: Date,
): Promise<{ answer: InsurancePostAnswer; message: string }> {
  // Policies created here change the list totals: dropped when the transaction commits.
  countsChanged(trx);
  if (actor.kind !== 'insurer')
    throw forbidden('只有保险机构可以上报保单：子系统须绑定保险机构的服务账号，或由保险机构用户调用');
  const lead = await trx.selectFrom('sysOrg').select('uscc').where('id', '=', actor.orgId).executeTakeFirst();
  const leadUscc = lead?.uscc ?? '';

  const outcomes: Array<Outcome & { policyNo: string }> = [];
  const firstIndex = new Map<string, number>();
  for (const [index, raw] of items.entries()) {
    const rawNo = typeof raw.policyNo === 'string' ? raw.policyNo.trim().slice(0, 40) : '';
    const parsed = insurancePostItem.safeParse(raw);
    if (!parsed.success) {
      outcomes.push({ policyNo: rawNo, ...rejected(400, issueText(parsed.error.issues)) });
      continue;
    }
    const item = parsed.data;
    const earlier = firstIndex.get(item.policyNo);
    if (earlier !== undefined) {
      outcomes.push({ policyNo: item.policyNo, ...rejected(400, `保单号与本批第${earlier + 1}条重复`) });
      continue;
    }
    firstIndex.set(item.policyNo, index);
    outcomes.push({ policyNo: item.policyNo, ...(await upsert(trx, actor, leadUscc, item, settings, now)) });
  }

  const refused = outcomes.filter((o) => o.result === 'rejected');
  const results: InsurancePostItemResult[] = outcomes.map((o, index) => {
    if (refused.length > 0 && o.result === 'created')
      return {
        index,
        policyNo: o.policyNo,
        result: 'rejected',
        reason: '本条无误，但同批其他保单被拒绝，整批未保存；修正后请重新上报整批',
        id: null,
      };
    return { index, policyNo: o.policyNo, result: o.result, reason: o.reason, id: o.id };
  });
  const count = (r: InsurancePostItemResult['result']) => results.filter((x) => x.result === r).length;
  const answer: InsurancePostAnswer = {
    items: results,
    created: count('created'),
    unchanged: count('unchanged'),
    rejected: count('rejected'),
  };
  if (refused.length === 0)
    return { answer, message: `上报成功：新增${answer.created}条，重复上报（无变化）${answer.unchanged}条` };

  // A wrong item makes the batch a 400; conflicts only make it a 409.
  const status = refused.some((o) => o.status === 400) ? 400 : 409;
  const named = outcomes
    .map((o, i) => ({ o, i }))
    .filter(({ o }) => o.result === 'rejected')
    .slice(0, 3)
    .map(({ o, i }) => `第${i + 1}条${o.policyNo ? `（保单号 ${o.policyNo}）` : ''}：${o.reason}`);
  const message =
    outcomes.length === 1
      ? refused[0]!.reason
      : `共${outcomes.length}条，${refused.length}条被拒绝，整批未保存。${named.join('；')}${refused.length > 3 ? '；……' : ''}`;
  throw new AppError(
    status,
    message,
    status === 400 ? ErrorReason.BAD_REQUEST : ErrorReason.CONFLICT,
    {},
    answer,
  );
}
