import {
  ACCIDENT_TYPE_ROOTS,
  DICT_ROOT_CODE,
  type DictAddBody,
  type DictFindAllQuery,
  type DictItem,
  type DictLinkAreaBody,
  type DictNode,
  type DictOptionNode,
  DictStatus,
  type DictUpdateBody,
} from '@aqzrx/contracts';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { bumpVersion, updateVersioned } from '../../platform/versioned.ts';

/**
 * Dictionaries are small reference tables (hundreds of rows): reads load the live rows once per request
 * and walk the tree in memory, which keeps subtree, search and region filtering in one place.
 */
interface Row {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  value: string;
  sort: number;
  status: number;
  remark: string;
  isSystem: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

interface Tree {
  byId: Map<number, Row>;
  byCode: Map<string, Row>;
  children: Map<number, Row[]>;
  areas: Map<number, string[]>;
}

const bySort = (a: Row, b: Row) => a.sort - b.sort || a.id - b.id;

async function loadTree(db: Db): Promise<Tree> {
  const rows = await db
    .selectFrom('sysDict')
    .select([
      'id',
      'parentId',
      'code',
      'name',
      'value',
      'sort',
      'status',
      'remark',
      'isSystem',
      'version',
      'createdAt',
      'updatedAt',
    ])
    .where('deletedAt', 'is', null)
    .execute();
  const links = await db
    .selectFrom('sysDictArea as a')
    .innerJoin('sysDict as d', 'd.id', 'a.dictId')
    .select(['a.dictId', 'a.areaCode'])
    .where('d.deletedAt', 'is', null)
    .orderBy('a.areaCode')
    .execute();
  const tree: Tree = { byId: new Map(), byCode: new Map(), children: new Map(), areas: new Map() };
  for (const r of rows) {
    tree.byId.set(r.id, r);
    tree.byCode.set(r.code, r);
  }
  for (const r of rows) {
    if (r.parentId === null || !tree.byId.has(r.parentId)) continue;
    const list = tree.children.get(r.parentId) ?? [];
    list.push(r);
    tree.children.set(r.parentId, list);
  }
  for (const list of tree.children.values()) list.sort(bySort);
  for (const l of links) {
    const list = tree.areas.get(l.dictId) ?? [];
    list.push(l.areaCode);
    tree.areas.set(l.dictId, list);
  }
  return tree;
}

function toItem(tree: Tree, r: Row): DictItem {
  const parent = r.parentId === null ? undefined : tree.byId.get(r.parentId);
  return {
    id: r.id,
    parentId: r.parentId,
    pid: parent?.code ?? '',
    code: r.code,
    name: r.name,
    value: r.value,
    sort: r.sort,
    status: r.status,
    remark: r.remark,
    isSystem: r.isSystem,
    areaCodes: tree.areas.get(r.id) ?? [],
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** A region code and the city and province that contain it (321302 -> 321302, 321300, 320000). */
function regionChain(code: string): string[] {
  return [...new Set([code, `${code.slice(0, 4)}00`, `${code.slice(0, 2)}0000`])];
}

function requireCode(tree: Tree, code: string, field: string): Row {
  const row = tree.byCode.get(code);
  if (!row) throw notFound(`${field} ${code} 对应的字典不存在`);
  return row;
}

/**
 * findAll: the direct children of `pid` (default the root 031, i.e. the categories); with `tree` the whole
 * subtree; with `code` or `name` a flat list of matches at any depth below `pid`. `status` and
 * `areaCode` filter every mode (a filtered-out node hides its subtree in tree mode).
 */
export async function findAll(db: Db, q: DictFindAllQuery): Promise<DictNode[]> {
  const tree = await loadTree(db);
  const parent = requireCode(tree, q.pid ?? DICT_ROOT_CODE, 'pid');
  const chain = q.areaCode ? regionChain(q.areaCode) : undefined;
  const keep = (r: Row) => {
    if (q.status !== undefined && r.status !== q.status) return false;
    if (chain) {
      const linked = tree.areas.get(r.id);
      if (linked?.length && !linked.some((c) => chain.includes(c))) return false;
    }
    return true;
  };
  const kids = (r: Row) => tree.children.get(r.id) ?? [];
  if (q.code !== undefined || q.name !== undefined) {
    const out: DictNode[] = [];
    const name = q.name?.toLowerCase();
    const walk = (r: Row) => {
      for (const c of kids(r)) {
        const hit =
          (q.code === undefined || c.code === q.code) &&
          (name === undefined || c.name.toLowerCase().includes(name));
        if (hit && keep(c)) out.push({ ...toItem(tree, c), children: [] });
        walk(c);
      }
    };
    walk(parent);
    return out;
  }
  const build = (r: Row, deep: boolean): DictNode => ({
    ...toItem(tree, r),
    children: deep
      ? kids(r)
          .filter(keep)
          .map((c) => build(c, true))
      : [],
  });
  return kids(parent)
    .filter(keep)
    .map((c) => build(c, q.tree === true));
}

function toOption(tree: Tree, r: Row, deep: boolean): DictOptionNode {
  const enabled = (tree.children.get(r.id) ?? []).filter((c) => c.status === DictStatus.ENABLED);
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    value: r.value,
    sort: r.sort,
    isLeaf: enabled.length === 0,
    children: deep ? enabled.map((c) => toOption(tree, c, true)) : [],
  };
}

/** findChildrenByPid: the enabled subtree under `pid` (e.g. 036 for the category cascader). */
export async function childrenTree(db: Db, pid: string): Promise<DictOptionNode[]> {
  const tree = await loadTree(db);
  const parent = tree.byCode.get(pid);
  if (!parent || parent.status !== DictStatus.ENABLED) throw notFound(`pid ${pid} 对应的字典不存在`);
  return toOption(tree, parent, true).children;
}

/**
 * findChildrenByAccidentType: the enabled direct children of an accident-type node, i.e. a node of the
 * 032 (GB 6441) or 037 (special-industry accident types) subtree, or one of those categories itself.
 */
export async function accidentTypeChildren(db: Db, code: string): Promise<DictOptionNode[]> {
  const tree = await loadTree(db);
  const node = tree.byCode.get(code);
  let inScope = false;
  for (let r = node; r; r = r.parentId === null ? undefined : tree.byId.get(r.parentId)) {
    if (r.status !== DictStatus.ENABLED) break;
    if (ACCIDENT_TYPE_ROOTS.includes(r.code)) {
      inScope = true;
      break;
    }
  }
  if (!node || !inScope) throw notFound(`事故类型 ${code} 不存在`);
  return toOption(tree, node, true).children.map((c) => ({ ...c, children: [] }));
}

async function requireRow(db: Db, id: number) {
  const row = await db
    .selectFrom('sysDict')
    .select(['id', 'parentId', 'code', 'isSystem', 'version'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('字典不存在或已删除');
  return row;
}

async function assertCodeFree(db: Db, code: string, selfId?: number): Promise<void> {
  const dup = await db
    .selectFrom('sysDict')
    .select('id')
    .where('code', '=', code)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (dup && dup.id !== selfId) throw conflict(`字典编码 ${code} 已存在，请换一个编码`);
}

export async function addDict(trx: Tx, input: DictAddBody, userId: number, now: Date): Promise<number> {
  const parent = await trx
    .selectFrom('sysDict')
    .select('id')
    .where('code', '=', input.pid)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!parent) throw badRequest(`上级字典 pid=${input.pid} 不存在，请先选择有效的上级字典`);
  await assertCodeFree(trx, input.code);
  const row = await trx
    .insertInto('sysDict')
    .values({
      parentId: parent.id,
      code: input.code,
      name: input.name,
      value: input.value,
      sort: input.sort,
      status: input.status,
      remark: input.remark,
      createdAt: now,
      updatedAt: now,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDict(trx: Tx, input: DictUpdateBody, userId: number, now: Date): Promise<void> {
  const row = await requireRow(trx, input.id);
  if (row.isSystem && row.code !== input.code) {
    throw badRequest(`code 不能修改：系统预置字典的编码固定为 ${row.code}`);
  }
  await assertCodeFree(trx, input.code, row.id);
  await updateVersioned(
    trx,
    'sysDict',
    input,
    {
      code: input.code,
      name: input.name,
      value: input.value,
      sort: input.sort,
      status: input.status,
      remark: input.remark,
      updatedAt: now,
      updatedBy: userId,
    },
    { notDeleted: true },
  );
}

/** Soft delete; refused for the root and while live children exist. */
export async function deleteDict(trx: Tx, id: number, userId: number, now: Date): Promise<void> {
  const row = await requireRow(trx, id);
  if (row.code === DICT_ROOT_CODE) throw badRequest('字典根节点不能删除');
  const kids = await trx
    .selectFrom('sysDict')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('parentId', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(kids.c) > 0) throw conflict(`该字典下还有 ${kids.c} 个下级字典，请先删除下级字典`);
  await bumpVersion(trx, 'sysDict', id, { deletedAt: now, updatedAt: now, updatedBy: userId });
}

/**
 * linkArea: replaces the set of regions an entry applies to (empty = everywhere). Codes must be known
 * GB/T 2260 provinces, cities or districts; the entry's version guards against concurrent edits.
 */
export async function linkArea(
  trx: Tx,
  input: DictLinkAreaBody,
  userId: number,
  now: Date,
): Promise<string[]> {
  await requireRow(trx, input.id);
  const codes = [...new Set(input.areaCodes)].sort();
  const known = codes.length
    ? new Set(
        (await trx.selectFrom('sysRegion').select('code').where('code', 'in', codes).execute()).map((r) =>
          r.code.trim(),
        ),
      )
    : new Set<string>();
  const unknown = codes.filter((c) => !known.has(c));
  if (unknown.length) throw badRequest(`areaCodes 中的 ${unknown.join('、')} 不是有效的行政区划代码`);
  await updateVersioned(trx, 'sysDict', input, { updatedAt: now, updatedBy: userId }, { notDeleted: true });
  await trx.deleteFrom('sysDictArea').where('dictId', '=', input.id).execute();
  if (codes.length) {
    await trx
      .insertInto('sysDictArea')
      .values(codes.map((areaCode) => ({ dictId: input.id, areaCode })))
      .execute();
  }
  return codes;
}
