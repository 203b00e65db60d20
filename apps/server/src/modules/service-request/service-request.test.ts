import {
  addDays,
  SERVICE_REQUEST_STATUS,
  type ServiceRequestAction,
  type ServiceRequestStatus,
  serviceRequestTransition,
} from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, makeOrg, type TestContext } from '../../../test/helpers.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { idem, makeUser, post, today } from '../policy/policy.testkit.ts';
import { orgIdOf, planBody, projectBody, providerIds } from '../prevention/prevention.testkit.ts';
import { linkRequestToPlan } from './index.ts';

/** Service requests (服务需求): the state machine, scope, versions and idempotency through the API. */

let t: TestContext;
const tok: Record<string, string> = {};
let policyId: number;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['ent', 'ent2', 'insurer', 'gov', 'gov_sy', 'admin', 'service']) tok[u] = await t.login(u);
  tok.insurerX = await makeUser(t, 'insurer', 'req-insurer-x', {
    orgId: await makeOrg(t, 'insurer', '某某财产保险股份有限公司宿迁支公司'),
  });
  const policies = await post(t, '/api/serviceRequest/policies', tok.ent);
  expect(policies.status).toBe(200);
  const list = policies.body.data as unknown as Array<{ policyId: number; insurerName: string }>;
  expect(list.length).toBeGreaterThan(0);
  policyId = list[0]!.policyId;
});
afterAll(() => t.close());

const body = (over: Record<string, unknown> = {}) => ({
  policyId,
  item: '03',
  description: '仓库改造后请安排一次隐患排查',
  wishedFrom: addDays(today(t), 5),
  wishedTo: addDays(today(t), 20),
  contactName: '钱安全',
  contactPhone: '13905275678',
  ...over,
});
async function ask(over: Record<string, unknown> = {}) {
  const res = await post(t, '/api/serviceRequest/add', tok.ent, body(over), idem());
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id as number;
}
const detail = (id: number, who = 'insurer') => post(t, `/api/serviceRequest/detail?id=${id}`, tok[who]);
const versionOf = async (id: number) => (await detail(id)).body.data.version as number;
const answer = async (id: number, accept: boolean, remark = '', who = 'insurer') =>
  post(t, '/api/serviceRequest/answer', tok[who], { id, version: await versionOf(id), accept, remark });

describe('state machine', () => {
  const EXPECTED: Record<
    ServiceRequestStatus,
    Partial<Record<ServiceRequestAction, ServiceRequestStatus>>
  > = {
    pending: { accept: 'accepted', decline: 'declined', withdraw: 'withdrawn' },
    accepted: { schedule: 'scheduled' },
    declined: {},
    scheduled: {},
    withdrawn: {},
  };
  const ACTIONS: ServiceRequestAction[] = ['accept', 'decline', 'withdraw', 'schedule'];
  it.each(SERVICE_REQUEST_STATUS.values.flatMap((s) => ACTIONS.map((a) => [s, a] as const)))(
    '%s × %s',
    (status, action) => {
      expect(serviceRequestTransition(status, action)).toBe(EXPECTED[status][action] ?? null);
    },
  );
});

describe('the enterprise asks, the insurer answers', () => {
  it('a request reaches the insurer of the chosen policy; others of the same role get 404', async () => {
    const id = await ask();
    const d = await detail(id);
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({ status: 'pending', itemLabel: '生产安全事故隐患排查', planId: null });
    expect(d.body.data.requestNo).toMatch(/^XQ\d{8}\d{6}$/);
    expect(d.body.data.actions).toEqual({ answer: true, withdraw: false, plan: false });
    expect((await detail(id, 'ent')).body.data.actions).toEqual({
      answer: false,
      withdraw: true,
      plan: false,
    });
    for (const other of ['insurerX', 'ent2', 'gov_sy']) {
      const res = await detail(id, other);
      expect(res.status, other).toBe(404);
      expect(res.body.result).toBe((await detail(987654, other)).body.result);
    }
    expect((await detail(id, 'gov')).status).toBe(200);
    expect((await post(t, '/api/serviceRequest/list', tok.admin)).status).toBe(403);
    const mine = await post(t, '/api/serviceRequest/list?status=pending&pageSize=100', tok.insurer);
    expect((mine.body.data.list as Array<{ id: number }>).map((r) => r.id)).toContain(id);
    const theirs = await post(t, '/api/serviceRequest/list?pageSize=100', tok.insurerX);
    expect(theirs.body.data.total).toBe(0);
    // A message's link names the request (?id=): the list answers that one, within the caller's scope only.
    for (const [who, total] of [
      ['insurer', 1],
      ['ent', 1],
      ['insurerX', 0],
      ['ent2', 0],
    ] as const) {
      const one = await post(t, `/api/serviceRequest/list?id=${id}`, tok[who]);
      expect(one.status, who).toBe(200);
      expect(one.body.data.total, who).toBe(total);
      if (total) expect((one.body.data.list as Array<{ id: number }>)[0]?.id).toBe(id);
    }
    expect((await post(t, '/api/serviceRequest/list?id=0', tok.ent)).body.result).toContain(
      '服务需求必须是正整数',
    );
  });

  it('bad input is refused and changes nothing', async () => {
    const past = await post(
      t,
      '/api/serviceRequest/add',
      tok.ent,
      body({ wishedFrom: addDays(today(t), -1) }),
    );
    expect(past.status).toBe(400);
    expect(past.body.result).toContain('不能早于今天');
    const backwards = await post(
      t,
      '/api/serviceRequest/add',
      tok.ent,
      body({ wishedTo: addDays(today(t), 1), wishedFrom: addDays(today(t), 3) }),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.result).toContain('期望结束日期不能早于期望开始日期');
    const item = await post(t, '/api/serviceRequest/add', tok.ent, body({ item: '08' }));
    expect(item.status).toBe(400);
    expect((await post(t, '/api/serviceRequest/add', tok.insurer, body())).status).toBe(403);
  });

  it('decline needs a reason; an answered request cannot be answered or withdrawn again (409); stale version 409', async () => {
    const id = await ask();
    const noReason = await answer(id, false, '');
    expect(noReason.status).toBe(400);
    expect(noReason.body.result).toContain('拒绝服务需求须填写原因');
    const stale = await post(t, '/api/serviceRequest/answer', tok.insurer, {
      id,
      version: (await versionOf(id)) + 1,
      accept: true,
    });
    expect(stale.status).toBe(409);
    const declined = await answer(id, false, '该企业本年度已安排同类服务');
    expect(declined.status).toBe(200);
    expect(declined.body.data.status).toBe('declined');
    const d = await detail(id, 'ent');
    expect(d.body.data).toMatchObject({ status: 'declined', answerRemark: '该企业本年度已安排同类服务' });
    const again = await answer(id, true);
    expect(again.status).toBe(409);
    expect(again.body.result).toBe('服务需求当前为“已拒绝”，不能受理');
    const w = await post(t, '/api/serviceRequest/withdraw', tok.ent, { id, version: await versionOf(id) });
    expect(w.status).toBe(409);
  });

  it('withdrawn by the enterprise while pending; another insurer cannot answer it (404)', async () => {
    const id = await ask();
    expect((await answer(id, true, '', 'insurerX')).status).toBe(404);
    const w = await post(t, '/api/serviceRequest/withdraw', tok.ent, { id, version: await versionOf(id) });
    expect(w.status).toBe(200);
    expect((await detail(id)).body.data.status).toBe('withdrawn');
  });

  it('an accepted request is linked to the plan made from it (已安排); a pending one cannot be', async () => {
    const id = await ask();
    expect((await answer(id, true, '安排服务机构上门')).body.data.status).toBe('accepted');
    const pending = await ask();
    await expect(inTransaction(t.database.db, (trx) => linkRequestToPlan(trx, pending, 41))).rejects.toThrow(
      '不能安排服务计划',
    );
    await inTransaction(t.database.db, (trx) => linkRequestToPlan(trx, id, 42, t.clock.now()));
    const d = await detail(id, 'ent');
    expect(d.body.data).toMatchObject({ status: 'scheduled', statusLabel: '已安排', planId: 42 });
    expect(d.body.data.scheduledAt).not.toBeNull();
  });

  it('the insurer makes the plan of an accepted request in its project covering the policy (one step)', async () => {
    const id = await ask({ description: '新建储罐区，请安排隐患排查' });
    await answer(id, true, '安排服务机构上门');
    // The insurer's open project over the request's policy, if the demo data has one; else one is made.
    const covering = async () =>
      (
        await t.database.db
          .selectFrom('apProjectPolicy as pp')
          .innerJoin('apProject as j', 'j.id', 'pp.projectId')
          .select((e) => e.fn.max('pp.projectId').as('id'))
          .where('pp.policyId', '=', policyId)
          .where('j.insurerId', '=', await orgIdOf(t, 'insurer'))
          .where('j.state', '<', 3)
          .executeTakeFirst()
      )?.id ?? null;
    let projectId = await covering();
    if (projectId === null) {
      const made = await post(
        t,
        '/api/prevention/project/add',
        tok.insurer,
        await projectBody(t, [policyId]),
        idem(),
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      projectId = made.body.data.id as number;
    }
    expect(await covering()).toBe(projectId);
    const before = (await detail(id)).body.data;
    expect(before).toMatchObject({ status: 'accepted', projectId, actions: { answer: false, plan: true } });
    // Only the insurer learns the project; the enterprise sees no such action.
    expect((await detail(id, 'ent')).body.data).toMatchObject({ projectId: null, actions: { plan: false } });

    const entId = before.enterpriseId as number;
    const plan = await post(
      t,
      '/api/prevention/plan/add',
      tok.insurer,
      planBody(t, projectId, entId, (await providerIds(t)).service, { serviceRequestId: id }),
      idem(),
    );
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const after = (await detail(id)).body.data;
    expect(after).toMatchObject({ status: 'scheduled', planId: plan.body.data.id, actions: { plan: false } });
    // The enterprise sees it arranged, with the plan.
    expect((await detail(id, 'ent')).body.data).toMatchObject({ status: 'scheduled', statusLabel: '已安排' });
  });

  it('the same Idempotency-Key creates one request', async () => {
    const key = idem();
    const b = body({ description: '幂等：请安排应急演练指导' });
    const a = await post(t, '/api/serviceRequest/add', tok.ent, b, key);
    const r = await post(t, '/api/serviceRequest/add', tok.ent, b, key);
    expect(r.headers['idempotent-replayed']).toBe('true');
    expect(r.body.data.id).toBe(a.body.data.id);
  });

  it('a policy of another enterprise is 404', async () => {
    const other = await t.database.db
      .selectFrom('insPolicy')
      .select('id')
      .where('enterpriseId', '!=', (await detail(await ask(), 'ent')).body.data.enterpriseId as number)
      .executeTakeFirstOrThrow();
    const res = await post(t, '/api/serviceRequest/add', tok.ent, body({ policyId: other.id }));
    expect(res.status).toBe(404);
  });
});

describe('the contact number (security P04)', () => {
  it('the list and detail mask it; the insurer asked reveals it; another insurer gets 404', async () => {
    const id = await ask();
    expect((await detail(id)).body.data.contactPhone).toBe('139****5678');
    const list = await post(t, '/api/serviceRequest/list?pageSize=100', tok.insurer);
    expect(JSON.stringify(list.body)).not.toContain('13905275678');
    const full = await post(t, '/api/pii/reveal', tok.insurer, {
      kind: 'serviceRequest',
      id,
      field: 'contactPhone',
    });
    expect(full.body.data.value).toBe('13905275678');
    const out = await post(t, '/api/pii/reveal', tok.insurerX, {
      kind: 'serviceRequest',
      id,
      field: 'contactPhone',
    });
    expect(out.status).toBe(404);
  });
});
