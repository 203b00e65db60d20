import { addDays } from '@aqzrx/contracts';
import type { TestContext } from '../../../test/helpers.ts';
import {
  idem,
  issueEnt2Policy,
  type Json,
  orgIdOf,
  post,
  today,
  uploadPdf,
} from '../policy/policy.testkit.ts';

export { idem, orgIdOf, post, today, uploadPdf };

/** The demo service and expert organisations. */
export async function providerIds(t: TestContext): Promise<{ service: number; expert: number }> {
  return { service: await orgIdOf(t, 'service'), expert: await orgIdOf(t, 'expert') };
}

/** A project body over `policyIds`, delivered by the demo service organisation and expert committee. */
export async function projectBody(t: TestContext, policyIds: number[], overrides: Json = {}): Promise<Json> {
  const p = await providerIds(t);
  return {
    name: '顺达建筑2026年度事故预防服务',
    contractNo: `AP-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
    startDate: today(t),
    endDate: addDays(today(t), 300),
    policyIds,
    feeRatio: 20,
    feeAmount: 1000,
    serviceOrgId: p.service,
    expertOrgIds: [p.expert],
    contactName: '李项目',
    contactPhone: '13905270000',
    description: '隐患排查与培训',
    items: [
      { item: '03', subType: '301', frequency: 2 },
      { item: '01', frequency: 1 },
    ],
    ...overrides,
  };
}

/** A plan body of `item` for `enterpriseId` tomorrow morning, delivered by `providerOrgId`. */
export function planBody(
  t: TestContext,
  projectId: number,
  enterpriseId: number,
  providerOrgId: number,
  overrides: Json = {},
): Json {
  const day = addDays(today(t), 1);
  return {
    projectId,
    enterpriseId,
    item: '03',
    subType: '301',
    name: '综合隐患排查（第一次）',
    providerOrgId,
    plannedStart: `${day} 09:00`,
    plannedEnd: `${day} 17:00`,
    staff: ['王工程师'],
    experts: [{ name: '吴志明', title: '注册安全工程师' }],
    budget: 500,
    ...overrides,
  };
}

/** A type-03 record with two hazards (one major) and photos. */
export function checkRecord(
  t: TestContext,
  planId: number,
  version: number,
  files: string[],
  overrides: Json = {},
): Json {
  const day = addDays(today(t), 1);
  return {
    planId,
    version,
    actualStart: `${day} 09:10`,
    actualEnd: `${day} 16:30`,
    summaryText: '对生产车间、仓库和配电房开展综合隐患排查，发现隐患2处。',
    spend: 300,
    experts: [{ name: '吴志明', title: '注册安全工程师' }],
    files: [files[0]],
    summary: { type: '03', compliant: 40, nonCompliant: 2, notApplicable: 3, photos: [] },
    hazards: [
      {
        checkDate: day,
        basis: 'GB 50016-2014',
        description: '仓库安全出口被货物堵塞',
        level: 2,
        recommendation: '立即清理通道',
        photos: [files[1]],
        deadline: addDays(day, 7),
      },
      { checkDate: day, description: '配电箱未上锁', level: 1, recommendation: '加装锁具', photos: [] },
    ],
    ...overrides,
  };
}

/** ent2 gets a fresh policy with the demo insurer (premium 11,400 yuan, prevention fee 15 %). */
export async function ent2Policy(t: TestContext, tokens: { ent2: string; insurer: string }): Promise<number> {
  return issueEnt2Policy(t, tokens);
}

export const detail = async (t: TestContext, id: number, token: string) =>
  post(t, `/api/prevention/plan/detail?id=${id}`, token);

/**
 * The insurer's project on `policyId` delivered by the demo service organisation, and a hidden-danger
 * check of `enterpriseId` two days ahead planned by the insurer: returns the plan id and its day.
 */
export async function checkPlanOn(
  t: TestContext,
  insurerToken: string,
  policyId: number,
  enterpriseId: number,
  contractNo = `AP-NOTIFY-${policyId}`,
): Promise<{ planId: number; day: string }> {
  const serviceId = await orgIdOf(t, 'service');
  const start = today(t);
  const project = await post(
    t,
    '/api/prevention/project/add',
    insurerToken,
    {
      name: '顺达建筑事故预防服务',
      contractNo,
      startDate: start,
      endDate: addDays(start, 200),
      policyIds: [policyId],
      feeRatio: 15,
      feeAmount: 0,
      serviceOrgId: serviceId,
      contactName: '李项目',
      contactPhone: '13905270000',
      items: [{ item: '03', frequency: 1 }],
    },
    idem(),
  );
  if (project.status !== 200) throw new Error(`project ${project.status} ${JSON.stringify(project.body)}`);
  const day = addDays(start, 2);
  const plan = await post(
    t,
    '/api/prevention/plan/add',
    insurerToken,
    {
      projectId: project.body.data.id,
      enterpriseId,
      item: '03',
      name: '综合隐患排查',
      providerOrgId: serviceId,
      plannedStart: `${day} 09:00`,
      plannedEnd: `${day} 12:00`,
    },
    idem(),
  );
  if (plan.status !== 200) throw new Error(`plan ${plan.status} ${JSON.stringify(plan.body)}`);
  return { planId: plan.body.data.id as number, day };
}
