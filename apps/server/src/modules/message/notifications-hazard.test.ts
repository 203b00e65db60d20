import { addDays, type MessageItem } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { runAlarmRules } from '../hazard/index.ts';
import {
  idem,
  issueEnt2Policy,
  makeUser,
  orgIdOf,
  post,
  today,
  uploadPdf,
} from '../policy/policy.testkit.ts';
import { checkPlanOn } from '../prevention/prevention.testkit.ts';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATIONS,
  type NotificationEvent,
  type Party,
  partySide,
  recordLink,
} from './notifications.ts';

/**
 * The hidden-danger rows of the notification catalogue (hazard.*) walked through the API, as
 * notifications.test.ts walks the others: each recipient finds exactly one message of the catalogue's
 * kind, linked to the hazard's page for their side, which they can open; to-dos close when the task moves
 * on. The last test checks that every hazard.* row was exercised.
 */
const DAY = 86_400_000;
let t: TestContext;
const tok: Record<string, string> = {};
const USERS = [
  'ent',
  'ent2',
  'ent2_b',
  'insurer',
  'insurer_b',
  'gov',
  'gov_sy',
  'gov_sh',
  'service',
] as const;
type User = (typeof USERS)[number];
let ent2Id: number;
let policyId: number;
const covered = new Set<string>();

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  ent2Id = await orgIdOf(t, 'ent2');
  tok.insurer_b = await makeUser(t, 'insurer', 'insurer_b');
  tok.gov_sh = await makeUser(t, 'gov_sy', 'gov_sh', { districtCodes: '321324' });
  tok.ent2_b = await makeUser(t, 'ent2', 'ent2_b');
  for (const u of ['ent', 'ent2', 'insurer', 'gov', 'gov_sy', 'service'] as const) tok[u] = await t.login(u);
  policyId = await issueEnt2Policy(t, { ent2: tok.ent2!, insurer: tok.insurer! });
});
afterAll(() => t.close());

async function messagesOf(user: User, event: NotificationEvent, id: number): Promise<MessageItem[]> {
  const res = await post(t, '/api/message/list?pageSize=100', tok[user]);
  expect(res.status).toBe(200);
  const mine = (res.body.data as unknown as { list: MessageItem[] }).list.filter(
    (m) => m.bizType === 'hazard' && m.bizId === String(id),
  );
  if (mine.length === 0) return [];
  const rows = await t.database.db
    .selectFrom('sysMessage')
    .select('id')
    .where(
      'id',
      'in',
      mine.map((m) => m.id),
    )
    .where('event', '=', event)
    .execute();
  return mine.filter((m) => rows.some((r) => Number(r.id) === m.id));
}

async function expectTold(
  user: User,
  event: NotificationEvent,
  party: Party,
  id: number,
): Promise<MessageItem> {
  const to = NOTIFICATIONS[event].to.find((r) => r.party === party);
  expect(to, `${event} has no ${party} row`).toBeDefined();
  const found = await messagesOf(user, event, id);
  expect(found, `${user} told of ${event} about ${id}`).toHaveLength(1);
  const m = found[0]!;
  expect(m.kind).toBe(to!.kind);
  expect(m.todoState).toBe(to!.kind === 'todo' ? 'open' : null);
  expect(m.link).toBe(recordLink('hazard', partySide(party, undefined, 'service'), id));
  expect((await post(t, `/api/hazard/detail?id=${id}`, tok[user])).status, `${user} opens ${m.link}`).toBe(
    200,
  );
  covered.add(`${event}:${party}`);
  return m;
}

async function expectNotTold(user: User, event: NotificationEvent, id: number) {
  expect(await messagesOf(user, event, id), `${user} not told of ${event} about ${id}`).toHaveLength(0);
}

async function todoState(user: User, event: NotificationEvent, id: number) {
  const found = await messagesOf(user, event, id);
  expect(found.length).toBeGreaterThan(0);
  return found.map((m) => ({ todoState: m.todoState, read: m.read }));
}

async function advance(days: number) {
  t.clock.advance(days * DAY);
  await t.database.db
    .updateTable('sysUser')
    .set({ passwordChangedAt: t.clock.now() })
    .where('username', 'in', [...USERS])
    .execute();
  for (const u of USERS) tok[u] = await t.login(u);
}

const version = async (url: string, user: User = 'insurer') =>
  (await post(t, url, tok[user])).body.data.version as number;

describe('hidden dangers', () => {
  const rectifyOf = async (id: number, token: string) => ({
    id,
    version: await version(`/api/hazard/detail?id=${id}`, 'ent2'),
    rectifiedOn: today(t),
    dept: '项目部',
    person: '赵顺达',
    description: '已按要求整改',
    photos: [await uploadPdf(t, token, '整改照片.pdf')],
  });
  const reviewOf = async (id: number, result: 'pass' | 'reject') => ({
    id,
    version: await version(`/api/hazard/detail?id=${id}`, 'ent2'),
    result,
    reviewDate: today(t),
    reviewer: '复查人',
    ...(result === 'reject' ? { reason: '整改不到位' } : {}),
  });
  const checkBody = (level: number, deadlineDays: number) => ({
    enterpriseId: ent2Id,
    checkDate: today(t),
    description: level === 2 ? '脚手架连墙件大面积缺失' : '临时用电线路私拉乱接',
    level,
    foundBy: '人保风控 周工',
    deadline: addDays(today(t), deadlineDays),
  });

  it('an insurer check of a major hazard → to-do for ent2 and the regulators at once; submitted → the insurer; rejected → ent2; completed → ent2 and the regulators; handled → ent2; overdue → the regulators', async () => {
    const res = await post(t, '/api/hazard/insurer-check', tok.insurer, checkBody(2, 10), idem());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id as number;
    await expectTold('ent2', 'hazard.registered', 'enterprise', id);
    const report = await expectTold('gov_sh', 'hazard.majorReported', 'regulators', id);
    expect(report.title).toBe('重大隐患报告：泗洪县顺达建筑工程有限公司');
    await expectTold('insurer_b', 'hazard.majorReported', 'insurer', id);
    await expectNotTold('gov_sy', 'hazard.majorReported', id);

    expect((await post(t, '/api/hazard/rectify', tok.ent2, await rectifyOf(id, tok.ent2!))).status).toBe(200);
    expect(await todoState('ent2', 'hazard.registered', id)).toEqual([{ todoState: 'done', read: true }]);
    await expectTold('insurer', 'hazard.submitted', 'insurer', id);
    expect((await post(t, '/api/hazard/review', tok.insurer, await reviewOf(id, 'reject'))).status).toBe(200);
    expect(await todoState('insurer', 'hazard.submitted', id)).toEqual([{ todoState: 'done', read: true }]);
    const rejected = await expectTold('ent2', 'hazard.rejected', 'enterprise', id);
    expect(rejected.content).toContain('原因：整改不到位');

    expect((await post(t, '/api/hazard/rectify', tok.ent2, await rectifyOf(id, tok.ent2!))).status).toBe(200);
    const plan = await post(t, '/api/hazard/governance-plan', tok.ent2, {
      id,
      version: await version(`/api/hazard/detail?id=${id}`, 'ent2'),
      objectives: '补齐连墙件',
      methods: '按方案补设',
      funding: '项目部列支',
      responsible: '项目经理',
      timeLimit: '10日内',
      safetyMeasures: '停用该段脚手架',
      contingency: '高处坠落应急预案',
      principal: '赵顺达',
      plannedDate: addDays(today(t), 10),
    });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect((await post(t, '/api/hazard/review', tok.insurer, await reviewOf(id, 'pass'))).status).toBe(200);
    await expectTold('ent2', 'hazard.completed', 'enterprise', id);
    await expectTold('gov', 'hazard.completed', 'regulators', id);
    expect((await todoState('gov', 'hazard.majorReported', id)).every((m) => m.todoState === 'done')).toBe(
      true,
    );

    const handled = await post(t, '/api/hazard/handle', tok.gov, {
      id,
      version: await version(`/api/hazard/detail?id=${id}`, 'gov'),
      kind: 'inspect',
      handledOn: today(t),
      description: '现场核查整改情况',
    });
    expect(handled.status, JSON.stringify(handled.body)).toBe(200);
    const told = await expectTold('ent2', 'hazard.handled', 'enterprise', id);
    expect(told.content).toContain('现场检查');

    // A second major hazard left open past its deadline: the alarm job's first overdue sighting.
    const late = await post(t, '/api/hazard/insurer-check', tok.insurer, checkBody(2, 1), idem());
    const lateId = late.body.data.id as number;
    await runAlarmRules(t.database.db, new Date(t.clock.now().getTime() + 3 * DAY));
    await expectTold('gov', 'hazard.majorOverdue', 'regulators', lateId);
    await expectTold('insurer', 'hazard.majorOverdue', 'insurer', lateId);
    await runAlarmRules(t.database.db, new Date(t.clock.now().getTime() + 4 * DAY));
    expect(await messagesOf('gov', 'hazard.majorOverdue', lateId)).toHaveLength(1);
  });

  it('a self-check submitted → to-do for the enterprise’s acceptance post (a colleague); a service check → to-do for the service organisation', async () => {
    const self = await post(t, '/api/hazard/self-check', tok.ent2, {
      checkDate: today(t),
      description: '材料堆放超高',
      level: 1,
      foundBy: '赵顺达',
      deadline: addDays(today(t), 3),
      acceptDept: '安全部',
    });
    expect(self.status, JSON.stringify(self.body)).toBe(200);
    const selfId = self.body.data.id as number;
    expect((await post(t, '/api/hazard/rectify', tok.ent2, await rectifyOf(selfId, tok.ent2!))).status).toBe(
      200,
    );
    await expectTold('ent2_b', 'hazard.submitted', 'enterprise', selfId);

    const { planId, day } = await checkPlanOn(t, tok.insurer!, policyId, ent2Id, `AP-HZ-${policyId}`);
    const file = await uploadPdf(t, tok.service!, '排查报告.pdf');
    const submit = await post(t, '/api/prevention/record/submit', tok.service, {
      planId,
      version: await version(`/api/prevention/plan/detail?id=${planId}`, 'service'),
      actualStart: `${day} 09:00`,
      actualEnd: `${day} 11:30`,
      summaryText: '隐患排查，发现一般隐患1处。',
      experts: [{ name: '吴志明' }],
      files: [file],
      summary: { type: '03', compliant: 30, nonCompliant: 1, notApplicable: 2 },
      hazards: [{ checkDate: day, description: '消防通道堵塞', level: 1, deadline: addDays(day, 5) }],
    });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
    const hz = await t.database.db
      .selectFrom('apHazard')
      .select('id')
      .where('planId', '=', planId)
      .executeTakeFirstOrThrow();
    await advance(3);
    expect((await post(t, '/api/hazard/rectify', tok.ent2, await rectifyOf(hz.id, tok.ent2!))).status).toBe(
      200,
    );
    await expectTold('service', 'hazard.submitted', 'provider', hz.id);
  });
});

describe('the catalogue', () => {
  it('every hazard.* event × recipient row was sent through the API above', () => {
    const rows = NOTIFICATION_EVENTS.filter((e) => e.startsWith('hazard.')).flatMap((e) =>
      NOTIFICATIONS[e].to.map((r) => `${e}:${r.party}`),
    );
    expect([...covered].sort()).toEqual([...rows].sort());
  });
});
