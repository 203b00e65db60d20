import {
  type Paged,
  PREVENTION_MESSAGES,
  type ProjectCreateInput,
  type ProjectPolicyRow,
  type ProjectUpdateInput,
  toCents,
} from '@aqzrx/contracts';
import { sql } from 'kysely';
import { containsPattern, dateText } from '../../db/sql.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { cachedTotal, countsChanged, countUpTo, keywordPageValues } from '../../platform/count-cache.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { decryptPhone, encryptPhone } from '../../platform/pii.ts';
import { unmaskPhone } from '../../platform/reveal.ts';
import { assertVersion, updateVersioned } from '../../platform/versioned.ts';
import { cents, keywordMatch, keywordValues, num, serviceSubTypes, yuan } from './common.ts';
import { projectStateFor } from './plan.machine.ts';
import { type PrevActor, scopeKey } from './scope.ts';

/**
 * The policies an insurer may serve with a project: issued (approved) policies it underwrites as lead or
 * co-insurer, with its share of the premium (a co-insurer serves and funds its share).
 */
export function insurerPolicies(db: Db, insurerId: number) {
  return db
    .selectFrom('insPolicy as ip')
    .innerJoin('insPolicyCoinsurer as c', (j) =>
      j.onRef('c.policyId', '=', 'ip.id').on('c.insurerId', '=', insurerId),
    )
    .innerJoin('sysOrg as e', 'e.id', 'ip.enterpriseId')
    .where('ip.status', '=', 'approved');
}

/**
 * The issued policies of an insurer (lead or co-insurer) under the picker's keyword (common.ts
 * keywordMatch), without the enterprise join: what the page and its capped count read.
 */
function pickablePolicies(db: Db, insurerId: number, v: Record<string, unknown>) {
  const s = db
    .selectFrom('insPolicy as ip')
    .innerJoin('insPolicyCoinsurer as c', (j) =>
      j.onRef('c.policyId', '=', 'ip.id').on('c.insurerId', '=', insurerId),
    )
    .where('ip.status', '=', 'approved');
  return Object.hasOwn(v, 'kwLike')
    ? s.where(keywordMatch(db, { enterpriseId: 'ip.enterpriseId', policyId: 'ip.id' }, v))
    : s;
}

/**
 * The policies the project form offers (an insurer's issued policies, latest period first; the keyword as
 * the fund ledger's). The total is counted up to the cap (LIST_COUNT_CAP: "10,000+ 条") and cached per
 * insurer and keyword.
 */
export async function projectPolicies(
  db: Db,
  a: PrevActor,
  q: { keyword?: string | undefined; pageNo: number; pageSize: number },
): Promise<Paged<ProjectPolicyRow>> {
  if (a.kind !== 'insurer') return { list: [], total: 0, pageNum: q.pageNo, pageSize: q.pageSize };
  const v = q.keyword ? keywordValues(q.keyword) : {};
  const offset = (q.pageNo - 1) * q.pageSize;
  const total = await cachedTotal(
    db,
    `ap-project-policies:${scopeKey(a)}:${JSON.stringify(q.keyword ?? '')}`,
    (limit) => countUpTo(db, pickablePolicies(db, a.orgId, v).select(sql.lit(1).as('one')), limit),
  );
  // A keyword matching thousands: its first pages are read in list order (common.ts keywordMatch).
  const rows = await pickablePolicies(db, a.orgId, keywordPageValues(v, total, offset, q.pageSize))
    .innerJoin('sysOrg as e', 'e.id', 'ip.enterpriseId')
    .select([
      'ip.id as policyId',
      sql<string>`coalesce(ip.policy_no, ip.application_no)`.as('policyNo'),
      'ip.enterpriseId',
      'e.name as enterpriseName',
      'ip.districtCode',
      'ip.premium',
      'c.share',
      'c.role',
      'ip.preventionFeePct',
      'ip.preventionFrequency',
      'ip.serviceItems',
      dateText('ip.startDate').as('startDate'),
      dateText('ip.endDate').as('endDate'),
    ])
    .orderBy('ip.endDate', 'desc')
    .orderBy('ip.id', 'desc')
    .limit(q.pageSize)
    .offset(offset)
    .execute();
  return {
    list: rows.map((r) => ({
      policyId: r.policyId,
      policyNo: r.policyNo,
      enterpriseId: r.enterpriseId,
      enterpriseName: r.enterpriseName,
      districtCode: r.districtCode,
      premium: yuan(Math.round((cents(r.premium) * num(r.share)) / 100)),
      preventionFeePct: num(r.preventionFeePct),
      preventionFrequency: r.preventionFrequency,
      serviceItems: r.serviceItems,
      startDate: r.startDate,
      endDate: r.endDate,
      role: r.role,
    })),
    ...total,
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

/** Registered service organisations and expert organisations (active), for the pickers. */
export async function listProviders(
  db: Db,
  q: { orgType?: 'service' | 'expert' | undefined; keyword?: string | undefined },
) {
  let s = db
    .selectFrom('sysOrg')
    .select(['id as orgId', 'orgType', 'name', 'districtCode', 'contactName'])
    .where('orgType', 'in', q.orgType ? [q.orgType] : ['service', 'expert'])
    .where('deletedAt', 'is', null)
    .where('status', '=', 1);
  if (q.keyword) s = s.where('name', 'ilike', containsPattern(q.keyword));
  const rows = await s.orderBy('orgType', 'desc').orderBy('name').limit(200).execute();
  return rows.map((r) => ({ ...r, districtCode: r.districtCode ?? '' }));
}

type Fields = Omit<ProjectCreateInput, never>;

/** Checks of a project's fields shared by add and save; returns the covered policies. */
async function checkFields(trx: Tx, a: { orgId: number }, v: Fields, capPct: number) {
  if (v.feeRatio > capPct) throw badRequest(PREVENTION_MESSAGES.fundRatioCap(v.feeRatio, capPct));
  const ids = [...new Set(v.policyIds)];
  if (ids.length !== v.policyIds.length) throw badRequest('保单不能重复选择');
  const policies = await insurerPolicies(trx, a.orgId)
    .select([
      'ip.id',
      'ip.enterpriseId',
      'ip.districtCode',
      'ip.premium',
      'c.share',
      dateText('ip.startDate').as('startDate'),
      dateText('ip.endDate').as('endDate'),
    ])
    .where('ip.id', 'in', ids)
    .execute();
  if (policies.length !== ids.length)
    throw notFound('所选保单不存在或不是贵机构承保（主承或共保）的已出单保单');
  // The service fee is paid out of the prevention fee: at most Σ premium share × ratio.
  const ceiling = Math.round(
    policies.reduce((s, p) => s + (cents(p.premium) * num(p.share)) / 100, 0) * (v.feeRatio / 100),
  );
  if (toCents(v.feeAmount) > ceiling)
    throw badRequest(
      `服务费金额${v.feeAmount.toFixed(2)}元超过所选保单可计提的事故预防费用${yuan(ceiling).toFixed(2)}元（实收保费×${v.feeRatio}%）`,
    );
  const orgIds = [...(v.serviceOrgId === null ? [] : [v.serviceOrgId]), ...v.expertOrgIds];
  if (new Set(orgIds).size !== orgIds.length) throw badRequest('服务机构和专家机构不能重复');
  const orgs = await trx
    .selectFrom('sysOrg')
    .select(['id', 'orgType'])
    .where('id', 'in', orgIds)
    .where('deletedAt', 'is', null)
    .where('status', '=', 1)
    .execute();
  const typeOf = new Map(orgs.map((o) => [o.id, o.orgType]));
  if (v.serviceOrgId !== null && typeOf.get(v.serviceOrgId) !== 'service')
    throw badRequest('所选服务机构不存在或已停用，请从平台登记的服务机构中选择');
  for (const e of v.expertOrgIds)
    if (typeOf.get(e) !== 'expert')
      throw badRequest('所选专家机构不存在或已停用，请从平台登记的专家机构中选择');
  const subs = await serviceSubTypes(trx);
  const seen = new Set<string>();
  for (const it of v.items) {
    const key = `${it.item}:${it.subType ?? ''}`;
    if (seen.has(key)) throw badRequest('服务项目（含子类型）不能重复');
    seen.add(key);
    if (it.subType && !subs.get(it.item)?.some((s) => s.value === it.subType))
      throw badRequest(`服务子类型 ${it.subType} 不属于服务项目 ${it.item}，请从字典中选择`);
  }
  return policies;
}

async function writeChildren(
  trx: Tx,
  projectId: number,
  v: Fields,
  policies: Awaited<ReturnType<typeof checkFields>>,
) {
  await trx.deleteFrom('apProjectPolicy').where('projectId', '=', projectId).execute();
  await trx.deleteFrom('apProjectOrg').where('projectId', '=', projectId).execute();
  await trx.deleteFrom('apProjectItem').where('projectId', '=', projectId).execute();
  await trx
    .insertInto('apProjectPolicy')
    .values(
      policies.map((p) => ({
        projectId,
        policyId: p.id,
        enterpriseId: p.enterpriseId,
        districtCode: p.districtCode,
      })),
    )
    .execute();
  const orgs = [
    ...(v.serviceOrgId === null ? [] : [{ projectId, orgId: v.serviceOrgId, orgType: 'service' as const }]),
    ...v.expertOrgIds.map((orgId) => ({ projectId, orgId, orgType: 'expert' as const })),
  ];
  await trx.insertInto('apProjectOrg').values(orgs).execute();
  await trx
    .insertInto('apProjectItem')
    .values(
      v.items.map((it, seq) => ({
        projectId,
        seq,
        item: it.item,
        subType: it.subType ?? null,
        frequency: it.frequency,
        note: it.note,
      })),
    )
    .execute();
}

/** Each covered policy has a fund of this insurer (待计提 until the insurer accrues it). */
async function ensureFunds(
  trx: Tx,
  insurerId: number,
  policies: Awaited<ReturnType<typeof checkFields>>,
  ratio: number,
  actorId: number,
  now: Date,
) {
  for (const p of policies) {
    await trx
      .insertInto('apFund')
      .values({
        policyId: p.id,
        insurerId,
        enterpriseId: p.enterpriseId,
        districtCode: p.districtCode,
        premium: yuan(Math.round((cents(p.premium) * num(p.share)) / 100)),
        share: num(p.share),
        ratio,
        createdAt: now,
        updatedAt: now,
        createdBy: actorId,
        updatedBy: actorId,
      })
      .onConflict((oc) => oc.columns(['policyId', 'insurerId']).doNothing())
      .execute();
  }
}

export async function createProject(trx: Tx, a: PrevActor, v: ProjectCreateInput, capPct: number, now: Date) {
  if (a.kind !== 'insurer') throw notFound('保单不存在');
  const policies = await checkFields(trx, a, v, capPct);
  countsChanged(trx);
  const dup = await trx
    .selectFrom('apProject')
    .select('id')
    .where('insurerId', '=', a.orgId)
    .where('contractNo', '=', v.contractNo)
    .executeTakeFirst();
  if (dup) throw conflict(`合同编号 ${v.contractNo} 已存在，请核对`);
  const { id } = await trx
    .insertInto('apProject')
    .values({
      name: v.name,
      contractNo: v.contractNo,
      insurerId: a.orgId,
      startDate: v.startDate,
      endDate: v.endDate,
      feeRatio: v.feeRatio,
      feeAmount: v.feeAmount,
      serviceOrgId: v.serviceOrgId,
      contactName: v.contactName,
      contactPhoneEnc: encryptPhone(unmaskPhone(v.contactPhone, [])),
      description: v.description,
      state: 1,
      createdAt: now,
      updatedAt: now,
      createdBy: a.userId,
      updatedBy: a.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeChildren(trx, id, v, policies);
  await ensureFunds(trx, a.orgId, policies, v.feeRatio, a.userId, now);
  return id;
}

export async function updateProject(trx: Tx, a: PrevActor, v: ProjectUpdateInput, capPct: number, now: Date) {
  const cur = await trx
    .selectFrom('apProject')
    .select(['id', 'insurerId', 'version', 'state', 'contactPhoneEnc', dateText('endDate').as('endDate')])
    .where('id', '=', v.id)
    .executeTakeFirst();
  if (!cur || a.kind !== 'insurer' || cur.insurerId !== a.orgId) throw notFound('事故预防项目不存在');
  assertVersion(cur, v.version);
  const policies = await checkFields(trx, a, v, capPct);
  const dup = await trx
    .selectFrom('apProject')
    .select('id')
    .where('insurerId', '=', a.orgId)
    .where('contractNo', '=', v.contractNo)
    .where('id', '!=', v.id)
    .executeTakeFirst();
  if (dup) throw conflict(`合同编号 ${v.contractNo} 已存在，请核对`);
  // Plans hold their enterprise, policy, provider and item: those stay covered.
  const used = await trx
    .selectFrom('apPlan')
    .select(['policyId', 'providerOrgId', 'item'])
    .distinct()
    .where('projectId', '=', v.id)
    .execute();
  const orgIds = new Set([...(v.serviceOrgId === null ? [] : [v.serviceOrgId]), ...v.expertOrgIds]);
  for (const u of used) {
    if (!v.policyIds.includes(u.policyId)) throw badRequest('已有服务计划的保单不能从项目中移除');
    if (!orgIds.has(u.providerOrgId)) throw badRequest('已分派服务计划的服务机构或专家机构不能从项目中移除');
    if (!v.items.some((i) => i.item === u.item)) throw badRequest('已有服务计划的服务项目不能从项目中移除');
  }
  countsChanged(trx);
  const version = await updateVersioned(trx, 'apProject', v, {
    name: v.name,
    contractNo: v.contractNo,
    startDate: v.startDate,
    endDate: v.endDate,
    feeRatio: v.feeRatio,
    feeAmount: v.feeAmount,
    serviceOrgId: v.serviceOrgId,
    contactName: v.contactName,
    // The edit form shows the number masked (P04): sent back unchanged, it keeps the stored one.
    contactPhoneEnc: encryptPhone(unmaskPhone(v.contactPhone, [decryptPhone(cur.contactPhoneEnc)])),
    description: v.description,
    updatedAt: now,
    updatedBy: a.userId,
  });
  await writeChildren(trx, v.id, v, policies);
  await ensureFunds(trx, a.orgId, policies, v.feeRatio, a.userId, now);
  await refreshProjectState(trx, v.id, now);
  return version;
}

/**
 * The stored project state (domain 3.5): 1 without plans, 2 with plans, 3 when every plan is completed and
 * each agreed item has reached its frequency. (A period that ended shows 3 at read time.)
 */
export async function refreshProjectState(trx: Tx, projectId: number, now: Date): Promise<void> {
  const [plans, items] = await Promise.all([
    trx
      .selectFrom('apPlan')
      .select([
        'item',
        'subType',
        sql<number>`count(*)::int`.as('n'),
        sql<number>`count(*) FILTER (WHERE status = 2)::int`.as('done'),
      ])
      .where('projectId', '=', projectId)
      .groupBy(['item', 'subType'])
      .execute(),
    trx
      .selectFrom('apProjectItem')
      .select(['item', 'subType', 'frequency'])
      .where('projectId', '=', projectId)
      .execute(),
  ]);
  const state = projectStateFor({ items, plans });
  await trx
    .updateTable('apProject')
    .set({ state, updatedAt: now })
    .where('id', '=', projectId)
    .where('state', '!=', state)
    .execute();
}
