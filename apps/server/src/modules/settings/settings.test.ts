import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createRole, createUser, lastLog, STRONG } from '../users/fixtures.ts';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  admin = await t.login('admin');
});
afterAll(() => t.close());

const save = (payload: unknown, token = admin) =>
  t.call({ method: 'POST', url: '/api/setting/save', token, payload: payload as Record<string, unknown> });
const get = async () => {
  const res = await t.call({ method: 'POST', url: '/api/setting/get', token: admin });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const publicSettings = async () => (await t.call({ method: 'GET', url: '/api/public/settings' })).json().data;

describe('/api/setting/get', () => {
  it('returns every setting with the national defaults', async () => {
    const s = await get();
    expect(s.platformName).toBe('宿迁市安全生产责任保险监管服务平台');
    expect(s.insurance).toEqual({
      minPerPersonLimit: 400000,
      preventionFeeCapPct: 21,
      reportDeadlineHours: 48,
      claimUnpaidFlagDays: 60,
    });
    expect(s.footer.icp).toContain('苏ICP备');
    expect(Array.isArray(s.footerLinks)).toBe(true);
  });

  it('401 without a token, 403 for an enterprise', async () => {
    expect((await t.call({ method: 'POST', url: '/api/setting/get' })).statusCode).toBe(401);
    const ent = await t.login('ent');
    expect((await t.call({ method: 'POST', url: '/api/setting/get', token: ent })).statusCode).toBe(403);
  });
});

describe('/api/setting/save', () => {
  it('takes effect on the very next request, no restart (public settings included); audited', async () => {
    await publicSettings(); // warm the cache
    const res = await save({ platformName: '宿迁市安责险服务平台' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.saved).toEqual(['platformName']);
    expect((await publicSettings()).platformName).toBe('宿迁市安责险服务平台');
    expect((await get()).platformName).toBe('宿迁市安责险服务平台');
    expect(await lastLog(t, '/api/setting/save')).toMatchObject({
      module: '平台设置',
      kind: 'edit',
      outcome: 'success',
      targetId: 'platformName',
    });
  });

  it('merges partial footer and insurance objects; footer links replace the list', async () => {
    const before = await get();
    const res = await save({
      footer: { icp: '苏ICP备12345678号' },
      insurance: { reportDeadlineHours: 24, preventionFeeCapPct: 15.5 },
      footerLinks: [
        { aid: 1, title: '关于我们' },
        { aid: 2, title: '联系我们' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get();
    expect(after.footer).toEqual({ ...before.footer, icp: '苏ICP备12345678号' });
    expect(after.insurance).toEqual({
      ...before.insurance,
      reportDeadlineHours: 24,
      preventionFeeCapPct: 15.5,
    });
    const pub = await publicSettings();
    expect(pub.footer.icp).toBe('苏ICP备12345678号');
    expect(pub.footerLinks).toEqual([
      { aid: 1, title: '关于我们' },
      { aid: 2, title: '联系我们' },
    ]);
  });

  it('validates ranges and names the field (400), changing nothing', async () => {
    const before = await get();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ platformName: '宿' }, 'platformName'],
      [{ platformName: 'x'.repeat(61) }, 'platformName'],
      [{ insurance: { preventionFeeCapPct: 21.5 } }, 'insurance.preventionFeeCapPct'],
      [{ insurance: { preventionFeeCapPct: -1 } }, 'insurance.preventionFeeCapPct'],
      [{ insurance: { reportDeadlineHours: 0 } }, 'insurance.reportDeadlineHours'],
      [{ insurance: { reportDeadlineHours: 721 } }, 'insurance.reportDeadlineHours'],
      [{ insurance: { claimUnpaidFlagDays: 366 } }, 'insurance.claimUnpaidFlagDays'],
      [{ insurance: { minPerPersonLimit: -1 } }, 'insurance.minPerPersonLimit'],
      [{ insurance: { minPerPersonLimit: 1.5 } }, 'insurance.minPerPersonLimit'],
      [{ footerLinks: [{ aid: 0, title: 'x' }] }, 'footerLinks.0.aid'],
      [{ footerLinks: [{ aid: 1, title: '' }] }, 'footerLinks.0.title'],
      [{ footer: { email: 'not-mail' } }, 'footer.email'],
      [{ footer: { unknown: 'x' } }, 'footer'],
      [{ captchaEnabled: false }, ''],
      [{}, ''],
    ];
    for (const [body, field] of cases) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().result, JSON.stringify(body)).toContain(field);
    }
    expect(await get()).toEqual(before);
  });

  it('the minimum per-person limit may be set from 0 (national floor 400000 is the default)', async () => {
    expect((await save({ insurance: { minPerPersonLimit: 0 } })).statusCode).toBe(200);
    expect((await save({ insurance: { minPerPersonLimit: 500000 } })).statusCode).toBe(200);
    expect((await get()).insurance.minPerPersonLimit).toBe(500000);
  });

  it('setting.query does not allow saving (403); 401 without a token', async () => {
    const roleId = await createRole(t, admin, 'ROLE_SETTING_READER', { setting: ['query'] });
    await createUser(t, admin, { username: 'setreader', roleId });
    const reader = await t.login('setreader', STRONG);
    expect((await t.call({ method: 'POST', url: '/api/setting/get', token: reader })).statusCode).toBe(200);
    expect((await save({ platformName: '不允许修改' }, reader)).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: '/api/setting/save', payload: { platformName: 'xx' } }))
        .statusCode,
    ).toBe(401);
  });
});
