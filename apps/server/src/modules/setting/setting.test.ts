import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helpers.ts';
import { loadConfig } from '../../config.ts';
import { createRole, createUser, lastLog, STRONG } from '../user/user.testkit.ts';

let t: TestContext;
let admin: string;
/** The security settings are the security administrator's (三权分立, security.md Z04). */
let secadmin: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  admin = await t.login('admin');
  secadmin = await t.login('secadmin');
});
afterAll(() => t.close());

const save = (payload: unknown, token = admin) =>
  t.call({ method: 'POST', url: '/api/setting/save', token, payload: payload as Record<string, unknown> });
const saveSecurity = (payload: Record<string, unknown>, token = secadmin) =>
  t.call({ method: 'POST', url: '/api/setting/security/save', token, payload });
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
      reportDeadlineHours: 720, // 30 days (domain brief: the insured reports within 30 days)
      claimUnpaidFlagDays: 60,
    });
    expect(s.security).toEqual({ idleTimeoutMinutes: 30, passwordMaxAgeDays: 90 });
    expect(s.footer.icp).toContain('苏ICP备');
    expect(Array.isArray(s.footerLinks)).toBe(true);
  });

  it('shows the deployment values read-only (captcha, token lifetime, lockout, security defaults)', async () => {
    const s = await get();
    expect(s.deployment).toEqual({
      captchaEnabled: expect.any(Boolean),
      tokenTtlHours: 168,
      lockThreshold: 5,
      lockMinutes: 30,
      accountLockThreshold: 50,
      mfaEnabled: false,
      securityDefaults: { idleTimeoutMinutes: 30, passwordMaxAgeDays: 90 },
    });
    expect((await save({ deployment: { tokenTtlHours: 5 } })).statusCode).toBe(400);
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
    expect(res.json().data.settings).toEqual(await get()); // the same view as get, deployment included
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
      [{ insurance: { reportDeadlineHours: 721 } }, '报案时限为1-720小时'],
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
    // The security administrator's security settings, on their own route.
    const securityCases: Array<[Record<string, unknown>, string]> = [
      [{ idleTimeoutMinutes: 4 }, '无操作自动退出时间为5-120分钟'],
      [{ idleTimeoutMinutes: 121 }, 'idleTimeoutMinutes'],
      [{ idleTimeoutMinutes: 7.5 }, '无操作自动退出时间须为整数（分钟）'],
      [{ passwordMaxAgeDays: -1 }, '密码有效期为0-365天（0表示不限）'],
      [{ passwordMaxAgeDays: 366 }, 'passwordMaxAgeDays'],
      [{ passwordMaxAgeDays: 1.5 }, '密码有效期须为整数（天）'],
      [{ lockMinutes: 10 }, 'lockMinutes'],
      [{}, '请至少提交一项安全设置'],
    ];
    for (const [body, field] of securityCases) {
      const res = await saveSecurity(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().result, JSON.stringify(body)).toContain(field);
    }
    expect(await get()).toEqual(before);
  });

  it('the minimum per-person limit may be raised above the national floor of 400000, never below it', async () => {
    const low = await save({ insurance: { minPerPersonLimit: 399999 } });
    expect(low.statusCode).toBe(400);
    expect(low.json().result).toContain('不能低于国家标准40万元');
    expect((await save({ insurance: { minPerPersonLimit: 0 } })).statusCode).toBe(400);
    expect((await save({ insurance: { minPerPersonLimit: 400000 } })).statusCode).toBe(200);
    expect((await save({ insurance: { minPerPersonLimit: 500000 } })).statusCode).toBe(200);
    expect((await get()).insurance.minPerPersonLimit).toBe(500000);
    expect((await save({ insurance: { minPerPersonLimit: 400000 } })).statusCode).toBe(200);
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

  it('a district-level regulator reads the city-wide settings but cannot save them (403, unchanged)', async () => {
    const roleRow = await t.database.db
      .selectFrom('sysRole')
      .select('id')
      .where('roleKey', '=', 'ROLE_GOVERNMENT')
      .executeTakeFirstOrThrow();
    const id = await createUser(t, admin, { username: 'gov_siyang', roleId: roleRow.id });
    const detail = await t.call({ method: 'POST', url: `/api/sys/user/getUserById?id=${id}`, token: admin });
    const set = await t.call({
      method: 'POST',
      url: '/api/sys/user/save',
      token: admin,
      payload: { id, version: detail.json().data.version, districtCodes: ['321323'] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const district = await t.login('gov_siyang', STRONG);
    const before = (await get()).insurance.reportDeadlineHours;
    expect((await t.call({ method: 'POST', url: '/api/setting/get', token: district })).statusCode).toBe(200);
    const refused = await save({ insurance: { reportDeadlineHours: before - 20 } }, district);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().result).toContain('区县监管账号不能修改');
    expect((await get()).insurance.reportDeadlineHours).toBe(before);
    // The city-level regulator still may.
    const city = await t.login('gov');
    const allowed = await save({ insurance: { reportDeadlineHours: before } }, city);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('the jurisdiction decides, not the role name: a custom settings role limited to one district cannot save', async () => {
    const roleId = await createRole(t, admin, 'ROLE_SETTINGS_SY', { setting: ['query', 'edit'] });
    const id = await createUser(t, admin, { username: 'settings_sy', roleId });
    const detail = await t.call({ method: 'POST', url: `/api/sys/user/getUserById?id=${id}`, token: admin });
    const set = await t.call({
      method: 'POST',
      url: '/api/sys/user/save',
      token: admin,
      payload: { id, version: detail.json().data.version, districtCodes: ['321323'] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const district = await t.login('settings_sy', STRONG);
    const before = (await get()).insurance.reportDeadlineHours;
    const refused = await save({ insurance: { reportDeadlineHours: before - 20 } }, district);
    expect(refused.statusCode).toBe(403);
    expect((await get()).insurance.reportDeadlineHours).toBe(before);
  });
});

describe('security settings: idle timeout and password age, read per request', () => {
  const info = (token: string) => t.call({ method: 'POST', url: '/api/sys/user/getUserInfo.json', token });
  const logs = (token: string) =>
    t.call({ method: 'POST', url: '/api/log/sysLogs/searchLogList.json', token });

  it('a shorter idle timeout refuses, on the next request, a session idle longer than it; a longer one keeps it', async () => {
    const user = await t.login('insurer');
    expect((await info(user)).statusCode).toBe(200);
    const res = await saveSecurity({ idleTimeoutMinutes: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.security).toEqual({ idleTimeoutMinutes: 10, passwordMaxAgeDays: 90 });
    expect(await lastLog(t, '/api/setting/security/save')).toMatchObject({
      outcome: 'success',
      targetId: 'security',
      username: 'secadmin',
      module: '安全设置',
    });

    // Active within the new window: kept.
    t.clock.advance(9 * 60_000);
    expect((await info(user)).statusCode).toBe(200);
    // 11 idle minutes: within the old 30, beyond the new 10: refused, and the session is ended.
    t.clock.advance(11 * 60_000);
    const refused = await info(user);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().result).toBe('登录状态已过期，请重新登录');
    expect(refused.json().code).toBe('TOKEN_EXPIRED');
    t.clock.advance(60_000);
    expect((await info(user)).statusCode).toBe(401);

    // Raised to 60 minutes: a session idle 20 minutes stays signed in.
    admin = await t.login('admin');
    secadmin = await t.login('secadmin');
    const other = await t.login('insurer');
    expect((await saveSecurity({ idleTimeoutMinutes: 60 })).statusCode).toBe(200);
    t.clock.advance(20 * 60_000);
    expect((await info(other)).statusCode).toBe(200);
    // The sessions list uses the same window.
    const sessions = await t.call({ method: 'POST', url: '/api/sys/user/sessions', token: other });
    expect(sessions.json().data.some((x: { current: boolean }) => x.current)).toBe(true);

    expect((await saveSecurity({ idleTimeoutMinutes: 30 })).statusCode).toBe(200);
    expect((await get()).security.idleTimeoutMinutes).toBe(30);
  });

  it('a password age change applies to the next request and the next login; 0 means never', async () => {
    const db = t.database.db;
    const setChanged = (daysAgo: number) =>
      db
        .updateTable('sysUser')
        .set({ passwordChangedAt: new Date(t.clock.now().getTime() - daysAgo * 86_400_000) })
        .where('username', '=', 'gov')
        .execute();
    await setChanged(40);
    const gov = await t.login('gov');
    expect((await logs(gov)).statusCode).toBe(200); // 40 days < 90

    expect((await saveSecurity({ passwordMaxAgeDays: 30 })).statusCode).toBe(200);
    // The same (possibly cached) session: the new policy applies at once.
    const refused = await logs(gov);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('PASSWORD_EXPIRED');
    const login = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'gov', password: DEMO_PASSWORD },
    });
    expect(login.json().data.mustChangePassword).toBe(true);

    expect((await saveSecurity({ passwordMaxAgeDays: 0 })).statusCode).toBe(200);
    await setChanged(3000);
    expect((await logs(gov)).statusCode).toBe(200);

    expect((await saveSecurity({ passwordMaxAgeDays: 90 })).statusCode).toBe(200);
    expect((await logs(gov)).statusCode).toBe(403);
    await setChanged(0);
    expect((await logs(gov)).statusCode).toBe(200);
  });

  it('IDLE_TIMEOUT_MINUTES / PASSWORD_MAX_AGE_DAYS are the defaults until a value is saved, within the same ranges', async () => {
    const other = await createTestContext({ IDLE_TIMEOUT_MINUTES: '15', PASSWORD_MAX_AGE_DAYS: '0' });
    try {
      const token = await other.login('admin');
      const view = (await other.call({ method: 'POST', url: '/api/setting/get', token })).json().data;
      expect(view.security).toEqual({ idleTimeoutMinutes: 15, passwordMaxAgeDays: 0 });
      expect(view.deployment.securityDefaults).toEqual({ idleTimeoutMinutes: 15, passwordMaxAgeDays: 0 });
      other.clock.advance(16 * 60_000);
      expect(
        (await other.call({ method: 'POST', url: '/api/sys/user/getUserInfo.json', token })).statusCode,
      ).toBe(401);
    } finally {
      await other.close();
    }
    expect(() => loadConfig({ IDLE_TIMEOUT_MINUTES: '4' })).toThrow();
    expect(() => loadConfig({ IDLE_TIMEOUT_MINUTES: '121' })).toThrow();
    expect(() => loadConfig({ PASSWORD_MAX_AGE_DAYS: '366' })).toThrow();
  });
});
