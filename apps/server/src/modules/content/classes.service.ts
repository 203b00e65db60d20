import { ArticleStatus, type ClassItem, type ClassKind } from '@aqzrx/contracts';
import type { Db, Tx } from '../../platform/context.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { softDeleteVersioned, updateVersioned } from '../../platform/versioned.ts';

const LABEL: Record<ClassKind, string> = { help: '帮助分类', consult: '咨询分类' };

/** Help classes count their published help articles; consult classes their public Q&A. */
export async function listClasses(db: Db, kind: ClassKind): Promise<ClassItem[]> {
  const rows = await db
    .selectFrom('cmsClass as c')
    .select((eb) => [
      'c.id',
      'c.kind',
      'c.name',
      'c.sort',
      'c.remark',
      'c.version',
      kind === 'help'
        ? eb
            .selectFrom('cmsArticle as a')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('a.classId', '=', 'c.id')
            .where('a.deletedAt', 'is', null)
            .where('a.status', '=', ArticleStatus.PUBLISHED)
            .as('count')
        : eb
            .selectFrom('cmsConsult as q')
            .select(eb.fn.countAll<number>().as('n'))
            .whereRef('q.classId', '=', 'c.id')
            .where('q.deletedAt', 'is', null)
            .where('q.isPublic', '=', true)
            .as('count'),
    ])
    .where('c.kind', '=', kind)
    .where('c.deletedAt', 'is', null)
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count ?? 0) }));
}

export async function saveClass(
  trx: Tx,
  kind: ClassKind,
  q: { id?: number | undefined; version?: number | undefined; name: string; sort: number; remark: string },
  userId: number,
  now: Date,
): Promise<number> {
  const dup = await trx
    .selectFrom('cmsClass')
    .select('id')
    .where('kind', '=', kind)
    .where('name', '=', q.name)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (dup && dup.id !== q.id) throw conflict(`${LABEL[kind]}“${q.name}”已存在，请换一个名称`);
  if (q.id === undefined) {
    const row = await trx
      .insertInto('cmsClass')
      .values({
        kind,
        name: q.name,
        sort: q.sort,
        remark: q.remark,
        createdAt: now,
        updatedAt: now,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
  await requireClass(trx, kind, q.id);
  if (q.version === undefined) throw badRequest(`修改${LABEL[kind]}须提供版本号 version`);
  await updateVersioned(
    trx,
    'cmsClass',
    { id: q.id, version: q.version },
    { name: q.name, sort: q.sort, remark: q.remark, updatedAt: now, updatedBy: userId },
  );
  return q.id;
}

async function requireClass(db: Db, kind: ClassKind, id: number) {
  const row = await db
    .selectFrom('cmsClass')
    .select(['id', 'version'])
    .where('id', '=', id)
    .where('kind', '=', kind)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(`${LABEL[kind]}不存在`);
  return row;
}

/** A class still in use cannot be deleted (409 names how many records use it). */
export async function deleteClass(
  trx: Tx,
  kind: ClassKind,
  q: { id: number; version?: number | undefined },
  userId: number,
  now: Date,
): Promise<void> {
  await requireClass(trx, kind, q.id);
  const used =
    kind === 'help'
      ? await trx
          .selectFrom('cmsArticle')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('classId', '=', q.id)
          .where('deletedAt', 'is', null)
          .executeTakeFirstOrThrow()
      : await trx
          .selectFrom('cmsConsult')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('classId', '=', q.id)
          .where('deletedAt', 'is', null)
          .executeTakeFirstOrThrow();
  if (Number(used.n) > 0) {
    throw conflict(
      `该${LABEL[kind]}下还有 ${used.n} 条${kind === 'help' ? '帮助文章' : '咨询'}，请先移走或删除后再删除分类`,
    );
  }
  await softDeleteVersioned(trx, 'cmsClass', q, { deletedAt: now, updatedAt: now, updatedBy: userId });
}
