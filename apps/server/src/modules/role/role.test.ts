import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { syncBase } from '../../seed/seed.ts';
import { createRole, createUser, lastLog, roleIdOf } from '../user/user.testkit.ts';

let t: TestContext;
let admin: string;
let gov: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  admin = await t.login('admin');
  gov = await t.login('gov');
});
afterAll(() => t.close());

const post = (url: string, token?: string, payload?: Record<string, unknown>) =>
  t.call({ method: 'POST', url, ...(token ? { token } : {}), ...(payload !== undefined ? { payload } : {}) });

interface Node {
  id: number;
  permission: string;
  action: string;
  component: string;
  children: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('role lists', () => {
  it('getAllRole lists the ten seeded roles with display names and duties', async () => {
    const res = await post('/api/role/getAllRole', gov);
    expect(res.statusCode).toBe(200);
    const roles = res.json().data as Array<{ roleKey: string; displayName: string; duty: string | null }>;
    expect(roles.map((r) => r.roleKey)).toEqual([
      'ROLE_ADMIN',
      'ROLE_GOVERNMENT',
      'ROLE_ENT',
      'ROLE_INSURANCE',
      'ROLE_SERVICE',
      'ROLE_EXPERT',
      'ROLE_USER',
      'ROLE_TECHNOLOGY',
      'ROLE_SECURITY_ADMIN',
      'ROLE_AUDIT_ADMIN',
    ]);
    expect(roles.find((r) => r.roleKey === 'ROLE_USER')!.displayName).toBe('自定义角色');
    expect(roles.find((r) => r.roleKey === 'ROLE_ENT')!.displayName).toBe('企业用户');
    expect(roles.find((r) => r.roleKey === 'ROLE_SECURITY_ADMIN')!.displayName).toBe('安全管理员');
    expect(roles.find((r) => r.roleKey === 'ROLE_AUDIT_ADMIN')!.displayName).toBe('审计管理员');
    // 三权分立: each administrator role is one duty's; the regulators manage their department's accounts.
    expect(Object.fromEntries(roles.map((r) => [r.roleKey, r.duty]))).toEqual({
      ROLE_ADMIN: 'system',
      ROLE_GOVERNMENT: 'system',
      ROLE_ENT: null,
      ROLE_INSURANCE: null,
      ROLE_SERVICE: null,
      ROLE_EXPERT: null,
      ROLE_USER: null,
      ROLE_TECHNOLOGY: null,
      ROLE_SECURITY_ADMIN: 'security',
      ROLE_AUDIT_ADMIN: 'audit',
    });
  });

  it('the two seeded custom roles have names of their own, and an old database gets them on start', async () => {
    const names = async () =>
      Object.fromEntries(
        (
          (await post('/api/role/getAllRole', admin)).json().data as Array<{
            roleKey: string;
            roleName: string;
          }>
        )
          .filter((r) => r.roleKey === 'ROLE_USER' || r.roleKey === 'ROLE_TECHNOLOGY')
          .map((r) => [r.roleKey, r.roleName]),
      );
    expect(await names()).toEqual({ ROLE_USER: '普通用户', ROLE_TECHNOLOGY: '其他技术用户' });

    // A database seeded before: both named 自定义角色. An administrator's own name is kept.
    const db = t.database.db;
    await db
      .updateTable('sysRole')
      .set({ roleName: '自定义角色' })
      .where('roleKey', '=', 'ROLE_USER')
      .execute();
    await db
      .updateTable('sysRole')
      .set({ roleName: '外包技术' })
      .where('roleKey', '=', 'ROLE_TECHNOLOGY')
      .execute();
    await syncBase(db);
    expect(await names()).toEqual({ ROLE_USER: '普通用户', ROLE_TECHNOLOGY: '外包技术' });
    await db
      .updateTable('sysRole')
      .set({ roleName: '其他技术用户' })
      .where('roleKey', '=', 'ROLE_TECHNOLOGY')
      .execute();
  });

  it('a resource that gained actions gets them on an older database, and so does a full grant of its role', async () => {
    // As a database from before the prevention screens: 培训管理 of the service and 服务申请 of the insurer
    // offered only 查询; the service organisation's grant held all of it, the insurer's was cut to nothing
    // by an administrator.
    const db = t.database.db;
    const resource = (component: string) =>
      db
        .selectFrom('sysResource as r')
        .innerJoin('sysRoleResource as rr', 'rr.resourceId', 'r.id')
        .innerJoin('sysRole as ro', 'ro.id', 'rr.roleId')
        .select(['r.id', 'r.actions', 'rr.actions as granted', 'rr.roleId'])
        .where('r.component', '=', component)
        .executeTakeFirstOrThrow();
    const train = await resource('ServiceApTrain');
    const apply = await resource('InsuranceApApply');
    expect(train.actions.split(',')).toContain('add');
    await db
      .updateTable('sysResource')
      .set({ actions: 'query' })
      .where('id', 'in', [train.id, apply.id])
      .execute();
    await db
      .updateTable('sysRoleResource')
      .set({ actions: 'query' })
      .where('resourceId', '=', train.id)
      .where('roleId', '=', train.roleId)
      .execute();
    await db
      .updateTable('sysRoleResource')
      .set({ actions: '' })
      .where('resourceId', '=', apply.id)
      .where('roleId', '=', apply.roleId)
      .execute();
    await syncBase(db);
    const train2 = await resource('ServiceApTrain');
    expect(train2.actions.split(',').sort()).toEqual(train.actions.split(',').sort());
    expect(train2.granted.split(',').sort()).toEqual(train.granted.split(',').sort());
    const apply2 = await resource('InsuranceApApply');
    expect(apply2.actions.split(',').sort()).toEqual(apply.actions.split(',').sort());
    expect(apply2.granted).toBe('');
    // Running again changes nothing; the insurer's grant is given back as it was.
    await syncBase(db);
    expect(await resource('ServiceApTrain')).toEqual(train2);
    await db
      .updateTable('sysRoleResource')
      .set({ actions: apply.granted })
      .where('resourceId', '=', apply.id)
      .where('roleId', '=', apply.roleId)
      .execute();
  });

  it('getSystemRole needs a token', async () => {
    expect((await post('/api/role/getSystemRole')).statusCode).toBe(401);
    expect((await post('/api/role/getSystemRole', gov)).json().data).toHaveLength(10);
  });

  it('search pages under data.page and is refused to roles without role.query', async () => {
    const res = await post('/api/role/search?pageNo=1&pageSize=3', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.page).toMatchObject({ total: 10, pageNum: 1, pageSize: 3 });
    expect(res.json().data.page.list).toHaveLength(3);
    const filtered = await post('/api/role/search?roleKey=role_ins', admin);
    expect(filtered.json().data.page.list.map((r: { roleKey: string }) => r.roleKey)).toEqual([
      'ROLE_INSURANCE',
    ]);
    const denied = await post('/api/role/search', gov);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().result).toBe('没有权限，请联系管理员授权');
    const bad = await post('/api/role/search?pageSize=0', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('pageSize');
  });

  it('getResList returns the whole tree with every component of spec 2.2', async () => {
    const tree = (await post('/api/role/getResList', admin)).json().data as Node[];
    const components = new Set(flatten(tree).map((n) => n.component));
    for (const c of [
      'GovernmentAp',
      'GovEntScore',
      'PolicyAdd',
      'ClaimDetail',
      'EntInfoEdit',
      'EntClaimManage',
      'ServiceStatement',
      'ExpertDangerCheck',
      'UserSearch',
      'AdminInsuranceSetting',
    ]) {
      expect(components, c).toContain(c);
    }
    // The security and audit administrators' pages are not role administration's to grant (三权分立).
    for (const c of [
      'SecuritySetting',
      'AccountSecurity',
      'SafetyMechanism',
      'AuditorLog',
      'AuditIndex',
      'AdminLog',
    ])
      expect(components, c).not.toContain(c);
    const permissions = new Set(flatten(tree).map((n) => n.permission));
    for (const p of ['security', 'userSecurity', 'safetymechanism', 'audit'])
      expect(permissions, p).not.toContain(p);
  });
});

describe('add, save, delete', () => {
  let roleId: number;
  let leaves: Node[];

  it('adds a custom role with grants in one write, logged as add', async () => {
    leaves = flatten((await post('/api/role/getResList', admin)).json().data as Node[]).filter(
      (n) => n.children.length === 0,
    );
    const log = leaves.find((n) => n.component === 'GovLog')!;
    const res = await post('/api/role/add', admin, {
      roleKey: 'ROLE_AUDITOR',
      roleName: '日志查看员',
      description: '只读日志',
      resources: [{ resourceId: log.id, actions: ['query'] }],
    });
    expect(res.statusCode).toBe(200);
    roleId = res.json().data.id;
    const grants = (await post(`/api/role/getResListByRoleId?roleId=${roleId}`, admin)).json().data.grants;
    expect(grants).toEqual([{ resourceId: log.id, actions: ['query'] }]);
    const logRow = await t.database.db
      .selectFrom('sysOperLog')
      .selectAll()
      .where('path', '=', '/api/role/add')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logRow).toMatchObject({
      kind: 'add',
      outcome: 'success',
      username: 'admin',
      targetId: String(roleId),
    });
  });

  it('refuses a duplicate key (409), an action the resource does not offer (400), and changes nothing', async () => {
    const dup = await post('/api/role/add', admin, { roleKey: 'ROLE_AUDITOR', roleName: 'x', resources: [] });
    expect(dup.statusCode).toBe(409);
    const log = leaves.find((n) => n.component === 'GovLog')!;
    const bad = await post('/api/role/add', admin, {
      roleKey: 'ROLE_OTHER',
      roleName: 'x',
      resources: [{ resourceId: log.id, actions: ['delete'] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toContain('不支持操作');
    const none = await post('/api/role/search?roleKey=ROLE_OTHER', admin);
    expect(none.json().data.page.total).toBe(0);
    const failRow = await t.database.db
      .selectFrom('sysOperLog')
      .select(['outcome'])
      .where('path', '=', '/api/role/add')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(failRow.outcome).toBe('fail');
  });

  it('save needs the current version: a stale one answers 409', async () => {
    const role = (await post('/api/role/search?roleKey=ROLE_AUDITOR', admin)).json().data.page.list[0];
    const first = await post('/api/role/save', admin, {
      id: roleId,
      version: role.version,
      roleKey: 'ROLE_AUDITOR',
      roleName: '审计员',
      resources: [],
    });
    expect(first.statusCode).toBe(200);
    const second = await post('/api/role/save', admin, {
      id: roleId,
      version: role.version,
      roleKey: 'ROLE_AUDITOR',
      roleName: '审计员2',
      resources: [],
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().result).toBe('数据已被他人修改，请刷新后重试');
    const missing = await post('/api/role/save', admin, {
      id: roleId,
      roleKey: 'ROLE_AUDITOR',
      roleName: '审计员',
      resources: [],
    });
    expect(missing.statusCode).toBe(400);
  });

  it('system roles and roles still held by users cannot be deleted', async () => {
    const sys = (await post('/api/role/search?roleKey=ROLE_USER', admin)).json().data.page.list[0];
    expect((await post(`/api/role/deleteById?id=${sys.id}`, admin)).statusCode).toBe(400);
    const entRole = (await post('/api/role/search?roleKey=ROLE_ENT', admin)).json().data.page.list[0];
    const held = await post(`/api/role/deleteById?id=${entRole.id}`, admin);
    expect(held.statusCode).toBe(400);
    expect((await post(`/api/role/deleteById?id=${roleId}`, admin)).statusCode).toBe(200);
    expect((await post(`/api/role/deleteById?id=${roleId}`, admin)).statusCode).toBe(404);
  });

  it('a permission removed from a role stops working on the next request', async () => {
    expect((await post('/api/log/sysLogs/searchLogList.json', gov)).statusCode).toBe(200);
    const govRole = (await post('/api/role/search?roleKey=ROLE_GOVERNMENT', admin)).json().data.page.list[0];
    const grants = (await post(`/api/role/getResListByRoleId?roleId=${govRole.id}`, admin)).json().data
      .grants as Array<{
      resourceId: number;
      actions: string[];
    }>;
    const all = flatten((await post('/api/role/getResList', admin)).json().data as Node[]);
    const logIds = new Set(all.filter((n) => n.permission === 'log').map((n) => n.id));
    const res = await post('/api/role/save', admin, {
      id: govRole.id,
      version: govRole.version,
      roleKey: 'ROLE_GOVERNMENT',
      roleName: govRole.roleName,
      resources: grants.filter((g) => !logIds.has(g.resourceId)),
    });
    expect(res.statusCode).toBe(200);
    expect((await post('/api/log/sysLogs/searchLogList.json', gov)).statusCode).toBe(403);
    const tree = (await post('/api/sys/user/getSysResourceListByToken.json', gov)).json().data
      .resourceListByToken as Node[];
    expect(flatten(tree).some((n) => n.permission === 'log')).toBe(false);
  });
});

describe('refusals: enterprise users, bad ids, roles still held', () => {
  let ent: string;
  beforeAll(async () => {
    ent = await t.login('ent');
  });

  it('an enterprise user gets 403 on add, save, deleteById, getResList and getResListByRoleId, changing nothing', async () => {
    const govRoleId = await roleIdOf(t, 'ROLE_GOVERNMENT');
    const before = await t.database.db.selectFrom('sysRole').select(['id', 'roleName', 'version']).execute();
    const calls: Array<[string, Record<string, unknown> | undefined]> = [
      ['/api/role/add', { roleKey: 'ROLE_ENT_MADE', roleName: '企业自建', resources: [] }],
      [
        '/api/role/save',
        { id: govRoleId, version: 1, roleKey: 'ROLE_GOVERNMENT', roleName: '被企业修改', resources: [] },
      ],
      [`/api/role/deleteById?id=${govRoleId}`, undefined],
      ['/api/role/getResList', undefined],
      [`/api/role/getResListByRoleId?roleId=${govRoleId}`, undefined],
    ];
    for (const [url, body] of calls) {
      const res = await post(url, ent, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().result, url).toBe('没有权限，请联系管理员授权');
    }
    expect(await t.database.db.selectFrom('sysRole').select(['id', 'roleName', 'version']).execute()).toEqual(
      before,
    );
  });

  it('400 for a bad id, naming it', async () => {
    const cases: Array<[string, Record<string, unknown> | undefined, string]> = [
      ['/api/role/deleteById?id=abc', undefined, 'id'],
      ['/api/role/deleteById?id=0', undefined, 'id'],
      ['/api/role/deleteById', undefined, 'id'],
      ['/api/role/getResListByRoleId?roleId=-1', undefined, 'roleId'],
      ['/api/role/getResListByRoleId?roleId=x', undefined, 'roleId'],
      ['/api/role/save', { id: 'x', version: 1, roleKey: 'ROLE_X', roleName: 'x', resources: [] }, 'id'],
    ];
    for (const [url, body, field] of cases) {
      const res = await post(url, admin, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().result, url).toContain(field);
    }
    // A well-formed id of no role is a 404.
    expect((await post('/api/role/deleteById?id=99999999', admin)).statusCode).toBe(404);
  });

  it('deleting a custom role that a user holds answers 409 and changes nothing; once released it deletes', async () => {
    const roleId = await createRole(t, admin, 'ROLE_HELD', { log: ['query'] });
    const userId = await createUser(t, admin, { username: 'roleholder', roleId });
    const grantsBefore = (await post(`/api/role/getResListByRoleId?roleId=${roleId}`, admin)).json().data
      .grants;
    const roleBefore = await t.database.db
      .selectFrom('sysRole')
      .selectAll()
      .where('id', '=', roleId)
      .executeTakeFirstOrThrow();

    const res = await post(`/api/role/deleteById?id=${roleId}`, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().result).toBe('仍有 1 个用户使用该角色，不能删除');
    expect(await lastLog(t, '/api/role/deleteById', { outcome: 'fail' })).toMatchObject({
      kind: 'delete',
      targetId: String(roleId),
    });

    expect(
      await t.database.db
        .selectFrom('sysRole')
        .selectAll()
        .where('id', '=', roleId)
        .executeTakeFirstOrThrow(),
    ).toEqual(roleBefore);
    expect((await post(`/api/role/getResListByRoleId?roleId=${roleId}`, admin)).json().data.grants).toEqual(
      grantsBefore,
    );
    const holder = await t.database.db
      .selectFrom('sysUser')
      .select(['roleId', 'deletedAt'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(holder).toEqual({ roleId, deletedAt: null });

    // Once nobody holds it (the user is deleted), the role may go.
    expect((await post(`/api/sys/user/delete?id=${userId}`, admin)).statusCode).toBe(200);
    expect((await post(`/api/role/deleteById?id=${roleId}`, admin)).statusCode).toBe(200);
    expect((await post('/api/role/search?roleKey=ROLE_HELD', admin)).json().data.page.total).toBe(0);
  });
});
