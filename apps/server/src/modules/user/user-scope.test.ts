import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createUser, roleIdOf, STRONG, userIdOf } from './user.testkit.ts';

/**
 * A government administrator holds user management too (GovUsers), but only over the accounts of its
 * own department: the regulator accounts. Everything else answers like a missing user (404), and it
 * cannot give another role, organisation or a jurisdiction beyond its own.
 */

let t: TestContext;
let admin: string;
let gov: string;
let govRoleId: number;
let entRoleId: number;
let adminRoleId: number;
let adminId: number;
let entId: number;
let govOrgId: number | null;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '10000', API_RATE_MAX: '100000' });
  admin = await t.login('admin');
  gov = await t.login('gov');
  govRoleId = await roleIdOf(t, 'ROLE_GOVERNMENT');
  entRoleId = await roleIdOf(t, 'ROLE_ENT');
  adminRoleId = await roleIdOf(t, 'ROLE_ADMIN');
  adminId = await userIdOf(t, 'admin');
  entId = await userIdOf(t, 'ent');
  const g = await t.database.db
    .selectFrom('sysUser')
    .select('orgId')
    .where('username', '=', 'gov')
    .executeTakeFirstOrThrow();
  govOrgId = g.orgId;
});
afterAll(() => t.close());

const post = (url: string, token: string, payload?: unknown) =>
  t.call({
    method: 'POST',
    url,
    token,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

describe('government user management scope', () => {
  it('lists regulator accounts only; the admin still sees everyone', async () => {
    const res = await post('/api/sys/user/searchUserList.json?pageSize=500', gov);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data.list as { username: string; roleKey: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.roleKey === 'ROLE_GOVERNMENT')).toBe(true);
    expect(rows.map((r) => r.username)).toContain('gov');
    expect(rows.map((r) => r.username)).not.toContain('admin');
    // A filter naming another role finds nothing rather than leaking it.
    const other = await post('/api/sys/user/searchUserList.json?roleKey=ROLE_ADMIN', gov);
    expect(other.json().data.total).toBe(0);
    const all = await post('/api/sys/user/searchUserList.json?pageSize=500', admin);
    expect((all.json().data.list as { username: string }[]).map((r) => r.username)).toEqual(
      expect.arrayContaining(['admin', 'gov', 'ent']),
    );
  });

  it('answers 404 for accounts outside the department on every call, and changes nothing', async () => {
    const calls: [string, unknown?][] = [
      [`/api/sys/user/getUserById?id=${adminId}`],
      [`/api/sys/admin/updateByStatus.json?id=${adminId}&status=2`],
      [`/api/sys/user/pwd/reset?id=${entId}`, { newPwd: 'Other#Pass2026' }],
      ['/api/sys/user/save', { id: entId, version: 1, nickname: '改名' }],
    ];
    for (const [url, body] of calls) {
      const res = await post(url, gov, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(404);
    }
    // Unlocking, sessions, sign-outs and disabling idle accounts are the security administrator's (三权分立):
    // 403 whoever the target.
    for (const url of [
      `/api/sys/user/unlock?id=${entId}`,
      `/api/sys/user/getUserSessions?id=${adminId}`,
      `/api/sys/user/forceLogout?id=${adminId}`,
      `/api/sys/user/disableIdle?id=${entId}`,
    ]) {
      const res = await post(url, gov);
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
    }
    const a = await t.database.db
      .selectFrom('sysUser')
      .select(['status', 'nickname'])
      .where('id', 'in', [adminId, entId])
      .orderBy('id')
      .execute();
    expect(a.every((u) => u.status !== 2)).toBe(true);
    expect(a.map((u) => u.nickname)).not.toContain('改名');
    // Admin sessions were not ended.
    expect((await post('/api/sys/user/getUserInfo.json', admin, {})).statusCode).toBe(200);
  });

  it('creates regulator accounts in its own department only', async () => {
    const base = { password: STRONG, mustChangePassword: false, nickname: '监管员' };
    const asEnt = await post('/api/sys/user/add', gov, {
      ...base,
      username: 'gov_made_ent',
      roleId: entRoleId,
    });
    expect(asEnt.statusCode).toBe(400);
    expect(asEnt.json().result).toContain('roleId');
    const asAdmin = await post('/api/sys/user/add', gov, {
      ...base,
      username: 'gov_made_adm',
      roleId: adminRoleId,
    });
    expect(asAdmin.statusCode).toBe(400);
    const otherOrg = await t.database.db
      .selectFrom('sysOrg')
      .select('id')
      .where('id', '!=', govOrgId ?? 0)
      .where('deletedAt', 'is', null)
      .executeTakeFirstOrThrow();
    const elsewhere = await post('/api/sys/user/add', gov, {
      ...base,
      username: 'gov_made_x',
      roleId: govRoleId,
      orgId: otherOrg.id,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().result).toContain('orgId');

    const ok = await post('/api/sys/user/add', gov, { ...base, username: 'gov_made_ok', roleId: govRoleId });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.database.db
      .selectFrom('sysUser')
      .select(['orgId', 'roleId'])
      .where('id', '=', ok.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ orgId: govOrgId, roleId: govRoleId });
  });

  it('cannot move a regulator account to another role or organisation', async () => {
    const id = await createUser(t, admin, { username: 'gov_member_1', roleId: govRoleId, orgId: govOrgId });
    const detail = await post(`/api/sys/user/getUserById?id=${id}`, gov);
    expect(detail.statusCode).toBe(200);
    const version = detail.json().data.version as number;
    const toAdmin = await post('/api/sys/user/save', gov, { id, version, roleId: adminRoleId });
    expect(toAdmin.statusCode).toBe(400);
    const toNoOrg = await post('/api/sys/user/save', gov, { id, version, orgId: null });
    expect(toNoOrg.statusCode).toBe(400);
    const renamed = await post('/api/sys/user/save', gov, { id, version, nickname: '二号监管员' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const disabled = await post(`/api/sys/admin/updateByStatus.json?id=${id}&status=2`, gov);
    expect(disabled.statusCode).toBe(200);
  });

  it('a district regulator gives no jurisdiction beyond its own', async () => {
    const id = await createUser(t, admin, { username: 'gov_district', roleId: govRoleId, orgId: govOrgId });
    const v = (await post(`/api/sys/user/getUserById?id=${id}`, admin)).json().data.version as number;
    const set = await post('/api/sys/user/save', admin, { id, version: v, districtCodes: ['321302'] });
    expect(set.statusCode, set.body).toBe(200);
    const district = await t.login('gov_district', STRONG);
    const base = { password: STRONG, mustChangePassword: false, roleId: govRoleId };
    const beyond = await post('/api/sys/user/add', district, {
      ...base,
      username: 'gd_a',
      districtCodes: ['321311'],
    });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().result).toContain('districtCodes');
    const wholeCity = await post('/api/sys/user/add', district, {
      ...base,
      username: 'gd_b',
      districtCodes: [],
    });
    expect(wholeCity.statusCode).toBe(400);
    const inside = await post('/api/sys/user/add', district, {
      ...base,
      username: 'gd_c',
      districtCodes: ['321302'],
    });
    expect(inside.statusCode, inside.body).toBe(200);

    // The city-wide account (and any wider than its own) is out of its reach: 404 on every call, unchanged.
    const cityId = await userIdOf(t, 'gov');
    const listed = await post('/api/sys/user/searchUserList.json?pageSize=500', district);
    const names = (listed.json().data.list as { username: string }[]).map((r) => r.username);
    expect(names).toEqual(expect.arrayContaining(['gov_district', 'gd_c']));
    expect(names).not.toContain('gov');
    const wide = await createUser(t, admin, {
      username: 'gov_two_districts',
      roleId: govRoleId,
      orgId: govOrgId,
    });
    const wv = (await post(`/api/sys/user/getUserById?id=${wide}`, admin)).json().data.version as number;
    await post('/api/sys/user/save', admin, { id: wide, version: wv, districtCodes: ['321302', '321311'] });
    for (const target of [cityId, wide]) {
      const calls: [string, unknown?][] = [
        [`/api/sys/user/getUserById?id=${target}`],
        [`/api/sys/admin/updateByStatus.json?id=${target}&status=2`],
        [`/api/sys/user/pwd/reset?id=${target}`, { newPwd: 'Other#Pass2026' }],
        ['/api/sys/user/save', { id: target, version: 1, districtCodes: ['321302'] }],
      ];
      for (const [url, body] of calls) {
        const res = await post(url, district, body);
        expect(res.statusCode, `${url} ${res.body}`).toBe(404);
      }
    }
    const city = await t.database.db
      .selectFrom('sysUser')
      .select(['status', 'districtCodes'])
      .where('id', '=', cityId)
      .executeTakeFirstOrThrow();
    expect(city.status).toBe(1);
    expect(city.districtCodes.split(',').length).toBe(5);
  });
});
