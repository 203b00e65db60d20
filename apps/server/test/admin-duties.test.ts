import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRole,
  createUser,
  lastLog,
  roleIdOf,
  STRONG,
  userIdOf,
} from '../src/modules/user/user.testkit.ts';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * 三权分立 (security.md Z04; issue 17 finding 5): the operations administration split into the system
 * administrator (admin, ROLE_ADMIN), the security administrator (secadmin, ROLE_SECURITY_ADMIN) and the audit
 * administrator (auditor, ROLE_AUDIT_ADMIN). Each is refused the others' work on the server, none can hand
 * itself or anyone the others' rights, and the regulators keep their business settings but not the security
 * policy.
 */

let t: TestContext;
const tok: Record<string, string> = {};
const id: Record<string, number> = {};
const role: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['admin', 'secadmin', 'auditor', 'gov', 'gov_sy', 'ent']) {
    tok[u] = await t.login(u);
    id[u] = await userIdOf(t, u);
  }
  for (const k of ['ROLE_ADMIN', 'ROLE_SECURITY_ADMIN', 'ROLE_AUDIT_ADMIN', 'ROLE_USER', 'ROLE_ENT'])
    role[k] = await roleIdOf(t, k);
});
afterAll(() => t.close());

const post = (url: string, who: string, payload?: unknown) =>
  t.call({
    method: 'POST',
    url,
    token: tok[who]!,
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

const userRow = (userId: number) =>
  t.database.db.selectFrom('sysUser').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
const securitySetting = async () =>
  (
    await t.database.db
      .selectFrom('sysSetting')
      .select('value')
      .where('key', '=', 'security')
      .executeTakeFirst()
  )?.value ?? null;
const resourceId = async (component: string) =>
  (
    await t.database.db
      .selectFrom('sysResource')
      .select('id')
      .where('component', '=', component)
      .executeTakeFirstOrThrow()
  ).id;
const version = async (userId: number) => (await userRow(userId)).version;

/** Operation-log routes read with the audit or log permission. */
const LOG_READS = [
  '/api/log/sysLogs/searchLogList.json',
  '/api/log/sysLogs/searchLogListByExcl.json',
  '/api/request-log/list',
  '/api/requestpushlog/findAll',
  '/api/log/sysLogs/verifyChain.json',
  '/api/workbench/audit',
];

describe('the system administrator (admin)', () => {
  it('gets 403 on the security settings and on every log read', async () => {
    const before = await securitySetting();
    for (const url of ['/api/setting/security/get', '/api/setting/security/save', ...LOG_READS]) {
      const res = await post(url, 'admin', url.endsWith('/save') ? { idleTimeoutMinutes: 45 } : undefined);
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
    }
    // Its own platform settings route refuses the security part, with what to do instead.
    const viaSettings = await post('/api/setting/save', 'admin', { security: { passwordMaxAgeDays: 0 } });
    expect(viaSettings.statusCode).toBe(403);
    expect(viaSettings.json().result).toContain('只能由安全管理员');
    expect(await securitySetting()).toEqual(before);
    // The business part still saves.
    const name = await post('/api/setting/save', 'admin', { platformName: '宿迁市安责险监管服务平台' });
    expect(name.statusCode, name.body).toBe(200);
  });

  it('gets 403 on unlocking, second-factor resets, sessions, sign-outs and safety mechanisms', async () => {
    const ent = id.ent!;
    for (const url of [
      `/api/sys/user/unlock?id=${ent}`,
      `/api/sys/user/mfa/reset?id=${id.gov}`,
      `/api/sys/user/getUserSessions?id=${ent}`,
      `/api/sys/user/forceLogout?id=${ent}`,
      '/api/safetymechanism/findAll',
    ]) {
      const res = await post(url, 'admin');
      expect(res.statusCode, url).toBe(403);
    }
    // The enterprise user's session still works.
    expect((await post('/api/sys/user/getUserInfo.json', 'ent')).statusCode).toBe(200);
  });

  it('cannot give anyone the security or audit role, through users or roles', async () => {
    const add = await post('/api/sys/user/add', 'admin', {
      username: 'would_be_auditor',
      password: STRONG,
      mustChangePassword: false,
      roleId: role.ROLE_AUDIT_ADMIN,
    });
    expect(add.statusCode).toBe(403);
    expect(add.json().result).toContain('只能由安全管理员');
    expect(
      await t.database.db
        .selectFrom('sysUser')
        .select('id')
        .where('username', '=', 'would_be_auditor')
        .executeTakeFirst(),
    ).toBeUndefined();

    const plain = await createUser(t, tok.admin!, { username: 'plain_staff', roleId: role.ROLE_USER! });
    const v = await version(plain);
    const save = await post('/api/sys/user/save', 'admin', {
      id: plain,
      version: v,
      roleId: role.ROLE_SECURITY_ADMIN,
    });
    expect(save.statusCode).toBe(403);
    const assign = await post('/api/role/saveRoleUser', 'admin', {
      roleId: role.ROLE_AUDIT_ADMIN,
      userIds: [plain],
    });
    expect(assign.statusCode).toBe(403);
    // Nor take the security or audit administrator out of its role.
    const demote = await post('/api/role/saveRoleUser', 'admin', {
      roleId: role.ROLE_USER,
      userIds: [id.auditor],
    });
    expect(demote.statusCode).toBe(403);
    expect((await userRow(plain)).roleId).toBe(role.ROLE_USER);
    expect((await userRow(plain)).version).toBe(v);
    expect((await userRow(id.auditor!)).roleId).toBe(role.ROLE_AUDIT_ADMIN);
  });

  it('cannot change, disable, delete or reset the password of a security or audit administrator', async () => {
    const before = await userRow(id.secadmin!);
    const auditorBefore = await userRow(id.auditor!);
    const refusals = [
      await post('/api/sys/user/save', 'admin', {
        id: id.secadmin,
        version: before.version,
        nickname: '改名',
      }),
      await post(`/api/sys/user/pwd/reset?id=${id.secadmin}`, 'admin', { newPwd: 'Other#Pass2026' }),
      await post(`/api/sys/admin/updateByStatus.json?id=${id.auditor}&status=2`, 'admin'),
      await post(`/api/sys/user/delete?id=${id.auditor}`, 'admin'),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().result).toContain('由安全管理员管理');
    }
    expect(await userRow(id.secadmin!)).toEqual(before);
    expect(await userRow(id.auditor!)).toEqual(auditorBefore);
    expect((await post('/api/sys/user/getUserInfo.json', 'auditor')).statusCode).toBe(200);
    // It still reads them in the user list, marked with their duty.
    const list = await post('/api/sys/user/searchUserList.json?username=secadmin', 'admin');
    expect(list.json().data.list[0]).toMatchObject({ username: 'secadmin', duty: 'security' });
  });

  it('cannot grant the security or audit permissions, nor edit those roles or its own', async () => {
    const grantable = await post('/api/role/add', 'admin', {
      roleKey: 'ROLE_SHADOW_AUDIT',
      roleName: '影子审计',
      resources: [{ resourceId: await resourceId('AuditIndex'), actions: ['query'] }],
    });
    expect(grantable.statusCode).toBe(403);
    expect(grantable.json().result).toContain('不能授予安全管理员或审计管理员的权限');
    const settings = await post('/api/role/add', 'admin', {
      roleKey: 'ROLE_SHADOW_SECURITY',
      roleName: '影子安全',
      resources: [{ resourceId: await resourceId('SecuritySetting'), actions: ['query', 'edit'] }],
    });
    expect(settings.statusCode).toBe(403);
    expect(
      await t.database.db
        .selectFrom('sysRole')
        .select('id')
        .where('roleKey', 'in', ['ROLE_SHADOW_AUDIT', 'ROLE_SHADOW_SECURITY'])
        .execute(),
    ).toEqual([]);
    for (const key of ['ROLE_SECURITY_ADMIN', 'ROLE_AUDIT_ADMIN']) {
      const r = await t.database.db
        .selectFrom('sysRole')
        .selectAll()
        .where('roleKey', '=', key)
        .executeTakeFirstOrThrow();
      const res = await post('/api/role/save', 'admin', {
        id: r.id,
        version: r.version,
        roleKey: key,
        roleName: r.roleName,
        resources: [],
      });
      expect(res.statusCode, key).toBe(403);
      expect(res.json().result).toContain('由系统预置');
    }
    // The security admin's pages still answer it.
    expect((await post('/api/setting/security/get', 'secadmin')).statusCode).toBe(200);
  });

  it('menu administration neither adds, changes, moves nor deletes the security and audit pages', async () => {
    const page = await t.database.db
      .selectFrom('sysResource')
      .selectAll()
      .where('component', '=', 'SecuritySetting')
      .executeTakeFirstOrThrow();
    const auditGroup = await t.database.db
      .selectFrom('sysResource')
      .selectAll()
      .where('resUrl', '=', 'audit')
      .where('authKey', '=', 'log')
      .executeTakeFirstOrThrow();
    const refusals = [
      await post('/api/resource/save', 'admin', { id: page.id, version: page.version, actions: ['query'] }),
      await post('/api/resource/save', 'admin', {
        id: auditGroup.id,
        version: auditGroup.version,
        hide: true,
      }),
      await post(`/api/resource/delete?id=${page.id}`, 'admin'),
      await post('/api/resource/move', 'admin', { id: page.id, version: page.version, parentId: null }),
      await post('/api/resource/add', 'admin', {
        parentId: auditGroup.id,
        name: '审计附页',
        resUrl: 'audit/log/Extra',
        authKey: 'route',
        component: 'AdminLog',
        permission: 'log',
        actions: ['query'],
      }),
      await post('/api/resource/add', 'admin', {
        parentId: null,
        name: '审计入口',
        resUrl: 'admin/extra',
        authKey: 'route',
        component: 'AdminLog',
        permission: 'audit',
        actions: ['query'],
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().result).toContain('三权分立');
    }
    const after = await t.database.db
      .selectFrom('sysResource')
      .selectAll()
      .where('id', 'in', [page.id, auditGroup.id])
      .orderBy('id')
      .execute();
    expect(after).toEqual([page, auditGroup].sort((a, b) => a.id - b.id));
    const tree = (await post('/api/resource/tree', 'admin')).json().data as Array<{
      resUrl: string;
      authKey: string;
      reserved: boolean;
    }>;
    expect(tree.find((n) => n.resUrl === 'audit' && n.authKey === 'log')?.reserved).toBe(true);
    expect(tree.find((n) => n.resUrl === 'admin' && n.authKey === 'system')?.reserved).toBe(false);
  });
});

describe('the audit administrator (auditor)', () => {
  it('gets 403 on user, role and settings changes, and cannot give itself another role', async () => {
    const plain = await userIdOf(t, 'plain_staff');
    const refusals = [
      await post('/api/sys/user/searchUserList.json', 'auditor'),
      await post('/api/sys/user/add', 'auditor', {
        username: 'auditor_made',
        password: STRONG,
        mustChangePassword: false,
        roleId: role.ROLE_USER,
      }),
      await post('/api/sys/user/save', 'auditor', {
        id: plain,
        version: await version(plain),
        nickname: 'x',
      }),
      await post('/api/role/saveRoleUser', 'auditor', { roleId: role.ROLE_ADMIN, userIds: [id.auditor] }),
      await post('/api/sys/user/dutyRole', 'auditor', {
        id: id.auditor,
        version: await version(id.auditor!),
        roleId: role.ROLE_SECURITY_ADMIN,
      }),
      await post('/api/role/search', 'auditor'),
      await post('/api/setting/save', 'auditor', { platformName: '审计员改名' }),
      await post('/api/setting/security/save', 'auditor', { idleTimeoutMinutes: 60 }),
      await post(`/api/sys/user/unlock?id=${id.ent}`, 'auditor'),
    ];
    for (const res of refusals) expect(res.statusCode, res.body).toBe(403);
    expect((await userRow(id.auditor!)).roleId).toBe(role.ROLE_AUDIT_ADMIN);
  });

  it('reads and exports the logs, the request and push logs, and verifies the chain', async () => {
    for (const url of LOG_READS) {
      const res = await post(url, 'auditor');
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
    }
    const check = (await post('/api/log/sysLogs/verifyChain.json', 'auditor')).json().data;
    expect(check).toMatchObject({ ok: true, breakId: null });
    expect(check.checked).toBeGreaterThan(0);
    expect(check.message).toContain('校验通过');
    // Reading the logs is itself logged.
    expect(await lastLog(t, '/api/log/sysLogs/verifyChain.json')).toMatchObject({
      username: 'auditor',
      outcome: 'success',
    });
  });

  it('does not see the audit administrators’ own rows; the security administrator sees only those', async () => {
    // Something of each administrator in the log.
    await post('/api/sys/user/searchUserList.json', 'admin');
    await post('/api/setting/security/get', 'secadmin');
    await post('/api/request-log/list', 'auditor');
    const list = async (who: string) => {
      const res = await post('/api/log/sysLogs/searchLogList.json?pageSize=500', who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { total: number; list: Array<{ username: string; roleKey: string }> };
    };
    const seen = await list('auditor');
    const names = new Set(seen.list.map((r) => r.username));
    expect(names).toContain('admin');
    expect(names).toContain('secadmin');
    expect(names).not.toContain('auditor');
    expect(seen.list.some((r) => r.roleKey === 'ROLE_AUDIT_ADMIN')).toBe(false);
    const ownRows = await t.database.db
      .selectFrom('sysOperLog')
      .select('id')
      .where('roleKey', '=', 'ROLE_AUDIT_ADMIN')
      .execute();
    expect(ownRows.length).toBeGreaterThan(0);
    const filtered = await list('auditor');
    expect(
      (await post('/api/log/sysLogs/searchLogList.json?username=auditor', 'auditor')).json().data.total,
    ).toBe(0);
    expect(filtered.total).toBeGreaterThan(0);

    const bySecurity = await list('secadmin');
    expect(bySecurity.total).toBeGreaterThan(0);
    expect(bySecurity.list.every((r) => r.roleKey === 'ROLE_AUDIT_ADMIN')).toBe(true);
    expect(bySecurity.list.map((r) => r.username)).toContain('auditor');
    // The security administrator reads no other logs.
    for (const url of LOG_READS.filter((u) => u !== '/api/log/sysLogs/searchLogList.json'))
      expect((await post(url, 'secadmin')).statusCode, url).toBe(403);
  });

  it('no route edits or deletes a log row, whoever calls', async () => {
    const routes = (
      t.app as unknown as {
        state: { apiRoutes: Array<{ method: string; url: string; permission?: string }> };
      }
    ).state.apiRoutes;
    const logRoutes = routes.filter((r) => /log/i.test(r.url) && !/login|logout|catalog|blog/i.test(r.url));
    expect(logRoutes.map((r) => r.url).sort()).toEqual(
      [
        '/api/log/sysLogs/searchLogList.json',
        '/api/log/sysLogs/searchLogListByExcl.json',
        '/api/log/sysLogs/verifyChain.json',
        '/api/request-log/list',
        '/api/requestpushlog/findAll',
      ].sort(),
    );
  });
});

describe('the security administrator (secadmin)', () => {
  it('changes the security settings (audited), which apply at once; no business data', async () => {
    const res = await post('/api/setting/security/save', 'secadmin', { passwordMaxAgeDays: 120 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.security.passwordMaxAgeDays).toBe(120);
    expect((await post('/api/setting/security/get', 'secadmin')).json().data).toMatchObject({
      security: { passwordMaxAgeDays: 120 },
      deployment: { lockThreshold: expect.any(Number), captchaEnabled: false },
    });
    expect(await lastLog(t, '/api/setting/security/save')).toMatchObject({
      module: '安全设置',
      username: 'secadmin',
      outcome: 'success',
    });
    const bad = await post('/api/setting/security/save', 'secadmin', { idleTimeoutMinutes: 1 });
    expect(bad.statusCode).toBe(400);
    for (const url of ['/api/setting/save', '/api/enterprise/list', '/api/policy/list', '/api/role/search'])
      expect(
        (
          await post(
            url,
            'secadmin',
            url === '/api/setting/save' ? { platformName: '安全员改名' } : undefined,
          )
        ).statusCode,
        url,
      ).toBe(403);
  });

  it('unlocks, lists and ends sessions and resets second factors, but does not edit accounts', async () => {
    const ent = id.ent!;
    expect((await post('/api/sys/user/searchUserList.json', 'secadmin')).statusCode).toBe(200);
    expect((await post(`/api/sys/user/unlock?id=${ent}`, 'secadmin')).statusCode).toBe(200);
    const sessions = await post(`/api/sys/user/getUserSessions?id=${ent}`, 'secadmin');
    expect(sessions.statusCode).toBe(200);
    expect(sessions.json().data.length).toBeGreaterThan(0);
    expect((await post(`/api/sys/user/mfa/reset?id=${id.gov}`, 'secadmin')).statusCode).toBe(200);
    expect((await post(`/api/sys/user/forceLogout?id=${ent}`, 'secadmin')).statusCode).toBe(200);
    expect((await post('/api/sys/user/getUserInfo.json', 'ent')).statusCode).toBe(401);
    tok.ent = await t.login('ent');
    tok.gov = await t.login('gov');
    const edit = await post('/api/sys/user/save', 'secadmin', {
      id: ent,
      version: await version(ent),
      nickname: 'x',
    });
    expect(edit.statusCode).toBe(403);
    const reset = await post(`/api/sys/user/pwd/reset?id=${ent}`, 'secadmin', { newPwd: 'Other#Pass2026' });
    expect(reset.statusCode).toBe(403);
  });

  it('grants and revokes the audit role, ending the account’s sessions; audited', async () => {
    const plain = await userIdOf(t, 'plain_staff');
    const staff = await t.login('plain_staff', STRONG);
    const grant = await post('/api/sys/user/dutyRole', 'secadmin', {
      id: plain,
      version: await version(plain),
      roleId: role.ROLE_AUDIT_ADMIN,
    });
    expect(grant.statusCode, grant.body).toBe(200);
    expect(grant.json().data).toMatchObject({ roleChanged: true, revoked: 1 });
    expect((await userRow(plain)).roleId).toBe(role.ROLE_AUDIT_ADMIN);
    expect(
      (await t.call({ method: 'POST', url: '/api/sys/user/getUserInfo.json', token: staff })).statusCode,
    ).toBe(401);
    expect(await lastLog(t, '/api/sys/user/dutyRole')).toMatchObject({
      module: '账号安全',
      kind: 'security',
      username: 'secadmin',
      targetId: String(plain),
      outcome: 'success',
    });
    // The new auditor reads the logs; the system administrator now cannot edit the account.
    const asAuditor = await t.login('plain_staff', STRONG);
    expect(
      (await t.call({ method: 'POST', url: '/api/request-log/list', token: asAuditor })).statusCode,
    ).toBe(200);
    const edit = await post('/api/sys/user/save', 'admin', {
      id: plain,
      version: await version(plain),
      nickname: '改名',
    });
    expect(edit.statusCode).toBe(403);
    // A stale version changes nothing.
    const stale = await post('/api/sys/user/dutyRole', 'secadmin', {
      id: plain,
      version: (await version(plain)) - 1,
      roleId: role.ROLE_USER,
    });
    expect(stale.statusCode).toBe(409);
    const revoke = await post('/api/sys/user/dutyRole', 'secadmin', {
      id: plain,
      version: await version(plain),
      roleId: role.ROLE_USER,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await userRow(plain)).roleId).toBe(role.ROLE_USER);
  });

  it('cannot change its own role, nor hand out or take away the system administrator’s or business roles', async () => {
    const plain = await userIdOf(t, 'plain_staff');
    const cases: Array<[string, number, number, string]> = [
      ['own role', id.secadmin!, role.ROLE_USER!, '不能修改自己的角色'],
      ['to the system admin', plain, role.ROLE_ADMIN!, '系统管理员职责'],
      ['the system admin to audit', id.admin!, role.ROLE_AUDIT_ADMIN!, '系统管理员职责'],
      ['a business role', plain, role.ROLE_ENT!, '只授予或撤销安全管理员、审计管理员角色'],
    ];
    for (const [what, userId, roleId, message] of cases) {
      const before = await userRow(userId);
      const res = await post('/api/sys/user/dutyRole', 'secadmin', {
        id: userId,
        version: before.version,
        roleId,
      });
      expect(res.statusCode, what).toBe(403);
      expect(res.json().result, what).toContain(message);
      expect(await userRow(userId), what).toEqual(before);
    }
    // A custom role holding user management is the system administrator's duty too.
    const managers = await createRole(t, tok.admin!, 'ROLE_ACCOUNT_CLERK', { user: ['query', 'get', 'add'] });
    const clerk = await post('/api/sys/user/dutyRole', 'secadmin', {
      id: plain,
      version: await version(plain),
      roleId: managers,
    });
    expect(clerk.statusCode).toBe(403);
  });
});

describe('the regulators', () => {
  it('keep their business settings but get 403 on the security settings', async () => {
    const before = await securitySetting();
    for (const who of ['gov', 'gov_sy']) {
      const res = await post('/api/setting/save', who, { security: { idleTimeoutMinutes: 120 } });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().result).toContain('只能由安全管理员在“安全设置”中修改');
      expect((await post('/api/setting/security/save', who, { idleTimeoutMinutes: 120 })).statusCode).toBe(
        403,
      );
    }
    expect(await securitySetting()).toEqual(before);
    const business = await post('/api/setting/save', 'gov', { insurance: { reportDeadlineHours: 480 } });
    expect(business.statusCode, business.body).toBe(200);
    expect(business.json().data.settings.insurance.reportDeadlineHours).toBe(480);
    // Reading the settings page, with the policy in force shown read-only, still works.
    expect((await post('/api/setting/get', 'gov_sy')).statusCode).toBe(200);
  });

  it('get 403 on unlocking and ending sessions of their department’s accounts', async () => {
    for (const url of [`/api/sys/user/unlock?id=${id.gov_sy}`, `/api/sys/user/forceLogout?id=${id.gov_sy}`])
      expect((await post(url, 'gov')).statusCode, url).toBe(403);
    expect((await post('/api/sys/user/getUserInfo.json', 'gov_sy')).statusCode).toBe(200);
  });
});
