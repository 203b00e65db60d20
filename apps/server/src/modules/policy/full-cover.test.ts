import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { idem, orgIdOf, policyBody, post, profileBody, today } from './policy.testkit.ts';

/** Domain 3.2: 参保人数 = 从业人员总数, checked again at review and shown as 未全员投保 afterwards. */

let t: TestContext;
let ent2: string;
let insurer: string;
let gov: string;
let insurerId: number;
let ent2Id: number;
let policyId: number;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [ent2, insurer, gov] = await Promise.all([t.login('ent2'), t.login('insurer'), t.login('gov')]);
  insurerId = await orgIdOf(t, 'insurer');
  ent2Id = await orgIdOf(t, 'ent2');
  await setEmployees(25);
});
afterAll(() => t.close());

/** ent2 edits its own information: only the staff number changes. */
async function setEmployees(employees: number) {
  const mine = await post(t, '/api/enterprise/mine', ent2);
  const r = await post(t, '/api/enterprise/saveMine', ent2, {
    ...profileBody({ employees }),
    version: mine.body.data.version,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

const detail = async (token: string) => (await post(t, `/api/policy/detail?id=${policyId}`, token)).body.data;
const listRow = async (token: string) => {
  const list = await post(t, `/api/policy/list?keyword=PICC-COVER-0001&pageSize=10`, token);
  return list.body.data.page.list.find((r) => r.id === policyId);
};
const entDetail = async () => (await post(t, `/api/enterprise/detail?id=${ent2Id}`, gov)).body.data;

describe('full cover (参保人数 = 从业人员总数)', () => {
  it('review refuses approval when the enterprise changed its staff number after submission', async () => {
    const add = await post(
      t,
      '/api/policy/add',
      ent2,
      { ...policyBody(today(t), 25), insurerId, submit: true },
      idem(),
    );
    expect(add.status).toBe(200);
    policyId = add.body.data.id as number;
    await setEmployees(30);
    let d = await detail(insurer);
    const refused = await post(t, '/api/policy/review', insurer, {
      id: policyId,
      version: d.version,
      approve: true,
      policyNo: 'PICC-COVER-0001',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.result).toContain('须全员投保：参保人数（25）应等于企业从业人员总数（30）');
    expect((await detail(insurer)).status).toBe('submitted');
    // Returned, corrected to the whole staff and submitted again, it is issued.
    const back = await post(t, '/api/policy/review', insurer, {
      id: policyId,
      version: d.version,
      approve: false,
      remark: '请按当前从业人员总数投保',
    });
    expect(back.status).toBe(200);
    d = await detail(ent2);
    const edit = await post(t, '/api/policy/edit', ent2, {
      ...policyBody(today(t), 30),
      insurerId,
      id: policyId,
      version: d.version,
    });
    expect(edit.status).toBe(200);
    expect(
      (await post(t, `/api/policy/submit?id=${policyId}&version=${edit.body.data.version}`, ent2)).status,
    ).toBe(200);
    d = await detail(insurer);
    const ok = await post(t, '/api/policy/review', insurer, {
      id: policyId,
      version: d.version,
      approve: true,
      policyNo: 'PICC-COVER-0001',
    });
    expect(ok.status).toBe(200);
    expect(await listRow(insurer)).toMatchObject({ underCovered: false, enterpriseEmployees: 30 });
    expect((await entDetail()).underCovered).toBe(false);
  });

  it('a later staff change shows 未全员投保 to the insurer and the regulator; an add-person endorsement clears it', async () => {
    await setEmployees(33);
    expect(await listRow(insurer)).toMatchObject({
      underCovered: true,
      headcount: 30,
      enterpriseEmployees: 33,
    });
    expect(await detail(insurer)).toMatchObject({ underCovered: true });
    expect(await listRow(gov)).toMatchObject({ underCovered: true });
    expect(await detail(gov)).toMatchObject({ underCovered: true });
    expect((await entDetail()).underCovered).toBe(true);
    const p = await detail(ent2);
    const a = await post(
      t,
      '/api/endorsement/add',
      ent2,
      {
        policyId,
        policyVersion: p.version,
        type: '01',
        reason: '新招录员工',
        effectiveDate: today(t),
        change: { headcount: 33 },
        premiumDelta: 1000,
      },
      idem(),
    );
    expect(a.status).toBe(200);
    const en = (await post(t, `/api/endorsement/detail?id=${a.body.data.id}`, insurer)).body.data;
    const r = await post(t, '/api/endorsement/review', insurer, {
      id: en.id,
      version: en.version,
      approve: true,
    });
    expect(r.status).toBe(200);
    expect(await detail(gov)).toMatchObject({ headcount: 33, underCovered: false });
    expect((await entDetail()).underCovered).toBe(false);
  });

  it('more insured than employed is its own flag on the enterprise, not 未全员投保', async () => {
    await setEmployees(31);
    const e = await entDetail();
    expect(e).toMatchObject({ underCovered: false, overCovered: true });
    await setEmployees(33);
    expect(await entDetail()).toMatchObject({ underCovered: false, overCovered: false });
  });
});
