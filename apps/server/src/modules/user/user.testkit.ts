import type { TestContext } from '../../../test/helpers.ts';

/** Test fixtures shared by the administration tests (not a test file itself). */

export const STRONG = 'Temp#Pass2026';

interface TreeNode {
  id: number;
  permission: string;
  action: string;
  children: TreeNode[];
}
const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

/** Creates a custom role holding exactly the given `permission -> actions` grants; returns its id. */
export async function createRole(
  t: TestContext,
  admin: string,
  roleKey: string,
  grants: Record<string, string[]>,
): Promise<number> {
  const tree = (await t.call({ method: 'POST', url: '/api/role/getResList', token: admin })).json()
    .data as TreeNode[];
  const all = flatten(tree);
  const resources = Object.entries(grants).map(([permission, actions]) => {
    const node = all.find(
      (n) => n.permission === permission && actions.every((a) => n.action.split(',').includes(a)),
    );
    if (!node) throw new Error(`no resource offers ${permission}.${actions.join(',')}`);
    return { resourceId: node.id, actions };
  });
  const res = await t.call({
    method: 'POST',
    url: '/api/role/add',
    token: admin,
    payload: { roleKey, roleName: roleKey, resources },
  });
  if (res.statusCode !== 200) throw new Error(`role ${roleKey}: ${res.body}`);
  return res.json().data.id as number;
}

export async function roleIdOf(t: TestContext, roleKey: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('sysRole')
    .select('id')
    .where('roleKey', '=', roleKey)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function userIdOf(t: TestContext, username: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', username)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds a user through the API with a password that need not be changed; returns its id. */
export async function createUser(
  t: TestContext,
  admin: string,
  body: { username: string; roleId: number; mobile?: string; nickname?: string; orgId?: number | null },
): Promise<number> {
  const res = await t.call({
    method: 'POST',
    url: '/api/sys/user/add',
    token: admin,
    payload: { password: STRONG, mustChangePassword: false, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`user ${body.username}: ${res.body}`);
  return res.json().data.id as number;
}

type OperLog = Awaited<ReturnType<typeof newestLog>>;

function newestLog(t: TestContext, path: string) {
  return t.database.db
    .selectFrom('sysOperLog')
    .selectAll()
    .where('path', '=', path)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * The newest operation-log row for a path. Rows of failed requests are written after the response
 * (onResponse), so on a pooled database they can land a moment after the test's next query: wait
 * until the newest row matches `expected` (when given) or stops changing.
 */
export async function lastLog(
  t: TestContext,
  path: string,
  expected?: Partial<NonNullable<OperLog>>,
): Promise<NonNullable<OperLog>> {
  const deadline = Date.now() + 3000;
  let prev = await newestLog(t, path);
  for (;;) {
    await new Promise((r) => setTimeout(r, 25));
    const row = await newestLog(t, path);
    const matches =
      row !== undefined &&
      (expected
        ? Object.entries(expected).every(([k, v]) => row[k as keyof typeof row] === v)
        : row.id === prev?.id);
    if (matches || Date.now() > deadline) {
      if (!row) throw new Error(`no operation log for ${path}`);
      return row;
    }
    prev = row;
  }
}
