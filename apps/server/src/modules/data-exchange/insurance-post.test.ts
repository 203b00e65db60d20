import { addDays, INSURANCE_POST_MAX } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  type Json,
  makeUser,
  orgIdOf,
  policyBody,
  post,
  secondInsurerId,
  today,
} from '../policy/policy.testkit.ts';
import {
  type Creds,
  newEnterprise,
  serviceUser,
  signedPost,
  subsystem,
  usccOf,
} from './data-exchange.testkit.ts';

const URL = '/api/company/insurancePost';
const ROUTE = [{ method: 'POST', url: URL }];

let t: TestContext;
let admin: string;
let gov: string;
let insurer: string;
let ent: string;
/** Bound to the demo insurer's service account, allowed to call insurancePost. */
let sys: Creds;
let n = 0;

const db = () => t.database.db;

/** A new enterprise (10 employees) and a policy item for it that passes every rule. */
async function fresh(overrides: Json = {}, employees = 10) {
  n += 1;
  const uscc = usccOf(9000 + n);
  const enterpriseId = await newEnterprise(t, gov, uscc, `宿豫区数据交换测试${n}号有限公司`, employees);
  const item: Json & { policyNo: string; enterpriseUscc: string } = {
    ...policyBody(today(t), employees),
    policyNo: `PDX${Date.now()}${n}`,
    enterpriseUscc: uscc,
    ...overrides,
  };
  return { enterpriseId, uscc, item };
}

const stored = (policyNo: string) =>
  db().selectFrom('insPolicy').selectAll().where('policyNo', '=', policyNo).executeTakeFirst();

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [admin, gov, insurer, ent] = await Promise.all([
    t.login('admin'),
    t.login('gov'),
    t.login('insurer'),
    t.login('ent'),
  ]);
  sys = await subsystem(
    t,
    admin,
    'dxins',
    await serviceUser(t, 'svc_dx_ins', 'ROLE_INSURANCE', 'insurer'),
    ROUTE,
  );
});
afterAll(() => t.close());

describe('POST /api/company/insurancePost', () => {
  it('a signed call of an insurer-bound subsystem issues the policy; the platform shows it like one entered on screen', async () => {
    const { enterpriseId, item } = await fresh({ signDate: today(t), remark: '核心系统出单' });
    const res = await signedPost(t, sys, URL, { policy: item });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toBe('上报成功：新增1条，重复上报（无变化）0条');
    const data = res.body.data as { items: Json[]; created: number };
    expect(data.created).toBe(1);
    expect(data.items[0]).toMatchObject({ index: 0, policyNo: item.policyNo, result: 'created', reason: '' });
    const id = data.items[0]!.id as number;

    const row = await stored(item.policyNo);
    expect(row).toMatchObject({
      id,
      enterpriseId,
      insurerId: await orgIdOf(t, 'insurer'),
      status: 'approved',
      enteredBy: 'insurer',
      headcount: 10,
      remark: '核心系统出单',
    });
    expect(row!.applicationNo).toMatch(/^TB\d{16}$/);
    // The policies module reads it back: issued, in force, a sole insurer, an issue snapshot.
    const detail = await post(t, `/api/policy/detail?id=${id}`, insurer);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      policyNo: item.policyNo,
      state: 'active',
      perAccidentLimit: 4_000_000,
      coinsurers: [{ insurerId: await orgIdOf(t, 'insurer'), role: '03', share: 100 }],
    });
    const versions = await post(t, `/api/policy/versions?id=${id}`, insurer);
    expect(versions.status).toBe(200);
    expect((versions.body.data as unknown as Json[]).map((v) => v.reason)).toEqual(['issue']);
    // The regulator sees the issued policy of its district.
    expect((await post(t, `/api/policy/detail?id=${id}`, gov)).status).toBe(200);
    // The call is in the operation log as the service account's.
    const log = await db()
      .selectFrom('sysOperLog')
      .select(['module', 'outcome', 'username', 'targetId'])
      .where('path', '=', URL)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      module: '保单上报',
      outcome: 'success',
      username: 'svc_dx_ins',
      targetId: String(id),
    });
  });

  it('an identical resend answers 200 unchanged with the same id; changed data answers 409 (endorsement) and changes nothing', async () => {
    const { item } = await fresh();
    const first = await signedPost(t, sys, URL, { policies: [item] });
    expect(first.status).toBe(200);
    const id = (first.body.data as { items: Json[] }).items[0]!.id;
    const before = await stored(item.policyNo);

    const again = await signedPost(t, sys, URL, { policies: [item] });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toMatchObject({
      created: 0,
      unchanged: 1,
      items: [{ index: 0, policyNo: item.policyNo, result: 'unchanged', id }],
    });
    // The same numbers written differently (trailing zeros, reordered items) are still the same policy.
    const same = await post(t, URL, insurer, {
      policy: { ...item, serviceItems: ['03', '01'], premium: item.premium },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data).toMatchObject({ unchanged: 1 });

    const changed = await signedPost(t, sys, URL, {
      policy: {
        ...item,
        premium: (item.premium as number) + 100,
        endDate: addDays(item.endDate as string, -1),
      },
    });
    expect(changed.status).toBe(409);
    expect(changed.body.result).toContain('实收保费');
    expect(changed.body.result).toContain('保险止期');
    expect(changed.body.result).toContain('批改');
    expect(changed.body.data).toMatchObject({ items: [{ result: 'rejected', id: null }], rejected: 1 });
    const after = await stored(item.policyNo);
    expect(after!.premium).toBe(before!.premium);
    expect(after!.version).toBe(before!.version);
  });

  it('an insurer user with X-TOKEN reports a batch; co-insurers are named by USCC', async () => {
    const a = await fresh();
    const other = await secondInsurerId(t);
    const otherUscc = (
      await db().selectFrom('sysOrg').select('uscc').where('id', '=', other).executeTakeFirstOrThrow()
    ).uscc!;
    const leadUscc = (
      await db()
        .selectFrom('sysOrg')
        .select('uscc')
        .where('id', '=', await orgIdOf(t, 'insurer'))
        .executeTakeFirstOrThrow()
    ).uscc!;
    const b = await fresh({
      coinsurers: [
        { insurerUscc: leadUscc, role: '01', share: 60 },
        { insurerUscc: otherUscc, role: '02', share: 40 },
      ],
    });
    const res = await post(t, URL, insurer, { policies: [a.item, b.item] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: 2, unchanged: 0, rejected: 0 });
    const bRow = await stored(b.item.policyNo);
    const co = await db()
      .selectFrom('insPolicyCoinsurer')
      .select(['insurerId', 'role', 'share'])
      .where('policyId', '=', bRow!.id)
      .orderBy('role')
      .execute();
    expect(co.map((c) => [c.insurerId, c.role, Number(c.share)])).toEqual([
      [await orgIdOf(t, 'insurer'), '01', 60],
      [other, '02', 40],
    ]);
    // A resend of a co-insured policy is the same policy (co-insurers compared by USCC, role and share).
    const resend = await post(t, URL, insurer, { policy: b.item });
    expect(resend.body.data).toMatchObject({ unchanged: 1 });
  });

  it('an unknown enterprise USCC is rejected with a clear message (400)', async () => {
    const { item } = await fresh();
    const res = await signedPost(t, sys, URL, { policy: { ...item, enterpriseUscc: usccOf(8888888) } });
    expect(res.status).toBe(400);
    expect(res.body.result).toContain(`统一社会信用代码 ${usccOf(8888888)} 对应的企业未在平台登记`);
    expect(await stored(item.policyNo)).toBeUndefined();
    const badCo = await signedPost(t, sys, URL, {
      policy: { ...item, coinsurers: [{ insurerUscc: usccOf(7777777), role: '01', share: 100 }] },
    });
    expect(badCo.status).toBe(400);
    expect(badCo.body.result).toContain('未在平台登记为保险机构');
  });

  it('bad input answers 400 naming the field; rules of the policy form apply', async () => {
    const { item } = await fresh();
    const res = await signedPost(t, sys, URL, { policy: { ...item, premium: -1, policyNo: 'P 1' } });
    expect(res.status).toBe(400);
    expect(res.body.result).toContain('policyNo：保单号须为1-40位字母、数字、下划线或短横线');
    expect(res.body.result).toContain('premium：');
    const unknownField = await signedPost(t, sys, URL, { policy: { ...item, enterpriseId: 1 } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.result).toContain('enterpriseId');
    const rule = await signedPost(t, sys, URL, { policy: { ...item, perPersonLimit: 100000 } });
    expect(rule.status).toBe(400);
    expect(rule.body.result).toContain('每人死亡伤残责任限额不得低于400000元');

    const neither = await signedPost(t, sys, URL, {});
    expect(neither.status).toBe(400);
    expect(neither.body.result).toContain('policy（单条）或 policies（批量）');
    const tooMany = await signedPost(t, sys, URL, {
      policies: Array.from({ length: INSURANCE_POST_MAX + 1 }, () => item),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.result).toContain(`每次最多上报${INSURANCE_POST_MAX}条保单`);
    const notObjects = await post(t, URL, insurer, { policies: ['x'] });
    expect(notObjects.status).toBe(400);
    expect(await stored(item.policyNo)).toBeUndefined();
  });

  it('a batch is all-or-nothing: one rejected item saves none and every item is answered', async () => {
    const good = await fresh();
    const good2 = await fresh();
    const bad = await fresh({ headcount: 9 });
    const res = await signedPost(t, sys, URL, { policies: [good.item, bad.item, good2.item, good.item] });
    expect(res.status).toBe(400);
    const data = res.body.data as { items: Json[]; created: number; rejected: number };
    expect(data.created).toBe(0);
    expect(data.rejected).toBe(4);
    expect(data.items.map((i) => i.result)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(data.items[0]!.reason).toContain('整批未保存');
    expect(data.items[1]!.reason).toContain('须全员投保');
    expect(data.items[3]!.reason).toBe('保单号与本批第1条重复');
    expect(res.body.result).toMatch(/^共4条，2条被拒绝，整批未保存。第2条（保单号 PDX\d+）：须全员投保/);
    for (const x of [good, good2, bad]) expect(await stored(x.item.policyNo)).toBeUndefined();

    // Fixed and sent again: all created.
    const fixed = await signedPost(t, sys, URL, {
      policies: [good.item, { ...bad.item, headcount: 10 }, good2.item],
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body.data).toMatchObject({ created: 3 });
  });

  it("the enterprise's users are told the policy was issued; a refused batch tells nobody", async () => {
    const a = await fresh();
    const b = await fresh({ headcount: 9 });
    const users = await Promise.all(
      [a, b].map((x, i) => makeUser(t, 'ent', `dx_notify_${n}_${i}`, { orgId: x.enterpriseId })),
    );
    const inbox = async (token: string) =>
      ((await post(t, '/api/message/list', token)).body.data as unknown as { list: Json[] }).list;
    expect((await signedPost(t, sys, URL, { policies: [a.item, b.item] })).status).toBe(409);
    expect(await inbox(users[0]!)).toEqual([]);
    const ok = await signedPost(t, sys, URL, { policy: a.item });
    expect(ok.status).toBe(200);
    const id = (ok.body.data as { items: Json[] }).items[0]!.id as number;
    expect(await inbox(users[0]!)).toMatchObject([
      {
        kind: 'system',
        title: `保单已出单：${a.item.policyNo}`,
        link: `/ent/Entazx/EntInsuranceDetail/route?id=${id}`,
        bizType: 'policy',
        bizId: String(id),
      },
    ]);
    expect(await inbox(users[1]!)).toEqual([]);
  });

  it('conflicts with the platform answer 409: overlapping period, a number of another insurer', async () => {
    const first = await fresh();
    expect((await signedPost(t, sys, URL, { policy: first.item })).status).toBe(200);
    const overlap = await signedPost(t, sys, URL, {
      policy: {
        ...first.item,
        policyNo: `${first.item.policyNo}B`,
        startDate: addDays(today(t), 30),
        endDate: addDays(today(t), 60),
      },
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.result).toContain('保险期间与该企业已有保单重叠');

    // The same number reported by another insurer (a second insurer's account with X-TOKEN).
    const other = await secondInsurerId(t);
    const otherUser = await serviceUser(t, 'svc_dx_other', 'ROLE_INSURANCE');
    await db().updateTable('sysUser').set({ orgId: other }).where('id', '=', otherUser).execute();
    const otherSys = await subsystem(t, admin, 'dxother', otherUser, ROUTE);
    const second = await fresh();
    const taken = await signedPost(t, otherSys, URL, {
      policy: { ...second.item, policyNo: first.item.policyNo },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.result).toContain('已被其他保险机构的保单使用');
  });

  it('401 without credentials or with a wrong signature', async () => {
    const { item } = await fresh();
    const anonymous = await t.call({ method: 'POST', url: URL, payload: { policy: item } });
    expect(anonymous.statusCode).toBe(401);
    const tampered = await signedPost(t, sys, URL, { policy: item }, true);
    expect(tampered.status).toBe(401);
    expect(tampered.body.result).toContain('签名校验失败');
    expect(await stored(item.policyNo)).toBeUndefined();
  });

  it('403: a government-bound subsystem, a subsystem without the route, a regulator or an enterprise', async () => {
    const { item } = await fresh();
    const govSys = await subsystem(
      t,
      admin,
      'dxgov',
      await serviceUser(t, 'svc_dx_gov', 'ROLE_GOVERNMENT', 'gov', '321302,321311,321322,321323,321324'),
      ROUTE,
    );
    const asGov = await signedPost(t, govSys, URL, { policy: item });
    expect(asGov.status).toBe(403);

    const unlisted = await subsystem(
      t,
      admin,
      'dxnone',
      await serviceUser(t, 'svc_dx_none', 'ROLE_INSURANCE', 'insurer'),
    );
    const notAllowed = await signedPost(t, unlisted, URL, { policy: item });
    expect(notAllowed.status).toBe(403);
    expect(notAllowed.body.result).toContain('不在其任何已启用的安全机制中');

    expect((await post(t, URL, gov, { policy: item })).status).toBe(403);
    // An enterprise holds policy.add (it applies for itself) but does not issue policies.
    const asEnt = await post(t, URL, ent, { policy: item });
    expect(asEnt.status).toBe(403);
    expect(asEnt.body.result).toContain('只有保险机构可以上报保单');
    expect(await stored(item.policyNo)).toBeUndefined();
  });
});
