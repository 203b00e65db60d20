import { addDays } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { makeUser } from '../policy/policy.testkit.ts';
import {
  hazardTokens,
  orgIdOf,
  planBody,
  post,
  rectifyBody,
  reviewBody,
  submittedCheck,
  type Tokens,
} from './hazard.testkit.ts';
import { runAlarmRules } from './index.ts';

/**
 * Enterprise risk (the rule table, levels with history, the regulator's query and export), alarms
 * (deduplicated, acknowledged per user, resolved when the rule no longer holds, each linked to its record)
 * and the supervised enterprises, on ent2 after a service check with a major hazard.
 */
const DAY = 86_400_000;
let t: TestContext;
let tok: Tokens;
let ids: number[];
let policyId: number;
let ent2Id: number;
let gov2: string;

async function relogin(days: number) {
  t.clock.advance(days * DAY);
  await t.database.db.updateTable('sysUser').set({ passwordChangedAt: t.clock.now() }).execute();
  tok = await hazardTokens(t, true);
  gov2 = await t.login('gov_b');
}

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  tok = await hazardTokens(t);
  gov2 = await makeUser(t, 'gov', 'gov_b');
  ent2Id = await orgIdOf(t, 'ent2');
  ({ ids, policyId } = await submittedCheck(t, tok));
  await relogin(3);
});
afterAll(() => t.close());

const alarmsOf = async (token: string, query = '') => {
  const res = await post(t, `/api/alarm/list?pageSize=500${query}`, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.list as unknown as Array<
    Record<string, unknown> & { id: number; kind: string; targetId: number }
  >;
};

describe('the risk rule table', () => {
  it('the regulator reads it; others get 404', async () => {
    const res = await t.call({ method: 'GET', url: '/api/risk/rules', token: tok.gov });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.thresholds).toEqual({ major: 60, larger: 35, general: 15 });
    expect((await t.call({ method: 'GET', url: '/api/risk/rules', token: tok.insurer })).statusCode).toBe(
      404,
    );
  });

  it('ent2 is graded from its open hazards, listed with their counts, and only within the regulator’s districts', async () => {
    const list = await post(t, `/api/risk/list?keyword=${encodeURIComponent('顺达')}`, tok.gov);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const row = (list.body.data.list as Array<Record<string, unknown>>).find(
      (r) => r.enterpriseId === ent2Id,
    );
    expect(row).toMatchObject({ openMajorHazards: 1, openHazards: 6, insured: true });
    const d = await post(t, `/api/risk/detail?enterpriseId=${ent2Id}`, tok.gov);
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(d.body.data.riskLevel).toBe(row!.riskLevel);
    expect((d.body.data.history as Array<{ cause: string }>).at(-1)!.cause).toBe('initial');
    expect((await post(t, `/api/risk/detail?enterpriseId=${ent2Id}`, tok.gov_sy)).status).toBe(404);
    const sy = await post(t, '/api/risk/list?pageSize=500', tok.gov_sy);
    expect(
      (sy.body.data.list as Array<{ enterpriseId: number }>).some((r) => r.enterpriseId === ent2Id),
    ).toBe(false);
  });

  it('a bad table is refused with what to fix; a stale one 409; a saved one regrades with the reason kept', async () => {
    const cur = (await t.call({ method: 'GET', url: '/api/risk/rules', token: tok.gov })).json().data;
    const rules = cur.rules.map((r: { factor: string; min: number; points: number }) => ({
      factor: r.factor,
      min: r.min,
      points: r.points,
    }));
    const bad = await post(t, '/api/risk/rules', tok.gov, {
      version: cur.version,
      thresholds: { major: 30, larger: 40, general: 10 },
      rules,
      reason: '试调整',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('分值线须满足：重大 > 较大 > 一般');
    const stale = await post(t, '/api/risk/rules', tok.gov, {
      version: cur.version + 1,
      thresholds: cur.thresholds,
      rules,
      reason: '过期版本',
    });
    expect(stale.status).toBe(409);
    const district = await post(t, '/api/risk/rules', tok.gov_sy, {
      version: cur.version,
      thresholds: cur.thresholds,
      rules,
      reason: '区县调整',
    });
    expect(district.status).toBe(403);
    expect(district.body.result).toBe('区县监管账号不能修改全市的风险分级规则，请联系市级监管部门');
    // Only the open major hazard rule (40 points) and a 较大 line at 40: ent2 becomes 较大.
    const saved = await post(t, '/api/risk/rules', tok.gov, {
      version: cur.version,
      thresholds: { major: 100, larger: 40, general: 20 },
      rules: [{ factor: 'openMajorHazards', min: 1, points: 40 }],
      reason: '仅按重大隐患分级（测试）',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const d = await post(t, `/api/risk/detail?enterpriseId=${ent2Id}`, tok.gov);
    expect(d.body.data).toMatchObject({
      riskLevel: 2,
      riskLevelLabel: '较大风险',
      riskColor: 'orange',
      points: 40,
    });
    expect((d.body.data.history as unknown[])[0]).toMatchObject({
      cause: 'rules',
      riskLevel: 2,
      reason: '未整改重大隐患数≥1（+40）；合计40分',
    });
    const rs = (await t.call({ method: 'GET', url: '/api/risk/rules', token: tok.gov })).json().data;
    expect(rs).toMatchObject({ reason: '仅按重大隐患分级（测试）', version: cur.version + 1 });
  });

  it('the query exports as .xlsx', async () => {
    const res = await t.call({ method: 'GET', url: '/api/risk/export?riskLevel=2', token: tok.gov });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('ent2 is a supervised enterprise while its major hazard is open, with the reason', async () => {
    const res = await post(t, '/api/supervise/list?reason=majorHazard&pageSize=500', tok.gov);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const row = (res.body.data.list as Array<Record<string, unknown>>).find((r) => r.enterpriseId === ent2Id);
    expect(row).toMatchObject({ reasons: expect.arrayContaining(['majorHazard', 'highRisk']) });
    expect(row!.reasonTexts).toContain('有1条重大隐患未完成整改');
    const sy = await post(t, '/api/supervise/list?pageSize=500', tok.gov_sy);
    expect(
      (sy.body.data.list as Array<{ enterpriseId: number }>).some((r) => r.enterpriseId === ent2Id),
    ).toBe(false);
  });
});

describe('alarms', () => {
  it('past the deadlines the job raises one alarm per rule and record however often it runs', async () => {
    await relogin(10);
    const first = await runAlarmRules(t.database.db, t.clock.now());
    const again = await runAlarmRules(t.database.db, t.clock.now());
    expect(first.raised).toBeGreaterThan(0);
    expect(again.raised).toBe(0);
    expect(again.open).toBe(first.open);
    const rows = await t.database.db
      .selectFrom('alarm')
      .select(['kind', 'targetId'])
      .where('targetType', '=', 'hazard')
      .where('targetId', 'in', ids)
      .execute();
    const kinds = rows.map((r) => `${r.kind}:${r.targetId}`).sort();
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).toContain(`majorHazardOverdue:${ids[0]}`);
    expect(kinds).toContain(`hazardOverdue:${ids[1]}`);
    // The major one's first overdue alarm sent the regulator a to-do, once.
    const todos = await t.database.db
      .selectFrom('sysMessage as m')
      .innerJoin('sysUser as u', 'u.id', 'm.userId')
      .select('m.kind')
      .where('u.username', '=', 'gov')
      .where('m.event', '=', 'hazard.majorOverdue')
      .where('m.bizId', '=', String(ids[0]))
      .execute();
    expect(todos).toEqual([{ kind: 'todo' }]);
  });

  it('the regulator of the district and the insurer see them, linked to the record; others do not', async () => {
    const gov = await alarmsOf(tok.gov, `&enterpriseId=${ent2Id}`);
    const overdue = gov.find((a) => a.kind === 'hazardOverdue' && a.targetId === ids[1]);
    expect(overdue).toMatchObject({
      targetType: 'hazard',
      state: 1,
      acknowledged: false,
      kindLabel: '隐患逾期未整改',
    });
    expect(String(overdue!.detail)).toContain('已逾期');
    expect(
      (await alarmsOf(tok.insurer)).some((a) => a.targetId === ids[1] && a.kind === 'hazardOverdue'),
    ).toBe(true);
    expect((await alarmsOf(tok.gov_sy)).some((a) => a.targetId === ids[1])).toBe(false);
    expect((await alarmsOf(tok.coins)).some((a) => a.targetId === ids[1])).toBe(false);
  });

  it('acknowledged per user: mine shows as mine, a colleague sees who; out of scope is 404 and stores nothing', async () => {
    const a = (await alarmsOf(tok.gov, `&enterpriseId=${ent2Id}`)).find((x) => x.targetId === ids[1])!;
    expect((await post(t, '/api/alarm/ack', tok.gov_sy, { ids: [a.id] })).status).toBe(404);
    expect((await post(t, '/api/alarm/ack', tok.gov, { ids: [a.id] })).status).toBe(200);
    const twice = await post(t, '/api/alarm/ack', tok.gov, { ids: [a.id] });
    expect(twice.body.data.acknowledged).toBe(0);
    const mine = (await alarmsOf(tok.gov, '&acknowledged=true')).find((x) => x.id === a.id);
    expect(mine).toMatchObject({ acknowledged: true });
    const colleague = (await alarmsOf(gov2, `&enterpriseId=${ent2Id}`)).find((x) => x.id === a.id);
    expect(colleague).toMatchObject({ acknowledged: false });
    expect((colleague!.acknowledgedBy as Array<{ name: string }>).map((x) => x.name)).toEqual([
      '市应急局监管员',
    ]);
    expect((await alarmsOf(gov2, '&acknowledged=true')).some((x) => x.id === a.id)).toBe(false);
    const empty = await post(t, '/api/alarm/ack', tok.gov, { ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.result).toContain('请选择要确认的预警');
  });

  it('a hazard completed resolves its alarm at once (the event), not a day later', async () => {
    const id = ids[1]!;
    expect((await post(t, '/api/hazard/rectify', tok.ent2, await rectifyBody(t, tok, id))).status).toBe(200);
    expect((await post(t, '/api/hazard/review', tok.service, await reviewBody(t, id, 'pass'))).status).toBe(
      200,
    );
    const a = (await alarmsOf(tok.gov, `&enterpriseId=${ent2Id}`)).find(
      (x) => x.targetId === id && x.kind === 'hazardOverdue',
    );
    expect(a).toMatchObject({ state: 2, stateLabel: '已解除' });
    expect(a!.resolvedAt).not.toBeNull();
    // The major one: plan and pass → its alarm resolves too.
    const m = ids[0]!;
    expect((await post(t, '/api/hazard/rectify', tok.ent2, await rectifyBody(t, tok, m))).status).toBe(200);
    expect((await post(t, '/api/hazard/governance-plan', tok.ent2, await planBody(t, m))).status).toBe(200);
    expect((await post(t, '/api/hazard/review', tok.service, await reviewBody(t, m, 'pass'))).status).toBe(
      200,
    );
    const open = await alarmsOf(tok.gov, `&enterpriseId=${ent2Id}&state=1&kind=majorHazardOverdue`);
    expect(open.some((x) => x.targetId === m)).toBe(false);
  });

  it('a policy ending within 30 days without a renewal raises policyExpiring for its insurer', async () => {
    const end = await t.database.db
      .selectFrom('insPolicy')
      .select((eb) => eb.fn<string>('to_char', [eb.ref('endDate'), eb.val('YYYY-MM-DD')]).as('end'))
      .where('id', '=', policyId)
      .executeTakeFirstOrThrow();
    const days = Math.round(
      (Date.parse(`${addDays(end.end, -20)}T12:00:00+08:00`) - t.clock.now().getTime()) / DAY,
    );
    await relogin(days);
    await runAlarmRules(t.database.db, t.clock.now());
    const mine = await alarmsOf(tok.insurer, '&kind=policyExpiring');
    expect(mine.find((a) => a.targetId === policyId)).toMatchObject({ targetType: 'policy', state: 1 });
    expect((await alarmsOf(tok.coins, '&kind=policyExpiring')).some((a) => a.targetId === policyId)).toBe(
      false,
    );
    // ent2's policy had a completed service: no noPreventionService alarm for it.
    expect(
      (await alarmsOf(tok.insurer, '&kind=noPreventionService')).some((a) => a.targetId === policyId),
    ).toBe(false);
  });
});
