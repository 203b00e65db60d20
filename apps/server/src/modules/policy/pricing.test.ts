import { addDays } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { idem, orgIdOf, policyBody, post, profileBody, today } from './policy.testkit.ts';

/**
 * The enterprise applies with what it knows (headcount, limits, period, insurer); the insurer prices the
 * policy (benchmark rate, floating factors, premium) when it issues it (issue 11 item 7, domain 1.4, 2.6).
 */

let t: TestContext;
let ent2: string;
let insurer: string;
let insurerId: number;
let enterpriseId: number;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [ent2, insurer] = await Promise.all([t.login('ent2'), t.login('insurer')]);
  insurerId = await orgIdOf(t, 'insurer');
  enterpriseId = await orgIdOf(t, 'ent2');
  const mine = await post(t, '/api/enterprise/mine', ent2);
  await post(t, '/api/enterprise/saveMine', ent2, { ...profileBody(), version: mine.body.data.version });
});
afterAll(() => t.close());

/** An application without pricing: what the enterprise knows. */
function application(start: string) {
  const { benchmarkRate: _r, premium: _p, factors: _f, ...rest } = policyBody(start, 25);
  return rest;
}
const detail = async (id: number, token = insurer) =>
  (await post(t, `/api/policy/detail?id=${id}`, token)).body.data;

describe('pricing belongs to the insurer', () => {
  it('the enterprise submits without rate or premium; issuing needs both, named in Chinese', async () => {
    const start = addDays(today(t), 500);
    const add = await post(
      t,
      '/api/policy/add',
      ent2,
      { ...application(start), insurerId, submit: true },
      idem(),
    );
    expect(add.status).toBe(200);
    const id = add.body.data.id as number;
    let d = await detail(id);
    expect(d).toMatchObject({ status: 'submitted', benchmarkRate: 0, premium: 0 });

    // Issuing without the insurer's pricing is refused; nothing changes.
    const review = (body: Record<string, unknown>) =>
      post(t, '/api/policy/review', insurer, { id, version: d.version, approve: true, ...body });
    let r = await review({ policyNo: 'PRICE-0001' });
    expect(r.status).toBe(400);
    expect(r.body.result).toBe('审核通过出单须填写：行业基准费率、实收保费');
    r = await review({ policyNo: 'PRICE-0001', benchmarkRate: 1.2 });
    expect(r.body.result).toBe('审核通过出单须填写：实收保费');
    r = await review({ policyNo: 'PRICE-0001', benchmarkRate: -1, premium: 11400 });
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('行业基准费率（‰）须为大于0且不大于100的数，最多四位小数');
    r = await review({
      policyNo: 'PRICE-0001',
      benchmarkRate: 1.2,
      premium: 11400,
      factors: [{ code: 'accident', pct: -100, reason: '上年度无事故' }],
    });
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('费率浮动合计须大于-100%');
    expect((await detail(id)).status).toBe('submitted');

    // Priced and issued: the figures follow from the insurer's rate, factors and premium.
    r = await review({
      policyNo: 'PRICE-0001',
      benchmarkRate: 1.2,
      factors: [{ code: 'stdGrade', pct: -5, reason: '安全生产标准化三级' }],
      premium: 11400,
    });
    expect(r.status).toBe(200);
    d = await detail(id);
    expect(d).toMatchObject({
      status: 'approved',
      policyNo: 'PRICE-0001',
      benchmarkRate: 1.2,
      floatPct: -5,
      finalRate: 1.14,
      // 400,000 × 25 × 1.2‰ × 95%
      premiumCalc: 11400,
      premium: 11400,
      // 15% of the premium
      preventionFee: 1710,
      factors: [{ code: 'stdGrade', pct: -5, reason: '安全生产标准化三级' }],
    });
    // The issued version keeps the price.
    const v = await post(t, `/api/policy/version?id=${id}&version=${d.version}`, ent2);
    expect(v.body.data.snapshot).toMatchObject({ benchmarkRate: '1.2000', premium: '11400.00' });
  });

  it('rejecting needs no pricing', async () => {
    const start = addDays(today(t), 900);
    const add = await post(
      t,
      '/api/policy/add',
      ent2,
      { ...application(start), insurerId, submit: true },
      idem(),
    );
    const id = add.body.data.id as number;
    const d = await detail(id);
    const r = await post(t, '/api/policy/review', insurer, {
      id,
      version: d.version,
      approve: false,
      remark: '请补充人员清单',
    });
    expect(r.status).toBe(200);
  });

  it("the insurer's own entry is priced when it is submitted", async () => {
    const start = addDays(today(t), 1300);
    const r = await post(
      t,
      '/api/policy/add',
      insurer,
      { ...application(start), enterpriseId, submit: true },
      idem(),
    );
    expect(r.status).toBe(400);
    expect(r.body.result).toBe('投保单尚未填写完整，请补充：行业基准费率、实收保费');
    const ok = await post(
      t,
      '/api/policy/add',
      insurer,
      { ...policyBody(start, 25), enterpriseId, submit: true },
      idem(),
    );
    expect(ok.status).toBe(200);
    // Issued with the price it was entered with.
    const id = ok.body.data.id as number;
    const d = await detail(id);
    const issued = await post(t, '/api/policy/review', insurer, {
      id,
      version: d.version,
      approve: true,
      policyNo: 'PRICE-0002',
    });
    expect(issued.status).toBe(200);
    expect(await detail(id)).toMatchObject({ status: 'approved', benchmarkRate: 1.2, premium: 11400 });
  });
});
