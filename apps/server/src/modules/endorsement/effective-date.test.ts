import { addDays } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { idem, issueEnt2Policy, orgIdOf, post, today } from '../policy/policy.testkit.ts';

/** Domain 3.3: an endorsement changes the policy on its effective date, not on the day it is approved. */

const DAY = 86_400_000;
let t: TestContext;
let ent2: string;
let insurer: string;
let policyId: number;
let ent2Id: number;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [ent2, insurer] = await Promise.all([t.login('ent2'), t.login('insurer')]);
  policyId = await issueEnt2Policy(t, { ent2, insurer }, 0, 'PICC-EFF-0001');
  ent2Id = await orgIdOf(t, 'ent2');
});
afterAll(() => t.close());

/** Moves the fake clock on by whole days; sessions and password ages follow it, so sign in again. */
async function advance(days: number) {
  t.clock.advance(days * DAY);
  await t.database.db
    .updateTable('sysUser')
    .set({ passwordChangedAt: t.clock.now() })
    .where('username', 'in', ['ent2', 'insurer'])
    .execute();
  [ent2, insurer] = await Promise.all([t.login('ent2'), t.login('insurer')]);
}

const policy = async (id = policyId) => (await post(t, `/api/policy/detail?id=${id}`, ent2)).body.data;
const endorsement = async (id: number) =>
  (await post(t, `/api/endorsement/detail?id=${id}`, insurer)).body.data;

async function applyFor(id: number, body: Record<string, unknown>) {
  const p = await policy(id);
  const r = await post(
    t,
    '/api/endorsement/add',
    ent2,
    { policyId: id, policyVersion: p.version, reason: '测试批改', effectiveDate: today(t), ...body },
    idem(),
  );
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id as number;
}

async function approve(id: number) {
  const d = await endorsement(id);
  return post(t, '/api/endorsement/review', insurer, { id, version: d.version, approve: true });
}

const setOperating = (status: number) =>
  t.database.db
    .updateTable('insEnterprise')
    .set({ operatingStatus: status })
    .where('id', '=', ent2Id)
    .execute();

describe('endorsements take effect on their effective date', () => {
  it('an approval dated in the future waits (审核通过待生效); the daily job applies it on the date, once', async () => {
    const before = await policy();
    const effective = addDays(today(t), 10);
    const id = await applyFor(policyId, {
      type: '01',
      change: { headcount: 28 },
      premiumDelta: 1368,
      effectiveDate: effective,
    });
    const ok = await approve(id);
    expect(ok.status).toBe(200);
    expect(ok.body.result).toBe(`审核通过，批改将于 ${effective} 生效`);
    expect(ok.body.data).toMatchObject({ status: 'awaiting', policyVersion: null });
    expect(await endorsement(id)).toMatchObject({
      status: 'awaiting',
      statusLabel: '审核通过待生效',
      actions: { review: false },
    });
    // The policy is untouched until the date.
    expect(await policy()).toMatchObject({ version: before.version, headcount: 25 });
    const awaiting = await post(t, '/api/endorsement/list?status=awaiting', ent2);
    expect(awaiting.body.data.page.list.map((e) => e.id)).toEqual([id]);
    // One open endorsement per policy: a waiting one blocks another application.
    const p = await policy();
    const again = await post(
      t,
      '/api/endorsement/add',
      ent2,
      {
        policyId,
        policyVersion: p.version,
        type: '07',
        reason: '补充约定',
        effectiveDate: today(t),
        change: {},
      },
      idem(),
    );
    expect(again.status).toBe(409);
    expect(again.body.result).toContain(`将于 ${effective} 生效`);
    // The job before the date changes nothing.
    expect((await t.app.dailyJobs.runOnce()).endorsements).toEqual({ applied: 0, lapsed: 0, failed: 0 });
    expect((await policy()).version).toBe(before.version);

    await advance(10);
    expect((await t.app.dailyJobs.runOnce()).endorsements).toEqual({ applied: 1, lapsed: 0, failed: 0 });
    const after = await policy();
    expect(after).toMatchObject({
      version: (before.version as number) + 1,
      headcount: 28,
      perAccidentLimit: 11_200_000,
      premium: (before.premium as number) + 1368,
    });
    const en = await endorsement(id);
    expect(en).toMatchObject({ status: 'approved', statusLabel: '已生效' });
    const versions = (await post(t, `/api/policy/versions?id=${policyId}`, ent2)).body
      .data as unknown as Array<{
      policyVersion: number;
      reason: string;
      endorsementId: number | null;
    }>;
    expect(versions[0]).toMatchObject({ policyVersion: after.version, reason: 'endorse', endorsementId: id });
    // The reviewer who approved it is the one recorded on the new version.
    const snap = await t.database.db
      .selectFrom('insPolicySnapshot')
      .select('createdBy')
      .where('policyId', '=', policyId)
      .where('policyVersion', '=', after.version as number)
      .executeTakeFirstOrThrow();
    const reviewer = await t.database.db
      .selectFrom('insEndorsement')
      .select('reviewedBy')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(snap.createdBy).toBe(reviewer.reviewedBy);
    // A second run the same day finds nothing to do.
    expect((await t.app.dailyJobs.runOnce()).endorsements).toEqual({ applied: 0, lapsed: 0, failed: 0 });
    expect((await policy()).version).toBe(after.version);
  });

  it('an effective date today or in the past applies at approval, as before', async () => {
    const before = await policy();
    const id = await applyFor(policyId, {
      type: '05',
      change: { perPersonLimit: 500000 },
      premiumDelta: 2000,
      effectiveDate: addDays(today(t), -1),
    });
    const ok = await approve(id);
    expect(ok.status).toBe(200);
    expect(ok.body.result).toBe('批改已生效');
    expect(ok.body.data.status).toBe('approved');
    expect(await policy()).toMatchObject({ version: (before.version as number) + 1, perPersonLimit: 500000 });
  });

  it('a cancellation dated in the future lapses when the business resumes operating before the date', async () => {
    await setOperating(3);
    const id = await applyFor(policyId, {
      type: '08',
      premiumDelta: -1000,
      reason: '企业全面停产停业',
      effectiveDate: addDays(today(t), 3),
    });
    expect((await approve(id)).body.data.status).toBe('awaiting');
    await setOperating(1);
    await advance(3);
    expect((await t.app.dailyJobs.runOnce()).endorsements).toEqual({ applied: 0, lapsed: 1, failed: 0 });
    const en = await endorsement(id);
    expect(en.status).toBe('returned');
    expect(en.reviewRemark).toContain('到期未能生效');
    expect(en.reviewRemark).toContain('正常经营期间不能退保');
    expect(await policy()).toMatchObject({ status: 'approved', state: 'active' });
  });

  it('a cancellation dated in the future leaves the policy in force until that date', async () => {
    await setOperating(3);
    const effective = addDays(today(t), 5);
    const id = await applyFor(policyId, {
      type: '08',
      premiumDelta: -1000,
      reason: '企业已依法关闭',
      effectiveDate: effective,
    });
    expect((await approve(id)).body.data.status).toBe('awaiting');
    expect(await policy()).toMatchObject({ status: 'approved', state: 'active', cancelledOn: null });
    await advance(4);
    await t.app.dailyJobs.runOnce();
    expect(await policy()).toMatchObject({ status: 'approved', state: 'active' });
    const ent = await t.database.db
      .selectFrom('insEntScore')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('enterpriseId', '=', ent2Id)
      .where('reason', '=', '保单注销')
      .executeTakeFirstOrThrow();
    expect(Number(ent.n)).toBe(0);
    await advance(1);
    expect((await t.app.dailyJobs.runOnce()).endorsements.applied).toBe(1);
    expect(await policy()).toMatchObject({ status: 'cancelled', state: 'cancelled', cancelledOn: effective });
    expect((await endorsement(id)).status).toBe('approved');
    // The enterprise is no longer insured: rescored at once, with the reason.
    const cancelled = await t.database.db
      .selectFrom('insEntScore')
      .select(['params'])
      .where('enterpriseId', '=', ent2Id)
      .where('reason', '=', '保单注销')
      .executeTakeFirstOrThrow();
    expect((cancelled.params as { values: { insured: number } }).values.insured).toBe(0);
  });
});
