import {
  INDUSTRY_ROOT_ID,
  type IndustryAddBody,
  type IndustryNode,
  type IndustryUpdateBody,
} from '@aqzrx/contracts';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { bumpVersion, updateVersioned } from '../../platform/versioned.ts';

interface Row {
  id: number;
  pid: number | null;
  code: string;
  name: string;
  level: number;
  isHighRisk: boolean;
  mustInsure: boolean;
  sort: number;
  status: number;
  remark: string;
  isSystem: boolean;
  version: number;
}

interface Tree {
  byId: Map<number, Row>;
  byCode: Map<string, Row>;
  children: Map<number, Row[]>;
}

/** The industry table is a few hundred rows: reads load it and build the tree in memory. */
async function loadTree(db: Db): Promise<Tree> {
  const rows = await db
    .selectFrom('sysIndustry')
    .select([
      'id',
      'pid',
      'code',
      'name',
      'level',
      'isHighRisk',
      'mustInsure',
      'sort',
      'status',
      'remark',
      'isSystem',
      'version',
    ])
    .where('deletedAt', 'is', null)
    .execute();
  const tree: Tree = { byId: new Map(), byCode: new Map(), children: new Map() };
  for (const r of rows) {
    tree.byId.set(r.id, r);
    tree.byCode.set(r.code, r);
  }
  for (const r of rows) {
    if (r.pid === null || !tree.byId.has(r.pid)) continue;
    const list = tree.children.get(r.pid) ?? [];
    list.push(r);
    tree.children.set(r.pid, list);
  }
  for (const list of tree.children.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  return tree;
}

function subtree(tree: Tree, parent: Row, enabledOnly: boolean): IndustryNode[] {
  return (tree.children.get(parent.id) ?? [])
    .filter((r) => !enabledOnly || r.status === 1)
    .map((r) => ({ ...r, children: subtree(tree, r, enabledOnly) }));
}

/** findByPid: everything below `pid` as a tree (pid 1 = the whole classification). */
export async function industryTree(db: Db, pid: number, includeDisabled: boolean): Promise<IndustryNode[]> {
  const tree = await loadTree(db);
  const parent = tree.byId.get(pid);
  if (!parent || (!includeDisabled && parent.status !== 1)) throw notFound(`pid ${pid} 对应的行业不存在`);
  return subtree(tree, parent, !includeDisabled);
}

/** getIndustry.json: the enabled tree below a code (a branch such as GB4754 or AQ), or below the root. */
export async function industrySelectTree(db: Db, code: string | undefined): Promise<IndustryNode[]> {
  const tree = await loadTree(db);
  const parent = code === undefined ? tree.byId.get(INDUSTRY_ROOT_ID) : tree.byCode.get(code);
  if (parent?.status !== 1) throw notFound(`行业代码 ${code ?? ''} 不存在`);
  return subtree(tree, parent, true);
}

/**
 * Whether an enterprise in this industry must insure (domain 1.2, 3.1): the node or one of its
 * ancestors is flagged must_insure. Unknown codes are false.
 */
export async function industryMustInsure(db: Db, code: string): Promise<boolean> {
  const tree = await loadTree(db);
  for (let r = tree.byCode.get(code); r; r = r.pid === null ? undefined : tree.byId.get(r.pid)) {
    if (r.mustInsure) return true;
  }
  return false;
}

async function requireRow(db: Db, id: number) {
  const row = await db
    .selectFrom('sysIndustry')
    .select(['id', 'pid', 'code', 'isSystem', 'version'])
    .where('id', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('行业不存在或已删除');
  return row;
}

async function assertCodeFree(db: Db, code: string, selfId?: number): Promise<void> {
  const dup = await db
    .selectFrom('sysIndustry')
    .select('id')
    .where('code', '=', code)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (dup && dup.id !== selfId) throw conflict(`行业代码 ${code} 已存在，请换一个代码`);
}

export async function addIndustry(
  trx: Tx,
  input: IndustryAddBody,
  userId: number,
  now: Date,
): Promise<number> {
  const parent = await trx
    .selectFrom('sysIndustry')
    .select(['id', 'level'])
    .where('id', '=', input.pid)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!parent) throw badRequest(`上级行业 pid=${input.pid} 不存在，请先选择有效的上级行业`);
  await assertCodeFree(trx, input.code);
  const row = await trx
    .insertInto('sysIndustry')
    .values({
      pid: parent.id,
      code: input.code,
      name: input.name,
      level: parent.level + 1,
      isHighRisk: input.isHighRisk,
      mustInsure: input.mustInsure,
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

export async function updateIndustry(
  trx: Tx,
  input: IndustryUpdateBody,
  userId: number,
  now: Date,
): Promise<void> {
  const row = await requireRow(trx, input.id);
  if (row.id === INDUSTRY_ROOT_ID) throw badRequest('行业分类根节点不能修改');
  if (row.isSystem && row.code !== input.code) {
    throw badRequest(`code 不能修改：预置行业的代码固定为 ${row.code}`);
  }
  await assertCodeFree(trx, input.code, row.id);
  await updateVersioned(
    trx,
    'sysIndustry',
    input,
    {
      code: input.code,
      name: input.name,
      isHighRisk: input.isHighRisk,
      mustInsure: input.mustInsure,
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
export async function deleteIndustry(trx: Tx, id: number, userId: number, now: Date): Promise<void> {
  const row = await requireRow(trx, id);
  if (row.id === INDUSTRY_ROOT_ID) throw badRequest('行业分类根节点不能删除');
  const kids = await trx
    .selectFrom('sysIndustry')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('pid', '=', id)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(kids.c) > 0) throw conflict(`该行业下还有 ${kids.c} 个下级行业，请先删除下级行业`);
  await bumpVersion(trx, 'sysIndustry', id, { deletedAt: now, updatedAt: now, updatedBy: userId });
}
