import type { Paged } from '@aqzrx/contracts';
import type { Db } from '../../platform/context.ts';
import { escapeLike } from '../roles/roles.service.ts';

export interface LogFilter {
  pageNo: number;
  pageSize: number;
  kind: string;
  username?: string | undefined;
  module?: string | undefined;
  outcome?: 'success' | 'fail' | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  sortOrder?: string | undefined;
}

function endOfDay(v: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T23:59:59.999+08:00`) : new Date(v);
}
function startOfDay(v: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00+08:00`) : new Date(v);
}

export async function searchLogs(db: Db, f: LogFilter) {
  let q = db.selectFrom('sysOperLog');
  if (f.kind !== 'all') q = q.where('kind', '=', f.kind);
  if (f.username) q = q.where('username', 'ilike', `%${escapeLike(f.username)}%`);
  if (f.module) q = q.where('module', 'ilike', `%${escapeLike(f.module)}%`);
  if (f.outcome) q = q.where('outcome', '=', f.outcome);
  if (f.startTime) q = q.where('createdAt', '>=', startOfDay(f.startTime));
  if (f.endTime) q = q.where('createdAt', '<=', endOfDay(f.endTime));
  const total = await q.select((eb) => eb.fn.countAll<number>().as('c')).executeTakeFirstOrThrow();
  const asc = f.sortOrder === 'asc' || f.sortOrder === 'ascend';
  const rows = await q
    .selectAll()
    .orderBy('createdAt', asc ? 'asc' : 'desc')
    .orderBy('id', asc ? 'asc' : 'desc')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  const page: Paged<Omit<(typeof rows)[number], 'createdAt'> & { createdAt: string }> = {
    list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: Number(total.c),
    pageNum: f.pageNo,
    pageSize: f.pageSize,
  };
  return page;
}
