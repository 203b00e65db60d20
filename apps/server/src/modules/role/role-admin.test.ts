import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createUser, lastLog, roleIdOf, STRONG, userIdOf } from '../user/user.testkit.ts';

let t: TestContext;
let admin: string;
let ent: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  admin = await t.login('admin');
  ent = await t.login('ent');
});
afterAll(() => t.close());

const post = (url: string, token?: string, payload?: unknown) =>
  t.call({
    method: 'POST',
    url,
    ...(token ? { token } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

describe('POST /api/role/saveRoleUser', () => {
  it('assigns the role to users and ends their sessions; audited', async () => {
    const entRole = await roleIdOf(t, 'ROLE_ENT');
    const userRole = await roleIdOf(t, 'ROLE_USER');
    const a = await createUser(t, admin, { username: 'assign_a', roleId: entRole });
    const b = await createUser(t, admin, { username: 'assign_b', roleId: entRole });
    const tokenA = await t.login('assign_a', STRONG);
    const res = await post('/api/role/saveRoleUser', admin, { roleId: userRole, userIds: [a, b, a] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ assigned: 2, unchanged: 0 });
    expect((await post('/api/sys/user/getUserInfo.json', tokenA)).statusCode).toBe(401);
    const info = await post('/api/sys/user/getUserInfo.json', await t.login('assign_a', STRONG));
    expect(info.json().data.userRole.roleKey).toBe('ROLE_USER');
    expect(await lastLog(t, '/api/role/saveRoleUser')).toMatchObject({
      module: '角色管理',
      kind: 'edit',
      outcome: 'success',
      targetId: String(userRole),
    });
    const again = await post('/api/role/saveRoleUser', admin, { roleId: userRole, userIds: [a, b] });
    expect(again.json().data).toEqual({ assigned: 0, unchanged: 2 });
  });

  it('a missing user or role answers 404 and changes nothing', async () => {
    const userRole = await roleIdOf(t, 'ROLE_USER');
    const insRole = await roleIdOf(t, 'ROLE_INSURANCE');
    const c = await createUser(t, admin, { username: 'assign_c', roleId: userRole });
    const missing = await post('/api/role/saveRoleUser', admin, { roleId: insRole, userIds: [c, 999999] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().result).toContain('999999');
    const row = await t.database.db
      .selectFrom('sysUser')
      .select('roleId')
      .where('id', '=', c)
      .executeTakeFirstOrThrow();
    expect(row.roleId).toBe(userRole);
    expect((await post('/api/role/saveRoleUser', admin, { roleId: 999999, userIds: [c] })).statusCode).toBe(
      404,
    );
  });

  it('400 for bad input or changing your own role; 401; 403 for an enterprise', async () => {
    const userRole = await roleIdOf(t, 'ROLE_USER');
    const empty = await post('/api/role/saveRoleUser', admin, { roleId: userRole, userIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().result).toContain('userIds');
    expect(
      (await post('/api/role/saveRoleUser', admin, { roleId: userRole, userIds: [1], extra: true }))
        .statusCode,
    ).toBe(400);
    const adminId = await userIdOf(t, 'admin');
    expect(
      (await post('/api/role/saveRoleUser', admin, { roleId: userRole, userIds: [adminId] })).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/role/saveRoleUser', undefined, { roleId: userRole, userIds: [1] })).statusCode,
    ).toBe(401);
    expect((await post('/api/role/saveRoleUser', ent, { roleId: userRole, userIds: [1] })).statusCode).toBe(
      403,
    );
  });
});

interface AdminNode {
  id: number;
  parentId: number | null;
  name: string;
  resUrl: string;
  authKey: string;
  icon: string;
  component: string;
  hide: boolean;
  sort: number;
  level: number;
  version: number;
  builtIn: boolean;
  actions: string[];
  permission: string;
  children: AdminNode[];
}
const flatten = (nodes: AdminNode[]): AdminNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const tree = async () => {
  const res = await post('/api/resource/tree', admin);
  expect(res.statusCode).toBe(200);
  return res.json().data as AdminNode[];
};
const node = async (id: number) => flatten(await tree()).find((n) => n.id === id)!;

describe('resource management /api/resource/*', () => {
  let groupId: number;
  let childId: number;
  let otherId: number;

  it('tree lists every resource with version, order and whether it is built in; 403 for an enterprise', async () => {
    const all = flatten(await tree());
    const users = all.find((n) => n.authKey === 'route' && n.resUrl === 'admin/system/UserSearch')!;
    expect(users).toMatchObject({ builtIn: true, permission: 'user', level: 2 });
    expect(all.find((n) => n.permission === 'userSensitive')).toMatchObject({
      hide: true,
      actions: ['get', 'export'],
    });
    expect((await post('/api/resource/tree', ent)).statusCode).toBe(403);
    expect((await post('/api/resource/tree')).statusCode).toBe(401);
  });

  it('adds a group and leaves under it; audited', async () => {
    const g = await post('/api/resource/add', admin, {
      name: '报表中心',
      resUrl: 'admin',
      authKey: 'reports',
      icon: 'BarChartOutlined',
      component: 'RouteView',
    });
    expect(g.statusCode, g.body).toBe(200);
    groupId = g.json().data.id;
    const c = await post('/api/resource/add', admin, {
      parentId: groupId,
      name: '月度报表',
      resUrl: '/admin/reports/',
      authKey: 'MonthlyReport',
      component: 'MonthlyReport',
      permission: 'statement',
      actions: ['query', 'export'],
    });
    expect(c.statusCode, c.body).toBe(200);
    childId = c.json().data.id;
    const o = await post('/api/resource/add', admin, {
      parentId: groupId,
      name: '年度报表',
      resUrl: 'admin/reports',
      authKey: 'YearlyReport',
      component: 'YearlyReport',
      permission: 'statement',
      actions: ['query'],
    });
    otherId = o.json().data.id;
    const child = await node(childId);
    expect(child).toMatchObject({
      parentId: groupId,
      level: 2,
      resUrl: 'admin/reports',
      builtIn: false,
      actions: ['query', 'export'],
      sort: 10,
    });
    expect((await node(otherId)).sort).toBe(20);
    expect(await lastLog(t, '/api/resource/add')).toMatchObject({ kind: 'add', targetId: String(otherId) });
  });

  it('add: 409 for a path in use, 400 naming the field, 403 for an enterprise', async () => {
    const dup = await post('/api/resource/add', admin, {
      name: 'x',
      resUrl: 'admin/reports',
      authKey: 'MonthlyReport',
    });
    expect(dup.statusCode).toBe(409);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ permission: 'nope' }, 'permission'],
      [{ component: 'lowercase' }, 'component'],
      [{ parentId: 999999 }, 'parentId'],
      [{ actions: ['fly'] }, 'actions'],
      [{ name: '' }, 'name'],
      [{ authKey: 'a/b' }, 'authKey'],
    ];
    for (const [patch, field] of cases) {
      const res = await post('/api/resource/add', admin, {
        name: 'x',
        resUrl: 'admin/x',
        authKey: 'X1',
        ...patch,
      });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().result, field).toContain(field);
    }
    expect(
      (await post('/api/resource/add', admin, { name: 'x', resUrl: 'a', authKey: 'b', version: 1 }))
        .statusCode,
    ).toBe(400);
    expect((await post('/api/resource/add', ent, { name: 'x', resUrl: 'a', authKey: 'b' })).statusCode).toBe(
      403,
    );
  });

  it('save edits name, icon, component, hide and order with the version; stale → 409', async () => {
    const before = await node(childId);
    const res = await post('/api/resource/save', admin, {
      id: childId,
      version: before.version,
      name: '月报',
      icon: 'FileOutlined',
      component: 'MonthlyReportV2',
      hide: true,
      sort: 5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await node(childId)).toMatchObject({
      name: '月报',
      icon: 'FileOutlined',
      component: 'MonthlyReportV2',
      hide: true,
      sort: 5,
      version: before.version + 1,
    });
    const stale = await post('/api/resource/save', admin, {
      id: childId,
      version: before.version,
      name: 'x',
    });
    expect(stale.statusCode).toBe(409);
    expect((await post('/api/resource/save', admin, { id: 999999, version: 1 })).statusCode).toBe(404);
    expect(
      (await post('/api/resource/save', admin, { id: childId, version: before.version + 1, resUrl: 'x' }))
        .statusCode,
    ).toBe(400);
    expect((await post('/api/resource/save', ent, { id: childId, version: 1 })).statusCode).toBe(403);
  });

  it('removing an offered action removes it from every role grant: it stops working at once', async () => {
    const role = await post('/api/role/add', admin, {
      roleKey: 'ROLE_REPORTS',
      roleName: '报表员',
      resources: [{ resourceId: childId, actions: ['query', 'export'] }],
    });
    const roleId = role.json().data.id as number;
    const grants = async () =>
      (await post(`/api/role/getResListByRoleId?roleId=${roleId}`, admin)).json().data.grants as Array<{
        resourceId: number;
        actions: string[];
      }>;
    expect(await grants()).toEqual([{ resourceId: childId, actions: ['query', 'export'] }]);
    const { version } = await node(childId);
    const res = await post('/api/resource/save', admin, { id: childId, version, actions: ['query'] });
    expect(res.statusCode).toBe(200);
    expect(await grants()).toEqual([{ resourceId: childId, actions: ['query'] }]);
  });

  it('move puts a node under another parent (levels follow) and refuses cycles', async () => {
    const { version } = await node(otherId);
    const res = await post('/api/resource/move', admin, { id: otherId, version, parentId: childId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await node(otherId)).toMatchObject({ parentId: childId, level: 3 });
    const g = await node(groupId);
    const cycle = await post('/api/resource/move', admin, {
      id: groupId,
      version: g.version,
      parentId: otherId,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().result).toContain('parentId');
    const back = await node(otherId);
    expect(
      (await post('/api/resource/move', admin, { id: otherId, version: back.version, parentId: groupId }))
        .statusCode,
    ).toBe(200);
    expect(await node(otherId)).toMatchObject({ parentId: groupId, level: 2 });
  });

  it('order sets the order of all children of a parent', async () => {
    const res = await post('/api/resource/order', admin, { parentId: groupId, ids: [otherId, childId] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await node(groupId)).children.map((c) => c.id)).toEqual([otherId, childId]);
    const partial = await post('/api/resource/order', admin, { parentId: groupId, ids: [otherId] });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().result).toContain('ids');
  });

  it('delete refuses a node with children (409) and built-in nodes (400), then deletes leaves', async () => {
    const withChildren = await post(`/api/resource/delete?id=${groupId}`, admin);
    expect(withChildren.statusCode).toBe(409);
    const builtIn = flatten(await tree()).find((n) => n.builtIn && n.children.length === 0)!;
    expect((await post(`/api/resource/delete?id=${builtIn.id}`, admin)).statusCode).toBe(400);
    expect((await post(`/api/resource/delete?id=${childId}`, ent)).statusCode).toBe(403);
    expect((await post(`/api/resource/delete?id=${childId}`, admin)).statusCode).toBe(200);
    expect((await post(`/api/resource/delete?id=${otherId}`, admin)).statusCode).toBe(200);
    expect((await post(`/api/resource/delete?id=${groupId}`, admin)).statusCode).toBe(200);
    expect((await post(`/api/resource/delete?id=${groupId}`, admin)).statusCode).toBe(404);
    expect(await lastLog(t, '/api/resource/delete', { outcome: 'fail' })).toMatchObject({
      kind: 'delete',
      targetId: String(groupId),
    });
    // getResList (the role editor's whole tree) is unchanged in shape.
    const whole = await post('/api/role/getResList', admin);
    expect(whole.statusCode).toBe(200);
  });
});
