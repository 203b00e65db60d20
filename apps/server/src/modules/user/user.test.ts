import { chinaDate } from '@aqzrx/contracts';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../../test/helpers.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { decryptPhone, encryptPhone, phoneIndex } from '../../platform/pii.ts';
import { createRole, createUser, lastLog, roleIdOf, STRONG, userIdOf } from './user.testkit.ts';

let t: TestContext;
let admin: string;
/** Unlocking and sessions are the security administrator's (三权分立, security.md Z04). */
let secadmin: string;
let ent: string;
let entRoleId: number;
let adminId: number;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '10000', API_RATE_MAX: '100000' });
  admin = await t.login('admin');
  secadmin = await t.login('secadmin');
  ent = await t.login('ent');
  entRoleId = await roleIdOf(t, 'ROLE_ENT');
  adminId = await userIdOf(t, 'admin');
});
afterAll(() => t.close());

const post = (url: string, token?: string, payload?: unknown) =>
  t.call({
    method: 'POST',
    url,
    ...(token ? { token } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

interface Row {
  id: number;
  username: string;
  mobile: string;
  status: number;
  statusLabel: string;
  roleKey: string;
  roleDisplay: string;
  orgName: string;
  locked: boolean;
  version: number;
}
const list = async (query: string, token = admin) => {
  const res = await post(`/api/sys/user/searchUserList.json?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: Row[]; total: number; pageNum: number; pageSize: number };
};

describe('searchUserList.json', () => {
  it('pages the users with masked mobiles and Chinese labels', async () => {
    const page = await list('pageNo=1&pageSize=3');
    expect(page).toMatchObject({ pageNum: 1, pageSize: 3 });
    expect(page.total).toBeGreaterThanOrEqual(7);
    expect(page.list).toHaveLength(3);
    const entRow = (await list('username=ENT&pageSize=50')).list.find((u) => u.username === 'ent')!;
    expect(entRow).toMatchObject({
      mobile: '138****0003',
      roleKey: 'ROLE_ENT',
      roleDisplay: '企业用户',
      orgName: '宿迁市恒安化工有限公司',
      statusLabel: '正常',
    });
    expect(JSON.stringify(page)).not.toMatch(/1380527000\d/);
  });

  it('filters by username, nickname, role, org, status, mobile and created range', async () => {
    // Other modules' demo seeds may add users, so each filter is checked by what it returns.
    const byName = (await list('username=ENT&pageSize=500')).list;
    expect(byName.map((u) => u.username)).toEqual(expect.arrayContaining(['ent', 'ent2']));
    expect(byName.every((u) => u.username.toLowerCase().includes('ent'))).toBe(true);
    expect(
      (await list(`nickname=${encodeURIComponent('恒安化工安全员')}`)).list.map((u) => u.username),
    ).toEqual(['ent']);
    const insurers = (await list('roleKey=role_insurance&pageSize=500')).list;
    expect(insurers.map((u) => u.username)).toContain('insurer');
    expect(insurers.every((u) => u.roleKey === 'ROLE_INSURANCE')).toBe(true);
    const ents = (await list(`roleId=${entRoleId}&pageSize=500`)).list;
    expect(ents.map((u) => u.username)).toEqual(expect.arrayContaining(['ent', 'ent2']));
    expect(ents.every((u) => u.roleKey === 'ROLE_ENT')).toBe(true);
    const entOrg = await t.database.db
      .selectFrom('sysUser')
      .select('orgId')
      .where('username', '=', 'ent')
      .executeTakeFirstOrThrow();
    const sameOrg = (await list(`orgId=${entOrg.orgId}&pageSize=500`)).list;
    expect(sameOrg.map((u) => u.username)).toContain('ent');
    expect(sameOrg.every((u) => u.orgName === '宿迁市恒安化工有限公司')).toBe(true);
    const incomplete = (await list('status=3&pageSize=500')).list;
    expect(incomplete.map((u) => u.username)).toContain('ent2');
    expect(incomplete.every((u) => u.status === 3 && u.statusLabel === '企业信息待完善')).toBe(true);
    expect((await list('mobile=13805270005')).list.map((u) => u.username)).toEqual(['insurer']);
    const tomorrow = chinaDate(new Date(Date.now() + 86_400_000));
    expect((await list(`createdStart=${tomorrow}`)).total).toBe(0);
    expect((await list(`createdEnd=${tomorrow}`)).total).toBeGreaterThanOrEqual(7);
    expect((await list(`username=${encodeURIComponent("' OR 1=1--")}`)).total).toBe(0);
  });

  it('names the bad field (400), needs a token (401) and user.query (403)', async () => {
    const bad = await post('/api/sys/user/searchUserList.json?status=9', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('status');
    const badMobile = await post('/api/sys/user/searchUserList.json?mobile=123', admin);
    expect(badMobile.statusCode).toBe(400);
    expect(badMobile.json().result).toContain('mobile');
    const unknown = await post('/api/sys/user/searchUserList.json?password=x', admin);
    expect(unknown.statusCode).toBe(400);
    expect((await post('/api/sys/user/searchUserList.json')).statusCode).toBe(401);
    const denied = await post('/api/sys/user/searchUserList.json', ent);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().result).toBe('没有权限，请联系管理员授权');
  });
});

describe('getUserById', () => {
  it('masks the mobile unless reveal is asked by a holder of userSensitive.get, which is audited', async () => {
    const id = await userIdOf(t, 'insurer');
    const masked = await post(`/api/sys/user/getUserById?id=${id}`, admin);
    expect(masked.statusCode).toBe(200);
    expect(masked.json().data).toMatchObject({
      id,
      username: 'insurer',
      mobile: '138****0005',
      revealed: false,
      orgType: 'insurer',
      isOrg: true,
    });
    const full = await post(`/api/sys/user/getUserById?id=${id}&reveal=true`, admin);
    expect(full.statusCode).toBe(200);
    expect(full.json().data).toMatchObject({ mobile: '13805270005', revealed: true });
    const row = await lastLog(t, '/api/sys/user/getUserById');
    expect(row).toMatchObject({
      module: '用户敏感信息',
      kind: 'get',
      outcome: 'success',
      targetId: String(id),
      username: 'admin',
    });
  });

  it('refuses reveal without userSensitive.get (403, audited), and 404 for missing ids', async () => {
    const roleId = await createRole(t, admin, 'ROLE_USER_VIEWER', { user: ['query', 'get'] });
    await createUser(t, admin, { username: 'viewer1', roleId });
    const viewer = await t.login('viewer1', STRONG);
    const id = await userIdOf(t, 'insurer');
    const masked = await post(`/api/sys/user/getUserById?id=${id}`, viewer);
    expect(masked.json().data.mobile).toBe('138****0005');
    const denied = await post(`/api/sys/user/getUserById?id=${id}&reveal=1`, viewer);
    expect(denied.statusCode).toBe(403);
    expect(await lastLog(t, '/api/sys/user/getUserById')).toMatchObject({
      outcome: 'fail',
      username: 'viewer1',
    });
    expect((await post('/api/sys/user/getUserById?id=999999', admin)).statusCode).toBe(404);
    const bad = await post('/api/sys/user/getUserById?id=abc', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('id');
    expect((await post(`/api/sys/user/getUserById?id=${id}`, ent)).statusCode).toBe(403);
  });
});

describe('add', () => {
  const base = { password: STRONG, nickname: '新用户', roleId: 0 };
  beforeAll(() => {
    base.roleId = entRoleId;
  });

  it('creates a user who must change the temporary password at first login', async () => {
    const res = await post('/api/sys/user/add', admin, {
      ...base,
      username: 'NewUser1',
      mobile: '13900000001',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    expect(await lastLog(t, '/api/sys/user/add')).toMatchObject({
      kind: 'add',
      outcome: 'success',
      targetId: String(id),
    });
    expect((await lastLog(t, '/api/sys/user/add')).params).not.toContain(STRONG);
    const login = await post('/api/login', undefined, { username: 'newuser1', password: STRONG });
    expect(login.statusCode).toBe(200);
    expect(login.json().data).toMatchObject({ mustChangePassword: true, passwordChangeReason: 'initial' });
    const token = login.json().data.token as string;
    const refused = await post('/api/sys/user/getSysResourceListByToken.json', token);
    expect(refused.statusCode).toBe(200);
    const blocked = await post('/api/sys/user/sessions', token);
    expect(blocked.json()).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
      result: '首次登录请先修改初始密码',
    });
  });

  it('an account of an enterprise whose information is incomplete starts in status 3 (gate)', async () => {
    const ents = await t.database.db
      .selectFrom('insEnterprise')
      .select('id')
      .where('infoComplete', '=', true)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    const [incomplete, complete] = [ents[0]!.id, ents[1]!.id];
    await t.database.db
      .updateTable('insEnterprise')
      .set({ infoComplete: false })
      .where('id', '=', incomplete)
      .execute();
    const statusOf = async (username: string, mobile: string, orgId: number) => {
      const res = await post('/api/sys/user/add', admin, { ...base, username, mobile, orgId });
      expect(res.statusCode, res.body).toBe(200);
      return (
        await t.database.db
          .selectFrom('sysUser')
          .select('status')
          .where('id', '=', res.json().data.id)
          .executeTakeFirstOrThrow()
      ).status;
    };
    expect(await statusOf('gatecorpa', '13900000011', incomplete)).toBe(3);
    expect(await statusOf('gatecorpb', '13900000012', complete)).toBe(1);
  });

  it('stores the mobile encrypted with its blind index: a raw row holds no plain number, search still finds it', async () => {
    const raw = await sql<
      Record<string, unknown>
    >`SELECT * FROM sys_user WHERE lower(username) = 'newuser1'`.execute(t.database.db);
    const row = raw.rows[0]!;
    expect(JSON.stringify(row)).not.toContain('13900000001');
    expect(Object.keys(row)).not.toContain('mobile');
    expect(String(row.mobileEnc)).toMatch(/^v1\./);
    expect(decryptPhone(String(row.mobileEnc))).toBe('13900000001');
    expect(row.mobileHash).toBe(phoneIndex('13900000001'));
    expect((await list('mobile=13900000001')).list.map((u) => u.username)).toEqual(['NewUser1']);
    // An edit re-encrypts: the old number no longer finds the user, the new one does.
    const id = (await list('mobile=13900000001')).list[0]!.id;
    const version = (await post(`/api/sys/user/getUserById?id=${id}`, admin)).json().data.version as number;
    const saved = await post('/api/sys/user/save', admin, { id, version, mobile: '13900000071' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await list('mobile=13900000001')).total).toBe(0);
    expect((await list('mobile=13900000071')).list.map((u) => u.username)).toEqual(['NewUser1']);
    const back = await post('/api/sys/user/save', admin, { id, version: version + 1, mobile: '13900000001' });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('the database keeps live mobiles unique through the hash', async () => {
    const taken = await t.database.db
      .selectFrom('sysUser')
      .select(['mobileHash', 'passwordHash', 'roleId'])
      .where('username', '=', 'ent')
      .executeTakeFirstOrThrow();
    await expect(
      t.database.db
        .insertInto('sysUser')
        .values({
          username: 'hash_dup',
          passwordHash: taken.passwordHash,
          roleId: taken.roleId,
          mobileEnc: encryptPhone('13805270003'),
          mobileHash: taken.mobileHash,
        })
        .execute(),
    ).rejects.toThrow(/sys_user_mobile_hash_uq/);
  });

  it('username is unique case-insensitively and mobiles are unique (409)', async () => {
    const dup = await post('/api/sys/user/add', admin, { ...base, username: 'NEWUSER1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().result).toContain('已被使用');
    const dupMobile = await post('/api/sys/user/add', admin, {
      ...base,
      username: 'other1',
      mobile: '13900000001',
    });
    expect(dupMobile.statusCode).toBe(409);
  });

  it('validates mobile, password rule, role and org, naming the field (400)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'u_bad1', mobile: '12345' }, 'mobile'],
      [{ username: 'u_bad2', password: 'short1A' }, 'password'],
      [{ username: 'u_bad3', password: 'alllowercase' }, 'password'],
      [{ username: 'u_bad4', password: 'U_bad4-Pass' }, 'password'],
      [{ username: 'u_bad5', roleId: 999999 }, 'roleId'],
      [{ username: 'u_bad6', orgId: 999999 }, 'orgId'],
      [{ username: 'x' }, 'username'],
      [{ username: 'u_bad7', email: 'not-an-email' }, 'email'],
      [{ username: 'u_bad8', districtCodes: ['32'] }, 'districtCodes'],
    ];
    for (const [patch, field] of cases) {
      const res = await post('/api/sys/user/add', admin, { ...base, ...patch });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().result, field).toContain(field);
    }
    const none = await list('username=u_bad');
    expect(none.total).toBe(0);
  });

  it('refuses fields outside the schema (mass assignment), 401 and 403', async () => {
    for (const extra of [{ status: 2 }, { passwordHash: 'x' }, { createdBy: 1 }, { version: 3 }]) {
      const res = await post('/api/sys/user/add', admin, { ...base, username: 'mass1', ...extra });
      expect(res.statusCode).toBe(400);
    }
    expect((await post('/api/sys/user/add', undefined, { ...base, username: 'anon1' })).statusCode).toBe(401);
    expect((await post('/api/sys/user/add', ent, { ...base, username: 'byent1' })).statusCode).toBe(403);
  });
});

describe('save', () => {
  let id: number;
  beforeAll(async () => {
    id = await createUser(t, admin, { username: 'editme', roleId: entRoleId, mobile: '13900000002' });
  });
  const detail = async (uid: number) =>
    (await post(`/api/sys/user/getUserById?id=${uid}`, admin)).json().data;

  it('saves with the current version and bumps it; a stale version answers 409', async () => {
    const before = await detail(id);
    const res = await post('/api/sys/user/save', admin, {
      id,
      version: before.version,
      nickname: '改过的昵称',
      districtCodes: ['321302'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await detail(id);
    expect(after).toMatchObject({
      nickname: '改过的昵称',
      districtCodes: ['321302'],
      version: before.version + 1,
    });
    expect(after.mobile).toBe('139****0002');
    const stale = await post('/api/sys/user/save', admin, { id, version: before.version, nickname: 'x' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().result).toBe('数据已被他人修改，请刷新后重试');
    expect((await detail(id)).nickname).toBe('改过的昵称');
  });

  it('refuses fields outside the schema with 400 and changes nothing', async () => {
    const { version } = await detail(id);
    for (const extra of [
      { status: 2 },
      { username: 'renamed' },
      { password: STRONG },
      { passwordHash: 'x' },
    ]) {
      const res = await post('/api/sys/user/save', admin, { id, version, ...extra });
      expect(res.statusCode).toBe(400);
    }
    const missing = await post('/api/sys/user/save', admin, { id, nickname: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().result).toContain('version');
    expect((await detail(id)).version).toBe(version);
  });

  it('a role change revokes the user sessions; own role cannot be changed', async () => {
    const token = await t.login('editme', STRONG);
    expect((await post('/api/sys/user/getUserInfo.json', token)).statusCode).toBe(200);
    const { version } = await detail(id);
    const insurerRole = await roleIdOf(t, 'ROLE_INSURANCE');
    const res = await post('/api/sys/user/save', admin, { id, version, roleId: insurerRole });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.roleChanged).toBe(true);
    expect((await post('/api/sys/user/getUserInfo.json', token)).statusCode).toBe(401);
    const me = await detail(adminId);
    const self = await post('/api/sys/user/save', admin, {
      id: adminId,
      version: me.version,
      roleId: entRoleId,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().result).toContain('roleId');
  });

  it('404 for a missing user, 409 for a mobile in use, 403 for an enterprise', async () => {
    expect((await post('/api/sys/user/save', admin, { id: 999999, version: 1 })).statusCode).toBe(404);
    const { version } = await detail(id);
    const dup = await post('/api/sys/user/save', admin, { id, version, mobile: '13805270003' });
    expect(dup.statusCode).toBe(409);
    expect((await post('/api/sys/user/save', ent, { id, version })).statusCode).toBe(403);
  });
});

describe('delete', () => {
  it('soft-deletes, ends the sessions at once, and frees the username', async () => {
    const id = await createUser(t, admin, { username: 'deleteme', roleId: entRoleId });
    const token = await t.login('deleteme', STRONG);
    const res = await post(`/api/sys/user/delete?id=${id}`, admin);
    expect(res.statusCode).toBe(200);
    expect((await post('/api/sys/user/getUserInfo.json', token)).statusCode).toBe(401);
    expect((await post(`/api/sys/user/getUserById?id=${id}`, admin)).statusCode).toBe(404);
    expect((await post(`/api/sys/user/delete?id=${id}`, admin)).statusCode).toBe(404);
    expect((await list('username=deleteme')).total).toBe(0);
    const row = await t.database.db
      .selectFrom('sysUser')
      .select('deletedAt')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deletedAt).not.toBeNull();
    await lastLog(t, '/api/sys/user/delete', { outcome: 'fail' });
    const rows = await t.database.db
      .selectFrom('sysOperLog')
      .select(['kind', 'outcome', 'targetId'])
      .where('path', '=', '/api/sys/user/delete')
      .where('targetId', '=', String(id))
      .orderBy('id')
      .execute();
    // The delete, then the repeated delete that found nothing (404), both logged with the target.
    expect(rows).toEqual([
      { kind: 'delete', outcome: 'success', targetId: String(id) },
      { kind: 'delete', outcome: 'fail', targetId: String(id) },
    ]);
    await createUser(t, admin, { username: 'DeleteMe', roleId: entRoleId });
  });

  it('refuses to delete yourself (400); 403 for an enterprise; 400 for a bad id', async () => {
    expect((await post(`/api/sys/user/delete?id=${adminId}`, admin)).statusCode).toBe(400);
    expect((await post(`/api/sys/user/delete?id=${adminId}`, ent)).statusCode).toBe(403);
    const bad = await post('/api/sys/user/delete?id=-1', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('id');
  });
});

describe('pwd/reset', () => {
  let id: number;
  beforeAll(async () => {
    id = await createUser(t, admin, { username: 'resetme', roleId: entRoleId, mobile: '13900000003' });
  });

  it('sets a temporary password that must be changed, ends sessions, and is audited', async () => {
    const token = await t.login('resetme', STRONG);
    const res = await post(`/api/sys/user/pwd/reset?id=${id}`, admin, { newPwd: 'Reset#Pass2026' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await post('/api/sys/user/getUserInfo.json', token)).statusCode).toBe(401);
    expect((await post('/api/login', undefined, { username: 'resetme', password: STRONG })).statusCode).toBe(
      401,
    );
    const login = await post('/api/login', undefined, { username: 'resetme', password: 'Reset#Pass2026' });
    expect(login.statusCode).toBe(200);
    // The user is told why: the administrator reset the password (not a first login).
    expect(login.json().data).toMatchObject({ mustChangePassword: true, passwordChangeReason: 'reset' });
    const blocked = await post('/api/sys/user/sessions', login.json().data.token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({
      code: 'PASSWORD_CHANGE_REQUIRED',
      result: '管理员已重置您的密码，请先修改密码',
    });
    const info = await post('/api/sys/user/getUserInfo.json', login.json().data.token);
    expect(info.json().data).toMatchObject({ mustChangePassword: true, passwordChangeReason: 'reset' });
    const row = await lastLog(t, '/api/sys/user/pwd/reset');
    expect(row).toMatchObject({ kind: 'security', outcome: 'success', targetId: String(id) });
    expect(row.params).not.toContain('Reset#Pass2026');
  });

  it('a password past its age is reported as expired, not as a reset or first login', async () => {
    await createUser(t, admin, { username: 'agedpwd', roleId: entRoleId });
    await t.database.db
      .updateTable('sysUser')
      .set({ passwordChangedAt: new Date(t.clock.now().getTime() - 400 * 86_400_000) })
      .where('username', '=', 'agedpwd')
      .execute();
    const login = await post('/api/login', undefined, { username: 'agedpwd', password: STRONG });
    expect(login.json().data).toMatchObject({ mustChangePassword: true, passwordChangeReason: 'expired' });
    const blocked = await post('/api/sys/user/sessions', login.json().data.token);
    expect(blocked.json()).toMatchObject({
      code: 'PASSWORD_EXPIRED',
      result: '密码已超过有效期，请修改密码后继续使用',
    });
  });

  it('also takes the spec query parameter, and enforces the rule and history (400 naming newPwd)', async () => {
    const viaQuery = await post(
      `/api/sys/user/pwd/reset?id=${id}&newPwd=${encodeURIComponent('Query#Pass2026')}`,
      admin,
    );
    expect(viaQuery.statusCode, viaQuery.body).toBe(200);
    for (const pwd of ['weak', 'Resetme#2026x', 'Ab#13900000003', 'Query#Pass2026']) {
      const res = await post(`/api/sys/user/pwd/reset?id=${id}`, admin, { newPwd: pwd });
      expect(res.statusCode, pwd).toBe(400);
      expect(res.json().result, pwd).toContain('newPwd');
    }
    const none = await post(`/api/sys/user/pwd/reset?id=${id}`, admin);
    expect(none.statusCode).toBe(400);
    expect(none.json().result).toContain('newPwd');
  });

  it('refuses yourself (400), a missing user (404), an enterprise (403)', async () => {
    expect(
      (await post(`/api/sys/user/pwd/reset?id=${adminId}`, admin, { newPwd: 'Self#Pass2026' })).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/sys/user/pwd/reset?id=999999', admin, { newPwd: 'Miss#Pass2026' })).statusCode,
    ).toBe(404);
    expect(
      (await post(`/api/sys/user/pwd/reset?id=${id}`, ent, { newPwd: 'Ent#Pass20266' })).statusCode,
    ).toBe(403);
  });
});

describe('unlock', () => {
  it('clears a login lock (security A02) and is audited', async () => {
    const id = await createUser(t, admin, { username: 'lockme', roleId: entRoleId });
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/api/login', undefined, { username: 'lockme', password: 'Wrong#Pass1' })).statusCode,
      ).toBe(401);
    }
    const locked = await post('/api/login', undefined, { username: 'lockme', password: STRONG });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('ACCOUNT_LOCKED');
    expect((await list('username=lockme')).list[0]!.locked).toBe(true);
    expect((await post(`/api/sys/user/unlock?id=${id}`, admin)).statusCode).toBe(403);
    const res = await post(`/api/sys/user/unlock?id=${id}`, secadmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.wasLocked).toBe(true);
    expect(await lastLog(t, '/api/sys/user/unlock')).toMatchObject({
      kind: 'security',
      module: '账号安全',
      username: 'secadmin',
      targetId: String(id),
    });
    expect((await post('/api/login', undefined, { username: 'lockme', password: STRONG })).statusCode).toBe(
      200,
    );
    expect((await post(`/api/sys/user/unlock?id=${id}`, ent)).statusCode).toBe(403);
    expect((await post('/api/sys/user/unlock?id=999999', secadmin)).statusCode).toBe(404);
  });
});

describe('updateByStatus.json', () => {
  it('disabling revokes tokens at once and blocks login; enabling restores the previous status', async () => {
    const ent2Id = await userIdOf(t, 'ent2');
    const token = await t.login('ent2');
    const off = await post(`/api/sys/admin/updateByStatus.json?id=${ent2Id}&status=2`, admin);
    expect(off.statusCode, off.body).toBe(200);
    expect((await post('/api/sys/user/getUserInfo.json', token)).statusCode).toBe(401);
    const login = await post('/api/login', undefined, { username: 'ent2', password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().result).toBe('用户已封禁，请联系管理员');
    expect(await lastLog(t, '/api/sys/admin/updateByStatus.json')).toMatchObject({
      kind: 'disable',
      outcome: 'success',
      targetId: String(ent2Id),
    });
    const on = await post(`/api/sys/admin/updateByStatus.json?id=${ent2Id}&status=1`, admin);
    expect(on.statusCode).toBe(200);
    expect((await list('username=ent2')).list[0]!.status).toBe(3);
    expect((await lastLog(t, '/api/sys/admin/updateByStatus.json')).kind).toBe('enable');
    expect(
      (await post('/api/login', undefined, { username: 'ent2', password: DEMO_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('enable and disable are separate permissions', async () => {
    const roleId = await createRole(t, admin, 'ROLE_DISABLER', { user: ['query', 'disable'] });
    await createUser(t, admin, { username: 'disabler', roleId });
    const disabler = await t.login('disabler', STRONG);
    const target = await createUser(t, admin, { username: 'target1', roleId: entRoleId });
    expect(
      (await post(`/api/sys/admin/updateByStatus.json?id=${target}&status=2`, disabler)).statusCode,
    ).toBe(200);
    const enable = await post(`/api/sys/admin/updateByStatus.json?id=${target}&status=1`, disabler);
    expect(enable.statusCode).toBe(403);
    expect(await lastLog(t, '/api/sys/admin/updateByStatus.json')).toMatchObject({
      kind: 'enable',
      outcome: 'fail',
      username: 'disabler',
    });
    // Exactly one row for the denial (not a second generic 403 row).
    const denials = await t.database.db
      .selectFrom('sysOperLog')
      .select('kind')
      .where('path', '=', '/api/sys/admin/updateByStatus.json')
      .where('username', '=', 'disabler')
      .where('outcome', '=', 'fail')
      .execute();
    expect(denials.map((d) => d.kind)).toEqual(['enable']);
    expect((await post(`/api/sys/admin/updateByStatus.json?id=${target}&status=1`, ent)).statusCode).toBe(
      403,
    );
    expect((await post(`/api/sys/admin/updateByStatus.json?id=${target}&status=1`)).statusCode).toBe(401);
  });

  it('400 for a bad status or disabling yourself, 404 for a missing user', async () => {
    const bad = await post(`/api/sys/admin/updateByStatus.json?id=${adminId}&status=3`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('status');
    expect((await post(`/api/sys/admin/updateByStatus.json?id=${adminId}&status=2`, admin)).statusCode).toBe(
      400,
    );
    expect((await post('/api/sys/admin/updateByStatus.json?id=999999&status=2', admin)).statusCode).toBe(404);
  });
});

describe('sessions', () => {
  it('lists my sessions and ends one of them; another user session answers 404', async () => {
    const a = await t.login('service');
    const b = await t.login('service');
    const mine = await post('/api/sys/user/sessions', a);
    expect(mine.statusCode).toBe(200);
    const sessions = mine.json().data as Array<{ id: number; current: boolean }>;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    expect((await post(`/api/sys/user/sessions/end?id=${other.id}`, a)).statusCode).toBe(200);
    expect((await post('/api/sys/user/getUserInfo.json', b)).statusCode).toBe(401);
    const adminSessions = (await post('/api/sys/user/sessions', admin)).json().data as Array<{ id: number }>;
    expect((await post(`/api/sys/user/sessions/end?id=${adminSessions[0]!.id}`, a)).statusCode).toBe(404);
    expect((await post('/api/sys/user/sessions')).statusCode).toBe(401);
  });

  it('the security administrator lists a user sessions and forces them out (S05)', async () => {
    const id = await userIdOf(t, 'expert');
    const token = await t.login('expert');
    const listed = await post(`/api/sys/user/getUserSessions?id=${id}`, secadmin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.length).toBeGreaterThanOrEqual(1);
    expect((await post(`/api/sys/user/forceLogout?id=${id}`, admin)).statusCode).toBe(403);
    const res = await post(`/api/sys/user/forceLogout?id=${id}`, secadmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.ended).toBeGreaterThanOrEqual(1);
    expect((await post('/api/sys/user/getUserInfo.json', token)).statusCode).toBe(401);
    expect(await lastLog(t, '/api/sys/user/forceLogout')).toMatchObject({
      kind: 'security',
      targetId: String(id),
    });
    expect((await post(`/api/sys/user/forceLogout?id=${id}`, ent)).statusCode).toBe(403);
    expect((await post('/api/sys/user/forceLogout?id=999999', secadmin)).statusCode).toBe(404);
  });
});

describe('searchUserListByExcl.json', () => {
  const exportUsers = (query: string, token = admin) =>
    t.call({ method: 'POST', url: `/api/sys/user/searchUserListByExcl.json?${query}`, token });

  async function sheetRows(body: Buffer): Promise<string[][]> {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: string[][] = [];
    ws.eachRow((row) => {
      const values = row.values as unknown[];
      rows.push(values.slice(1).map((v) => String(v ?? '')));
    });
    return rows;
  }

  it('exports the filtered list as .xlsx with Chinese headers, mobiles masked by default (the administrator too), audited with the row count', async () => {
    await createUser(t, admin, {
      username: 'formula1',
      nickname: '=HYPERLINK("http://x")',
      roleId: entRoleId,
    });
    await createUser(t, admin, { username: 'formula2', nickname: '@SUM(1)', roleId: entRoleId });
    await createUser(t, admin, { username: 'formula3', nickname: '+1+cmd|calc', roleId: entRoleId });
    await createUser(t, admin, { username: 'formula4', nickname: '-2+3', roleId: entRoleId });
    const res = await exportUsers('roleKey=ROLE_ENT');
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toContain(
      `attachment; filename="users.xlsx"; filename*=UTF-8''${encodeURIComponent('用户列表.xlsx')}`,
    );
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['用户名', '昵称', '角色', '所属机构', '手机号', '状态', '创建时间']);
    const total = (await list('roleKey=ROLE_ENT')).total;
    expect(rows.length - 1).toBe(total);
    const entRow = rows.find((r) => r[0] === 'ent')!;
    // The administrator holds userSensitive.export, yet full numbers need the dialog's explicit choice.
    expect(entRow).toEqual([
      'ent',
      '恒安化工安全员',
      '企业用户',
      '宿迁市恒安化工有限公司',
      '138****0003',
      '正常',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    ]);
    expect(rows.find((r) => r[0] === 'formula1')![1]).toBe(`'=HYPERLINK("http://x")`);
    expect(rows.find((r) => r[0] === 'formula2')![1]).toBe(`'@SUM(1)`);
    expect(rows.find((r) => r[0] === 'formula3')![1]).toBe(`'+1+cmd|calc`);
    expect(rows.find((r) => r[0] === 'formula4')![1]).toBe(`'-2+3`);
    expect(rows.flat().join(' ')).not.toMatch(/1[3-9]\d{9}/);
    expect(await lastLog(t, '/api/sys/user/searchUserListByExcl.json')).toMatchObject({
      kind: 'export',
      outcome: 'success',
      targetId: `rows=${total}`,
    });
  });

  it('full mobiles only by the explicit choice with a reason, for holders of userSensitive.export; the reason is logged', async () => {
    const reason = '核对保险机构联系人手机号，准备年度回访';
    const full = await exportUsers(
      `username=insurer&mobiles=full&exportReason=${encodeURIComponent(reason)}`,
    );
    expect(full.statusCode, full.body.slice(0, 200)).toBe(200);
    expect((await sheetRows(full.rawPayload))[1]![4]).toBe('13805270005');
    const row = await lastLog(t, '/api/sys/user/searchUserListByExcl.json', { targetId: 'rows=1,unmasked' });
    expect(row).toMatchObject({ kind: 'export', outcome: 'success', username: 'admin' });
    expect(row.params).toContain(reason);
    expect(row.params).toContain('"mobiles":"full"');

    // No reason (or only spaces): 400 naming the field, nothing exported, the refusal logged.
    for (const q of ['mobiles=full', 'mobiles=full&exportReason=%20%20']) {
      const bare = await exportUsers(`username=insurer&${q}`);
      expect(bare.statusCode, q).toBe(400);
      expect(bare.headers['content-type']).toContain('application/json');
      expect(bare.json().result).toContain('导出完整手机号须填写导出原因');
      expect(bare.json().result).toContain('exportReason');
      expect(await lastLog(t, '/api/sys/user/searchUserListByExcl.json', { outcome: 'fail' })).toMatchObject({
        kind: 'export',
        errorMsg: expect.stringContaining('400'),
      });
    }
    const tooLong = await exportUsers(`mobiles=full&exportReason=${'原'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().result).toContain('导出原因最多200个字');
    const unknown = await exportUsers('mobiles=all');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().result).toContain('mobiles');

    // A role with user.export but without userSensitive.export: 403, logged with the reason it gave.
    const roleId = await createRole(t, admin, 'ROLE_EXPORTER_FULL', { user: ['query', 'export'] });
    await createUser(t, admin, { username: 'exporter_full', roleId });
    const exporter = await t.login('exporter_full', STRONG);
    const denied = await exportUsers(
      `username=insurer&mobiles=full&exportReason=${encodeURIComponent('想看完整号码')}`,
      exporter,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json().result).toContain('“用户敏感信息 导出”权限');
    const refusal = await lastLog(t, '/api/sys/user/searchUserListByExcl.json', {
      outcome: 'fail',
      username: 'exporter_full',
    });
    expect(refusal.errorMsg).toContain('403');
    expect(refusal.params).toContain('想看完整号码');
    // The same caller's masked export still works.
    const masked = await exportUsers('username=insurer', exporter);
    expect(masked.statusCode).toBe(200);
    expect((await sheetRows(masked.rawPayload))[1]![4]).toBe('138****0005');
  });

  it('masks mobiles for a role without userSensitive.export; 403 without user.export; 401', async () => {
    const roleId = await createRole(t, admin, 'ROLE_EXPORTER', { user: ['query', 'export'] });
    await createUser(t, admin, { username: 'exporter', roleId });
    const exporter = await t.login('exporter', STRONG);
    const res = await exportUsers('username=insurer', exporter);
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[1]![4]).toBe('138****0005');
    expect((await lastLog(t, '/api/sys/user/searchUserListByExcl.json')).targetId).toBe('rows=1');
    expect((await exportUsers('', ent)).statusCode).toBe(403);
    expect(
      (await t.call({ method: 'POST', url: '/api/sys/user/searchUserListByExcl.json' })).statusCode,
    ).toBe(401);
    expect((await exportUsers('status=x')).statusCode).toBe(400);
  });

  it('refuses more than 50,000 rows with 400 and logs the failure', async () => {
    const hash = await hashPassword('Bulk#Pass2026');
    const roleId = await roleIdOf(t, 'ROLE_USER');
    await sql`INSERT INTO sys_user (username, password_hash, role_id)
      SELECT 'bulk' || n, ${hash}, ${roleId} FROM generate_series(1, 50001) AS n`.execute(t.database.db);
    const res = await exportUsers('roleKey=ROLE_USER');
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toContain('50000');
    expect(await lastLog(t, '/api/sys/user/searchUserListByExcl.json', { outcome: 'fail' })).toMatchObject({
      kind: 'export',
    });
    const narrowed = await exportUsers('username=bulk4999');
    expect(narrowed.statusCode).toBe(200);
  });
});
