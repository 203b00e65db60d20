import type { AdminDuty, Paged, ResourceNode, RoleGrant, RoleRow } from '@aqzrx/contracts';
import { dutyNames, isReservedDuty, RESERVED_ROLE_ASSIGN_MESSAGE, roleDisplayName } from '@aqzrx/contracts';
import { escapeLike } from '../../db/sql.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { dutiesByRole, reservedResourceIds, roleDuties } from '../../platform/permissions.ts';
import { bumpVersion, updateVersioned } from '../../platform/versioned.ts';

function roleQuery(db: Db) {
  return db
    .selectFrom('sysRole as r')
    .select((eb) => [
      'r.id',
      'r.roleKey',
      'r.roleName',
      'r.description',
      'r.isSystem',
      'r.version',
      'r.createdAt',
      eb
        .selectFrom('sysUser as u')
        .select(eb.fn.countAll<number>().as('c'))
        .whereRef('u.roleId', '=', 'r.id')
        .where('u.deletedAt', 'is', null)
        .as('userCount'),
    ])
    .where('r.deletedAt', 'is', null);
}

function toRole(
  r: {
    id: number;
    roleKey: string;
    roleName: string;
    description: string;
    isSystem: boolean;
    version: number;
    createdAt: Date;
    userCount: number | null;
  },
  duties: readonly AdminDuty[] = [],
): RoleRow {
  return {
    id: r.id,
    roleKey: r.roleKey,
    roleName: r.roleName,
    displayName: roleDisplayName(r.roleKey),
    description: r.description,
    isSystem: r.isSystem,
    duty: duties[0] ?? null,
    userCount: Number(r.userCount ?? 0),
    version: r.version,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listRoles(db: Db, onlySystem = false): Promise<RoleRow[]> {
  let q = roleQuery(db).orderBy('r.sort').orderBy('r.id');
  if (onlySystem) q = q.where('r.isSystem', '=', true);
  const duties = await dutiesByRole(db);
  return (await q.execute()).map((r) => toRole(r, duties.get(r.id)));
}

export async function searchRoles(
  db: Db,
  p: { pageNo: number; pageSize: number; roleKey?: string | undefined; roleName?: string | undefined },
): Promise<Paged<RoleRow>> {
  let q = roleQuery(db);
  if (p.roleKey) q = q.where('r.roleKey', 'ilike', `%${escapeLike(p.roleKey)}%`);
  if (p.roleName) q = q.where('r.roleName', 'ilike', `%${escapeLike(p.roleName)}%`);
  const total = await db
    .selectFrom(q.as('t'))
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .executeTakeFirstOrThrow();
  const rows = await q
    .orderBy('r.sort')
    .orderBy('r.id')
    .limit(p.pageSize)
    .offset((p.pageNo - 1) * p.pageSize)
    .execute();
  const duties = await dutiesByRole(db);
  return {
    list: rows.map((r) => toRole(r, duties.get(r.id))),
    total: Number(total.c),
    pageNum: p.pageNo,
    pageSize: p.pageSize,
  };
}

interface ResourceRow {
  id: number;
  parentId: number | null;
  resUrl: string;
  authKey: string;
  name: string;
  resName: string;
  icon: string;
  permission: string;
  level: number;
  actions: string;
  isMenu: boolean;
  hide: boolean;
  redirect: string;
  component: string;
  sort: number;
}

function buildTree(rows: ResourceRow[], actionsOf: (r: ResourceRow) => string): ResourceNode[] {
  const byParent = new Map<number | null, ResourceRow[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const ids = new Set(rows.map((r) => r.id));
  const make = (r: ResourceRow): ResourceNode => ({
    id: r.id,
    resUrl: r.resUrl,
    authKey: r.authKey,
    name: r.name,
    resName: r.resName || r.name,
    icon: r.icon,
    permission: r.permission,
    level: r.level,
    action: actionsOf(r),
    isMenu: r.isMenu,
    hide: r.hide,
    redirect: r.redirect,
    component: r.component,
    children: (byParent.get(r.id) ?? []).sort((a, b) => a.sort - b.sort || a.id - b.id).map(make),
  });
  // Roots are nodes whose parent is absent from the set (a role may hold children without the group row).
  return rows
    .filter((r) => r.parentId === null || !ids.has(r.parentId))
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map(make);
}

const RESOURCE_COLUMNS = [
  'res.id',
  'res.parentId',
  'res.resUrl',
  'res.authKey',
  'res.name',
  'res.resName',
  'res.icon',
  'res.permission',
  'res.level',
  'res.actions',
  'res.isMenu',
  'res.hide',
  'res.redirect',
  'res.component',
  'res.sort',
] as const;

/** The role's resource tree; `action` lists the actions this role holds on each node. */
export async function resourceTreeForRole(db: Db, roleId: number): Promise<ResourceNode[]> {
  const rows = await db
    .selectFrom('sysRoleResource as rr')
    .innerJoin('sysResource as res', 'res.id', 'rr.resourceId')
    .select([...RESOURCE_COLUMNS, 'rr.actions as granted'])
    .where('rr.roleId', '=', roleId)
    .execute();
  const granted = new Map(rows.map((r) => [r.id, r.granted]));
  return buildTree(rows, (r) => granted.get(r.id) ?? '');
}

/** `/{resUrl}/{authKey}` with single slashes and no trailing slash, as the web app builds page paths. */
export function resourcePath(resUrl: string, authKey: string): string {
  const joined = [resUrl, authKey]
    .map((p) => p.trim())
    .filter(Boolean)
    .join('/');
  const path = `/${joined}`.replace(/\/{2,}/g, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/**
 * Whether `path` is a page some role holds (a resource granted to a role that is not deleted), so the web
 * app can answer a page the user lacks with 403 无权访问 and a page nobody has with 404.
 */
export async function isKnownResourcePath(db: Db, path: string): Promise<boolean> {
  const wanted = resourcePath(path, '');
  const rows = await db
    .selectFrom('sysResource as res')
    .innerJoin('sysRoleResource as rr', 'rr.resourceId', 'res.id')
    .innerJoin('sysRole as role', 'role.id', 'rr.roleId')
    .where('role.deletedAt', 'is', null)
    .select(['res.resUrl', 'res.authKey'])
    .distinct()
    .execute();
  return rows.some((r) => resourcePath(r.resUrl, r.authKey) === wanted);
}

/**
 * The resource tree the role editor grants from; `action` lists every action a resource offers. The security
 * and audit roles' resources are left out: role administration does not grant them (三权分立).
 */
export async function fullResourceTree(db: Db): Promise<ResourceNode[]> {
  const reserved = await reservedResourceIds(db);
  const rows = await db.selectFrom('sysResource as res').select(RESOURCE_COLUMNS).execute();
  return buildTree(
    rows.filter((r) => !reserved.has(r.id)),
    (r) => r.actions,
  );
}

export async function roleGrants(db: Db, roleId: number): Promise<RoleGrant[]> {
  await requireRole(db, roleId);
  const rows = await db
    .selectFrom('sysRoleResource')
    .select(['resourceId', 'actions'])
    .where('roleId', '=', roleId)
    .orderBy('resourceId')
    .execute();
  return rows.map((r) => ({ resourceId: r.resourceId, actions: r.actions.split(',').filter(Boolean) }));
}

async function requireRole(db: Db, id: number) {
  const role = await db
    .selectFrom('sysRole')
    .select(['id', 'version', 'isSystem', 'roleKey'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!role) throw notFound('角色不存在');
  return role;
}

/**
 * 三权分立 (security.md Z04): nobody changes the grants of the role it holds itself (else the holder of role
 * management could widen its own rights); the security and audit roles' grants are fixed by the seed, and
 * their permissions are granted to no other role.
 */
async function assertGrantable(
  trx: Tx,
  input: SaveRoleInput,
  resources: ReadonlyArray<{ id: number; name: string }>,
  actor: { roleId: number },
): Promise<void> {
  if (input.id !== undefined && input.id === actor.roleId)
    throw forbidden('不能修改您自己所在角色的权限，须由其他有“角色权限”管理权限的管理员修改（三权分立）');
  if (input.id !== undefined) {
    const duties = await roleDuties(trx, input.id);
    if (isReservedDuty(duties))
      throw forbidden(`${dutyNames(duties)}角色的权限由系统预置，不能在角色管理中修改（三权分立）`);
  }
  const reserved = await reservedResourceIds(trx);
  const nameOf = new Map(resources.map((r) => [r.id, r.name]));
  const names = [
    ...new Set(
      input.resources
        .filter((g) => g.actions.length > 0 && reserved.has(g.resourceId))
        .map((g) => nameOf.get(g.resourceId) ?? String(g.resourceId)),
    ),
  ];
  if (names.length > 0)
    throw forbidden(
      `不能授予安全管理员或审计管理员的权限（${names.join('、')}）：这些权限只属于系统预置的安全管理员、审计管理员角色（三权分立）`,
    );
}

export interface SaveRoleInput {
  id?: number | undefined;
  version?: number | undefined;
  roleKey: string;
  roleName: string;
  description: string;
  resources: RoleGrant[];
}

/**
 * Creates or updates a role with its resource grants as one write. Actions granted must be among the
 * resource's offered actions. `stepDelayMs` is a test hook that pauses between rows so a process test
 * can kill the server mid-write.
 */
export async function saveRole(
  trx: Tx,
  input: SaveRoleInput,
  actor: { userId: number; roleId: number },
  now: Date,
  stepDelayMs = 0,
): Promise<number> {
  const userId = actor.userId;
  const resources = await trx.selectFrom('sysResource').select(['id', 'actions', 'name']).execute();
  const offered = new Map(resources.map((r) => [r.id, new Set(r.actions.split(',').filter(Boolean))]));
  for (const g of input.resources) {
    const set = offered.get(g.resourceId);
    if (!set) throw badRequest(`资源 ${g.resourceId} 不存在`);
    const bad = g.actions.filter((a) => !set.has(a));
    if (bad.length) throw badRequest(`资源 ${g.resourceId} 不支持操作：${bad.join(',')}`);
  }
  await assertGrantable(trx, input, resources, actor);
  const dup = await trx
    .selectFrom('sysRole')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['roleKey']), '=', input.roleKey.toLowerCase()))
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (dup && dup.id !== input.id) throw conflict(`角色标识 ${input.roleKey} 已存在`);

  let roleId: number;
  if (input.id) {
    const role = await requireRole(trx, input.id);
    if (input.version === undefined) throw badRequest('缺少版本号 version');
    if (role.isSystem && role.roleKey !== input.roleKey) throw badRequest('系统角色的标识不能修改');
    await updateVersioned(
      trx,
      'sysRole',
      { id: input.id, version: input.version },
      {
        roleKey: input.roleKey,
        roleName: input.roleName,
        description: input.description,
        updatedAt: now,
        updatedBy: userId,
      },
    );
    roleId = input.id;
    await trx.deleteFrom('sysRoleResource').where('roleId', '=', roleId).execute();
  } else {
    const row = await trx
      .insertInto('sysRole')
      .values({
        roleKey: input.roleKey,
        roleName: input.roleName,
        description: input.description,
        createdAt: now,
        updatedAt: now,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleId = row.id;
  }
  for (const g of input.resources) {
    if (stepDelayMs > 0) await new Promise((r) => setTimeout(r, stepDelayMs));
    await trx
      .insertInto('sysRoleResource')
      .values({ roleId, resourceId: g.resourceId, actions: [...new Set(g.actions)].join(',') })
      .execute();
  }
  return roleId;
}

export async function deleteRole(trx: Tx, id: number, now: Date, userId: number): Promise<void> {
  const role = await requireRole(trx, id);
  if (role.isSystem) throw badRequest('系统内置角色不能删除');
  const holders = await trx
    .selectFrom('sysUser')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('roleId', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(holders.c) > 0) throw conflict(`仍有 ${holders.c} 个用户使用该角色，不能删除`);
  await trx
    .updateTable('sysRole')
    .set({ deletedAt: now, updatedAt: now, updatedBy: userId })
    .where('id', '=', id)
    .execute();
  await trx.deleteFrom('sysRoleResource').where('roleId', '=', id).execute();
}

/**
 * Gives a role to users (spec 7 saveRoleUser). Users whose role changes get their sessions revoked
 * (security.md S05); an administrator cannot change their own role this way.
 */
export async function assignRoleToUsers(
  trx: Tx,
  roleId: number,
  userIds: number[],
  actor: { userId: number; roleId: number },
  now: Date,
): Promise<{ assigned: number; unchanged: number }> {
  await requireRole(trx, roleId);
  const ids = [...new Set(userIds)];
  if (ids.includes(actor.userId) && actor.roleId !== roleId) throw badRequest('不能修改自己的角色');
  if (isReservedDuty(await roleDuties(trx, roleId))) throw forbidden(RESERVED_ROLE_ASSIGN_MESSAGE);
  const users = await trx
    .selectFrom('sysUser')
    .select(['id', 'roleId'])
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .forUpdate()
    .execute();
  const found = new Set(users.map((u) => u.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`用户不存在：${missing.slice(0, 20).join(',')}`);
  const changed = users.filter((u) => u.roleId !== roleId).map((u) => u.id);
  // Nor are their holders taken out of them here.
  const duties = await dutiesByRole(trx);
  if (users.some((u) => u.roleId !== roleId && isReservedDuty(duties.get(u.roleId) ?? [])))
    throw forbidden(RESERVED_ROLE_ASSIGN_MESSAGE);
  if (changed.length) {
    await bumpVersion(trx, 'sysUser', changed, { roleId, updatedAt: now, updatedBy: actor.userId });
    await trx
      .updateTable('sysSession')
      .set({ revokedAt: now, revokeReason: 'role-changed' })
      .where('userId', 'in', changed)
      .where('revokedAt', 'is', null)
      .execute();
  }
  return { assigned: changed.length, unchanged: ids.length - changed.length };
}
