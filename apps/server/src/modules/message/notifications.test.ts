import { addDays, type MessageItem } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  idem,
  makeUser,
  orgIdOf,
  policyBody,
  post,
  profileBody,
  secondInsurerId,
  today,
  uploadPdf,
} from '../policy/policy.testkit.ts';
import { checkPlanOn } from '../prevention/prevention.testkit.ts';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATIONS,
  type NotificationEvent,
  type Party,
  type PublisherSide,
  partySide,
  type RecordType,
  recordLink,
  type Side,
} from './notifications.ts';

/**
 * Walks the notification catalogue through the API: every event × recipient row of
 * docs/NOTIFICATIONS.md is caused by the real call, and the recipient's own message list (as they read it)
 * has the message, of the catalogue's kind, linked to the record's detail page for their role, which they
 * can open; to-dos close when the task moves on. The last test checks that every row was exercised.
 */

const DAY = 86_400_000;
const hour = 3600_000;
let t: TestContext;
const tok: Record<string, string> = {};
const USERS = ['ent', 'ent2', 'insurer', 'insurer_b', 'coins', 'gov', 'gov_sy', 'gov_sh', 'service'] as const;
type User = (typeof USERS)[number];
let ent2Id: number;
let insurerId: number;
let coinsurerId: number;
const covered = new Set<string>();

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  insurerId = await orgIdOf(t, 'insurer');
  coinsurerId = await secondInsurerId(t);
  ent2Id = await orgIdOf(t, 'ent2');
  // A colleague at the lead insurer, a user of the co-insurer, a regulator of 泗洪县 (ent2's district).
  tok.insurer_b = await makeUser(t, 'insurer', 'insurer_b');
  tok.coins = await makeUser(t, 'insurer', 'coins', { orgId: coinsurerId });
  tok.gov_sh = await makeUser(t, 'gov_sy', 'gov_sh', { districtCodes: '321324' });
  for (const u of ['ent', 'ent2', 'insurer', 'gov', 'gov_sy', 'service'] as const) tok[u] = await t.login(u);
});
afterAll(() => t.close());

/** The detail call behind each record page: the recipient can open what the link shows. */
const DETAIL_API: Record<RecordType, Partial<Record<Side, (id: number) => string>>> = {
  policy: {
    enterprise: (id) => `/api/policy/detail?id=${id}`,
    insurer: (id) => `/api/policy/detail?id=${id}`,
  },
  endorsement: {
    enterprise: (id) => `/api/endorsement/detail?id=${id}`,
    insurer: (id) => `/api/endorsement/detail?id=${id}`,
  },
  claim: {
    enterprise: (id) => `/api/claim/detail?id=${id}`,
    insurer: (id) => `/api/claim/detail?id=${id}`,
    government: (id) => `/api/govInsurance/claimDetail?id=${id}`,
  },
  enterprise: { enterprise: () => '/api/enterprise/mine' },
  apPlan: {
    enterprise: (id) => `/api/prevention/plan/detail?id=${id}`,
    insurer: (id) => `/api/prevention/plan/detail?id=${id}`,
    government: (id) => `/api/prevention/plan/detail?id=${id}`,
    service: (id) => `/api/prevention/plan/detail?id=${id}`,
    expert: (id) => `/api/prevention/plan/detail?id=${id}`,
  },
  training: {
    enterprise: (id) => `/api/training/detail?id=${id}`,
    insurer: (id) => `/api/training/detail?id=${id}`,
    service: (id) => `/api/training/detail?id=${id}`,
    expert: (id) => `/api/training/detail?id=${id}`,
    government: (id) => `/api/training/detail?id=${id}`,
  },
  serviceRequest: {
    enterprise: (id) => `/api/serviceRequest/detail?id=${id}`,
    insurer: (id) => `/api/serviceRequest/detail?id=${id}`,
  },
  preventionFiling: {
    insurer: (id) => `/api/preventionFiling/detail?id=${id}`,
    government: (id) => `/api/preventionFiling/govDetail?id=${id}`,
  },
  // Walked in modules/complaint/complaint-notifications.test.ts.
  complaint: {},
  // Walked in modules/registration/registration.test.ts.
  registration: {},
  hazard: {
    enterprise: (id) => `/api/hazard/detail?id=${id}`,
    insurer: (id) => `/api/hazard/detail?id=${id}`,
    government: (id) => `/api/hazard/detail?id=${id}`,
    service: (id) => `/api/hazard/detail?id=${id}`,
    expert: (id) => `/api/hazard/detail?id=${id}`,
  },
  // The pool's messages open the recipient's own profile page (no id).
  pool: {
    service: () => '/api/pool/mine',
    expert: () => '/api/pool/mine',
  },
};

async function inbox(user: User): Promise<MessageItem[]> {
  const res = await post(t, '/api/message/list?pageSize=100', tok[user]);
  expect(res.status).toBe(200);
  return (res.body.data as unknown as { list: MessageItem[] }).list;
}

async function counts(user: User): Promise<{ count: number; todos: number }> {
  return (await post(t, '/api/message/unreadCount', tok[user])).body.data as unknown as {
    count: number;
    todos: number;
  };
}

/** The messages of `event` about record `id` in the user's inbox (matched on the stored event code). */
async function messagesOf(user: User, event: NotificationEvent, id: number): Promise<MessageItem[]> {
  const mine = (await inbox(user)).filter(
    (m) => m.bizType === NOTIFICATIONS[event].record && m.bizId === String(id),
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

/**
 * `user`, as `party` of `event` about record `id`, has exactly one such message: the catalogue's kind
 * (a to-do open), linked to the record's page for their side, which they can open.
 */
async function expectTold(
  user: User,
  event: NotificationEvent,
  party: Party,
  id: number,
  enteredBy?: 'enterprise' | 'insurer',
  publisherSide?: PublisherSide,
): Promise<MessageItem> {
  const def = NOTIFICATIONS[event];
  const to = def.to.find((r) => r.party === party);
  expect(to, `${event} has no ${party} row`).toBeDefined();
  const found = await messagesOf(user, event, id);
  expect(found, `${user} told of ${event} about ${id}`).toHaveLength(1);
  const m = found[0]!;
  const side = partySide(party, enteredBy, publisherSide);
  expect(m.kind).toBe(to!.kind);
  expect(m.todoState).toBe(to!.kind === 'todo' ? 'open' : null);
  expect(m.link).toBe(recordLink(def.record, side, id));
  expect(m.link).not.toBe('');
  expect(m.read).toBe(false);
  const detail = DETAIL_API[def.record][side]!(id);
  expect((await post(t, detail, tok[user])).status, `${user} opens ${m.link}`).toBe(200);
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

/** Moves the fake clock on by whole days; sessions and password ages follow it, so sign in again. */
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

let policyId: number;
let insurerEntered: number;

describe('policies', () => {
  it('an application submitted → to-do for every user of the lead insurer; returned → to-do for the applicant; issued → the enterprise and the co-insurers', async () => {
    const mine = await post(t, '/api/enterprise/mine', tok.ent2);
    const saved = await post(t, '/api/enterprise/saveMine', tok.ent2, {
      ...profileBody(),
      version: mine.body.data.version,
    });
    expect(saved.status).toBe(200);
    const add = await post(
      t,
      '/api/policy/add',
      tok.ent2,
      {
        ...policyBody(today(t), 25),
        insurerId,
        coinsurers: [
          { insurerId, role: '01', share: 70 },
          { insurerId: coinsurerId, role: '02', share: 30 },
        ],
        submit: true,
      },
      idem(),
    );
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    policyId = add.body.data.id as number;
    const todo = await expectTold('insurer', 'policy.submitted', 'insurer', policyId);
    expect(todo.title).toBe('审核投保申请：泗洪县顺达建筑工程有限公司');
    expect(todo.kindName).toBe('待办');
    await expectTold('insurer_b', 'policy.submitted', 'insurer', policyId);
    // Nobody else: not the applicant, not the co-insurer (no issued policy yet), not another enterprise.
    for (const u of ['ent2', 'coins', 'ent', 'gov'] as const)
      await expectNotTold(u, 'policy.submitted', policyId);
    expect((await counts('insurer')).todos).toBeGreaterThanOrEqual(1);
    const openBefore = (await counts('insurer_b')).todos;

    const reject = await post(t, '/api/policy/review', tok.insurer, {
      id: policyId,
      version: await version(`/api/policy/detail?id=${policyId}`),
      approve: false,
      remark: '请补充安全生产标准化证书',
    });
    expect(reject.status).toBe(200);
    const fix = await expectTold('ent2', 'policy.returned', 'applicant', policyId, 'enterprise');
    expect(fix.content).toContain('请补充安全生产标准化证书');
    // The review to-do is done for both insurer users (and no longer unread).
    expect(await todoState('insurer', 'policy.submitted', policyId)).toEqual([
      { todoState: 'done', read: true },
    ]);
    expect(await todoState('insurer_b', 'policy.submitted', policyId)).toEqual([
      { todoState: 'done', read: true },
    ]);
    expect((await counts('insurer_b')).todos).toBe(openBefore - 1);
    const done = await post(t, '/api/message/list?todo=done', tok.insurer_b);
    expect((done.body.data as unknown as { list: MessageItem[] }).list.map((m) => m.bizId)).toContain(
      String(policyId),
    );

    // Resubmitted: the enterprise's to-do is done, the insurer has a new one.
    const resubmit = await post(
      t,
      `/api/policy/submit?id=${policyId}&version=${await version(`/api/policy/detail?id=${policyId}`, 'ent2')}`,
      tok.ent2,
    );
    expect(resubmit.status, JSON.stringify(resubmit.body)).toBe(200);
    expect(await todoState('ent2', 'policy.returned', policyId)).toEqual([{ todoState: 'done', read: true }]);
    const open = await post(t, '/api/message/list?todo=open', tok.insurer);
    const openList = (open.body.data as unknown as { list: MessageItem[] }).list;
    expect(openList.every((m) => m.kind === 'todo' && m.todoState === 'open')).toBe(true);
    expect(openList.filter((m) => m.bizType === 'policy' && m.bizId === String(policyId))).toHaveLength(1);

    const issue = await post(t, '/api/policy/review', tok.insurer, {
      id: policyId,
      version: await version(`/api/policy/detail?id=${policyId}`),
      approve: true,
      policyNo: 'PICC-NOTIFY-0001',
    });
    expect(issue.status).toBe(200);
    const issued = await expectTold('ent2', 'policy.issued', 'enterprise', policyId);
    expect(issued.title).toBe('保单已出单：PICC-NOTIFY-0001');
    await expectTold('coins', 'policy.issued', 'coinsurers', policyId);
    await expectNotTold('insurer', 'policy.issued', policyId);
    expect((await todoState('insurer_b', 'policy.submitted', policyId)).map((x) => x.todoState)).toEqual([
      'done',
      'done',
    ]);
    // Claims below report accidents of the last days: the cover started ten days ago.
    await t.database.db
      .updateTable('insPolicy')
      .set({ startDate: addDays(today(t), -10) })
      .where('id', '=', policyId)
      .execute();
  });

  it('an application the insurer enters: its colleagues review it, and a return comes back to the insurer', async () => {
    const p = (await post(t, `/api/policy/detail?id=${policyId}`, tok.insurer)).body.data;
    const start = addDays(p.endDate as string, 1);
    const add = await post(
      t,
      '/api/policy/add',
      tok.insurer,
      { ...policyBody(start, 25), enterpriseId: ent2Id, submit: true },
      idem(),
    );
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    insurerEntered = add.body.data.id as number;
    await expectTold('insurer_b', 'policy.submitted', 'insurer', insurerEntered);
    await expectNotTold('insurer', 'policy.submitted', insurerEntered);
    const reject = await post(t, '/api/policy/review', tok.insurer_b, {
      id: insurerEntered,
      version: await version(`/api/policy/detail?id=${insurerEntered}`, 'insurer_b'),
      approve: false,
      remark: '费率因子有误',
    });
    expect(reject.status).toBe(200);
    await expectTold('insurer', 'policy.returned', 'applicant', insurerEntered, 'insurer');
    await expectNotTold('ent2', 'policy.returned', insurerEntered);
    expect(await todoState('insurer_b', 'policy.submitted', insurerEntered)).toEqual([
      { todoState: 'done', read: true },
    ]);
  });
});

async function applyEndorsement(body: Record<string, unknown>) {
  const res = await post(
    t,
    '/api/endorsement/add',
    tok.ent2,
    {
      policyId,
      policyVersion: await version(`/api/policy/detail?id=${policyId}`, 'ent2'),
      reason: '补充约定',
      effectiveDate: today(t),
      type: '07',
      change: {},
      ...body,
    },
    idem(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
const reviewEndorsement = async (id: number, approve: boolean, remark = '') =>
  post(t, '/api/endorsement/review', tok.insurer, {
    id,
    version: await version(`/api/endorsement/detail?id=${id}`),
    approve,
    remark,
  });

describe('endorsements', () => {
  it('applied → to-do for the insurer, closed when the enterprise withdraws or the insurer returns it', async () => {
    const a = await applyEndorsement({});
    await expectTold('insurer', 'endorsement.applied', 'insurer', a);
    await expectTold('insurer_b', 'endorsement.applied', 'insurer', a);
    await expectNotTold('coins', 'endorsement.applied', a);
    const w = await post(t, '/api/endorsement/withdraw', tok.ent2, {
      id: a,
      version: await version(`/api/endorsement/detail?id=${a}`, 'ent2'),
    });
    expect(w.status).toBe(200);
    await expectTold('insurer', 'endorsement.withdrawn', 'insurer', a);
    expect(await todoState('insurer', 'endorsement.applied', a)).toEqual([{ todoState: 'done', read: true }]);

    const b = await applyEndorsement({});
    expect((await reviewEndorsement(b, false, '批改内容不明确')).status).toBe(200);
    const returned = await expectTold('ent2', 'endorsement.returned', 'enterprise', b);
    expect(returned.content).toContain('批改内容不明确');
    expect(await todoState('insurer_b', 'endorsement.applied', b)).toEqual([
      { todoState: 'done', read: true },
    ]);
  });

  it('approved for a later date → the enterprise hears it, and again when it takes effect or lapses', async () => {
    const effective = addDays(today(t), 2);
    const a = await applyEndorsement({ effectiveDate: effective });
    const ok = await reviewEndorsement(a, true);
    expect(ok.body.data.status).toBe('awaiting');
    const approved = await expectTold('ent2', 'endorsement.approved', 'enterprise', a);
    expect(approved.content).toContain(`将于 ${effective} 生效`);
    expect(await todoState('insurer', 'endorsement.applied', a)).toEqual([{ todoState: 'done', read: true }]);
    await advance(2);
    expect((await t.app.dailyJobs.runOnce()).endorsements).toMatchObject({ applied: 1 });
    await expectTold('ent2', 'endorsement.effective', 'enterprise', a);

    const b = await applyEndorsement({ effectiveDate: addDays(today(t), 1) });
    expect((await reviewEndorsement(b, true)).body.data.status).toBe('awaiting');
    // The policy changed after the approval: on its date the endorsement cannot apply and lapses.
    await t.database.db
      .updateTable('insPolicy')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', policyId)
      .execute();
    await advance(1);
    expect((await t.app.dailyJobs.runOnce()).endorsements).toMatchObject({ lapsed: 1 });
    const lapsed = await expectTold('ent2', 'endorsement.lapsed', 'enterprise', b);
    expect(lapsed.content).toContain('保单在申请后已发生变更');
    await expectTold('insurer', 'endorsement.lapsed', 'insurer', b);
  });
});

const iso = (ms: number) => new Date(ms).toISOString();
let reportSeq = 0;
async function report(user: 'ent2' | 'insurer', over: Record<string, unknown> = {}) {
  reportSeq += 1;
  const res = await post(
    t,
    '/api/claim/add',
    tok[user],
    {
      policyId,
      reporterName: '钱安全',
      reporterPhone: '13905275678',
      accidentAt: iso(t.clock.now().getTime() - (3 + reportSeq) * hour),
      accidentDistrictCode: '321324',
      accidentAddress: `泗洪县青阳镇工地${reportSeq}号楼`,
      accidentDesc: `第${reportSeq}起：高处作业时工人坠落受伤`,
      deaths: 0,
      injuries: 1,
      ...over,
    },
    idem(),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
async function step(user: 'ent2' | 'insurer', id: number, body: Record<string, unknown>) {
  const res = await post(t, '/api/claim/step', tok[user], {
    id,
    version: await version(`/api/claim/detail?id=${id}`, user),
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

describe('claims', () => {
  it('reported by the enterprise → to-do for the insurer; every step → the enterprise; 结案 → to-do to rate, closed by rating', async () => {
    const id = await report('ent2');
    const todo = await expectTold('insurer', 'claim.reported', 'insurer', id);
    expect(todo.title).toBe('受理报案：泗洪县顺达建筑工程有限公司');
    await expectTold('insurer_b', 'claim.reported', 'insurer', id);
    await expectTold('coins', 'claim.reported', 'coinsurers', id);
    await expectNotTold('ent2', 'claim.reported', id);
    await expectNotTold('gov', 'claim.major', id);

    // 立案 at 较大事故: the enterprise hears it; the regulators of 泗洪县 and the city are told, 泗阳县's not.
    await step('insurer', id, {
      step: 3,
      accidentType: '09',
      accidentLevel: 3,
      seriousInjuries: 1,
      cause: '未系安全带',
      estimatedLoss: 50000,
    });
    const reg = await expectTold('ent2', 'claim.registered', 'enterprise', id);
    expect(reg.content).toContain('较大事故');
    const major = await expectTold('gov_sh', 'claim.major', 'regulators', id);
    expect(major.link).toBe(`/government/govInsurance/GovInsurance/route?claim=${id}`);
    await expectTold('gov', 'claim.major', 'regulators', id);
    await expectNotTold('gov_sy', 'claim.major', id);
    expect(await todoState('insurer', 'claim.reported', id)).toEqual([{ todoState: 'done', read: true }]);

    await step('insurer', id, {
      step: 5,
      surveyorName: '孙查勘',
      surveyorPhone: '13905270000',
      description: '现场查勘',
    });
    await expectTold('ent2', 'claim.surveyed', 'enterprise', id);
    await step('insurer', id, { step: 4, payType: 1, amount: 10000, payee: '泗洪县顺达建筑工程有限公司' });
    const adv = await expectTold('ent2', 'claim.advancePaid', 'enterprise', id);
    expect(adv.content).toContain('预付10,000.00元');
    await step('insurer', id, {
      step: 6,
      items: [
        { category: '01', amount: 30000 },
        { category: '05', amount: 10000 },
      ],
      total: 40000,
    });
    await expectTold('ent2', 'claim.assessed', 'enterprise', id);
    await step('insurer', id, {
      step: 7,
      total: 40000,
      persons: [{ personType: 1, name: '周工人', idNo: '321302198506123018', injury: '02', amount: 30000 }],
      fees: [{ category: '05', amount: 10000 }],
    });
    await expectTold('ent2', 'claim.paid', 'enterprise', id);
    await step('insurer', id, { step: 8, closeType: 'paid', note: '赔款已支付完毕' });
    const rate = await expectTold('ent2', 'claim.closed', 'enterprise', id);
    expect(rate.title).toContain('评价理赔满意度');
    await expectTold('coins', 'claim.closed', 'coinsurers', id);
    const before = await counts('ent2');

    const rated = await post(t, '/api/claim/satisfaction', tok.ent2, {
      id,
      version: await version(`/api/claim/detail?id=${id}`, 'ent2'),
      score: 4,
      comment: '处理及时',
    });
    expect(rated.status).toBe(200);
    expect(await todoState('ent2', 'claim.closed', id)).toEqual([{ todoState: 'done', read: true }]);
    expect(await counts('ent2')).toEqual({ count: before.count - 1, todos: before.todos - 1 });
    const score = await expectTold('insurer', 'claim.rated', 'insurer', id);
    expect(score.content).toContain('4分，处理及时');
  });

  it('reported by the insurer → the enterprise; three deaths → the regulators at once; withdrawals tell the other side', async () => {
    const id = await report('insurer', { deaths: 3, injuries: 2 });
    await expectTold('ent2', 'claim.reportedByInsurer', 'enterprise', id);
    await expectTold('coins', 'claim.reportedByInsurer', 'coinsurers', id);
    await expectNotTold('insurer_b', 'claim.reported', id);
    const major = await expectTold('gov_sh', 'claim.major', 'regulators', id);
    expect(major.content).toContain('死亡3人');
    await step('insurer', id, { step: 2, reason: '重复报案' });
    const w = await expectTold('ent2', 'claim.withdrawn', 'enterprise', id);
    expect(w.content).toContain('重复报案');

    const mine = await report('ent2');
    await step('ent2', mine, { step: 2, reason: '误报，已核实无人员受伤' });
    await expectTold('insurer', 'claim.withdrawnByEnterprise', 'insurer', mine);
    expect(await todoState('insurer', 'claim.reported', mine)).toEqual([{ todoState: 'done', read: true }]);
    await expectNotTold('ent2', 'claim.withdrawnByEnterprise', mine);
  });
});

describe('accident prevention', () => {
  it('a plan → to-do for the assigned service organisation and the enterprise; visit confirmed → the service; record submitted → to-do for the enterprise; confirmed → the insurer and the service', async () => {
    // The insurer's project on ent2's policy and a hidden-danger check two days ahead, by the service.
    const { planId, day } = await checkPlanOn(t, tok.insurer!, policyId, ent2Id);
    const assigned = await expectTold('service', 'ap.planAssigned', 'provider', planId);
    expect(assigned.title).toBe('执行预防服务：泗洪县顺达建筑工程有限公司');
    const visit = await expectTold('ent2', 'ap.visitToConfirm', 'enterprise', planId);
    expect(visit.content).toContain('服务项目：生产安全事故隐患排查');
    for (const u of ['ent', 'insurer', 'gov'] as const) await expectNotTold(u, 'ap.visitToConfirm', planId);

    const pv = (u: User) => version(`/api/prevention/plan/detail?id=${planId}`, u);
    const confirm = await post(t, '/api/prevention/plan/confirmVisit', tok.ent2, {
      id: planId,
      version: await pv('ent2'),
    });
    expect(confirm.status).toBe(200);
    expect(await todoState('ent2', 'ap.visitToConfirm', planId)).toEqual([{ todoState: 'done', read: true }]);
    await expectTold('service', 'ap.visitConfirmed', 'provider', planId);

    const file = await uploadPdf(t, tok.service!, '排查报告.pdf');
    const submit = await post(t, '/api/prevention/record/submit', tok.service, {
      planId,
      version: await pv('service'),
      actualStart: `${day} 09:00`,
      actualEnd: `${day} 11:30`,
      summaryText: '完成综合隐患排查，未发现隐患。',
      experts: [{ name: '吴志明' }],
      files: [file],
      summary: { type: '03', compliant: 30, nonCompliant: 0, notApplicable: 2 },
    });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
    expect(await todoState('service', 'ap.planAssigned', planId)).toEqual([
      { todoState: 'done', read: true },
    ]);
    await expectTold('ent2', 'ap.recordSubmitted', 'enterprise', planId);

    const ok = await post(t, '/api/prevention/record/confirm', tok.ent2, {
      planId,
      version: await pv('ent2'),
    });
    expect(ok.status).toBe(200);
    expect(await todoState('ent2', 'ap.recordSubmitted', planId)).toEqual([
      { todoState: 'done', read: true },
    ]);
    await expectTold('insurer', 'ap.recordConfirmed', 'insurer', planId);
    await expectTold('service', 'ap.recordConfirmed', 'provider', planId);
  });
});

describe('accident prevention activities', () => {
  const session = (topic: string) => ({
    topic,
    mode: 'offline',
    startsAt: iso(t.clock.now().getTime() + 48 * hour),
    endsAt: iso(t.clock.now().getTime() + 50 * hour),
    place: '泗洪县应急管理局会议室',
    capacity: 30,
    targetDistricts: ['321324'],
  });
  const signUp = async (id: number) => {
    const res = await post(
      t,
      '/api/training/signUp',
      tok.ent2,
      { trainingId: id, participants: 2, contactName: '赵顺达', contactPhone: '13905271234' },
      idem(),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };

  it('training: published → the target enterprises; sign-up and its cancellation → the publisher; cancelled → the enterprises signed up', async () => {
    const add = await post(t, '/api/training/add', tok.service, session('建筑施工高处作业安全培训'), idem());
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.body.data.id as number;
    const told = await expectTold('ent2', 'training.published', 'enterprises', id);
    expect(told.content).toContain('宿迁市安泰安全技术服务有限公司');
    await expectNotTold('ent', 'training.published', id);
    const s = await signUp(id);
    const signed = await expectTold('service', 'training.signedUp', 'publisher', id, undefined, 'service');
    expect(signed.title).toBe('新的培训报名：泗洪县顺达建筑工程有限公司');
    // Messages are stored as written: the contact's number goes in masked (security.md P03).
    expect(signed.content).toContain('联系人赵顺达（139****1234）');
    expect(signed.content).not.toContain('13905271234');
    const v = (await post(t, `/api/training/detail?id=${id}`, tok.ent2)).body.data.mySignUp as {
      version: number;
    };
    expect(
      (await post(t, '/api/training/cancelSignUp', tok.ent2, { id: s, version: v.version })).status,
    ).toBe(200);
    await expectTold('service', 'training.signUpCancelled', 'publisher', id, undefined, 'service');
    await signUp(id);
    const cancel = await post(t, '/api/training/cancel', tok.service, {
      id,
      version: await version(`/api/training/detail?id=${id}`, 'service'),
      reason: '讲师临时有事，另行通知',
    });
    expect(cancel.status).toBe(200);
    const off = await expectTold('ent2', 'training.cancelled', 'enterprises', id);
    expect(off.content).toContain('讲师临时有事');
  });

  it('service requests: submitted → to-do for the insurer, closed by withdrawal, acceptance or decline, each told to the other side', async () => {
    const ask = async () => {
      const res = await post(
        t,
        '/api/serviceRequest/add',
        tok.ent2,
        {
          policyId,
          item: '03',
          description: '新建厂房投产前请安排隐患排查',
          wishedFrom: addDays(today(t), 3),
          contactName: '赵顺达',
          contactPhone: '13905271234',
        },
        idem(),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id as number;
    };
    const a = await ask();
    const todo = await expectTold('insurer', 'serviceRequest.submitted', 'insurer', a);
    expect(todo.content).toContain('生产安全事故隐患排查');
    await expectTold('insurer_b', 'serviceRequest.submitted', 'insurer', a);
    const w = await post(t, '/api/serviceRequest/withdraw', tok.ent2, {
      id: a,
      version: await version(`/api/serviceRequest/detail?id=${a}`, 'ent2'),
    });
    expect(w.status).toBe(200);
    await expectTold('insurer', 'serviceRequest.withdrawn', 'insurer', a);
    expect(await todoState('insurer', 'serviceRequest.submitted', a)).toEqual([
      { todoState: 'done', read: true },
    ]);

    const answer = async (id: number, accept: boolean, remark: string) =>
      post(t, '/api/serviceRequest/answer', tok.insurer, {
        id,
        version: await version(`/api/serviceRequest/detail?id=${id}`),
        accept,
        remark,
      });
    const b = await ask();
    expect((await answer(b, true, '下周安排服务机构上门')).status).toBe(200);
    const accepted = await expectTold('ent2', 'serviceRequest.accepted', 'enterprise', b);
    expect(accepted.content).toContain('下周安排服务机构上门');
    expect(await todoState('insurer_b', 'serviceRequest.submitted', b)).toEqual([
      { todoState: 'done', read: true },
    ]);
    const c = await ask();
    expect((await answer(c, false, '该项目已在本年度服务计划中')).status).toBe(200);
    const declined = await expectTold('ent2', 'serviceRequest.declined', 'enterprise', c);
    expect(declined.content).toContain('该项目已在本年度服务计划中');
  });

  it('plan filings: submitted → to-do for the regulators of its districts; returned → to-do for the insurer, closed by the next version; filed → the insurer', async () => {
    // Next year: the demo insurer's current year is seeded (two versions).
    const year = Number(today(t).slice(0, 4)) + 1;
    const body = async () => ({
      year,
      districts: ['321324'],
      plannedServices: { '01': 4, '03': 12 },
      expectedPremium: 1000000,
      budgetAmount: 180000,
      attachments: [await uploadPdf(t, tok.insurer!, '年度预防计划.pdf')],
    });
    const first = await post(t, '/api/preventionFiling/add', tok.insurer, await body(), idem());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const v1 = first.body.data.id as number;
    const todo = await expectTold('gov_sh', 'preventionFiling.submitted', 'regulators', v1);
    expect(todo.title).toBe('审核预防计划备案：中国人民财产保险股份有限公司宿迁市分公司');
    await expectTold('gov', 'preventionFiling.submitted', 'regulators', v1);
    await expectNotTold('gov_sy', 'preventionFiling.submitted', v1);
    const ret = await post(t, '/api/preventionFiling/review', tok.gov_sh, {
      id: v1,
      version: await version(`/api/preventionFiling/govDetail?id=${v1}`, 'gov_sh'),
      approve: false,
      remark: '隐患排查次数与承保企业数不匹配',
    });
    expect(ret.status).toBe(200);
    const back = await expectTold('insurer', 'preventionFiling.returned', 'insurer', v1);
    expect(back.content).toContain('隐患排查次数与承保企业数不匹配');
    expect(await todoState('gov', 'preventionFiling.submitted', v1)).toEqual([
      { todoState: 'done', read: true },
    ]);

    const second = await post(
      t,
      '/api/preventionFiling/add',
      tok.insurer,
      {
        ...(await body()),
        supersedes: { id: v1, version: await version(`/api/preventionFiling/detail?id=${v1}`) },
      },
      idem(),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const v2 = second.body.data.id as number;
    expect(await todoState('insurer', 'preventionFiling.returned', v1)).toEqual([
      { todoState: 'done', read: true },
    ]);
    await expectTold('gov_sh', 'preventionFiling.submitted', 'regulators', v2);
    const filed = await post(t, '/api/preventionFiling/review', tok.gov, {
      id: v2,
      version: await version(`/api/preventionFiling/govDetail?id=${v2}`, 'gov'),
      approve: true,
    });
    expect(filed.status).toBe(200);
    await expectTold('insurer', 'preventionFiling.filed', 'insurer', v2);
    expect(await todoState('gov_sh', 'preventionFiling.submitted', v2)).toEqual([
      { todoState: 'done', read: true },
    ]);
  });
});

describe('enterprise changes', () => {
  it('从业人员总数 → the lead insurer of the unexpired policy; 经营状态 set by the regulator → the enterprise and the insurers; cancellation → the enterprise and the co-insurers', async () => {
    const mine = await post(t, '/api/enterprise/mine', tok.ent2);
    const saved = await post(t, '/api/enterprise/saveMine', tok.ent2, {
      ...profileBody({ employees: 27 }),
      version: mine.body.data.version,
    });
    expect(saved.status).toBe(200);
    const changed = await expectTold('insurer', 'policy.employeesChanged', 'insurer', policyId);
    expect(changed.content).toContain('由25人变更为27人');
    // The returned application the insurer entered is not waiting for anyone.
    await expectNotTold('insurer', 'policy.employeesChanged', insurerEntered);

    const gov = await post(t, `/api/enterprise/detail?id=${ent2Id}`, tok.gov);
    const { legalMobile: _l, safetyMobile: _s, ...rest } = profileBody({ employees: 27, operatingStatus: 3 });
    const edit = await post(t, '/api/enterprise/edit', tok.gov, {
      ...rest,
      id: ent2Id,
      version: gov.body.data.version,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const status = await expectTold('ent2', 'enterprise.statusChanged', 'enterprise', ent2Id);
    expect(status.content).toContain('由“正常经营”变更为“关闭取缔”');
    await expectTold('insurer', 'policy.holderStatusChanged', 'insurer', policyId);
    await expectTold('coins', 'policy.holderStatusChanged', 'coinsurers', policyId);

    const cancel = await applyEndorsement({ type: '08', reason: '企业已依法关闭', premiumDelta: -1000 });
    expect((await reviewEndorsement(cancel, true)).body.data.status).toBe('approved');
    const approved = await expectTold('ent2', 'endorsement.approved', 'enterprise', cancel);
    expect(approved.content).toContain('已生效');
    const cancelled = await expectTold('ent2', 'policy.cancelled', 'enterprise', policyId);
    expect(cancelled.content).toContain('企业已依法关闭');
    await expectTold('coins', 'policy.cancelled', 'coinsurers', policyId);
  });
});

describe('the catalogue', () => {
  it('every event × recipient row was sent through the API above, and another enterprise heard none of it', async () => {
    // Complaint events are walked by modules/complaint/complaint-notifications.test.ts, hidden dangers
    // (hazard.*) in notifications-hazard.test.ts, the pool's (pool.*) in modules/pool/pool.test.ts,
    // registrations in modules/registration/registration.test.ts.
    const rows = NOTIFICATION_EVENTS.filter(
      (e) => !['complaint', 'hazard', 'pool', 'registration'].includes(NOTIFICATIONS[e].record),
    ).flatMap((e) => NOTIFICATIONS[e].to.map((r) => `${e}:${r.party}`));
    expect([...covered].sort()).toEqual([...rows].sort());
    const other = (await inbox('ent')).filter((m) => m.bizType !== '' && m.bizType !== 'consult');
    expect(other).toEqual([]);
  });
});
