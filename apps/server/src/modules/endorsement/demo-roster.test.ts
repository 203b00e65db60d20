import { isValidIdCard } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { decryptPii } from '../../platform/pii.ts';
import { idem, makeUser, post, today } from '../policy/policy.testkit.ts';

/**
 * The demo data (seeds/insurance-demo.ts) names the insured persons of its issued policies, so 减人 and
 * 换人 work on it: the demo enterprise `ent` removes and replaces persons on its policy in force and the
 * demo insurer approves; seeded 换人 applications name persons who are on their policies.
 */
const MASK = /^3213\d{2}\*{8}\d{3}[\dX]$/;

let t: TestContext;
let ent: string;
let insurer: string;
let policyId: number;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [ent, insurer] = await Promise.all([t.login('ent'), t.login('insurer')]);
  const list = await post(t, '/api/policy/list?pageSize=100&state=active', ent);
  expect(list.body.data.page.list).toHaveLength(1);
  policyId = list.body.data.page.list[0]!.id as number;
});
afterAll(() => t.close());

async function policy() {
  return (await post(t, `/api/policy/detail?id=${policyId}`, ent)).body.data;
}
async function persons(query = '', token = ent) {
  const r = await post(t, `/api/policy/persons?id=${policyId}&pageSize=100${query}`, token);
  expect(r.status).toBe(200);
  return r.body.data.page;
}
/** The full ID number of a listed person: the enterprise knows it, the API never shows it. */
async function idNoOf(personId: number): Promise<string> {
  const row = await t.database.db
    .selectFrom('insPolicyPerson')
    .select('idNoEnc')
    .where('id', '=', personId)
    .executeTakeFirstOrThrow();
  return decryptPii(row.idNoEnc);
}
async function review(token: string, id: number, approve: boolean, remark = '') {
  const d = await post(t, `/api/endorsement/detail?id=${id}`, token);
  return post(t, '/api/endorsement/review', token, { id, version: d.body.data.version, approve, remark });
}

describe('demo policy rosters', () => {
  it('the demo enterprise policy in force lists its persons, ID numbers masked and never shown whole', async () => {
    const p = await policy();
    expect(p).toMatchObject({ holderName: '宿迁市恒安化工有限公司', status: 'approved', personCount: 30 });
    // The roster may be shorter than the headcount (at most 30 persons are seeded).
    expect(p.headcount as number).toBeGreaterThan(30);
    const page = await persons();
    expect(page.total).toBe(30);
    const ids: string[] = [];
    for (const x of page.list) {
      expect(x.idNo).toMatch(MASK);
      expect(x).toMatchObject({ idType: '01', joinedOn: p.startDate, leftOn: null });
      expect((x.name as string).length).toBeGreaterThanOrEqual(2);
      expect(x.position).not.toBe('');
      const full = await idNoOf(x.id as number);
      expect(isValidIdCard(full)).toBe(true);
      expect(Number(full.slice(6, 10))).toBeGreaterThanOrEqual(1965);
      expect(Number(full.slice(6, 10))).toBeLessThanOrEqual(2003);
      expect(`${full.slice(0, 6)}********${full.slice(14)}`).toBe(x.idNo);
      ids.push(full);
    }
    expect(new Set(ids).size).toBe(30);
    expect(page.list.map((x) => x.position)).toEqual(expect.arrayContaining(['班组长', '安全员']));
    // The insurer sees the same list; nowhere a whole ID number.
    const byInsurer = await persons('', insurer);
    expect(byInsurer.total).toBe(30);
    const text = JSON.stringify([page, byInsurer, p]);
    for (const id of ids) expect(text).not.toContain(id);
    // A full ID number finds its person (blind index computed like the service does).
    const found = await persons(`&keyword=${ids[3]}`);
    expect(found.list.map((x) => x.id)).toEqual([page.list[3]!.id]);
  });

  it('ent removes a person (减人) and the insurer approves; then replaces one (换人)', async () => {
    // The seed leaves one application of this policy waiting for the insurer: it is reviewed first.
    const pending = await post(t, `/api/endorsement/list?policyId=${policyId}&status=applied`, ent);
    for (const en of pending.body.data.page.list)
      expect((await review(insurer, en.id as number, false, '请核实后重新申请')).status).toBe(200);

    const before = await policy();
    const list = (await persons()).list;
    const leaving = list[list.length - 1]!;
    const idNo = await idNoOf(leaving.id as number);
    const a = await post(
      t,
      '/api/endorsement/add',
      ent,
      {
        policyId,
        policyVersion: before.version,
        type: '02',
        reason: '员工离职',
        effectiveDate: today(t),
        change: { roster: [{ direction: 'out', name: leaving.name, idNo, position: leaving.position }] },
        premiumDelta: -100,
      },
      idem(),
    );
    expect(a.status).toBe(200);
    const id = a.body.data.id as number;
    const d = await post(t, `/api/endorsement/detail?id=${id}`, insurer);
    expect(d.body.data).toMatchObject({
      type: '02',
      status: 'applied',
      roster: [{ direction: 'out', name: leaving.name, idNo: leaving.idNo }],
      before: { headcount: before.headcount },
      after: { headcount: (before.headcount as number) - 1 },
      actions: { review: true },
    });
    expect(JSON.stringify(d.body)).not.toContain(idNo);
    const ok = await review(insurer, id, true);
    expect(ok.status).toBe(200);

    const after = await policy();
    expect(after).toMatchObject({
      headcount: (before.headcount as number) - 1,
      personCount: 29,
      version: (before.version as number) + 1,
    });
    expect((await persons()).list.map((x) => x.id)).not.toContain(leaving.id);
    const all = await persons('&all=true');
    expect(all.total).toBe(30);
    expect(all.list.find((x) => x.id === leaving.id)).toMatchObject({
      leftOn: today(t),
      leftEndorsementNo: d.body.data.endorsementNo,
    });

    // 换人: one out, one in, headcount unchanged.
    const out = list[0]!;
    const r = await post(
      t,
      '/api/endorsement/add',
      ent,
      {
        policyId,
        policyVersion: after.version,
        type: '03',
        reason: '岗位调整',
        effectiveDate: today(t),
        change: {
          roster: [
            { direction: 'out', name: out.name, idNo: await idNoOf(out.id as number) },
            { direction: 'in', name: '郑换岗', idNo: '321302199003070019', position: out.position },
          ],
        },
      },
      idem(),
    );
    expect(r.status).toBe(200);
    expect((await review(insurer, r.body.data.id as number, true)).status).toBe(200);
    expect(await policy()).toMatchObject({ headcount: after.headcount, personCount: 29 });
    const now = (await persons()).list;
    expect(now.map((x) => x.name)).toContain('郑换岗');
    expect(now.map((x) => x.id)).not.toContain(out.id);
  });

  it('seeded 换人 applications name persons on their policies, so their lead insurer can approve them', async () => {
    const rows = await t.database.db
      .selectFrom('insEndorsement as en')
      .select(['en.id', 'en.policyId', 'en.insurerId'])
      .where('en.type', '=', '03')
      .where('en.status', '=', 'applied')
      .orderBy('en.id')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    const en = rows[0]!;
    const token = await makeUser(t, 'insurer', 'demo_roster_ins', { orgId: en.insurerId });
    const d = await post(t, `/api/endorsement/detail?id=${en.id}`, token);
    expect(d.body.data.roster).toHaveLength(2);
    const outMask = (d.body.data.roster as Array<{ direction: string; idNo: string }>).find(
      (x) => x.direction === 'out',
    )!.idNo;
    expect(outMask).toMatch(MASK);
    const count = async () =>
      (await post(t, `/api/policy/detail?id=${en.policyId}`, token)).body.data.personCount as number;
    const n = await count();
    expect((await review(token, en.id, true)).status).toBe(200);
    expect(await count()).toBe(n);
    const left = await post(t, `/api/policy/persons?id=${en.policyId}&all=true&pageSize=100`, token);
    expect(left.body.data.page.list.filter((x) => x.leftOn !== null).map((x) => x.idNo)).toEqual([outMask]);
  });
});
