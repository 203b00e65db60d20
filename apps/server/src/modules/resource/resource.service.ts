import {
  type AddResourceBody,
  PERMISSIONS,
  RESERVED_DUTY_PERMISSIONS,
  type ResourceAdminNode,
  type SaveResourceBody,
} from '@aqzrx/contracts';
import { type ResourceSeed, ROLE_RESOURCES } from '../../db/seeds/resources.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { reservedResourceIds } from '../../platform/permissions.ts';
import { assertVersion, bumpVersion, updateVersioned } from '../../platform/versioned.ts';

/** Resource (menu/route) management for the administrator's menu editor. */

let seededKeys: Set<string> | undefined;
/** Paths of the seeded resources: syncBase adds them back on start, so they are hidden, not deleted. */
function builtInKeys(): Set<string> {
  if (seededKeys) return seededKeys;
  const keys = new Set<string>();
  const walk = (nodes: ResourceSeed[]) => {
    for (const n of nodes) {
      keys.add(`${n.resUrl}/${n.authKey}`);
      walk(n.children);
    }
  };
  for (const nodes of Object.values(ROLE_RESOURCES)) walk(nodes);
  seededKeys = keys;
  return keys;
}

const COLUMNS = [
  'id',
  'parentId',
  'resUrl',
  'authKey',
  'name',
  'resName',
  'icon',
  'permission',
  'level',
  'actions',
  'isMenu',
  'hide',
  'redirect',
  'component',
  'sort',
  'version',
] as const;

function fieldError(field: string, message: string) {
  return badRequest(`请求参数 ${field} 有误：${message}`, { fields: [{ field, message }] });
}

const RESERVED_MESSAGE =
  '安全管理员、审计管理员的菜单由系统预置，菜单管理不能新增、修改、移动或删除（三权分立）';

/** 三权分立 (security.md Z04): the security and audit roles' pages are not menu administration's to change. */
async function assertNotReserved(db: Db, ...ids: Array<number | null>): Promise<void> {
  const reserved = await reservedResourceIds(db);
  if (ids.some((id) => id !== null && reserved.has(id))) throw forbidden(RESERVED_MESSAGE);
}

export async function resourceAdminTree(db: Db): Promise<ResourceAdminNode[]> {
  const rows = await db.selectFrom('sysResource').select(COLUMNS).execute();
  const builtIn = builtInKeys();
  const reserved = await reservedResourceIds(db);
  const byParent = new Map<number | null, typeof rows>();
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const make = (r: (typeof rows)[number]): ResourceAdminNode => ({
    ...r,
    actions: r.actions.split(',').filter(Boolean),
    builtIn: builtIn.has(`${r.resUrl}/${r.authKey}`),
    reserved: reserved.has(r.id),
    children: (byParent.get(r.id) ?? []).sort((a, b) => a.sort - b.sort || a.id - b.id).map(make),
  });
  return (byParent.get(null) ?? []).sort((a, b) => a.sort - b.sort || a.id - b.id).map(make);
}

async function requireResource(db: Db, id: number) {
  const row = await db.selectFrom('sysResource').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('菜单资源不存在');
  return row;
}

async function parentLevel(db: Db, parentId: number | null): Promise<number> {
  if (parentId === null) return 0;
  const p = await db.selectFrom('sysResource').select('level').where('id', '=', parentId).executeTakeFirst();
  if (!p) throw fieldError('parentId', '上级菜单不存在');
  return p.level;
}

function childrenOf(db: Db, parentId: number | null) {
  const q = db.selectFrom('sysResource');
  return parentId === null ? q.where('parentId', 'is', null) : q.where('parentId', '=', parentId);
}

async function nextSort(db: Db, parentId: number | null): Promise<number> {
  const row = await childrenOf(db, parentId)
    .select((eb) => eb.fn.max<number>('sort').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 10;
}

export async function addResource(
  trx: Tx,
  input: AddResourceBody,
  userId: number,
  now: Date,
): Promise<number> {
  if (input.permission && !(input.permission in PERMISSIONS))
    throw fieldError('permission', `权限标识 ${input.permission} 不在权限目录中`);
  if (RESERVED_DUTY_PERMISSIONS.includes(input.permission)) throw forbidden(RESERVED_MESSAGE);
  await assertNotReserved(trx, input.parentId);
  if (input.actions.length && !input.permission)
    throw fieldError('actions', '没有权限标识的菜单不能提供操作');
  const dup = await trx
    .selectFrom('sysResource')
    .select('id')
    .where('resUrl', '=', input.resUrl)
    .where('authKey', '=', input.authKey)
    .executeTakeFirst();
  if (dup) throw conflict(`路径 /${input.resUrl ? `${input.resUrl}/` : ''}${input.authKey} 已被其他菜单使用`);
  const level = (await parentLevel(trx, input.parentId)) + 1;
  const row = await trx
    .insertInto('sysResource')
    .values({
      parentId: input.parentId,
      resUrl: input.resUrl,
      authKey: input.authKey,
      name: input.name,
      resName: input.resName || input.name,
      icon: input.icon,
      permission: input.permission,
      level,
      actions: [...new Set(input.actions)].join(','),
      isMenu: input.isMenu,
      hide: input.hide,
      redirect: input.redirect,
      component: input.component,
      sort: input.sort ?? (await nextSort(trx, input.parentId)),
      createdAt: now,
      updatedAt: now,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Edits display fields and the actions offered. Actions no longer offered are removed from every
 * role's grant on this resource in the same write, so they stop working on the next request.
 */
export async function saveResource(
  trx: Tx,
  input: SaveResourceBody,
  userId: number,
  now: Date,
): Promise<void> {
  const row = await requireResource(trx, input.id);
  await assertNotReserved(trx, row.id);
  assertVersion(row, input.version);
  if (input.actions !== undefined && input.actions.length > 0 && !row.permission)
    throw fieldError('actions', '没有权限标识的菜单不能提供操作');
  await updateVersioned(
    trx,
    'sysResource',
    { id: row.id, version: input.version },
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.resName !== undefined ? { resName: input.resName } : {}),
      ...(input.icon !== undefined ? { icon: input.icon } : {}),
      ...(input.component !== undefined ? { component: input.component } : {}),
      ...(input.hide !== undefined ? { hide: input.hide } : {}),
      ...(input.isMenu !== undefined ? { isMenu: input.isMenu } : {}),
      ...(input.redirect !== undefined ? { redirect: input.redirect } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
      ...(input.actions !== undefined ? { actions: [...new Set(input.actions)].join(',') } : {}),
      updatedAt: now,
      updatedBy: userId,
    },
  );
  if (input.actions !== undefined) {
    const offered = new Set(input.actions);
    const grants = await trx
      .selectFrom('sysRoleResource')
      .select(['roleId', 'actions'])
      .where('resourceId', '=', row.id)
      .execute();
    for (const g of grants) {
      const kept = g.actions.split(',').filter((a) => a && offered.has(a as never));
      if (kept.join(',') === g.actions) continue;
      await trx
        .updateTable('sysRoleResource')
        .set({ actions: kept.join(',') })
        .where('roleId', '=', g.roleId)
        .where('resourceId', '=', row.id)
        .execute();
    }
  }
}

/** Deletes a resource without children; its grants go with it. Seeded resources are hidden instead. */
export async function deleteResource(trx: Tx, id: number): Promise<void> {
  const row = await requireResource(trx, id);
  await assertNotReserved(trx, row.id);
  const child = await trx
    .selectFrom('sysResource')
    .select('id')
    .where('parentId', '=', id)
    .executeTakeFirst();
  if (child) throw conflict('该菜单下还有下级菜单，请先删除或移走下级菜单');
  if (builtInKeys().has(`${row.resUrl}/${row.authKey}`))
    throw badRequest('系统内置菜单不能删除（重启后会自动恢复），如不需要请设置为隐藏');
  await trx.deleteFrom('sysResource').where('id', '=', id).execute();
}

/** Moves a resource under another parent (or to the top level), last among its new siblings. */
export async function moveResource(
  trx: Tx,
  input: { id: number; version: number; parentId: number | null },
  userId: number,
  now: Date,
): Promise<void> {
  const row = await requireResource(trx, input.id);
  await assertNotReserved(trx, row.id, input.parentId);
  assertVersion(row, input.version);
  const all = await trx.selectFrom('sysResource').select(['id', 'parentId']).execute();
  const children = new Map<number, number[]>();
  for (const r of all) {
    if (r.parentId === null) continue;
    const list = children.get(r.parentId) ?? [];
    list.push(r.id);
    children.set(r.parentId, list);
  }
  const subtree: number[] = [];
  const walk = (id: number) => {
    subtree.push(id);
    for (const c of children.get(id) ?? []) walk(c);
  };
  walk(row.id);
  if (input.parentId !== null && subtree.includes(input.parentId))
    throw fieldError('parentId', '不能移动到自身或其下级菜单之下');
  if (input.parentId === row.parentId) return;
  const newLevel = (await parentLevel(trx, input.parentId)) + 1;
  const delta = newLevel - row.level;
  const sort = await nextSort(trx, input.parentId);
  await updateVersioned(
    trx,
    'sysResource',
    { id: row.id, version: input.version },
    { parentId: input.parentId, sort, updatedAt: now, updatedBy: userId },
  );
  if (delta !== 0)
    await trx
      .updateTable('sysResource')
      .set((eb) => ({ level: eb('level', '+', delta) }))
      .where('id', 'in', subtree)
      .execute();
}

/** Sets the order of all children of one parent. */
export async function orderResources(
  trx: Tx,
  input: { parentId: number | null; ids: number[] },
  userId: number,
  now: Date,
): Promise<void> {
  await assertNotReserved(trx, input.parentId);
  const siblings = await childrenOf(trx, input.parentId).select('id').execute();
  const expected = new Set(siblings.map((s) => s.id));
  const given = new Set(input.ids);
  if (given.size !== input.ids.length) throw fieldError('ids', '菜单编号不能重复');
  if (given.size !== expected.size || [...given].some((id) => !expected.has(id)))
    throw fieldError('ids', '须按新顺序列出该上级菜单下的全部下级菜单');
  for (const [i, id] of input.ids.entries()) {
    await bumpVersion(trx, 'sysResource', id, { sort: (i + 1) * 10, updatedAt: now, updatedBy: userId });
  }
}
