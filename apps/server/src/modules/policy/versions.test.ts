import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { idem, issueEnt2Policy, orgIdOf, post, today } from './policy.testkit.ts';

/** What the versions of a policy show (第 N 版, dated the issue and each change), and the cover flags. */

const DAY = 86_400_000;
let t: TestContext;
let ent2: string;
let insurer: string;
let id: number;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [ent2, insurer] = await Promise.all([t.login('ent2'), t.login('insurer')]);
  id = await issueEnt2Policy(t, { ent2, insurer }, 0, 'PICC-VER-0001');
});
afterAll(() => t.close());

const detail = async () =>
  (await post(t, `/api/policy/detail?id=${id}`, ent2)).body.data as unknown as {
    version: number;
    revision: number | null;
    reviewedAt: string;
    headcount: number;
    overCovered: boolean;
  };
const versions = async () =>
  (await post(t, `/api/policy/versions?id=${id}`, ent2)).body.data as unknown as Array<{
    policyVersion: number;
    reason: string;
    createdAt: string;
  }>;

describe('policy versions', () => {
  it('an application before issue has no revision; an issued policy is at 第 1 版, dated its issue', async () => {
    const d = await detail();
    expect(d.revision).toBe(1);
    const v = await versions();
    expect(v).toEqual([expect.objectContaining({ reason: 'issue', createdAt: d.reviewedAt })]);
    const apps = await post(t, '/api/policy/list?state=submitted', ent2);
    for (const p of apps.body.data.page.list) {
      const pd = await post(t, `/api/policy/detail?id=${p.id}`, ent2);
      expect(pd.body.data.revision).toBeNull();
    }
  });

  it('a policy issued without a snapshot: 第 1 版 is its issue, also after the first endorsement days later', async () => {
    // As demo data and older releases: issued, no stored version.
    await t.database.db.deleteFrom('insPolicySnapshot').where('policyId', '=', id).execute();
    const d = await detail();
    expect(d.revision).toBe(1);
    const v = await versions();
    expect(v).toEqual([
      {
        policyVersion: d.version,
        reason: 'issue',
        endorsementId: null,
        endorsementNo: null,
        type: null,
        createdAt: d.reviewedAt,
      },
    ]);
    const snap = await post(t, `/api/policy/version?id=${id}&version=${d.version}`, ent2);
    expect(snap.status).toBe(200);
    expect(snap.body.data).toMatchObject({ reason: 'issue', createdAt: d.reviewedAt });
    expect(snap.body.data.snapshot).toMatchObject({ policyNo: 'PICC-VER-0001', headcount: d.headcount });
    expect((await post(t, `/api/policy/version?id=${id}&version=${d.version + 1}`, ent2)).status).toBe(404);

    // Three days later an endorsement is approved: the issue version keeps the issue time.
    t.clock.advance(3 * DAY);
    await t.database.db
      .updateTable('sysUser')
      .set({ passwordChangedAt: t.clock.now() })
      .where('username', 'in', ['ent2', 'insurer'])
      .execute();
    [ent2, insurer] = await Promise.all([t.login('ent2'), t.login('insurer')]);
    const a = await post(
      t,
      '/api/endorsement/add',
      ent2,
      {
        policyId: id,
        policyVersion: d.version,
        type: '04',
        reason: '地址变更',
        effectiveDate: today(t),
        change: { address: '泗洪县青阳镇人民路99号' },
      },
      idem(),
    );
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const en = (await post(t, `/api/endorsement/detail?id=${a.body.data.id}`, insurer)).body.data;
    const r = await post(t, '/api/endorsement/review', insurer, {
      id: en.id,
      version: en.version,
      approve: true,
    });
    expect(r.status).toBe(200);
    const after = await detail();
    expect(after.revision).toBe(2);
    const v2 = await versions();
    expect(v2.map((x) => x.reason)).toEqual(['endorse', 'issue']);
    expect(v2[1]!.createdAt).toBe(d.reviewedAt);
    expect(v2[0]!.createdAt).toBe(t.clock.now().toISOString());
    // Stored with the issue time and the issuer, not the approval's.
    const stored = await t.database.db
      .selectFrom('insPolicySnapshot')
      .select(['createdAt', 'createdBy'])
      .where('policyId', '=', id)
      .where('reason', '=', 'issue')
      .executeTakeFirstOrThrow();
    expect(stored.createdAt.toISOString()).toBe(d.reviewedAt);
    const reviewer = await t.database.db
      .selectFrom('insPolicy')
      .select('reviewedBy')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.createdBy).toBe(reviewer.reviewedBy);
  });
});

describe('cover flags (domain 3.2: 参保人数 = 从业人员总数)', () => {
  it('fewer insured than employed is 未全员投保; more insured than employed is the other flag', async () => {
    const entId = await orgIdOf(t, 'ent2');
    const setEmployees = (n: number) =>
      t.database.db.updateTable('insEnterprise').set({ employees: n }).where('id', '=', entId).execute();
    const row = async () =>
      (await post(t, '/api/policy/list?pageSize=50', ent2)).body.data.page.list.find((p) => p.id === id)!;
    const { headcount } = await detail();
    await setEmployees(Number(headcount) + 1);
    expect(await row()).toMatchObject({ underCovered: true, overCovered: false });
    await setEmployees(Number(headcount) - 1);
    expect(await row()).toMatchObject({ underCovered: false, overCovered: true });
    expect((await detail()).overCovered).toBe(true);
    await setEmployees(Number(headcount));
    expect(await row()).toMatchObject({ underCovered: false, overCovered: false });
  });
});
