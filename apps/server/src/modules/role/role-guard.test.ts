import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createRole, createUser, roleIdOf, STRONG } from '../user/user.testkit.ts';

/**
 * Role follow-ups: the role lists do not tell every signed-in user how many users hold each role, and
 * nobody changes the grants of the role it holds (三权分立, security.md Z04: no widening of one's own rights,
 * and no saving away of one's own access to role management either).
 */

let t: TestContext;
let admin: string;
let gov: string;
let adminRoleId: number;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  admin = await t.login('admin');
  gov = await t.login('gov');
  adminRoleId = await roleIdOf(t, 'ROLE_ADMIN');
});
afterAll(() => t.close());

const post = (url: string, token: string, payload?: Record<string, unknown>) =>
  t.call({ method: 'POST', url, token, ...(payload !== undefined ? { payload } : {}) });

interface Role {
  id: number;
  roleKey: string;
  roleName: string;
  description: string;
  version: number;
  userCount: number | null;
}
interface Node {
  id: number;
  permission: string;
  component: string;
  children: Node[];
}
interface Grant {
  resourceId: number;
  actions: string[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

async function roleState(roleKey: string) {
  const role = ((await post('/api/role/getAllRole', admin)).json().data as Role[]).find(
    (r) => r.roleKey === roleKey,
  )!;
  const grants = (await post(`/api/role/getResListByRoleId?roleId=${role.id}`, admin)).json().data
    .grants as Grant[];
  return { role, grants };
}

describe('getAllRole / getSystemRole user counts', () => {
  it('are shown to role administrators and withheld (null) from everyone else', async () => {
    for (const url of ['/api/role/getAllRole', '/api/role/getSystemRole']) {
      const asGov = (await post(url, gov)).json().data as Role[];
      expect(asGov.length).toBeGreaterThan(0);
      expect(asGov.every((r) => r.userCount === null)).toBe(true);
      const asAdmin = (await post(url, admin)).json().data as Role[];
      expect(asAdmin.find((r) => r.roleKey === 'ROLE_ADMIN')!.userCount).toBeGreaterThanOrEqual(1);
      expect(asAdmin.every((r) => typeof r.userCount === 'number')).toBe(true);
    }
  });

  it('a custom role with role.query sees the counts; taking it away hides them on the next request', async () => {
    const roleId = await createRole(t, admin, 'ROLE_COUNT_VIEWER', { role: ['query'] });
    await createUser(t, admin, { username: 'count_viewer', roleId });
    const viewer = await t.login('count_viewer', STRONG);
    const seen = (await post('/api/role/getAllRole', viewer)).json().data as Role[];
    expect(seen.every((r) => typeof r.userCount === 'number')).toBe(true);
    const { role } = await roleState('ROLE_COUNT_VIEWER');
    const saved = await post('/api/role/save', admin, {
      id: role.id,
      version: role.version,
      roleKey: role.roleKey,
      roleName: role.roleName,
      resources: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const hidden = (await post('/api/role/getAllRole', viewer)).json().data as Role[];
    expect(hidden.every((r) => r.userCount === null)).toBe(true);
  });
});

describe('nobody changes the role it holds itself (三权分立)', () => {
  it('refuses any save of your own role, even one that keeps role management, and changes nothing', async () => {
    const tree = flatten((await post('/api/role/getResList', admin)).json().data as Node[]);
    const roleManage = tree.find((n) => n.component === 'RoleManage')!.id;
    const { role, grants } = await roleState('ROLE_ADMIN');
    expect(grants.find((g) => g.resourceId === roleManage)!.actions).toEqual(
      expect.arrayContaining(['query', 'get', 'edit']),
    );
    const body = (resources: Grant[]) => ({
      id: role.id,
      version: role.version,
      roleKey: role.roleKey,
      roleName: role.roleName,
      description: role.description,
      resources,
    });
    const withoutPage = grants.filter((g) => g.resourceId !== roleManage);
    const logPage = tree.find((n) => n.component === 'GovLog')!.id;
    const widened = [...grants, { resourceId: logPage, actions: ['query'] }];
    for (const resources of [grants, withoutPage, [], widened]) {
      const res = await post('/api/role/save', admin, body(resources));
      expect(res.statusCode).toBe(403);
      expect(res.json().result).toContain('自己所在角色');
    }
    const after = await roleState('ROLE_ADMIN');
    expect(after.role.version).toBe(role.version);
    expect(after.grants).toEqual(grants);
    // The admin still manages roles, and still reads no logs.
    expect((await post('/api/role/search', admin)).statusCode).toBe(200);
    expect((await post('/api/log/sysLogs/searchLogList.json', admin)).statusCode).toBe(403);
  });

  it('another administrator may change a role it does not hold', async () => {
    const managerRole = await createRole(t, admin, 'ROLE_ROLE_MANAGER', {
      role: ['query', 'get', 'edit'],
    });
    await createUser(t, admin, { username: 'role_manager', roleId: managerRole });
    const manager = await t.login('role_manager', STRONG);
    const target = await createRole(t, admin, 'ROLE_TARGET', { role: ['query', 'get', 'edit'] });
    const { role } = await roleState('ROLE_TARGET');
    expect(role.id).toBe(target);
    const res = await post('/api/role/save', manager, {
      id: role.id,
      version: role.version,
      roleKey: role.roleKey,
      roleName: role.roleName,
      resources: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminRoleId).not.toBe(managerRole);
  });
});
