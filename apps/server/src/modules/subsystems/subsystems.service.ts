import type {
  Paged,
  SubsystemAddBody,
  SubsystemInfo,
  SubsystemRow,
  SubsystemUpdateBody,
} from '@aqzrx/contracts';
import type { Db, Tx } from '../../platform/context.ts';
import { conflict, notFound, staleVersion } from '../../platform/errors.ts';
import { cleanHelpContent } from './help-content.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Public help page data for one subsystem (case-insensitive code); unknown codes answer 404. */
export async function subsystemInfo(db: Db, code: string): Promise<SubsystemInfo> {
  const row = await db
    .selectFrom('sysSubsystem')
    .select(['name', 'code', 'url', 'status', 'helpContent'])
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
    .executeTakeFirst();
  if (!row) throw notFound(`子系统 ${code} 不存在`);
  return row;
}

export async function listSubsystems(
  db: Db,
  q: {
    pageNo: number;
    pageSize: number;
    name?: string | undefined;
    code?: string | undefined;
    status?: number | undefined;
  },
): Promise<Paged<SubsystemRow>> {
  let base = db.selectFrom('sysSubsystem as s');
  if (q.name) base = base.where('s.name', 'ilike', `%${escapeLike(q.name)}%`);
  if (q.code) base = base.where('s.code', 'ilike', `%${escapeLike(q.code)}%`);
  if (q.status !== undefined) base = base.where('s.status', '=', q.status);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const rows = await base
    .select((eb) => [
      's.id',
      's.name',
      's.code',
      's.url',
      's.status',
      's.helpContent',
      's.sort',
      's.version',
      's.createdAt',
      's.updatedAt',
      eb
        .selectFrom('safetyMechanism as m')
        .select(eb.fn.countAll<number>().as('c'))
        .whereRef('m.subsystemId', '=', 's.id')
        .as('mechanismCount'),
    ])
    .orderBy('s.sort')
    .orderBy('s.id')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return {
    list: rows.map((r) => ({
      ...r,
      mechanismCount: Number(r.mechanismCount ?? 0),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    })),
    total: Number(total.c),
    pageNum: q.pageNo,
    pageSize: q.pageSize,
  };
}

async function assertCodeFree(db: Db, code: string, selfId?: number): Promise<void> {
  const dup = await db
    .selectFrom('sysSubsystem')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['code']), '=', code.toLowerCase()))
    .executeTakeFirst();
  if (dup && dup.id !== selfId) throw conflict(`子系统编码 ${code} 已存在，请换一个编码`);
}

export async function addSubsystem(
  trx: Tx,
  input: SubsystemAddBody,
  userId: number,
  now: Date,
): Promise<number> {
  await assertCodeFree(trx, input.code);
  const row = await trx
    .insertInto('sysSubsystem')
    .values({
      name: input.name,
      code: input.code,
      url: input.url,
      status: input.status,
      helpContent: cleanHelpContent(input.helpContent),
      sort: input.sort,
      createdAt: now,
      updatedAt: now,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function requireSubsystem(db: Db, id: number) {
  const row = await db
    .selectFrom('sysSubsystem')
    .select(['id', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('子系统不存在或已删除');
  return row;
}

export async function updateSubsystem(
  trx: Tx,
  input: SubsystemUpdateBody,
  userId: number,
  now: Date,
): Promise<void> {
  await requireSubsystem(trx, input.id);
  await assertCodeFree(trx, input.code, input.id);
  const res = await trx
    .updateTable('sysSubsystem')
    .set((eb) => ({
      name: input.name,
      code: input.code,
      url: input.url,
      status: input.status,
      helpContent: cleanHelpContent(input.helpContent),
      sort: input.sort,
      updatedAt: now,
      updatedBy: userId,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', input.id)
    .where('version', '=', input.version)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw staleVersion();
}

/** Hard delete; refused while a safety mechanism still names the subsystem. */
export async function deleteSubsystem(trx: Tx, id: number): Promise<void> {
  await requireSubsystem(trx, id);
  const used = await trx
    .selectFrom('safetyMechanism')
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('subsystemId', '=', id)
    .executeTakeFirstOrThrow();
  if (Number(used.c) > 0) throw conflict(`该子系统仍被 ${used.c} 个安全机制使用，请先修改或删除这些安全机制`);
  await trx.deleteFrom('sysSubsystem').where('id', '=', id).execute();
}
