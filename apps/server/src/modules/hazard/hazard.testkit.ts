import { addDays } from '@aqzrx/contracts';
import type { TestContext } from '../../../test/helpers.ts';
import {
  issueEnt2Policy,
  type Json,
  makeUser,
  orgIdOf,
  post,
  secondInsurerId,
  today,
  uploadPdf,
} from '../policy/policy.testkit.ts';
import { checkPlanOn } from '../prevention/prevention.testkit.ts';

export { orgIdOf, post, today, uploadPdf };

export type Tokens = Record<
  'ent' | 'ent2' | 'insurer' | 'coins' | 'gov' | 'gov_sy' | 'service' | 'expert' | 'admin',
  string
>;

/** Logins of every role and the non-owners: ent (another enterprise), coins (another insurer), gov_sy (泗阳), expert. */
export async function hazardTokens(t: TestContext, again = false): Promise<Tokens> {
  const tok = {} as Tokens;
  for (const u of ['ent', 'ent2', 'insurer', 'gov', 'gov_sy', 'service', 'expert', 'admin'] as const)
    tok[u] = await t.login(u);
  tok.coins = again
    ? await t.login('coins_hz')
    : await makeUser(t, 'insurer', 'coins_hz', { orgId: await secondInsurerId(t) });
  return tok;
}

/**
 * ent2 insured by the demo insurer, and the demo service organisation's hidden-danger check of ent2
 * submitted with `hazards` (default: one major with a deadline in 7 days, four general ones with
 * deadlines, one general fixed immediately). Returns the plan and the hazard ids in order.
 */
export async function submittedCheck(
  t: TestContext,
  tok: Tokens,
  hazards?: Json[],
): Promise<{ planId: number; day: string; ids: number[]; policyId: number }> {
  const policyId = await issueEnt2Policy(t, tok);
  const ent2Id = await orgIdOf(t, 'ent2');
  const { planId, day } = await checkPlanOn(t, tok.insurer, policyId, ent2Id);
  const photo = await uploadPdf(t, tok.service, '隐患照片.pdf');
  const general = (n: number) => ({
    checkDate: day,
    description: `一般隐患${n}：灭火器过期`,
    level: 1,
    recommendation: '更换灭火器',
    deadline: addDays(day, 5),
  });
  const rows = hazards ?? [
    {
      checkDate: day,
      basis: 'GB 50016-2014 建筑设计防火规范',
      description: '仓库安全出口被货物堵塞',
      level: 2,
      recommendation: '立即清理通道并设置禁放标识',
      photos: [photo],
      deadline: addDays(day, 7),
    },
    general(1),
    general(2),
    general(3),
    general(4),
    {
      checkDate: day,
      description: '配电箱未上锁',
      level: 1,
      fixImmediately: true,
      recommendation: '当场加锁',
    },
  ];
  const detail = await post(t, `/api/prevention/plan/detail?id=${planId}`, tok.service);
  const res = await post(t, '/api/prevention/record/submit', tok.service, {
    planId,
    version: detail.body.data.version,
    actualStart: `${day} 09:00`,
    actualEnd: `${day} 11:30`,
    summaryText: '综合隐患排查，发现隐患若干。',
    experts: [{ name: '吴志明' }],
    files: [photo],
    summary: { type: '03', compliant: 30, nonCompliant: rows.length, notApplicable: 2 },
    hazards: rows,
  });
  if (res.status !== 200) throw new Error(`record submit ${res.status} ${JSON.stringify(res.body)}`);
  const ids = (
    await t.database.db
      .selectFrom('apHazard')
      .select('id')
      .where('planId', '=', planId)
      .orderBy('seq')
      .execute()
  ).map((r) => r.id);
  return { planId, day, ids, policyId };
}

export const hazardOf = async (t: TestContext, id: number, token: string) =>
  post(t, `/api/hazard/detail?id=${id}`, token);

export async function versionOf(t: TestContext, id: number): Promise<number> {
  const r = await t.database.db
    .selectFrom('apHazard')
    .select('version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return r.version;
}

/** A rectification body for hazard `id` (one photo uploaded by ent2). */
export async function rectifyBody(
  t: TestContext,
  tok: Tokens,
  id: number,
  overrides: Json = {},
): Promise<Json> {
  const photo = await uploadPdf(t, tok.ent2, '整改照片.pdf');
  return {
    id,
    version: await versionOf(t, id),
    rectifiedOn: today(t),
    dept: '仓储部',
    person: '赵顺达',
    description: '已清理安全出口并张贴禁放标识',
    photos: [photo],
    ...overrides,
  };
}

export async function reviewBody(
  t: TestContext,
  id: number,
  result: 'pass' | 'reject',
  overrides: Json = {},
) {
  return {
    id,
    version: await versionOf(t, id),
    result,
    reviewDate: today(t),
    reviewer: '吴志明',
    ...(result === 'pass' ? { description: '现场复查，已整改到位' } : { reason: '照片不清晰，未见禁放标识' }),
    ...overrides,
  };
}

export const PLAN_PARTS = {
  objectives: '彻底消除仓库安全出口堵塞隐患',
  methods: '清理货物，重新规划堆放区，设置禁放标识和监控',
  funding: '安排专项资金2万元，采购货架和标识',
  responsible: '仓储部负责，安全部监督，负责人赵顺达',
  timeLimit: '7日内完成，每日检查',
  safetyMeasures: '整改期间设专人值守，保持通道畅通',
  contingency: '启动火灾应急预案，配备应急照明和灭火器材',
};

export async function planBody(t: TestContext, id: number, overrides: Json = {}): Promise<Json> {
  return {
    id,
    version: await versionOf(t, id),
    ...PLAN_PARTS,
    principal: '赵顺达',
    plannedDate: addDays(today(t), 7),
    ...overrides,
  };
}
