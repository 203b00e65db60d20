import { chinaDate } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { lastRunDay } from '../endorsement/index.ts';
import { issueEnt2Policy, orgIdOf, post } from '../policy/policy.testkit.ts';
import { NIGHTLY_RESCORE_REASON } from './enterprise.score.ts';

/** Domain 3.1: scores, their 评分等级 and the insured flag follow the passing days (nightly rescoring). */

const DAY = 86_400_000;
let t: TestContext;
let gov: string;
let ent2Id: number;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  const [ent2, insurer] = await Promise.all([t.login('ent2'), t.login('insurer')]);
  gov = await t.login('gov');
  // ent2 (建筑施工: must insure) completes its profile and is issued a one-year policy starting today.
  await issueEnt2Policy(t, { ent2, insurer }, 0, 'PICC-NIGHT-0001');
  ent2Id = await orgIdOf(t, 'ent2');
});
afterAll(() => t.close());

const stored = () =>
  t.database.db
    .selectFrom('insEnterprise')
    .select(['score', 'scoreGrade'])
    .where('id', '=', ent2Id)
    .executeTakeFirstOrThrow();
const history = () =>
  t.database.db
    .selectFrom('insEntScore')
    .select(['score', 'scoreGrade', 'reason', 'params', 'createdBy'])
    .where('enterpriseId', '=', ent2Id)
    .orderBy('id', 'desc')
    .execute();
const totalHistory = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('insEntScore')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('nightly rescoring', () => {
  it('a policy that expires: after the job the insured flag and score grade change, with one history row; a second run adds nothing', async () => {
    // Settle whatever the seeded data owes today, so only the expiry shows below.
    await t.app.dailyJobs.runOnce();
    const before = await stored();
    expect(Number(before.score)).toBe(94); // 100 − 6 (standardisation grade 3)
    expect(before.scoreGrade).toBe(1); // 优
    const rows0 = (await history()).length;

    // A year and a day later the policy has ended; nothing has told the enterprise record yet.
    t.clock.advance(366 * DAY);
    await t.database.db
      .updateTable('sysUser')
      .set({ passwordChangedAt: t.clock.now() })
      .where('username', '=', 'gov')
      .execute();
    gov = await t.login('gov');
    const d = await post(t, `/api/enterprise/detail?id=${ent2Id}`, gov);
    expect(d.body.data).toMatchObject({ insuredNow: false, scoreGrade: 1, score: 94 });

    const run = await t.app.dailyJobs.runOnce();
    const profiles = await t.database.db
      .selectFrom('insEnterprise')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(run.scores.checked).toBe(Number(profiles.n));
    expect(run.scores.rescored).toBeGreaterThan(0);
    const after = await stored();
    expect(Number(after.score)).toBe(84); // uninsured must-insure enterprise: −10
    expect(after.scoreGrade).toBe(2); // 良
    const rows = await history();
    expect(rows).toHaveLength(rows0 + 1);
    expect(rows[0]).toMatchObject({ reason: NIGHTLY_RESCORE_REASON, scoreGrade: 2, createdBy: null });
    expect((rows[0]!.params as { values: { insured: number } }).values.insured).toBe(0);
    const listed = await post(
      t,
      '/api/enterprise/list?keyword=%E9%A1%BA%E8%BE%BE&scoreGrade=2&insured=false',
      gov,
    );
    expect(listed.body.data.page.list.map((e) => e.id)).toContain(ent2Id);

    // Running again the same night changes nothing and writes no history.
    const all = await totalHistory();
    const again = await t.app.dailyJobs.runOnce();
    expect(again.scores.rescored).toBe(0);
    expect(await totalHistory()).toBe(all);
    expect(await stored()).toEqual(after);
    // The completed run is recorded by its China day: a restart today does not run it again.
    expect(await lastRunDay(t.database.db)).toBe(chinaDate(t.clock.now()));
  });

  it('works in batches: a small batch size visits every enterprise and writes the same', async () => {
    const { rescoreChangedEnterprises } = await import('./enterprise.score.ts');
    await t.database.db.updateTable('insEnterprise').set({ score: 1 }).where('id', '=', ent2Id).execute();
    const res = await rescoreChangedEnterprises(t.database.db, t.clock.now(), { batchSize: 7 });
    expect(res.rescored).toBe(1);
    expect(Number((await stored()).score)).toBe(84);
  });
});
