import { addDays, oneYearEnd } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { idem, orgIdOf, policyBody, post, profileBody, today } from './policy.testkit.ts';

/** 保存草稿 needs only what identifies the draft; 提交审核 keeps every rule (domain 3.2). */

let t: TestContext;
let ent2: string;
let insurer: string;
let insurerId: number;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [ent2, insurer] = await Promise.all([t.login('ent2'), t.login('insurer')]);
  insurerId = await orgIdOf(t, 'insurer');
  const mine = await post(t, '/api/enterprise/mine', ent2);
  await post(t, '/api/enterprise/saveMine', ent2, { ...profileBody(), version: mine.body.data.version });
});
afterAll(() => t.close());

const detail = async (id: number, token = ent2) => (await post(t, `/api/policy/detail?id=${id}`, token)).body;

describe('policy drafts', () => {
  it('a draft needs only the insurer and the period; submitting names what is missing', async () => {
    const start = addDays(today(t), 400);
    const period = { startDate: start, endDate: oneYearEnd(start) };
    const add = (b: object) => post(t, '/api/policy/add', ent2, b, idem());

    // What identifies the draft is required.
    let r = await add({ startDate: start });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('endDate');
    r = await add(period);
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('请选择出单（主承）保险机构');
    r = await add({ ...period, insurerId, endDate: addDays(start, -1) });
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('保险止期不能早于起期');
    // A value that is given is still checked for its form.
    r = await add({ ...period, insurerId, headcount: 0 });
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('headcount');

    r = await add({ ...period, insurerId });
    expect(r.status).toBe(200);
    expect(r.body.result).toBe('已保存草稿');
    const id = r.body.data.id as number;
    const d = await detail(id);
    expect(d.data).toMatchObject({ status: 'draft', startDate: start, headcount: 0, serviceItems: [] });
    // The pricing is the insurer's, set when it issues the policy: an application does not miss it.
    expect(d.data.missing).toEqual([
      'headcount',
      'perPersonLimit',
      'preventionFeePct',
      'preventionFrequency',
      'serviceItems',
    ]);
    expect(d.data.actions).toMatchObject({ edit: true, submit: true });

    // Submitting the incomplete draft is refused with the fields to fill in; nothing changes.
    const sub = await post(t, `/api/policy/submit?id=${id}&version=${d.data.version}`, ent2);
    expect(sub.status).toBe(400);
    expect(sub.body.result).toBe(
      '投保单尚未填写完整，请补充：参保人数、每人死亡伤残责任限额、事故预防服务费用比例、服务频次、主要服务项目',
    );
    expect((await detail(id)).data.status).toBe('draft');

    // Completed later, with a term below the floor: saved as a draft, refused on submit.
    const body = policyBody(start, 25);
    const e1 = await post(t, '/api/policy/edit', ent2, {
      ...body,
      insurerId,
      perPersonLimit: 300000,
      medicalLimit: 0,
      id,
      version: d.data.version,
    });
    expect(e1.status).toBe(200);
    expect((await detail(id)).data.missing).toEqual([]);
    const sub2 = await post(t, `/api/policy/submit?id=${id}&version=${e1.body.data.version}`, ent2);
    expect(sub2.status).toBe(400);
    expect(sub2.body.result).toContain('每人死亡伤残责任限额不得低于400000元');

    // Corrected: submitted.
    const e2 = await post(t, '/api/policy/edit', ent2, {
      ...body,
      insurerId,
      id,
      version: e1.body.data.version,
    });
    expect(e2.status).toBe(200);
    const sub3 = await post(t, `/api/policy/submit?id=${id}&version=${e2.body.data.version}`, ent2);
    expect(sub3.status).toBe(200);
    expect((await detail(id)).data).toMatchObject({ status: 'submitted', missing: [] });
  });

  it('submitting at once requires every field, each refusal naming it', async () => {
    const start = addDays(today(t), 800);
    const r = await post(
      t,
      '/api/policy/add',
      ent2,
      { startDate: start, endDate: oneYearEnd(start), insurerId, submit: true },
      idem(),
    );
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain('headcount');
    const list = await post(t, '/api/policy/list?pageSize=100', ent2);
    expect(list.body.data.page.list.some((p) => p.startDate === start)).toBe(false);
  });

  it('an insurer draft needs the enterprise and the period', async () => {
    const start = addDays(today(t), 30);
    const period = { startDate: start, endDate: oneYearEnd(start) };
    const r = await post(t, '/api/policy/add', insurer, period, idem());
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('请选择投保企业');
    const ok = await post(
      t,
      '/api/policy/add',
      insurer,
      { ...period, enterpriseId: await orgIdOf(t, 'ent2'), headcount: 25 },
      idem(),
    );
    expect(ok.status).toBe(200);
    const d = await detail(ok.body.data.id as number, insurer);
    expect(d.data.headcount).toBe(25);
    expect(d.data.missing).not.toContain('headcount');
    expect(d.data.missing).toContain('premium');
  });
});
