import { addDays } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  download,
  idem,
  issueEnt2Policy,
  makeUser,
  orgIdOf,
  post,
  secondInsurerId,
  TEST_PDF,
  today,
  uploadPdf,
} from '../policy/policy.testkit.ts';

let t: TestContext;
let ent: string;
let ent2: string;
let insurer: string;
let policyId: number;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [ent, ent2, insurer] = await Promise.all([t.login('ent'), t.login('ent2'), t.login('insurer')]);
  policyId = await issueEnt2Policy(t, { ent2, insurer }, 0, 'PICC-END-0001');
});
afterAll(() => t.close());

async function policy(token = ent2) {
  return (await post(t, `/api/policy/detail?id=${policyId}`, token)).body.data;
}
const apply = async (body: Record<string, unknown>, key = idem()) => {
  const p = await policy();
  return post(
    t,
    '/api/endorsement/add',
    ent2,
    { policyId, policyVersion: p.version, reason: '新招录员工', effectiveDate: today(t), ...body },
    key,
  );
};

describe('endorsements', () => {
  it('the enterprise applies (add persons); one open application per policy; the insurer sees it', async () => {
    const a = await apply({ type: '01', change: { headcount: 28 }, premiumDelta: 1368 });
    expect(a.status).toBe(200);
    const id = a.body.data.id as number;
    const again = await apply({ type: '07', change: {} });
    expect(again.status).toBe(409);
    expect(again.body.result).toContain('待审核的批改申请');
    const d = await post(t, `/api/endorsement/detail?id=${id}`, insurer);
    expect(d.status).toBe(200);
    expect(d.body.data).toMatchObject({
      type: '01',
      typeLabel: '加人',
      status: 'applied',
      before: { headcount: 25, perAccidentLimit: 10_000_000 },
      after: { headcount: 28, perAccidentLimit: 11_200_000 },
    });
    expect(d.body.data.actions).toMatchObject({ review: true });
    const list = await post(t, '/api/endorsement/list?status=applied', insurer);
    expect(list.body.data.page.list.map((e) => e.id)).toContain(id);
  });

  it('approval applies a new policy version and keeps the old values readable, in one step', async () => {
    const before = await policy();
    const list = await post(t, `/api/endorsement/list?policyId=${policyId}`, ent2);
    const en = list.body.data.page.list[0]!;
    const stale = await post(t, '/api/endorsement/review', insurer, {
      id: en.id,
      version: 99,
      approve: true,
    });
    expect(stale.status).toBe(409);
    const byEnt = await post(t, '/api/endorsement/review', ent2, {
      id: en.id,
      version: en.version,
      approve: true,
    });
    expect(byEnt.status).toBe(403);
    const ok = await post(t, '/api/endorsement/review', insurer, {
      id: en.id,
      version: en.version,
      approve: true,
    });
    expect(ok.status).toBe(200);
    const after = await policy();
    expect(after.version).toBe((before.version as number) + 1);
    expect(after).toMatchObject({
      headcount: 28,
      perAccidentLimit: 11_200_000,
      premium: (before.premium as number) + 1368,
    });
    const versions = await post(t, `/api/policy/versions?id=${policyId}`, ent2);
    const vs = versions.body.data as unknown as Array<{
      policyVersion: number;
      reason: string;
      endorsementId: number | null;
    }>;
    expect(vs.map((v) => v.policyVersion)).toEqual([after.version, before.version]);
    expect(vs[0]).toMatchObject({ reason: 'endorse', endorsementId: en.id });
    const old = await post(t, `/api/policy/version?id=${policyId}&version=${before.version}`, ent2);
    expect((old.body.data.snapshot as { headcount: number }).headcount).toBe(25);
    const again = await post(t, '/api/endorsement/review', insurer, {
      id: en.id,
      version: ok.body.data.version,
      approve: true,
    });
    expect(again.status).toBe(409);
  });

  it('an application against an outdated policy version is refused', async () => {
    const p = await policy();
    const r = await post(
      t,
      '/api/endorsement/add',
      ent2,
      {
        policyId,
        policyVersion: (p.version as number) - 1,
        type: '07',
        reason: '补充约定',
        effectiveDate: today(t),
      },
      idem(),
    );
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('STALE_VERSION');
  });

  it('returning needs a reason; the enterprise then applies again', async () => {
    const a = await apply({
      type: '05',
      change: { perPersonLimit: 500000 },
      premiumDelta: 2000,
      reason: '提高保障',
    });
    expect(a.status).toBe(200);
    const d = await post(t, `/api/endorsement/detail?id=${a.body.data.id}`, insurer);
    expect(
      (
        await post(t, '/api/endorsement/review', insurer, {
          id: d.body.data.id,
          version: d.body.data.version,
          approve: false,
        })
      ).status,
    ).toBe(400);
    const r = await post(t, '/api/endorsement/review', insurer, {
      id: d.body.data.id,
      version: d.body.data.version,
      approve: false,
      remark: '请补充保费计算依据',
    });
    expect(r.status).toBe(200);
    expect((await post(t, `/api/endorsement/detail?id=${a.body.data.id}`, ent2)).body.data.status).toBe(
      'returned',
    );
    expect((await policy()).perPersonLimit).toBe(400000);
  });

  it('type rules: a limit under the floor, cancellation of an operating business, out-of-period dates', async () => {
    let r = await apply({ type: '05', change: { perPersonLimit: 300000 } });
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('不得低于400000元');
    r = await apply({ type: '08', premiumDelta: -1000, reason: '企业停产' });
    expect(r.body.result).toContain('正常经营期间不能退保');
    r = await apply({ type: '07', effectiveDate: addDays(today(t), 400) });
    expect(r.body.result).toContain('保险期间内');
    r = await apply({ type: '07', change: { headcount: 30 } });
    expect(r.body.result).toContain('不能修改');
  });

  it('an enterprise whose information is incomplete cannot apply; nothing is created', async () => {
    const ent2Id = await orgIdOf(t, 'ent2');
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('insEndorsement')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('policyId', '=', policyId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const flag = (infoComplete: boolean) =>
      t.database.db.updateTable('insEnterprise').set({ infoComplete }).where('id', '=', ent2Id).execute();
    await flag(false);
    try {
      const r = await apply({ type: '07', change: {}, reason: '补充约定' });
      expect(r.status).toBe(409);
      expect(r.body.result).toBe('请先完善企业信息后再申请批改');
      expect(await count()).toBe(before);
    } finally {
      await flag(true);
    }
  });

  it('/api/endorsement/file: the parties get the bytes; another enterprise or insurer gets 404 like a missing one', async () => {
    const fileId = await uploadPdf(t, ent2, '批改申请书.pdf');
    const a = await apply({ type: '07', change: {}, reason: '补充约定', attachments: [fileId] });
    expect(a.status).toBe(200);
    const id = a.body.data.id as number;
    const url = `/api/endorsement/file?id=${id}&fileId=${fileId}`;
    for (const party of [ent2, insurer]) {
      const got = await download(t, url, party);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(TEST_PDF)).toBe(true);
    }
    const missing = await download(t, `/api/endorsement/file?id=999999&fileId=${fileId}`, ent2);
    expect(missing.status).toBe(404);
    const other = await makeUser(t, 'insurer', 'end-file-insurer2', { orgId: await secondInsurerId(t) });
    for (const stranger of [ent, other]) {
      const res = await download(t, url, stranger);
      expect(res.status).toBe(404);
      expect(res.result).toBe(missing.result);
    }
    const loose = await uploadPdf(t, ent2, '其他.pdf');
    expect((await download(t, `/api/endorsement/file?id=${id}&fileId=${loose}`, ent2)).status).toBe(404);
    // Return it, so that the next application of the policy is not blocked by an open one.
    const d = await post(t, `/api/endorsement/detail?id=${id}`, insurer);
    const back = await post(t, '/api/endorsement/review', insurer, {
      id,
      version: d.body.data.version,
      approve: false,
      remark: '测试退回',
    });
    expect(back.status).toBe(200);
  });

  it('cancellation of a closed business ends the policy (已注销) through the same approval', async () => {
    await t.database.db
      .updateTable('insEnterprise')
      .set({ operatingStatus: 3 })
      .where('id', '=', (await policy()).enterpriseId as number)
      .execute();
    const a = await apply({ type: '08', premiumDelta: -5000, reason: '企业已依法关闭' });
    expect(a.status).toBe(200);
    const d = await post(t, `/api/endorsement/detail?id=${a.body.data.id}`, insurer);
    const ok = await post(t, '/api/endorsement/review', insurer, {
      id: d.body.data.id,
      version: d.body.data.version,
      approve: true,
    });
    expect(ok.status).toBe(200);
    const p = await policy();
    expect(p).toMatchObject({ status: 'cancelled', state: 'cancelled', cancelledOn: today(t) });
    expect((await apply({ type: '07' })).status).toBe(409);
  });

  it('scope: another enterprise and an unrelated insurer get 404; government has no endorsement access', async () => {
    const list = await post(t, `/api/endorsement/list?policyId=${policyId}`, ent2);
    const id = list.body.data.page.list[0]!.id;
    expect((await post(t, `/api/endorsement/detail?id=${id}`, ent)).status).toBe(404);
    const other = await makeUser(t, 'insurer', 'end-insurer2', { orgId: await secondInsurerId(t) });
    expect((await post(t, `/api/endorsement/detail?id=${id}`, other)).status).toBe(404);
    const gov = await t.login('gov');
    expect((await post(t, '/api/endorsement/list', gov)).status).toBe(403);
    expect((await post(t, '/api/endorsement/add', insurer, {})).status).toBe(403);
  });
});
